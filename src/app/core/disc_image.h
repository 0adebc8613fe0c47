// A disc painted once into a picture, so that a board of discs costs the
// renderer one textured quad a disc instead of a dozen tessellated ellipses
// (app/disc_view.cpp keeps the pictures as textures). Pure C++: the shapes
// in, straight-alpha RGBA pixels out.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace reversi {

// An ellipse filled (`stroke` 0) or outlined with a line `stroke` pixels
// wide, centred on its edge. Pixels; the colour in ImGui's packing (red in
// the low byte, alpha in the high).
struct EllipseShape {
  float center_x = 0, center_y = 0;
  float radius_x = 0, radius_y = 0;
  std::uint32_t colour = 0xFFFFFFFF;
  float stroke = 0;
};

// Four bytes a pixel (red, green, blue, alpha), rows top to bottom. Alpha is
// not premultiplied, and a transparent pixel keeps the colour of the shape
// nearest under it, so that a filtered edge does not darken.
struct RgbaImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> pixels;
  std::uint32_t at(int x, int y) const;  // ImGui's packing, as the shapes
};

// Paints the shapes in order, each over the ones before, with a pixel-wide
// soft edge (what ImGui's anti-aliased fill draws).
RgbaImage paint_ellipses(int width, int height, std::span<const EllipseShape> shapes);

}  // namespace reversi
