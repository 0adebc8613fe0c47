#include "ai/frozen_v1/stability.h"

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace reversi::frozen_v1 {
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
inline unsigned column_a_bits(Bitboard bits) {
  return static_cast<unsigned>(((bits & kColumnA) * 0x0102040810204080ULL) >> 56);
}
struct ColumnSpread {
  std::array<Bitboard, 256> column{};
};
constexpr ColumnSpread make_column_spread() {
  ColumnSpread table;
  for (unsigned bits = 0; bits < 256; ++bits)
    for (int row = 0; row < 8; ++row)
      if (bits >> row & 1) table.column[bits] |= bit(8 * row);
  return table;
}
constexpr ColumnSpread kColumnSpread = make_column_spread();
inline Bitboard spread_column_a(unsigned bits) { return kColumnSpread.column[bits]; }

// Squares on lines that are completely filled, per direction.
struct FullLines {
  Bitboard horizontal, vertical, diagonal, anti_diagonal;
};

// Squares within n rows of the top (or bottom) edge or n columns of the left
// (or right) edge: the ends of the diagonal lines, n steps deep.
constexpr Bitboard near_edges(int n, bool bottom, bool right) {
  Bitboard mask = 0;
  for (int square = 0; square < 64; ++square) {
    const bool near_row = bottom ? row_of(square) >= 8 - n : row_of(square) < n;
    const bool near_column = right ? column_of(square) >= 8 - n : column_of(square) < n;
    if (near_row || near_column) mask |= bit(square);
  }
  return mask;
}

// The squares within 1, 2 and 4 steps of either end of the lines in one direction.
struct LineEnds {
  Bitboard ahead[3], behind[3];
};
// Shift 9 walks towards higher rows and columns; shift 7 towards higher rows and lower columns.
constexpr LineEnds kDiagonalEnds = {
    {near_edges(1, true, true), near_edges(2, true, true), near_edges(4, true, true)},
    {near_edges(1, false, false), near_edges(2, false, false), near_edges(4, false, false)}};
constexpr LineEnds kAntiDiagonalEnds = {
    {near_edges(1, true, false), near_edges(2, true, false), near_edges(4, true, false)},
    {near_edges(1, false, true), near_edges(2, false, true), near_edges(4, false, true)}};

// Lines along a diagonal direction that are completely filled: each square
// learns whether everything from it to the edge is filled, in three doubling
// steps each way (squares beyond the edge count as filled).
template <int Shift>
inline Bitboard full_along(Bitboard filled, const LineEnds& ends) {
  const Bitboard *end = ends.ahead, *start = ends.behind;
  Bitboard ahead = filled & ((filled >> Shift) | end[0]);
  ahead &= (ahead >> 2 * Shift) | end[1];
  ahead &= (ahead >> 4 * Shift) | end[2];
  Bitboard behind = filled & ((filled << Shift) | start[0]);
  behind &= (behind << 2 * Shift) | start[1];
  behind &= (behind << 4 * Shift) | start[2];
  return ahead & behind;
}

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
  full.diagonal = full_along<9>(filled, kDiagonalEnds);
  full.anti_diagonal = full_along<7>(filled, kAntiDiagonalEnds);
  return full;
}

}  // namespace

Bitboard stable_edge_discs(Bitboard player, Bitboard opponent) {
  const EdgeTable& table = edge_table();
  auto lookup = [&](unsigned p, unsigned o) { return table[p * 256 + o]; };
  Bitboard stable = 0;
  stable |= lookup(player & 0xff, opponent & 0xff);                                                  // row 1
  stable |= Bitboard{lookup(player >> 56, opponent >> 56)} << 56;                                    // row 8
  stable |= spread_column_a(lookup(column_a_bits(player), column_a_bits(opponent)));                 // column a
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

}  // namespace reversi::frozen_v1
