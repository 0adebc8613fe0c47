// The result card, a panel of its own after Dear ImGui's examples: who won
// in the player's terms and by how much ("You lost by 50"), the match so
// far, and what comes next (the next game, a rematch, the review — at the
// player's biggest mistake once the game is valued — sharing the game; at a
// table the call-back, the points and chips, leaving). The game comes in
// (Params) and the player's choice goes back (Result) for App to carry out.
// It keeps no state: when and where it shows is App's (the last flips
// settled, not dismissed; never over the final board).
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>

#include "app/core/online_table.h"
#include "app/core/review_session.h"
#include "app/theme.h"
#include "game/session.h"

namespace reversi {

class ResultPanel {
 public:
  struct Params {
    const Theme& theme;
    const Session& session;
    const OnlineTable* online = nullptr;  // the table, while the game shown is online
    std::optional<Color> mine;            // the player's colour here (none: two players share the device)
    // This game's review, valued in the background while the card shows.
    const ReviewSession* review = nullptr;
  };
  struct Result {
    bool next_game = false;  // the match's next game
    bool rematch = false;    // a new game or match with the same options
    bool review = false;
    bool review_mistake = false;  // the review, opened at the biggest mistake
    bool share = false;
    bool view_board = false;
    bool new_game = false;  // the new-game dialog
    // At a table.
    bool invite = false;  // the opponent left: the table card, to invite someone else
    bool online_next_game = false;
    bool play_again = false;  // ask for a rematch, or accept one
    bool leave = false;
  };
  // The card's height at `width` for this game (the match line, the points
  // and chips online), its words measured as they wrap.
  static float height(const Params& params, float width);
  // The card's width on a screen this wide.
  static float width(float display_width) { return std::min(420.0f, display_width - 16); }
  // The headline: "You won by 12", "You lost by 50", "Black wins by 18",
  // "A draw, 32 all"; a game resigned or abandoned says who won.
  static std::string headline(const Params& params);
  // The player's biggest mistake (its move index), once the game is valued.
  static std::optional<std::size_t> biggest_mistake(const Params& params);
  // What the valuing found, for the card: "Your biggest mistake: move 23,
  // 12 discs given away.", or that it is still under way.
  static std::string mistake_line(const Params& params);
  // Draws the card's content inside the open panel.
  Result draw(const Params& params);

 private:
  static void draw_words(const Params& params);
  static void draw_online_choices(const Params& params, float width, Result& result);
  // Review (at the biggest mistake once known) and Share, side by side.
  static void draw_review_and_share(const Params& params, float half, Result& result);
};

}  // namespace reversi
