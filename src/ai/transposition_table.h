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
  std::uint8_t depth = 0;  // plies (midgame) or empties (endgame) behind the bounds
  std::uint8_t move = 0;   // best move found, or kNoMove
  std::uint8_t generation = 0;
  std::uint8_t used = 0;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes);
  // Moving keeps the storage (and the aligned view into it); copying would not.
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;
  TranspositionTable(TranspositionTable&&) = default;
  TranspositionTable& operator=(TranspositionTable&&) = default;

  // The entry for `key`, or nullptr.
  const TableEntry* probe(std::uint64_t key) const {
    const TableEntry* bucket = bucket_of(key);
    for (int i = 0; i < kBucketSize; ++i)
      if (bucket[i].used && bucket[i].key == key) return &bucket[i];
    return nullptr;
  }

  // Whether prefetch() does anything here: wasm has no prefetch instruction
  // (and an early load in its place stalls, measured 4 % slower).
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__wasm__)
  static constexpr bool kCanPrefetch = true;
#else
  static constexpr bool kCanPrefetch = false;
#endif

  // Starts loading the bucket of `key` into the cache, for a probe soon after.
  void prefetch(std::uint64_t key) const {
    if constexpr (kCanPrefetch) {
      __builtin_prefetch(bucket_of(key));
    } else {
      (void)key;
    }
  }

  // Records the result `score` of an alpha-beta search with window
  // (alpha, beta): a fail-low gives an upper bound, a fail-high a lower one.
  void store(std::uint64_t key, int depth, int alpha, int beta, int score, Square best_move, int min_score,
             int max_score);

  // Ages the entries so a new search prefers to overwrite old ones.
  void next_generation() { ++generation_; }
  void clear();

 private:
  // A bucket of four entries fills one cache line; the storage is
  // over-allocated so that buckets never straddle two lines.
  static constexpr int kBucketSize = 4;
  const TableEntry* bucket_of(std::uint64_t key) const { return buckets_ + (key & bucket_mask_) * kBucketSize; }
  TableEntry* bucket_of(std::uint64_t key) { return buckets_ + (key & bucket_mask_) * kBucketSize; }

  std::vector<TableEntry> entries_;  // the buckets, plus alignment slack
  TableEntry* buckets_ = nullptr;
  std::size_t bucket_mask_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace reversi::ai
