#include "engine/board.h"

#include "engine/move_kernels.h"

#include <array>

namespace reversi {
namespace {

// Squares strictly beyond `square` in one direction, up to the edge. The first
// four directions walk towards higher indexes, the last four towards lower.
struct Rays {
  std::array<std::array<Bitboard, 8>, 64> rays{};
};

constexpr int kDirectionColumn[8] = {+1, 0, +1, -1, -1, 0, -1, +1};
constexpr int kDirectionRow[8] = {0, +1, +1, +1, 0, -1, -1, -1};

constexpr Rays make_rays() {
  Rays table;
  for (int square = 0; square < 64; ++square) {
    for (int direction = 0; direction < 8; ++direction) {
      int column = column_of(square) + kDirectionColumn[direction];
      int row = row_of(square) + kDirectionRow[direction];
      Bitboard ray = 0;
      while (column >= 0 && column < 8 && row >= 0 && row < 8) {
        ray |= bit(square_at(column, row));
        column += kDirectionColumn[direction];
        row += kDirectionRow[direction];
      }
      table.rays[square][direction] = ray;
    }
  }
  return table;
}

constexpr Rays kRays = make_rays();

}  // namespace

Bitboard legal_moves(Bitboard player, Bitboard opponent) { return legal_moves_fast(player, opponent); }
const char* move_kernel_name() {
  return REVERSI_HAVE_WIDE_KERNELS ? "avx2" : REVERSI_HAVE_SIMD128_KERNELS ? "simd128" : "portable";
}

Bitboard flips_for(Bitboard player, Bitboard opponent, Square square) {
  const auto& rays = kRays.rays[square];
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
