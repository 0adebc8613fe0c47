// The move-generation kernels and the one place that picks between them.
//
// legal_moves_portable: 64-bit scalar Kogge-Stone, the same code in every
// build (and the only one in wasm, which has no per-lane variable shifts).
// legal_moves_wide: the same algorithm over the four line directions at once
// with vector extensions; only worth it where the target has per-lane shifts
// (x86 AVX2), so it is compiled only there. Both are always tested against
// each other where the wide one exists.
#pragma once

#include "engine/board.h"

#if defined(__AVX2__) && (defined(__GNUC__) || defined(__clang__))
#define REVERSI_HAVE_WIDE_KERNELS 1
#else
#define REVERSI_HAVE_WIDE_KERNELS 0
#endif

namespace reversi {

Bitboard legal_moves_portable(Bitboard player, Bitboard opponent);

#if REVERSI_HAVE_WIDE_KERNELS
Bitboard legal_moves_wide(Bitboard player, Bitboard opponent);
#endif

// Which kernel legal_moves() uses in this build ("portable" or "avx2").
const char* move_kernel_name();

}  // namespace reversi
