// Inline move kernels for the search hot paths. The engine's versions are the
// reference; these are the same rules written so the compiler can inline them
// into the solver's inner loops (they are checked against the engine in tests).
#pragma once

#include <array>
#include <bit>

#include "engine/board.h"

namespace reversi::ai {

// Squares strictly beyond a square in each of eight directions, up to the
// edge. Directions 0-3 walk towards higher indexes, 4-7 towards lower ones.
struct RayTable {
  std::array<std::array<Bitboard, 8>, 64> rays{};
};

constexpr RayTable make_ray_table() {
  constexpr int kColumnStep[8] = {+1, 0, +1, -1, -1, 0, -1, +1};
  constexpr int kRowStep[8] = {0, +1, +1, +1, 0, -1, -1, -1};
  RayTable table;
  for (int square = 0; square < 64; ++square)
    for (int direction = 0; direction < 8; ++direction) {
      int column = column_of(square) + kColumnStep[direction];
      int row = row_of(square) + kRowStep[direction];
      Bitboard ray = 0;
      for (; column >= 0 && column < 8 && row >= 0 && row < 8; column += kColumnStep[direction], row += kRowStep[direction])
        ray |= bit(square_at(column, row));
      table.rays[square][direction] = ray;
    }
  return table;
}

inline constexpr RayTable kRayTable = make_ray_table();

// Discs flipped by `player` playing `square` (empty when nothing is trapped).
// Branch-free: the nearest non-opponent square on each ray must be a player
// disc for the squares before it to flip.
inline Bitboard flips_at(Bitboard player, Bitboard opponent, Square square) {
  const auto& rays = kRayTable.rays[square];
  Bitboard flips = 0;
  for (int direction = 0; direction < 4; ++direction) {
    const Bitboard stops = rays[direction] & ~opponent;
    const Bitboard outflank = stops & (0 - stops) & player;
    flips |= (outflank - (outflank != 0)) & rays[direction];
  }
  for (int direction = 4; direction < 8; ++direction) {
    const Bitboard stops = rays[direction] & ~opponent;
    // With no stop at all this picks bit 63, which no downward ray contains.
    const Bitboard outflank = (Bitboard{1} << 63 >> (std::countl_zero(stops) & 63)) & player;
    flips |= rays[direction] & ~((outflank << 1) - 1);
  }
  return flips;
}

// Squares next to any square of `bits` (for potential mobility and frontiers).
inline constexpr Bitboard neighbours(Bitboard bits) {
  constexpr Bitboard kNotA = 0xfefefefefefefefeULL, kNotH = 0x7f7f7f7f7f7f7f7fULL;
  const Bitboard horizontal = ((bits << 1) & kNotA) | ((bits >> 1) & kNotH);
  const Bitboard row = bits | horizontal;
  return horizontal | (row << 8) | (row >> 8);
}

inline constexpr Bitboard kCorners = 0x8100000000000081ULL;

// The up to eight squares around each square: a move flips nothing unless
// one of them holds an opponent disc, a cheap test before flips_at.
struct NeighbourTable {
  std::array<Bitboard, 64> around{};
};
constexpr NeighbourTable make_neighbour_table() {
  NeighbourTable table;
  for (int square = 0; square < 64; ++square) table.around[square] = neighbours(bit(square));
  return table;
}
inline constexpr NeighbourTable kNeighbourTable = make_neighbour_table();

}  // namespace reversi::ai
