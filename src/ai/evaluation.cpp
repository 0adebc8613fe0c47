#include "ai/evaluation.h"

#include <algorithm>

#include "ai/bit_kernels.h"
#include "ai/endgame_solver.h"
#include "ai/stability.h"

namespace reversi::ai {
namespace {

// For each corner: the corner, its X-square (diagonal neighbour) and its two
// C-squares (edge neighbours).
struct CornerRegion {
  Bitboard corner, x_square, c_squares;
};
constexpr CornerRegion kCornerRegions[4] = {
    {bit(0), bit(9), bit(1) | bit(8)},
    {bit(7), bit(14), bit(6) | bit(15)},
    {bit(56), bit(49), bit(57) | bit(48)},
    {bit(63), bit(54), bit(62) | bit(55)},
};

// Corner ownership and the danger of X/C-squares beside empty corners, as
// (own - opponent) sums weighted by the given values.
int corner_terms(const Board& board, int corner_value, int x_value, int c_value) {
  int score = 0;
  const Bitboard empty = board.empties();
  for (const CornerRegion& region : kCornerRegions) {
    if (board.player & region.corner) score += corner_value;
    if (board.opponent & region.corner) score -= corner_value;
    if (empty & region.corner) {
      score -=
          x_value * (std::popcount(board.player & region.x_square) - std::popcount(board.opponent & region.x_square));
      score -=
          c_value * (std::popcount(board.player & region.c_squares) - std::popcount(board.opponent & region.c_squares));
    }
  }
  return score;
}

}  // namespace

int evaluate_basic(const Board& board) {
  const int own_moves = std::popcount(legal_moves_fast(board.player, board.opponent));
  const int their_moves = std::popcount(legal_moves_fast(board.opponent, board.player));
  if (own_moves + their_moves == 0) return finished_game_score(board);
  return corner_terms(board, 800, 400, 150) + 60 * (own_moves - their_moves);
}

int evaluate_strong(const Board& board) {
  const Bitboard empty = board.empties();
  const int empties = std::popcount(empty);
  const Bitboard own_moves = legal_moves_fast(board.player, board.opponent);
  const Bitboard their_moves = legal_moves_fast(board.opponent, board.player);
  const int own_mobility = std::popcount(own_moves), their_mobility = std::popcount(their_moves);
  if (own_mobility + their_mobility == 0) return finished_game_score(board);

  // Phase: 0 at the start, 1 near the end.
  const int late = 60 - std::min(60, empties);  // 0..60

  int score = 0;
  // Mobility as a ratio, so it means the same in crowded and open positions;
  // corner moves count extra.
  const int own_weighted = own_mobility + std::popcount(own_moves & kCorners);
  const int their_weighted = their_mobility + std::popcount(their_moves & kCorners);
  score += (900 - 6 * late) * (own_weighted - their_weighted) / (own_weighted + their_weighted + 2);

  // Potential mobility: empty squares beside the opponent's discs are future
  // moves; our own frontier discs are future moves for them.
  const int own_potential = std::popcount(neighbours(board.opponent) & empty);
  const int their_potential = std::popcount(neighbours(board.player) & empty);
  score += (40 - late / 3) * (own_potential - their_potential) / 2;

  score += corner_terms(board, 700, 350 - 3 * late, 120 - late);

  // Discs that can never be lost, along the edges.
  const int own_stable = std::popcount(stable_edge_discs(board.player, board.opponent));
  const int their_stable = std::popcount(stable_edge_discs(board.opponent, board.player));
  score += 90 * (own_stable - their_stable);

  // Late in the game the discs themselves start to count, and with an odd
  // number of empties the side to move expects the last move.
  if (empties < 24) {
    score += (24 - empties) * 4 * (std::popcount(board.player) - std::popcount(board.opponent));
    score += (empties & 1) ? 80 : -80;
  }
  return std::clamp(score, -kWinScore + 1, kWinScore - 1);
}

int finished_game_score(const Board& board) {
  const int margin = final_score(board.player, board.opponent);
  return margin * kDiscScale + (margin > 0 ? kWinScore : margin < 0 ? -kWinScore : 0);
}

}  // namespace reversi::ai
