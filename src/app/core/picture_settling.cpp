#include "app/core/picture_settling.h"

#include <cstring>

namespace reversi {
namespace {

constexpr std::uint64_t kMultiplier = 0xFF51AFD7ED558CCDull;

std::uint64_t mix(std::uint64_t state, std::uint64_t word) {
  state ^= word;
  state *= kMultiplier;
  return state ^ (state >> 29);
}

}  // namespace

// Eight bytes at a time: a frame holds a few megabytes at most, and this
// takes well under a millisecond of a frame that draws them.
void Fingerprint::add(const void* data, std::size_t size) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  std::size_t at = 0;
  for (; at + 8 <= size; at += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, bytes + at, 8);
    state_ = mix(state_, word);
  }
  std::uint64_t tail = 0;
  if (size > at) std::memcpy(&tail, bytes + at, size - at);
  state_ = mix(state_, tail ^ (static_cast<std::uint64_t>(size - at) << 56));
  length_ += size;
}

std::uint64_t Fingerprint::value() const { return mix(state_, length_); }

bool PictureSettling::drawn(std::uint64_t fingerprint) {
  const bool changed = !last_ || *last_ != fingerprint;
  last_ = fingerprint;
  return changed;
}

}  // namespace reversi
