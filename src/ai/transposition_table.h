// A transposition table of score bounds, owned by one searcher (never shared
// globally). Each entry keeps a lower and an upper bound, which suits the
// null-window searches the solver mostly runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/board.h"

namespace reversi::ai {

struct TableEntry {
  std::uint64_t key = 0;
  std::int16_t lower = 0;
  std::int16_t upper = 0;
  std::uint8_t depth = 0;     // plies (midgame) or empties (endgame) behind the bounds
  std::uint8_t move = 0;      // best move found, or kNoMove
  std::uint8_t generation = 0;
  std::uint8_t used = 0;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes);

  // The entry for `key`, or nullptr.
  const TableEntry* probe(std::uint64_t key) const;

  // Records the result `score` of an alpha-beta search with window
  // (alpha, beta): a fail-low gives an upper bound, a fail-high a lower one.
  void store(std::uint64_t key, int depth, int alpha, int beta, int score, Square best_move, int min_score,
             int max_score);

  // Ages the entries so a new search prefers to overwrite old ones.
  void next_generation() { ++generation_; }
  void clear();

 private:
  std::vector<TableEntry> entries_;  // buckets of two
  std::size_t bucket_mask_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace reversi::ai
