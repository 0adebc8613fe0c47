// The main loop's rule for frames after a change (issue 45): a frame whose
// picture differs from the one before owes another, two alike end it, and
// the fingerprint tells pictures apart by every byte.
#include "app/core/picture_settling.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

namespace reversi {
namespace {

std::uint64_t fingerprint_of(const std::vector<std::uint8_t>& bytes) {
  Fingerprint fingerprint;
  fingerprint.add(bytes.data(), bytes.size());
  return fingerprint.value();
}

TEST_CASE("a fingerprint is the same for the same bytes and differs for any one byte changed") {
  std::vector<std::uint8_t> picture(1000);
  for (std::size_t index = 0; index < picture.size(); ++index) picture[index] = static_cast<std::uint8_t>(index * 7);
  const std::uint64_t original = fingerprint_of(picture);
  CHECK(fingerprint_of(picture) == original);
  for (const std::size_t index : {std::size_t{0}, std::size_t{7}, std::size_t{8}, std::size_t{500}, std::size_t{999}}) {
    std::vector<std::uint8_t> changed = picture;
    changed[index] ^= 1;
    CHECK_MESSAGE(fingerprint_of(changed) != original, "byte " << index);
  }
}

TEST_CASE("a fingerprint counts where the pieces end: more bytes, or zeros added, are another picture") {
  const std::vector<std::uint8_t> three = {1, 2, 3};
  std::vector<std::uint8_t> padded = three;
  padded.push_back(0);
  CHECK(fingerprint_of(three) != fingerprint_of(padded));
  CHECK(fingerprint_of({}) != fingerprint_of({0}));
  Fingerprint pieces;
  pieces.add_value(std::uint32_t{5});
  pieces.add_value(std::uint16_t{9});
  Fingerprint again;
  again.add_value(std::uint32_t{5});
  again.add_value(std::uint16_t{9});
  CHECK(pieces.value() == again.value());
}

TEST_CASE("frames are owed while the picture changes and end with two alike") {
  PictureSettling settling;
  CHECK(settling.drawn(1));        // nothing to compare with: one more
  CHECK(settling.drawn(2));        // a popup measured hidden, then shown
  CHECK(settling.drawn(3));        // a fade on its way
  CHECK_FALSE(settling.drawn(3));  // settled: the loop may rest
  CHECK_FALSE(settling.drawn(3));
  CHECK(settling.drawn(4));  // an input changed it
  settling.forget();
  CHECK(settling.drawn(4));  // drawn anew: compared with nothing
}

}  // namespace
}  // namespace reversi
