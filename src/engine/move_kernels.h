// The move-generation kernels and the one place that picks between them.
// They are inline so that the search's hot loops can inline them too.
//
// legal_moves_portable: 64-bit scalar Kogge-Stone, the same code in every
// build (and the only one in wasm, which has no per-lane variable shifts).
// legal_moves_wide: the same algorithm over the four line directions at once
// with vector extensions; only worth it where the target has per-lane shifts
// (x86 AVX2), so it is compiled only there. Both are always tested against
// each other where the wide one exists. legal_moves_fast is the one this
// build uses; legal_moves() in board.h is the same, out of line.
#pragma once

#include <cstdint>

#include "engine/board.h"

#if defined(__AVX2__) && (defined(__GNUC__) || defined(__clang__))
#define REVERSI_HAVE_WIDE_KERNELS 1
#else
#define REVERSI_HAVE_WIDE_KERNELS 0
#endif

namespace reversi {

namespace kernels {
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
}  // namespace kernels

inline Bitboard legal_moves_portable(Bitboard player, Bitboard opponent) {
  using kernels::moves_one_direction;
  const Bitboard inner = opponent & 0x7e7e7e7e7e7e7e7eULL;  // no wrap across the a/h edges
  Bitboard moves = moves_one_direction<1>(player, inner) | moves_one_direction<-1>(player, inner) |
                   moves_one_direction<8>(player, opponent) | moves_one_direction<-8>(player, opponent) |
                   moves_one_direction<7>(player, inner) | moves_one_direction<-7>(player, inner) |
                   moves_one_direction<9>(player, inner) | moves_one_direction<-9>(player, inner);
  return moves & ~(player | opponent);
}

#if REVERSI_HAVE_WIDE_KERNELS
inline Bitboard legal_moves_wide(Bitboard player, Bitboard opponent) {
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

inline Bitboard legal_moves_fast(Bitboard player, Bitboard opponent) { return legal_moves_wide(player, opponent); }
#else
inline Bitboard legal_moves_fast(Bitboard player, Bitboard opponent) { return legal_moves_portable(player, opponent); }
#endif

// Which kernel legal_moves() uses in this build ("portable" or "avx2").
const char* move_kernel_name();

}  // namespace reversi
