// The score scale of Hard v1's search (a frozen copy of src/ai/evaluation.h's
// part that Hard used): hundredths of a disc, proven results beyond every
// estimate.
#pragma once

#include "ai/frozen_v1/endgame_solver.h"
#include "engine/board.h"

namespace reversi::frozen_v1 {

inline constexpr int kDiscScale = 100;
inline constexpr int kWinScore = 10000;

// The score of a finished game on the search scale: the margin, pushed
// beyond every estimate so wins are preferred to good-looking positions.
inline int finished_game_score(const Board& board) {
  const int margin = final_score(board.player, board.opponent);
  return margin * kDiscScale + (margin > 0 ? kWinScore : margin < 0 ? -kWinScore : 0);
}

}  // namespace reversi::frozen_v1
