// The discs' pictures (app/core/disc_image.h): ellipses painted with a soft
// edge, each over the ones before, in straight alpha.
#include "app/core/disc_image.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace reversi {
namespace {

constexpr std::uint32_t rgba(int red, int green, int blue, int alpha) {
  return static_cast<std::uint32_t>(red) | static_cast<std::uint32_t>(green) << 8 |
         static_cast<std::uint32_t>(blue) << 16 | static_cast<std::uint32_t>(alpha) << 24;
}
int alpha_of(std::uint32_t colour) { return static_cast<int>(colour >> 24); }
int red_of(std::uint32_t colour) { return static_cast<int>(colour & 0xFF); }

TEST_CASE("a filled ellipse is opaque inside, clear outside, with a soft edge a pixel wide") {
  const std::vector<EllipseShape> shapes{{20, 20, 12, 8, rgba(200, 10, 10, 255), 0}};
  const RgbaImage image = paint_ellipses(40, 40, shapes);
  REQUIRE(image.width == 40);
  REQUIRE(image.height == 40);
  REQUIRE(image.pixels.size() == 40u * 40u * 4u);
  CHECK(image.at(20, 20) == rgba(200, 10, 10, 255));
  CHECK(image.at(30, 20) == rgba(200, 10, 10, 255));  // inside the long radius
  CHECK(alpha_of(image.at(20, 30)) == 0);             // past the short one
  CHECK(alpha_of(image.at(0, 0)) == 0);
  // Along a row through the centre, the edge (x = 32) falls from opaque to clear over about one pixel.
  CHECK(alpha_of(image.at(30, 20)) == 255);
  CHECK(alpha_of(image.at(31, 20)) > 96);  // centre 31.5: half a pixel inside
  CHECK(alpha_of(image.at(31, 20)) < 255);
  CHECK(alpha_of(image.at(33, 20)) == 0);
  // A clear pixel keeps the shape's colour, so that filtering does not darken the edge.
  CHECK(red_of(image.at(0, 0)) == 200);
}

TEST_CASE("shapes are painted in order, each over the ones before; a stroke is a ring") {
  const std::vector<EllipseShape> shapes{
      {16, 16, 14, 14, rgba(0, 0, 255, 255), 0},
      {16, 16, 6, 6, rgba(255, 0, 0, 128), 0},    // half see-through over blue
      {16, 16, 11, 11, rgba(0, 255, 0, 255), 2},  // a ring two pixels wide
  };
  const RgbaImage image = paint_ellipses(32, 32, shapes);
  const std::uint32_t middle = image.at(16, 16);
  CHECK(alpha_of(middle) == 255);
  CHECK(std::abs(red_of(middle) - 128) <= 1);
  CHECK(std::abs(static_cast<int>((middle >> 16) & 0xFF) - 127) <= 1);  // blue showing through
  CHECK(image.at(27, 16) == rgba(0, 255, 0, 255));                      // on the ring (centre 27.5 is 0.5 out)
  CHECK(image.at(23, 16) == rgba(0, 0, 255, 255));                      // between the dot and the ring
  CHECK(alpha_of(image.at(31, 31)) == 0);
}

TEST_CASE("see-through shapes over nothing keep their own alpha; nothing to paint is clear") {
  const std::vector<EllipseShape> shadow{{8, 8, 6, 6, rgba(255, 255, 255, 255), 0}};
  const RgbaImage image = paint_ellipses(16, 16, shadow);
  CHECK(image.at(8, 8) == rgba(255, 255, 255, 255));
  const std::vector<EllipseShape> faint{{8, 8, 6, 6, rgba(10, 20, 30, 64), 0}};
  CHECK(paint_ellipses(16, 16, faint).at(8, 8) == rgba(10, 20, 30, 64));
  const RgbaImage empty = paint_ellipses(4, 4, {});
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) CHECK(empty.at(x, y) == 0u);
  CHECK(paint_ellipses(0, 5, shadow).pixels.empty());
}

}  // namespace
}  // namespace reversi
