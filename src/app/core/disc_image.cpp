#include "app/core/disc_image.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace reversi {
namespace {

// How much of the pixel whose centre is (x, y) the shape covers, 0..1: the
// distance to the ellipse's edge, to first order, in pixels.
float coverage(const EllipseShape& shape, float x, float y) {
  const float dx = x - shape.center_x, dy = y - shape.center_y;
  const float rx2 = shape.radius_x * shape.radius_x, ry2 = shape.radius_y * shape.radius_y;
  const float level = dx * dx / rx2 + dy * dy / ry2 - 1.0f;
  const float gx = 2 * dx / rx2, gy = 2 * dy / ry2;
  const float slope = std::sqrt(gx * gx + gy * gy);
  // At the very centre the slope is zero and the point is deep inside.
  const float distance = slope > 1e-6f ? level / slope : -std::min(shape.radius_x, shape.radius_y);
  if (shape.stroke > 0) return std::clamp(shape.stroke * 0.5f + 0.5f - std::abs(distance), 0.0f, 1.0f);
  return std::clamp(0.5f - distance, 0.0f, 1.0f);
}

float channel(std::uint32_t colour, int shift) { return static_cast<float>((colour >> shift) & 0xFF) / 255.0f; }

}  // namespace

std::uint32_t RgbaImage::at(int x, int y) const {
  const std::size_t index =
      (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
  return static_cast<std::uint32_t>(pixels[index]) | static_cast<std::uint32_t>(pixels[index + 1]) << 8 |
         static_cast<std::uint32_t>(pixels[index + 2]) << 16 | static_cast<std::uint32_t>(pixels[index + 3]) << 24;
}

RgbaImage paint_ellipses(int width, int height, std::span<const EllipseShape> shapes) {
  RgbaImage image{std::max(width, 0), std::max(height, 0), {}};
  image.pixels.assign(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4, 0);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      // Straight alpha, composited "over" in order.
      float red = 0, green = 0, blue = 0, alpha = 0;
      bool coloured = false;
      for (const EllipseShape& shape : shapes) {
        if (shape.radius_x <= 0 || shape.radius_y <= 0) continue;
        const float cover = coverage(shape, static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
        if (cover <= 0 && coloured) continue;
        const float a = cover * channel(shape.colour, 24);
        const float r = channel(shape.colour, 0), g = channel(shape.colour, 8), b = channel(shape.colour, 16);
        if (!coloured) {
          // The first shape's colour under everything: an edge filtered
          // against a transparent pixel blends with that, not with black.
          red = r, green = g, blue = b;
          coloured = true;
        }
        const float out = a + alpha * (1 - a);
        if (out <= 0) continue;
        red = (r * a + red * alpha * (1 - a)) / out;
        green = (g * a + green * alpha * (1 - a)) / out;
        blue = (b * a + blue * alpha * (1 - a)) / out;
        alpha = out;
      }
      const std::size_t index =
          (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x)) * 4;
      const auto byte = [](float value) {
        return static_cast<std::uint8_t>(std::lround(std::clamp(value, 0.0f, 1.0f) * 255));
      };
      image.pixels[index] = byte(red);
      image.pixels[index + 1] = byte(green);
      image.pixels[index + 2] = byte(blue);
      image.pixels[index + 3] = byte(alpha);
    }
  }
  return image;
}

}  // namespace reversi
