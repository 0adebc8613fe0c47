// The leaderboards dialog: the leaderboards of the week, month and year,
// and the player's record (level and milestones, points, chips, recent
// online games, their data). A panel of its own, after Dear ImGui's
// examples: the dialog's state here, what it shows passed in (Params), and
// what the player asked for handed back (Result) for the App to carry out.
// The figures are the server's (OnlineTable asks for them); nothing here is
// counted on the device.
#pragma once

#include <optional>
#include <string>

#include "app/core/online_table.h"
#include "app/theme.h"

namespace reversi {

class ArcadePanel {
 public:
  struct Params {
    const Theme& theme;
    const OnlineTable& online;
    bool appearing = false;  // the dialog has just opened
  };
  struct Result {
    // Questions for the server.
    std::optional<messages::online::Period> ask_leaderboard;
    bool ask_record = false;
    bool link_device = false;
    // A game of the record to review, and its title.
    std::optional<std::pair<std::string, std::string>> review;
    std::optional<std::string> copy_transcript;
    bool copy_link = false;  // the link code's link
    bool delete_data = false;
    bool close = false;
  };
  // Draws the dialog's content inside the open panel.
  Result draw(const Params& params);

 private:
  void draw_leaderboard(const Params& params, float width, Result& result);
  void draw_card(const Params& params, float width);
  void draw_games(const Params& params, float width, Result& result);
  void draw_data(const Params& params, float width, Result& result);

  int tab_ = 0;  // 0: the leaderboard, 1: the player's record
  messages::online::Period period_ = messages::online::Period::Week;
};

// The code that makes another device this player, while it is good, with
// its link and a button to copy it; true when the button was pressed.
bool draw_link_code(const Theme& theme, const std::string& code, float width);

// "Game 2: you won 40–24 (they resigned)": a game of the match at the table.
std::string match_standings_line(const messages::online::server::HistoryGame& game);

}  // namespace reversi
