// The move-generation kernels and the one place that picks between them.
// They are inline so that the search's hot loops can inline them too.
//
// legal_moves_portable: 64-bit scalar Kogge-Stone, the same code in every
// build; towards h along a row it lets an addition's carry run over the
// opponent's discs instead.
// legal_moves_wide: the same algorithm over the four line directions at once
// with vector extensions; it needs per-lane shifts (x86 AVX2), so it is
// compiled only there.
// legal_moves_simd128: for wasm SIMD, whose shifts move every lane by the
// same amount. One lane holds the board, the other the board upside down, so
// three chains of shifts towards higher indexes cover the six vertical and
// diagonal directions; the row directions stay scalar.
// The tests check every kernel of a build against the portable one.
// legal_moves_fast is the one this build uses; legal_moves() in board.h is
// the same, out of line.
//
// The flip kernels, for the search's hot paths (flips_for() in board.h is
// the plain reference they are tested against):
// flips_portable: branch-free along each of the eight rays from the square.
// flips_wide: the eight rays four to a vector (x86 AVX2); 3 % off the
// solver's time on FFO #40-#44, the same nodes.
// flips_simd128: the same two rays at a time in wasm SIMD. The three rays
// towards the top rows are walked on the board upside down, where they run
// towards higher indexes like the others; towards a stays scalar. V8 keeps
// the scalar kernel's many live values in too few registers, and this one
// runs a third fewer instructions there.
// flips_fast is the one this build uses.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/board.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define REVERSI_HAVE_SIMD128_KERNELS 1
#else
#define REVERSI_HAVE_SIMD128_KERNELS 0
#endif

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

// Towards h along each row: adding the opponent's discs to the ones that
// touch a player's disc carries through each run and stops on the first
// square past it. Runs never carry into the next row, because the a and h
// files are left out of the opponent's discs.
inline Bitboard moves_towards_h(Bitboard player, Bitboard inner_opponent) {
  return ((player << 1) & inner_opponent) + inner_opponent;
}
}  // namespace kernels

inline Bitboard legal_moves_portable(Bitboard player, Bitboard opponent) {
  using kernels::moves_one_direction;
  const Bitboard inner = opponent & 0x7e7e7e7e7e7e7e7eULL;  // no wrap across the a/h edges
  Bitboard moves = kernels::moves_towards_h(player, inner) | moves_one_direction<-1>(player, inner) |
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
#elif REVERSI_HAVE_SIMD128_KERNELS
namespace kernels {
// Lane 1's rows in reverse order (a byte swap); lane 0 unchanged.
inline v128_t upside_down_in_lane1(v128_t v) {
  return wasm_i8x16_shuffle(v, v, 0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8);
}

template <int Shift>
inline v128_t moves_two_directions(v128_t player, v128_t mask) {
  v128_t run = wasm_v128_and(mask, wasm_i64x2_shl(player, Shift));
  run = wasm_v128_or(run, wasm_v128_and(mask, wasm_i64x2_shl(run, Shift)));
  const v128_t pair = wasm_v128_and(mask, wasm_i64x2_shl(mask, Shift));
  run = wasm_v128_or(run, wasm_v128_and(pair, wasm_i64x2_shl(run, 2 * Shift)));
  run = wasm_v128_or(run, wasm_v128_and(pair, wasm_i64x2_shl(run, 2 * Shift)));
  return wasm_i64x2_shl(run, Shift);
}
}  // namespace kernels

inline Bitboard legal_moves_simd128(Bitboard player, Bitboard opponent) {
  using namespace kernels;
  const Bitboard inner = opponent & 0x7e7e7e7e7e7e7e7eULL;
  // Lane 1 is upside down, so there +8 is -8 on the board, +7 is -9 and +9
  // is -7. The a/h-file mask is the same both ways up.
  const v128_t own = upside_down_in_lane1(wasm_i64x2_splat(static_cast<std::int64_t>(player)));
  const v128_t theirs = upside_down_in_lane1(wasm_i64x2_splat(static_cast<std::int64_t>(opponent)));
  const v128_t theirs_inner = wasm_v128_and(theirs, wasm_i64x2_splat(0x7e7e7e7e7e7e7e7eLL));
  const v128_t lanes = wasm_v128_or(
      moves_two_directions<8>(own, theirs),
      wasm_v128_or(moves_two_directions<7>(own, theirs_inner), moves_two_directions<9>(own, theirs_inner)));
  // Lane 1 turned back the right way up, into lane 0.
  const v128_t back = wasm_i8x16_shuffle(lanes, lanes, 15, 14, 13, 12, 11, 10, 9, 8, 0, 1, 2, 3, 4, 5, 6, 7);
  const Bitboard columns = static_cast<Bitboard>(wasm_i64x2_extract_lane(wasm_v128_or(lanes, back), 0));
  const Bitboard rows = moves_towards_h(player, inner) | moves_one_direction<-1>(player, inner);
  return (columns | rows) & ~(player | opponent);
}

inline Bitboard legal_moves_fast(Bitboard player, Bitboard opponent) { return legal_moves_simd128(player, opponent); }
#else
inline Bitboard legal_moves_fast(Bitboard player, Bitboard opponent) { return legal_moves_portable(player, opponent); }
#endif

// Which kernel legal_moves() uses in this build ("portable", "avx2" or
// "simd128").
const char* move_kernel_name();

namespace kernels {
// Squares strictly beyond a square in each of eight directions, up to the
// edge. Directions 0-3 walk towards higher indexes (towards h, 8, h8, a8),
// 4-7 towards lower ones (towards a, 1, a1, h1).
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
      for (; column >= 0 && column < 8 && row >= 0 && row < 8;
           column += kColumnStep[direction], row += kRowStep[direction])
        ray |= bit(square_at(column, row));
      table.rays[square][direction] = ray;
    }
  return table;
}
inline constexpr RayTable kRayTable = make_ray_table();

