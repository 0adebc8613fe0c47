#include "game/command_result.h"
#include "game/game_event.h"

namespace reversi {

const char* command_error_name(CommandError error) {
  switch (error) {
    case CommandError::None:
      return "none";
    case CommandError::InvalidSquare:
      return "invalid-square";
    case CommandError::Occupied:
      return "occupied";
    case CommandError::TrapsNothing:
      return "traps-nothing";
    case CommandError::NotCentre:
      return "not-centre";
    case CommandError::NotYourTurn:
      return "not-your-turn";
    case CommandError::ComputerThinking:
      return "computer-thinking";
    case CommandError::GameOver:
      return "game-over";
    case CommandError::NothingToUndo:
      return "nothing-to-undo";
    case CommandError::NothingToRedo:
      return "nothing-to-redo";
    case CommandError::StalePosition:
      return "stale-position";
    case CommandError::GameNotOver:
      return "game-not-over";
    case CommandError::MatchOver:
      return "match-over";
  }
  return "unknown";
}

const char* event_kind_name(EventKind kind) {
  switch (kind) {
    case EventKind::GameStarted:
      return "game-started";
    case EventKind::MovePlayed:
      return "move";
    case EventKind::Passed:
      return "pass";
    case EventKind::ClockExpired:
      return "clock-expired";
    case EventKind::GameOver:
      return "game-over";
    case EventKind::Undone:
      return "undo";
    case EventKind::Redone:
      return "redo";
    case EventKind::MatchOver:
      return "match-over";
  }
  return "unknown";
}

}  // namespace reversi
