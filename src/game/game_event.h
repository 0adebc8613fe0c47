// Things that happened in the session since the UI last looked: the UI
// animates and announces them, the embed bridge forwards them to the host.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/board.h"
#include "game/game_result.h"
#include "game/players.h"

namespace reversi {

enum class EventKind : std::uint8_t {
  GameStarted,   // a new game of the match began (game_number set)
  MovePlayed,    // color played square (a placement in the empty-centre start has no flips)
  Passed,        // color had no move and passed automatically
  ClockExpired,  // color's time ran out; square is the move played for them (a MovePlayed follows)
  GameOver,      // result set
  Undone,        // moves were taken back; re-read the board
  Redone,        // moves were re-applied; re-read the board
  MatchOver,     // match_winner set
};

struct GameEvent {
  EventKind kind = EventKind::MovePlayed;
  Color color = Color::Black;
  Square square = kNoMove;
  Bitboard flips = 0;
  int black_discs = 0;  // counts after the event
  int white_discs = 0;
  int ply = 0;                       // plies on the board after the event, passes included
  std::optional<Color> next;         // MovePlayed, Passed: who moves next (none once the game is over)
  GameResult result;                 // GameOver
  std::string transcript;            // GameOver: the game's moves
  int game_number = 0;               // 1-based game of the match
  std::optional<Seat> match_winner;  // MatchOver
};

}  // namespace reversi
