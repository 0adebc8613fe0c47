#include "ai/stability.h"

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace reversi::ai {
namespace {

// The stable discs of `line_player` on one line of eight, for every pair of
// 8-bit patterns, indexed [player * 256 + opponent].
using EdgeTable = std::array<std::uint8_t, 65536>;

// Discs flipped along a line of eight when `mover` takes `square`.
unsigned line_flips(unsigned mover, unsigned other, int square) {
  unsigned flips = 0, run = 0;
  int x = square + 1;
  for (; x < 8 && (other >> x & 1); ++x) run |= 1u << x;
  if (run && x < 8 && (mover >> x & 1)) flips |= run;
  run = 0;
  x = square - 1;
  for (; x >= 0 && (other >> x & 1); --x) run |= 1u << x;
  if (run && x >= 0 && (mover >> x & 1)) flips |= run;
  return flips;
}

// Fills the table by recursion over the empty squares: a disc is stable if
// it keeps its colour whichever side fills whichever empty square next.
std::uint8_t edge_stable(EdgeTable& table, std::vector<bool>& known, unsigned player, unsigned opponent) {
  const unsigned index = player * 256 + opponent;
  if (known[index]) return table[index];
  unsigned stable = player;
  const unsigned empties = ~(player | opponent) & 0xff;
  for (int square = 0; square < 8 && stable; ++square) {
    if (!(empties >> square & 1)) continue;
    const unsigned by_player = line_flips(player, opponent, square);
    stable &= edge_stable(table, known, player | by_player | (1u << square), opponent & ~by_player);
    const unsigned by_opponent = line_flips(opponent, player, square);
    stable &= edge_stable(table, known, player & ~by_opponent, opponent | by_opponent | (1u << square));
  }
  stable &= player;
  known[index] = true;
  table[index] = static_cast<std::uint8_t>(stable);
  return table[index];
}

const EdgeTable& edge_table() {
  // Built once on first use and read-only afterwards.
  static const EdgeTable table = [] {
    EdgeTable result{};
    std::vector<bool> known(65536, false);
    for (unsigned player = 0; player < 256; ++player)
      for (unsigned opponent = 0; opponent < 256; ++opponent)
        if (!(player & opponent)) edge_stable(result, known, player, opponent);
    return result;
  }();
  return table;
}

// Gathers column a (top to bottom) into 8 bits, and spreads it back.
constexpr Bitboard kColumnA = 0x0101010101010101ULL;
inline unsigned column_a_bits(Bitboard bits) { return static_cast<unsigned>(((bits & kColumnA) * 0x0102040810204080ULL) >> 56); }
inline Bitboard spread_column_a(unsigned bits) {
  Bitboard result = 0;
  for (; bits; bits &= bits - 1) result |= bit(8 * std::countr_zero(bits));
  return result;
}

// Squares on lines that are completely filled, per direction.
struct FullLines {
  Bitboard horizontal, vertical, diagonal, anti_diagonal;
};

struct DiagonalMasks {
  std::array<Bitboard, 15> diagonal{}, anti_diagonal{};
};
constexpr DiagonalMasks make_diagonal_masks() {
  DiagonalMasks masks;
  for (int square = 0; square < 64; ++square) {
    masks.diagonal[column_of(square) - row_of(square) + 7] |= bit(square);
    masks.anti_diagonal[column_of(square) + row_of(square)] |= bit(square);
  }
  return masks;
}
constexpr DiagonalMasks kDiagonalMasks = make_diagonal_masks();

FullLines full_lines(Bitboard filled) {
  FullLines full{};
  Bitboard horizontal = filled & (filled >> 4);
  horizontal &= horizontal >> 2;
  horizontal &= horizontal >> 1;
  full.horizontal = (horizontal & kColumnA) * 0xff;
  Bitboard vertical = filled & std::rotr(filled, 32);
  vertical &= std::rotr(vertical, 16);
  vertical &= std::rotr(vertical, 8);
  full.vertical = vertical;
  full.diagonal = full.anti_diagonal = 0;
  for (int line = 0; line < 15; ++line) {
    if ((filled & kDiagonalMasks.diagonal[line]) == kDiagonalMasks.diagonal[line])
      full.diagonal |= kDiagonalMasks.diagonal[line];
    if ((filled & kDiagonalMasks.anti_diagonal[line]) == kDiagonalMasks.anti_diagonal[line])
      full.anti_diagonal |= kDiagonalMasks.anti_diagonal[line];
  }
  return full;
}

}  // namespace

Bitboard stable_edge_discs(Bitboard player, Bitboard opponent) {
  const EdgeTable& table = edge_table();
  auto lookup = [&](unsigned p, unsigned o) { return table[p * 256 + o]; };
  Bitboard stable = 0;
  stable |= lookup(player & 0xff, opponent & 0xff);                                         // row 1
  stable |= Bitboard{lookup(player >> 56, opponent >> 56)} << 56;                           // row 8
  stable |= spread_column_a(lookup(column_a_bits(player), column_a_bits(opponent)));       // column a
  stable |= spread_column_a(lookup(column_a_bits(player >> 7), column_a_bits(opponent >> 7))) << 7;  // column h
  return stable;
}

Bitboard stable_discs(Bitboard player, Bitboard opponent) {
  const FullLines full = full_lines(player | opponent);
  constexpr Bitboard kEdges = 0xff818181818181ffULL;
  constexpr Bitboard kNotA = 0xfefefefefefefefeULL, kNotH = 0x7f7f7f7f7f7f7f7fULL;
  constexpr Bitboard kColumnsAH = 0x8181818181818181ULL, kRows18 = 0xff000000000000ffULL;
  Bitboard stable = stable_edge_discs(player, opponent);
  stable |= player & full.horizontal & full.vertical & full.diagonal & full.anti_diagonal & ~kEdges;
  // A disc is held in place when, along every line through it, the line is
  // full or one neighbour is the board's edge or a stable disc of its colour.
  for (Bitboard previous = 0; previous != stable;) {
    previous = stable;
    const Bitboard horizontal = full.horizontal | kColumnsAH | ((stable << 1) & kNotA) | ((stable >> 1) & kNotH);
    const Bitboard vertical = full.vertical | kRows18 | (stable << 8) | (stable >> 8);
    const Bitboard diagonal = full.diagonal | kEdges | ((stable << 9) & kNotA) | ((stable >> 9) & kNotH);
    const Bitboard anti_diagonal = full.anti_diagonal | kEdges | ((stable << 7) & kNotH) | ((stable >> 7) & kNotA);
    stable |= player & horizontal & vertical & diagonal & anti_diagonal & ~kEdges;
  }
  return stable;
}

}  // namespace reversi::ai
