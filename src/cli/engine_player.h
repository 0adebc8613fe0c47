// An external engine as a player for `match`: "engine:COMMAND LINE" starts
// COMMAND LINE as a child process and speaks NBoard's protocol to it (the
// protocol reversi-cli nboard speaks; Edax and other engines too). The
// process lives for the whole match, so its tables carry over; before each
// move it is sent "ping" (what it writes before "pong" is stale), the game
// so far ("set game"), and "go".
//
// It never holds up the match: a move that does not come within 10 times
// the budget plus 5 seconds, an answer that names no move, or the engine
// exiting makes choose_move return kNoMove with failure() saying why, and
// the process is killed; the next game starts a fresh one.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/players.h"

namespace reversi::cli {

inline constexpr std::string_view kEnginePrefix = "engine:";

// The words of a command line: split on spaces, where '...' and "..."
// keep spaces inside one word (no escapes); an unclosed quote is an error.
Parsed<std::vector<std::string>> split_command_line(std::string_view command_line);

// The player for "engine:COMMAND LINE" (the prefix left out), started and
// answering "ping" within `start_seconds`, or why not.
Parsed<std::unique_ptr<Player>> start_engine_player(std::string_view command_line, double start_seconds = 30);

// The time an engine gets to answer "go" before it loses the game, for a
// budget of `seconds` a move: generous, so that only a stall trips it.
inline double engine_guard_seconds(double seconds) { return 10 * seconds + 5; }

}  // namespace reversi::cli
