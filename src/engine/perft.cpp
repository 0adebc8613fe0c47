#include "engine/perft.h"

namespace reversi {
namespace {

std::uint64_t perft_node(Bitboard player, Bitboard opponent, int depth, bool passed) {
  Bitboard moves = legal_moves(player, opponent);
  if (moves == 0) {
    if (passed) return 1;  // neither side can move: the game ended early
    if (depth == 1) return 1;
    return perft_node(opponent, player, depth - 1, true);
  }
  if (depth == 1) return static_cast<std::uint64_t>(count_bits(moves));
  std::uint64_t leaves = 0;
  for (; moves; moves &= moves - 1) {
    const Square square = first_square(moves);
    const Bitboard flips = flips_for(player, opponent, square);
    leaves += perft_node(opponent ^ flips, player ^ flips ^ bit(square), depth - 1, false);
  }
  return leaves;
}

}  // namespace

std::uint64_t perft(const Board& board, int depth) {
  if (depth <= 0) return 1;
  // A finished game is one leaf however deep we look.
  if (is_game_over(board)) return 1;
  return perft_node(board.player, board.opponent, depth, false);
}

}  // namespace reversi