// Flips along a ray towards lower indexes, where the nearest square without
// an opponent disc is the highest such bit of the ray (with none, bit 63 is
// taken, which no ray towards lower indexes holds).
inline Bitboard flips_towards_lower(Bitboard ray, Bitboard player, Bitboard opponent) {
  const Bitboard outflank = (Bitboard{1} << 63 >> (std::countl_zero(ray & ~opponent) & 63)) & player;
  return ray & ~((outflank << 1) - 1);
}
}  // namespace kernels

// Discs flipped by `player` playing `square` (empty when nothing is trapped).
// Branch-free: the nearest non-opponent square on each ray must be a player
// disc for the squares before it to flip.
inline Bitboard flips_portable(Bitboard player, Bitboard opponent, Square square) {
  const auto& rays = kernels::kRayTable.rays[square];
  Bitboard flips = 0;
  for (int direction = 0; direction < 4; ++direction) {
    const Bitboard stops = rays[direction] & ~opponent;
    const Bitboard outflank = stops & (0 - stops) & player;
    flips |= (outflank - (outflank != 0)) & rays[direction];
  }
  for (int direction = 4; direction < 8; ++direction)
    flips |= kernels::flips_towards_lower(rays[direction], player, opponent);
  return flips;
}

#if REVERSI_HAVE_WIDE_KERNELS
// The eight rays at once, four to a vector. Towards higher indexes as in
// flips_portable; towards lower ones, where AVX2 has no per-lane leading-zero
// count, the run of opponent discs is grown from the square along the ray
// in four doubling steps (a run is at most six long) and kept when the
// square just past it holds a player disc.
inline Bitboard flips_wide(Bitboard player, Bitboard opponent, Square square) {
  typedef std::uint64_t Lanes __attribute__((vector_size(32)));
  const Bitboard* rays = kernels::kRayTable.rays[square].data();
  Lanes higher, lower;
  __builtin_memcpy(&higher, rays, sizeof higher);
  __builtin_memcpy(&lower, rays + 4, sizeof lower);
  const Lanes zero = {0, 0, 0, 0};
  const Lanes own = zero + player, theirs = zero + opponent;
  const Lanes stops = higher & ~theirs;
  const Lanes outflank = stops & (zero - stops) & own;
  // outflank - 1 where there is one: the squares before it on the ray.
  Lanes flips = (outflank + reinterpret_cast<Lanes>(outflank != zero)) & higher;
  // Towards a, 1, a1 and h1.
  const Lanes shift = {1, 8, 9, 7}, shift2 = shift + shift;
  const Lanes mask = lower & theirs;
  Lanes run = mask & ((zero + bit(square)) >> shift);
  run |= mask & (run >> shift);
  const Lanes pair = mask & (mask >> shift);
  run |= pair & (run >> shift2);
  run |= pair & (run >> shift2);
  flips |= run & reinterpret_cast<Lanes>(((run >> shift) & own & lower) != zero);
  return flips[0] | flips[1] | flips[2] | flips[3];
}
#endif
#if REVERSI_HAVE_SIMD128_KERNELS
namespace kernels {
constexpr Bitboard rows_reversed(Bitboard bits) {
  Bitboard reversed = 0;
  for (int row = 0; row < 8; ++row) reversed |= ((bits >> (8 * row)) & 0xff) << (8 * (7 - row));
  return reversed;
}
// Per square, two rays to a vector: towards h and 8, towards h8 and a8, then
// upside down the rays towards 1, a1 and h1 (and an empty one).
struct alignas(16) PairedRayTable {
  std::array<std::array<Bitboard, 8>, 64> rays{};
};
constexpr PairedRayTable make_paired_ray_table() {
  PairedRayTable table;
  for (int square = 0; square < 64; ++square) {
    const auto& rays = kRayTable.rays[square];
    table.rays[square] = {
        rays[0], rays[1], rays[2], rays[3], rows_reversed(rays[5]), rows_reversed(rays[6]), rows_reversed(rays[7]), 0};
  }
  return table;
}
inline constexpr PairedRayTable kPairedRayTable = make_paired_ray_table();

// Flips along two rays towards higher indexes, as in flips_portable.
inline v128_t flips_two_rays(v128_t rays, v128_t player, v128_t opponent) {
  const v128_t stops = wasm_v128_andnot(rays, opponent);
  const v128_t outflank = wasm_v128_and(wasm_v128_and(stops, wasm_i64x2_neg(stops)), player);
  const v128_t before = wasm_v128_and(rays, wasm_i64x2_sub(outflank, wasm_i64x2_splat(1)));
  return wasm_v128_andnot(before, wasm_i64x2_eq(outflank, wasm_i64x2_splat(0)));
}

// Both lanes hold `bits` upside down.
inline v128_t splat_upside_down(v128_t bits) {
  return wasm_i8x16_shuffle(bits, bits, 7, 6, 5, 4, 3, 2, 1, 0, 7, 6, 5, 4, 3, 2, 1, 0);
}
}  // namespace kernels

