#include "ai/pattern_eval.h"

#include <algorithm>
#include <bit>

#include "ai/bit_kernels.h"
#include "ai/evaluation.h"

namespace reversi::ai {
namespace {

// Rows become columns (a1-h8 diagonal fixed).
inline Bitboard transpose(Bitboard x) {
  Bitboard t = 0x0f0f0f0f00000000ULL & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (x ^ (x << 7));
  return x ^ t ^ (t >> 7);
}

// The base-3 value of up to nine bits read as digits 0/1.
struct Ternary {
  std::array<std::int32_t, 512> value{};
};
constexpr Ternary make_ternary() {
  Ternary table;
  for (int bits = 0; bits < 512; ++bits) {
    int value = 0, power = 1;
    for (int i = 0; i < 9; ++i, power *= 3)
      if (bits >> i & 1) value += power;
    table.value[bits] = value;
  }
  return table;
}
constexpr Ternary kTernary = make_ternary();

// Eight bits in reverse order.
struct ByteReversal {
  std::array<std::uint8_t, 256> value{};
};
constexpr ByteReversal make_byte_reversal() {
  ByteReversal table;
  for (int bits = 0; bits < 256; ++bits)
    for (int i = 0; i < 8; ++i)
      if (bits >> i & 1) table.value[bits] |= static_cast<std::uint8_t>(1 << (7 - i));
  return table;
}
constexpr ByteReversal kReversed = make_byte_reversal();

// The board seen through one of eight symmetries: s & 1 mirrors the columns,
// s & 2 the rows, s & 4 then transposes. Every pattern is read in the top
// left corner (or the top rows) of some of these views. A view's row is a
// row of the board (or of its transpose, for s >= 4), maybe reversed.
struct Rows {
  unsigned player[16], opponent[16];  // the board's rows, then its transpose's
};
struct RowBits {
  unsigned player, opponent;
};
inline RowBits view_row(const Rows& rows, int view, int row) {
  const bool transposed = view & 4;
  const int source = (transposed ? 8 : 0) + ((transposed ? view & 1 : view & 2) ? 7 - row : row);
  const unsigned player = rows.player[source], opponent = rows.opponent[source];
  if (transposed ? view & 2 : view & 1) return {kReversed.value[player], kReversed.value[opponent]};
  return {player, opponent};
}

// The squares on the board of the diagonal (r, r + k) of view s < 4: one per
// column, so a multiplication gathers them.
struct DiagonalMasks {
  Bitboard mask[5][4]{};
};
constexpr DiagonalMasks make_diagonal_masks() {
  DiagonalMasks masks;
  for (int k = 0; k <= 4; ++k)
    for (int view = 0; view < 4; ++view)
      for (int row = 0; row + k < 8; ++row) {
        const int column = view & 1 ? 7 - (row + k) : row + k;
        masks.mask[k][view] |= bit(square_at(column, view & 2 ? 7 - row : row));
      }
  return masks;
}
constexpr DiagonalMasks kDiagonalMasks = make_diagonal_masks();

// Calls `visit` with the weight-table index of every pattern instance of the
// position, in the order of PatternFeatures::index.
template <typename Visit>
inline void for_each_pattern_index(const Board& board, Visit&& visit) {
  Rows rows;
  const Bitboard player_t = transpose(board.player), opponent_t = transpose(board.opponent);
  for (int row = 0; row < 8; ++row) {
    rows.player[row] = static_cast<unsigned>(board.player >> (8 * row)) & 0xff;
    rows.opponent[row] = static_cast<unsigned>(board.opponent >> (8 * row)) & 0xff;
    rows.player[8 + row] = static_cast<unsigned>(player_t >> (8 * row)) & 0xff;
    rows.opponent[8 + row] = static_cast<unsigned>(opponent_t >> (8 * row)) & 0xff;
  }
  auto add = [&](int shape, unsigned own, unsigned other) {
    visit(kPatternLayout.offset[shape] + kTernary.value[own] + 2 * kTernary.value[other]);
  };
  for (int view = 0; view < 4; ++view) {
    const RowBits a = view_row(rows, view, 0), b = view_row(rows, view, 1), c = view_row(rows, view, 2);
    add(0, (a.player & 7) | (b.player & 7) << 3 | (c.player & 7) << 6,
        (a.opponent & 7) | (b.opponent & 7) << 3 | (c.opponent & 7) << 6);
  }
  for (int view = 0; view < 8; ++view) {
    const RowBits a = view_row(rows, view, 0), b = view_row(rows, view, 1);
    add(1, (a.player & 15) | (b.player & 15) << 4, (a.opponent & 15) | (b.opponent & 15) << 4);
  }
  // Rows 1 to 4 of the views that put each edge on top: the edges and the
  // lines parallel to them.
  constexpr int kEdgeViews[4] = {0, 2, 4, 5};
  for (int line = 0; line < 4; ++line)
    for (const int view : kEdgeViews) {
      const RowBits bits = view_row(rows, view, line);
      add(2 + line, bits.player, bits.opponent);
    }
  for (int k = 0; k <= 4; ++k)
    for (int view = 0; view < (k ? 4 : 2); ++view) {
      const Bitboard mask = kDiagonalMasks.mask[k][view];
      unsigned own = gather_by_column(board.player & mask), other = gather_by_column(board.opponent & mask);
      if (view & 1) own = kReversed.value[own], other = kReversed.value[other];
      add(6 + k, own >> k, other >> k);
    }
}

// The features besides the patterns.
inline void count_scalar_terms(const Board& board, Bitboard moves, PatternFeatures& features) {
  const Bitboard own_moves = moves != kUnknownMoves ? moves : legal_moves_fast(board.player, board.opponent);
  const Bitboard their_moves = legal_moves_fast(board.opponent, board.player);
  const int empties = board.empty_count();
  features.scalars[kMobilityWeight] = std::popcount(own_moves) - std::popcount(their_moves);
  features.scalars[kParityWeight] = empties & 1;
  features.scalars[kBiasWeight] = 1;
  const Bitboard empty = ~(board.player | board.opponent);
  features.scalars[kPotentialMobilityWeight] =
      std::popcount(neighbours(board.opponent) & empty) - std::popcount(neighbours(board.player) & empty);
  features.phase = pattern_phase(empties);
  features.finished = !(own_moves | their_moves);
}

}  // namespace

PatternFeatures pattern_features(const Board& board, Bitboard moves) {
  PatternFeatures features;
  int n = 0;
  for_each_pattern_index(board, [&](std::int32_t index) { features.index[n++] = index; });
  count_scalar_terms(board, moves, features);
  return features;
}

// The sum is taken as the indexes come, without storing them.
int evaluate_pattern(const Board& board, Bitboard moves) {
  PatternFeatures features;
  count_scalar_terms(board, moves, features);
  if (features.finished) return finished_game_score(board);
  const PatternWeights& weights = trained_pattern_weights();
  const std::int32_t* scalars = weights.scalars + features.phase * kScalarWeights;
  const std::int16_t* patterns = weights.patterns + features.phase * kPatternWeights;
  int score = 0;
  for (int k = 0; k < kScalarWeights; ++k) score += scalars[k] * features.scalars[k];
  for_each_pattern_index(board, [&](std::int32_t index) { score += patterns[index]; });
  return std::clamp(score, -kWinScore + 1, kWinScore - 1);
}

}  // namespace reversi::ai
