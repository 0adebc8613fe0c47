#include "engine/board.h"

#include <bit>

#include "engine/move_kernels.h"

namespace reversi {

Bitboard legal_moves(Bitboard player, Bitboard opponent) { return legal_moves_fast(player, opponent); }
const char* move_kernel_name() {
  return REVERSI_HAVE_WIDE_KERNELS ? "avx2" : REVERSI_HAVE_SIMD128_KERNELS ? "simd128" : "portable";
}

Bitboard flips_for(Bitboard player, Bitboard opponent, Square square) {
  const auto& rays = kernels::kRayTable.rays[square];
  Bitboard flips = 0;
  // Towards higher indexes the nearest non-opponent square is the lowest bit.
  for (int direction = 0; direction < 4; ++direction) {
    const Bitboard ray = rays[direction];
    const Bitboard stops = ray & ~opponent;
    const Bitboard nearest = stops & (0 - stops);
    const Bitboard between = (nearest - 1) & ray;
    flips |= (nearest & player) ? between : 0;
  }
  // Towards lower indexes it is the highest bit.
  for (int direction = 4; direction < 8; ++direction) {
    const Bitboard ray = rays[direction];
    const Bitboard stops = ray & ~opponent;
    if (stops == 0) continue;
    const Bitboard nearest = Bitboard{1} << (63 - std::countl_zero(stops));
    const Bitboard between = ray & ~((nearest << 1) - 1);
    flips |= (nearest & player) ? between : 0;
  }
  return flips;
}

Square transform_square(Square square, int symmetry) {
  int column = column_of(square), row = row_of(square);
  if (symmetry & 1) column = 7 - column;
  if (symmetry & 2) row = 7 - row;
  if (symmetry & 4) {
    const int swap = column;
    column = row;
    row = swap;
  }
  return square_at(column, row);
}

Bitboard transform(Bitboard bits, int symmetry) {
  Bitboard result = 0;
  for (; bits; bits &= bits - 1) result |= bit(transform_square(first_square(bits), symmetry));
  return result;
}

}  // namespace reversi