inline Bitboard flips_simd128(Bitboard player, Bitboard opponent, Square square) {
  using namespace kernels;
  const Bitboard* rays = kPairedRayTable.rays[square].data();
  const v128_t own = wasm_i64x2_splat(static_cast<std::int64_t>(player));
  const v128_t theirs = wasm_i64x2_splat(static_cast<std::int64_t>(opponent));
  const v128_t own_upside_down = splat_upside_down(own), theirs_upside_down = splat_upside_down(theirs);
  const v128_t upright = wasm_v128_or(flips_two_rays(wasm_v128_load(rays), own, theirs),
                                      flips_two_rays(wasm_v128_load(rays + 2), own, theirs));
  const v128_t upside_down =
      wasm_v128_or(flips_two_rays(wasm_v128_load(rays + 4), own_upside_down, theirs_upside_down),
                   flips_two_rays(wasm_v128_load(rays + 6), own_upside_down, theirs_upside_down));
  // Each lane of the upside-down half turned back, then the lanes together.
  const v128_t all = wasm_v128_or(
      upright, wasm_i8x16_shuffle(upside_down, upside_down, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8));
  return static_cast<Bitboard>(wasm_i64x2_extract_lane(all, 0)) |
         static_cast<Bitboard>(wasm_i64x2_extract_lane(all, 1)) |
         flips_towards_lower(kRayTable.rays[square][4], player, opponent);
}

#endif
inline Bitboard flips_fast(Bitboard player, Bitboard opponent, Square square) {
#if REVERSI_HAVE_WIDE_KERNELS
  return flips_wide(player, opponent, square);
#elif REVERSI_HAVE_SIMD128_KERNELS
  return flips_simd128(player, opponent, square);
#else
  return flips_portable(player, opponent, square);
#endif
}

}  // namespace reversi
