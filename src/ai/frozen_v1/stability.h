// Hard v1's stable-disc count, frozen (a copy of src/ai/stability.h).
//
// Discs that can never be flipped again. The solver uses their count to cut
// hopeless lines early; the evaluation rewards them.
#pragma once

#include "engine/board.h"

namespace reversi::frozen_v1 {

// Stable discs of `player` lying on the four edges, exact for each edge seen
// as a line of eight (any empty edge square may later be taken by either side).
Bitboard stable_edge_discs(Bitboard player, Bitboard opponent);

// A safe under-estimate of all stable discs of `player`: stable edges, discs
// on lines filled in all four directions, and discs held in place by stable
// neighbours.
Bitboard stable_discs(Bitboard player, Bitboard opponent);

}  // namespace reversi::frozen_v1
