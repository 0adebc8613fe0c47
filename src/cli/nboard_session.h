// An NBoard engine session: the game the GUI has set up, and a player (Hard
// unless told otherwise) playing and analysing it. One player for the whole
// session, so its tables carry over from move to move; between commands the
// session ponders the current position (an exact solve near the end,
// thinking ahead before that), as far as the player does.
// Input and output are streams, so tests can script a whole session.
#pragma once

#include <memory>
#include <ostream>
#include <string_view>

#include "ai/computer.h"
#include "cli/ggf.h"
#include "cli/line_input.h"
#include "cli/nboard_protocol.h"
#include "cli/players.h"

namespace reversi::cli {

struct NboardOptions {
  double seconds = 0.5;  // the player's budget per move ("go"), and per hint
  std::size_t table_megabytes = 64;
  // Each "go" also writes the move's time on the player's clock to the
  // errors stream ("reversi-cli nboard: move seconds S"): a match records
  // only the wall time it waited, and thinking ahead is not in either.
  bool log_move_seconds = false;
};

class NboardSession {
 public:
  // Answers go to `out` (a line at a time, flushed); complaints about bad
  // input go to `errors`, as NBoard expects.
  // Hard plays.
  NboardSession(const NboardOptions& options, std::ostream& out, std::ostream& errors);
  // `player` plays (make_player; --player).
  NboardSession(const NboardOptions& options, std::unique_ptr<Player> player, std::ostream& out, std::ostream& errors);

  // Acts on one line from the GUI; false once it said "quit".
  bool handle_line(std::string_view line);

  // One slice of thinking while the GUI is quiet; false when there is
  // nothing (more) to think about in the current position.
  bool ponder(double seconds);

  const Position& position() const { return position_; }
  void set_clock(ClockSource clock) { player_->set_clock(std::move(clock)); }

 private:
  void send(const std::string& line);
  void go();
  void hint(int count);
  void analyze();
  void play_move(Square square);
  SearchLimits limits(double seconds) const;
  // The player's value for the side to move of `board` within `seconds`, with
  // the depth it reached (the empties when exact).
  SearchReport evaluate(const Board& board, double seconds);

  NboardOptions options_;
  std::ostream& out_;
  std::ostream& errors_;
  std::unique_ptr<Player> player_;
  std::string display_name_;  // "Hard", "Hard-v1": for the GUI's status line and engine name
  GgfGame game_;              // the start and the moves so far
  Position position_;
  int depth_ = 0;  // "set depth": the midgame depth cap (0: none)
  bool ponder_done_ = false;
};

// Runs `session` on the lines of `input` until "quit" or the end of the
// input, pondering whenever no line is waiting. Returns the exit code.
int run_nboard_loop(LineInput& input, NboardSession& session, std::ostream& errors);

}  // namespace reversi::cli
