// Fair points' length rule, which the server decides by and the app words
// when a game was picked up from a snapshot after its end.
#pragma once

#include <algorithm>
#include <array>

#include "game/game.h"
#include "messages/table_messages.h"

namespace reversi::messages::online {

// Whether a side made fewer than kRatedMovesEach moves (placements count, passes do not).
inline bool too_short_to_rate(const Game& game) {
  std::array<int, 2> moves{};
  for (const Ply& ply : game.record().applied())
    if (!ply.is_pass()) ++moves[ply.color == Color::Black ? 0 : 1];
  return std::min(moves[0], moves[1]) < kRatedMovesEach;
}

}  // namespace reversi::messages::online
