// The result card, a panel of its own after Dear ImGui's examples: who won
// and by how much, the match so far, and what comes next (the next game, a
// rematch, the review, sharing the game; at a table the call-back, the
// points and chips, leaving). The game comes in (Params) and the player's
// choice goes back (Result) for App to carry out. It keeps no state: when it
// shows is App's (the last flips settled, not dismissed).
#pragma once

#include "app/core/online_table.h"
#include "app/theme.h"
#include "game/session.h"

namespace reversi {

class ResultPanel {
 public:
  struct Params {
    const Theme& theme;
    const Session& session;
    const OnlineTable* online = nullptr;  // the table, while the game shown is online
  };
  struct Result {
    bool next_game = false;  // the match's next game
    bool rematch = false;    // a new game or match with the same options
    bool review = false;
    bool share = false;
    bool view_board = false;
    bool new_game = false;  // the new-game dialog
    // At a table.
    bool invite = false;  // the opponent left: the table card, to invite someone else
    bool online_next_game = false;
    bool play_again = false;  // ask for a rematch, or accept one
    bool leave = false;
  };
  // The card's height for this game (the match line, the points and chips online).
  static float height(const Params& params);
  // Draws the card's content inside the open panel.
  Result draw(const Params& params);

 private:
  static void draw_words(const Params& params);
  static void draw_online_choices(const Params& params, float width, Result& result);
};

}  // namespace reversi
