// Static evaluations of a position for the side to move, in hundredths of a
// disc (roughly: 100 = one disc of final margin). Both stay well inside
// +-kWinScore so that proven results always outrank estimates.
#pragma once

#include "ai/pattern_eval.h"
#include "engine/board.h"

namespace reversi::ai {

inline constexpr int kDiscScale = 100;
inline constexpr int kWinScore = 10000;

// Medium's evaluation, as players are told: corners are valuable, X- and
// C-squares next to an empty corner are dangerous, and mobility matters.
int evaluate_basic(const Board& board);

// A hand-written evaluation: mobility, potential mobility, corners,
// X/C-squares, stable edge discs, parity and (late) the disc count, blended by
// phase. Hard used it before the patterns; the trainer plays its sample games
// with it, and the tests measure the patterns against it.
int evaluate_strong(const Board& board);

// The score of a finished game on the search scale: the margin, pushed
// beyond every estimate so wins are preferred to good-looking positions.
int finished_game_score(const Board& board);

// Pattern: evaluate_pattern (src/ai/pattern_eval.h), fitted to exact endgame
// margins; Hard searches with it and the solver orders its moves with it.
enum class Evaluation { Basic, Strong, Pattern };
inline int evaluate(Evaluation kind, const Board& board) {
  switch (kind) {
    case Evaluation::Basic:
      return evaluate_basic(board);
    case Evaluation::Strong:
      return evaluate_strong(board);
    default:
      return evaluate_pattern(board);
  }
}

}  // namespace reversi::ai
