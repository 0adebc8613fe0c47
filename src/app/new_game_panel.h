// The new-game dialog, a panel of its own after Dear ImGui's examples: the
// opponent (the computer, two players here, or online), the strength, the
// colour, the start, the match and the clock; online, the table's options,
// the tables waiting for a player and the codes that join a table or link a
// device. Its state is the choices being made; what it shows comes in
// (Params), and what the player asked for goes back (Result) for App to
// carry out.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "app/core/online_table.h"
#include "app/theme.h"
#include "game/session.h"

namespace reversi {

class NewGamePanel {
 public:
  struct Params {
    const Theme& theme;
    const OnlineTable& online;
    SessionOptions remembered;  // the last new game's options, or those the address asked for
    bool at_table = false;      // the player sits at an online table now
  };
  struct OpenTable {
    messages::online::TableOptions options;
    bool is_private = false;
  };
  struct Result {
    std::optional<bool> watch_tables;  // keep the open tables list current, or stop
    bool ask_name = false;             // "Change…" the name at the table
    bool ask_code = false;             // "Join with a code…"
    bool ask_link = false;             // "Link this device with a code…"
    std::optional<std::string> join;   // an open table's code
    std::optional<OpenTable> open_table;
    std::optional<SessionOptions> start;
    bool cancel = false;
  };
  // Draws the dialog's content inside the open panel.
  Result draw(const Params& params);
  // The dialog has closed: true when the open tables were being watched
  // (App then stops watching them).
  bool stop_watching() { return std::exchange(watching_, false); }

 private:
  void draw_device_choices(const Params& params, float width);
  void draw_online_choices(const Params& params, float width, Result& result);
  void draw_game_clock_choice(const Params& params, float width);
  void draw_open_tables(const Params& params, float width, Result& result);

  SessionOptions options_;      // the choices for a game on this device
  bool online_choice_ = false;  // "Online" is chosen
  messages::online::TableOptions table_options_;
  bool table_private_ = false;
  bool watching_ = false;  // the open tables are being watched
};

// "best of 3, 45 s a move, empty centre": a table's options in words.
std::string table_options_line(const messages::online::TableOptions& options);

}  // namespace reversi
