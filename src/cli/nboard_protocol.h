// NBoard's engine protocol, the text the GUI sends: one command a line
// ("nboard 2", "set depth 12", "set game (;GM[Othello]...;)", "move F5",
// "hint 3", "go", "ping 7", "learn", "analyze", "quit"). Parsing knows
// nothing of the search; nboard_session.h acts on the commands.
#pragma once

#include <string>
#include <string_view>

#include "cli/ggf.h"
#include "engine/notation.h"

namespace reversi::cli {

struct NboardCommand {
  enum class Kind {
    Empty,        // a blank line
    Nboard,       // number: the protocol version
    SetDepth,     // number: the midgame depth
    SetContempt,  // number: how proven draws are to be scored (centidiscs; accepted, not used)
    SetGame,      // game
    Move,         // square (kPass for "PA"), with the eval and time the GUI may add
    Hint,         // number: how many moves to evaluate
    Go,
    Ping,  // number
    Learn,
    Analyze,
    Quit,
    Unknown,  // text: a command to ignore, as the protocol asks
  };
  Kind kind = Kind::Empty;
  int number = 0;
  Square square = kNoMove;
  GgfGame game;
  std::string text;
};

// The command on `line`, or a message when a known command has bad
// arguments ("set depth x", "move Z9").
Parsed<NboardCommand> parse_nboard_command(std::string_view line);

// The engine's side: a move as NBoard writes it ("F5", "PA"), and the line
// answering "go": "=== F5 -1.00 0.5" (eval in discs for the side to move,
// seconds).
std::string nboard_move_name(Square square);
std::string nboard_move_line(Square square, double eval, double seconds);

}  // namespace reversi::cli
