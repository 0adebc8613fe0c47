// Positions for the best-move rate (bench/strength_bench.sh): positions
// with 20-26 empties from varied openings, each with its best moves proven
// by the exact solver.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/notation.h"

namespace reversi::training {

struct BestMoveOptions {
  int positions = 100;
  std::uint64_t seed = 1;
  int fewest_empties = 20, most_empties = 26;
};

// Generates the positions one by one and passes each to `emit` as an OBF
// line listing its best moves with the exact score they keep, like the FFO
// suites ("...X; G8:+18; H1:+18;"). Every position has a move that is not
// best, so choosing at random would miss sometimes. The same options give
// the same lines.
void best_move_positions(const BestMoveOptions& options, const std::function<void(const std::string& line)>& emit);

}  // namespace reversi::training
