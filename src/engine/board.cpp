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

// Legal targets along one shift direction, Kogge-Stone style: grow runs of
// opponent discs from the player's discs, then step once more onto a square.
template <int Shift>
inline Bitboard moves_one_direction(Bitboard player, Bitboard mask) {
  auto step = [](Bitboard bits, int amount) { return Shift > 0 ? bits << amount : bits >> amount; };
  constexpr int d = Shift > 0 ? Shift : -Shift;
  Bitboard run = mask & step(player, d);
  run |= mask & step(run, d);
  const Bitboard pair = mask & step(mask, d);
  run |= pair & step(run, 2 * d);
  run |= pair & step(run, 2 * d);
  return step(run, d);
}

}  // namespace

Bitboard legal_moves_portable(Bitboard player, Bitboard opponent) {
  const Bitboard inner = opponent & 0x7e7e7e7e7e7e7e7eULL;  // no wrap across the a/h edges
  Bitboard moves = moves_one_direction<1>(player, inner) | moves_one_direction<-1>(player, inner) |
                   moves_one_direction<8>(player, opponent) | moves_one_direction<-8>(player, opponent) |
                   moves_one_direction<7>(player, inner) | moves_one_direction<-7>(player, inner) |
                   moves_one_direction<9>(player, inner) | moves_one_direction<-9>(player, inner);
  return moves & ~(player | opponent);
}

#if REVERSI_HAVE_WIDE_KERNELS
Bitboard legal_moves_wide(Bitboard player, Bitboard opponent) {
  // Lanes: horizontal (1), vertical (8), the two diagonals (7, 9); each lane
  // grows runs towards higher and lower indexes like the portable kernel.
  typedef std::uint64_t Lanes __attribute__((vector_size(32)));
  const Lanes shift = {1, 8, 7, 9};
  const Lanes shift2 = {2, 16, 14, 18};
  const Bitboard inner = opponent & 0x7e7e7e7e7e7e7e7eULL;
  const Lanes mask = {inner, opponent, inner, inner};
  const Lanes own = {player, player, player, player};
  Lanes up = mask & (own << shift);
  Lanes down = mask & (own >> shift);
  up |= mask & (up << shift);
  down |= mask & (down >> shift);
  const Lanes pair_up = mask & (mask << shift);
  const Lanes pair_down = mask & (mask >> shift);
  up |= pair_up & (up << shift2);
  down |= pair_down & (down >> shift2);
  up |= pair_up & (up << shift2);
  down |= pair_down & (down >> shift2);
  const Lanes moves = (up << shift) | (down >> shift);
  return (moves[0] | moves[1] | moves[2] | moves[3]) & ~(player | opponent);
}

Bitboard legal_moves(Bitboard player, Bitboard opponent) { return legal_moves_wide(player, opponent); }
const char* move_kernel_name() { return "avx2"; }
#else
Bitboard legal_moves(Bitboard player, Bitboard opponent) { return legal_moves_portable(player, opponent); }
const char* move_kernel_name() { return "portable"; }
#endif

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
