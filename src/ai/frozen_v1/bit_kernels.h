// Hard v1's inline kernels, frozen (a copy of src/ai/bit_kernels.h).
//
// Inline move kernels for the search hot paths. The engine's versions are the
// reference; these are the same rules written so the compiler can inline them
// into the solver's inner loops (they are checked against the engine in tests).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/board.h"
#include "engine/move_kernels.h"

namespace reversi::frozen_v1 {

// Discs flipped by `player` playing `square`: the engine's fastest kernel
// for this build (empty when nothing is trapped).
inline Bitboard flips_at(Bitboard player, Bitboard opponent, Square square) {
  return flips_fast(player, opponent, square);
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

// Gathers a set with at most one square per column (a row, a diagonal) into
// 8 bits by column: the multiplication stacks every row onto the top one.
inline constexpr unsigned gather_by_column(Bitboard bits) {
  return static_cast<unsigned>((bits * 0x0101010101010101ULL) >> 56);
}

// Flip counting for the very last empty square, where every other square is
// taken so a line's flips depend only on where the player's discs are: a
// table by (position in the line, the player's 8 bits along it). Lines
// shorter than eight read their missing squares as opponent discs, which is
// harmless because those squares lie beyond the line's far end.
struct LastFlipTable {
  std::array<std::array<std::uint8_t, 256>, 8> count{};
  std::array<Bitboard, 64> diagonal{}, anti_diagonal{};
};
constexpr LastFlipTable make_last_flip_table() {
  LastFlipTable table;
  for (int position = 0; position < 8; ++position)
    for (int player = 0; player < 256; ++player) {
      int flipped = 0;
      for (const int step : {-1, +1}) {
        int run = 0, x = position + step;
        for (; x >= 0 && x < 8 && !(player >> x & 1); x += step) ++run;
        if (x >= 0 && x < 8) flipped += run;
      }
      table.count[position][player] = static_cast<std::uint8_t>(flipped);
    }
  for (int square = 0; square < 64; ++square)
    for (int other = 0; other < 64; ++other) {
      if (column_of(other) - row_of(other) == column_of(square) - row_of(square)) table.diagonal[square] |= bit(other);
      if (column_of(other) + row_of(other) == column_of(square) + row_of(square))
        table.anti_diagonal[square] |= bit(other);
    }
  return table;
}
inline constexpr LastFlipTable kLastFlipTable = make_last_flip_table();

// Discs `player` would flip by taking `square`, the only empty square left.
inline int last_flip_count(Bitboard player, Square square) {
  const int column = column_of(square), row = row_of(square);
  const auto& count = kLastFlipTable.count;
  constexpr Bitboard kColumnA = 0x0101010101010101ULL;
  const unsigned row_bits = static_cast<unsigned>(player >> (8 * row)) & 0xff;
  const unsigned column_bits = static_cast<unsigned>((((player >> column) & kColumnA) * 0x0102040810204080ULL) >> 56);
  return count[column][row_bits] + count[row][column_bits] +
         count[column][gather_by_column(player & kLastFlipTable.diagonal[square])] +
         count[column][gather_by_column(player & kLastFlipTable.anti_diagonal[square])];
}

}  // namespace reversi::frozen_v1
