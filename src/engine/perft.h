// Counting the move tree, the standard check of a move generator.
#pragma once

#include <cstdint>

#include "engine/board.h"

namespace reversi {

// Leaves of the move tree `depth` plies below `board`, with the reference
// convention: a pass is a ply, and a game that ends before `depth` counts as
// one leaf. The last ply is bulk-counted from the move mask.
std::uint64_t perft(const Board& board, int depth);

}  // namespace reversi
