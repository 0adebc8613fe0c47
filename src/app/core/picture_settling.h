// Whether a frame is still due because the picture is still changing.
// Dear ImGui settles a change over a few frames (a popup is measured hidden
// on its first, sizes and scroll limits come from the frame before), and
// the app's fades run on time; the main loop, which draws nothing while
// nothing is due, asks this after each frame so that it never stops on a
// picture that the next frame would change.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace reversi {

// A 64-bit fingerprint of bytes fed piece by piece (a frame's vertices,
// indices and draw commands): equal pictures give equal values, and a
// change anywhere gives another value all but always.
class Fingerprint {
 public:
  void add(const void* data, std::size_t size);
  template <typename Value>
  void add_value(const Value& value) {
    add(&value, sizeof value);
  }
  std::uint64_t value() const;

 private:
  std::uint64_t state_ = 0x9E3779B97F4A7C15ull;
  std::uint64_t length_ = 0;
};

class PictureSettling {
 public:
  // One frame drawn, with its picture's fingerprint: true when another
  // frame is due (the picture differs from the frame before).
  bool drawn(std::uint64_t fingerprint);
  // The screen was drawn anew from scratch (a lost GL context came back):
  // the next frame has nothing to compare with.
  void forget() { last_.reset(); }

 private:
  std::optional<std::uint64_t> last_;
};

}  // namespace reversi
