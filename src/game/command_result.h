// What a player command (move, undo, resign...) returns: success, or why it
// was refused. A refused command never changes the model.
#pragma once

#include <cstdint>
#include <string>

namespace reversi {

enum class CommandError : std::uint8_t {
  None,
  InvalidSquare,     // not a square on the board
  Occupied,          // the square already holds a disc
  TrapsNothing,      // the square is empty but turns over no disc
  NotCentre,         // empty-centre start: the first four discs go on d4 e4 d5 e5
  NotYourTurn,       // the command came for the side that is not to move
  ComputerThinking,  // a human tried to move while the computer is to move
  GameOver,          // the game has ended
  NothingToUndo,
  NothingToRedo,
  StalePosition,  // a computer move searched on a position that is no longer current
  GameNotOver,    // next game asked for while this one is still going
  MatchOver,      // next game asked for after the match was decided
  TimeRanOut,     // the mover's clock ran out; a move is being chosen for them
  ComputerSeat,   // a move sent for a seat the computer plays
};

struct CommandResult {
  CommandError error = CommandError::None;
  std::string message;  // for the player; empty on success

  static CommandResult ok() { return {}; }
  static CommandResult failure(CommandError error, std::string message) { return {error, std::move(message)}; }
  bool succeeded() const { return error == CommandError::None; }
  explicit operator bool() const { return succeeded(); }
};

}  // namespace reversi
