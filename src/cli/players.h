// The players reversi-cli can pit against each other: the app's three
// strengths (and, for match, external engines: engine_player.h). Hard v1,
// the reference that measures what later work on Hard is worth, is an
// external engine now: bench/hard_v1.sh.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ai/computer.h"
#include "cli/ggf.h"

namespace reversi::cli {

// Why a player gave no move: only an external engine (engine_player.h) can
// fail so. `kind` names it for match's report: "illegal_move" (match's own
// check), "bad_answer", "exited", "no_answer".
struct PlayerFailure {
  std::string kind;
  std::string message;
};

class Player {
 public:
  virtual ~Player() = default;
  virtual SearchReport choose_move(const Board& board, const SearchLimits& limits) = 0;
  // Thinking on the opponent's time (Computer::ponder); true when there is
  // nothing (more) to do.
  virtual bool ponder(const Board& /*board*/, double /*seconds*/) { return true; }
  // Thinking ahead in the midgame between an engine's commands
  // (Computer::think_ahead); true when there is nothing (more) to do. Only
  // Hard has a search whose tables this feeds.
  virtual bool think_ahead(const Board& /*board*/, double /*seconds*/) { return true; }
  virtual const std::string& name() const = 0;
  // The clock the player's time budget runs on (the wall clock unless set).
  virtual void set_clock(ClockSource clock) = 0;

  // The game so far, told before each choose_move: an external engine is
  // sent the whole game; the computers need only the board.
  virtual void follow_game(const GgfGame& /*game*/) {}
  // Why the last choose_move returned kNoMove; empty for the computers,
  // which always move.
  virtual std::optional<PlayerFailure> failure() const { return std::nullopt; }
  // The game is lost by forfeit: an engine is stopped, to start afresh for
  // the next game.
  virtual void forfeit() {}
  // False for an engine in another process, whose processor time this
  // process cannot measure.
  virtual bool in_process() const { return true; }
};

// The names make_player knows, for usage lines.
inline constexpr const char* kPlayerNames = "easy|medium|hard";

struct PlayerOptions {
  bool probable_cuts = true;  // Hard's probable cut-offs (off only to measure them)
  std::size_t table_megabytes = 16;
};

// A player by name (case-insensitive), or nullptr for an unknown name.
std::unique_ptr<Player> make_player(std::string_view name, const PlayerOptions& options = {});

}  // namespace reversi::cli
