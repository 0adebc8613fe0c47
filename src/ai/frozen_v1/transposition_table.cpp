#include "ai/frozen_v1/transposition_table.h"

#include <algorithm>
#include <cstdint>

namespace reversi::frozen_v1 {

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  std::size_t buckets = 1;
  const std::size_t wanted = std::max<std::size_t>(1, megabytes) * 1024 * 1024 / (kBucketSize * sizeof(TableEntry));
  while (buckets * 2 <= wanted) buckets *= 2;
  constexpr std::size_t kLine = 64;
  entries_.resize(buckets * kBucketSize + kLine / sizeof(TableEntry));
  bucket_mask_ = buckets - 1;
  const auto address = reinterpret_cast<std::uintptr_t>(entries_.data());
  buckets_ = entries_.data() + (kLine - address % kLine) % kLine / sizeof(TableEntry);
}

void TranspositionTable::store(std::uint64_t key, int depth, int alpha, int beta, int score, Square best_move,
                               int min_score, int max_score) {
  TableEntry* bucket = bucket_of(key);
  TableEntry* entry = nullptr;
  for (int i = 0; i < kBucketSize; ++i)
    if (bucket[i].used && bucket[i].key == key) entry = &bucket[i];
  if (entry && entry->depth != depth) {
    if (entry->depth > depth) return;  // keep the deeper knowledge
    entry->lower = static_cast<std::int16_t>(min_score);
    entry->upper = static_cast<std::int16_t>(max_score);
  }
  if (!entry) {
    // Replace the oldest, then the shallowest, of the bucket.
    auto worth = [&](const TableEntry& candidate) {
      if (!candidate.used) return -1;
      return (candidate.generation == generation_ ? 256 : 0) + candidate.depth;
    };
    entry = &bucket[0];
    for (int i = 1; i < kBucketSize; ++i)
      if (worth(bucket[i]) < worth(*entry)) entry = &bucket[i];
    entry->key = key;
    entry->lower = static_cast<std::int16_t>(min_score);
    entry->upper = static_cast<std::int16_t>(max_score);
    entry->move = static_cast<std::uint8_t>(kNoMove);
    entry->used = 1;
  }
  entry->depth = static_cast<std::uint8_t>(depth);
  entry->generation = generation_;
  if (score < beta) entry->upper = static_cast<std::int16_t>(std::min<int>(entry->upper, score));
  if (score > alpha) entry->lower = static_cast<std::int16_t>(std::max<int>(entry->lower, score));
  if (entry->lower > entry->upper) {  // stale bounds from another window: trust the new result
    entry->lower = static_cast<std::int16_t>(score > alpha ? score : min_score);
    entry->upper = static_cast<std::int16_t>(score < beta ? score : max_score);
  }
  if (best_move < 64 && (score > alpha || entry->move == kNoMove)) entry->move = static_cast<std::uint8_t>(best_move);
}

void TranspositionTable::clear() {
  std::fill(entries_.begin(), entries_.end(), TableEntry{});
  generation_ = 0;
}

}  // namespace reversi::frozen_v1
