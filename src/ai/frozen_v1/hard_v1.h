// Hard v1: the Hard strength as it was before the work on its midgame
// (pattern weights v1, the search and the solver of that time), frozen in
// its own namespace so that `reversi-cli match hard hard-v1` keeps measuring
// against the same opponent whatever later changes do to Hard. The files in
// this folder are copies; change none of them (`reversi-cli bench --engine
// hard-v1` must keep printing v1's bench signature, 4,312,172 nodes).
// It does not ponder: matches between engines do not.
#pragma once

#include <memory>

#include "ai/computer.h"
#include "engine/board.h"

namespace reversi::frozen_v1 {

class HardV1 {
 public:
  explicit HardV1(std::size_t table_megabytes = 16);
  ~HardV1();
  HardV1(const HardV1&) = delete;
  HardV1& operator=(const HardV1&) = delete;

  // Hard v1's move for the side to move of `board`, with its report.
  SearchReport choose_move(const Board& board, const SearchLimits& limits = {});
  // Exact final margin for the side to move, as v1's solve_exact found it.
  SearchReport solve_exact(const Board& board);
  // The node count of v1's bench workload's midgame part: iterative
  // deepening from 1 to `depth` plies with v1's search.
  SearchReport deepen(const Board& board, int depth);
  void set_clock(ClockSource clock);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace reversi::frozen_v1
