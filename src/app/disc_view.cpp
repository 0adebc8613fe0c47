#include "app/disc_view.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "app/core/disc_image.h"
#include "app/theme.h"

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <SDL_opengl.h>
#endif

namespace reversi {
namespace {

ImU32 mix(ImU32 from, ImU32 to, float t) {
  const ImVec4 a = ImGui::ColorConvertU32ToFloat4(from), b = ImGui::ColorConvertU32ToFloat4(to);
  return ImGui::ColorConvertFloat4ToU32(
      ImVec4(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, a.w + (b.w - a.w) * t));
}

// A disc's face as shapes: the edge, nine nested ellipses of soft light from
// the upper left, and on mother-of-pearl a ring (the sides differ by more
// than colour). `pixel`: how long a layout pixel is where it is painted.
std::vector<EllipseShape> face_shapes(ImVec2 center, float radius, Color face, float width, float pixel) {
  const float radius_x = radius * std::max(width, 0.0f);
  const bool ebony = face == Color::Black;
  const ImU32 body = ebony ? palette::kEbony : palette::kPearl;
  const ImU32 shine = ebony ? palette::kEbonyHighlight : palette::kPearlHighlight;
  std::vector<EllipseShape> shapes;
  shapes.push_back({center.x, center.y, radius_x, radius, ebony ? palette::kEbonyEdge : palette::kPearlEdge, 0});
  constexpr int kLayers = 9;
  for (int layer = 0; layer < kLayers; ++layer) {
    const float t = static_cast<float>(layer) / (kLayers - 1);
    const float shrink = 1.0f - 0.08f - 0.72f * t;
    ImU32 colour = mix(body, shine, t * t * (ebony ? 0.85f : 1.0f));
    if (!ebony && layer == 3) colour = mix(colour, IM_COL32(226, 214, 236, 255), 0.45f);  // nacre: faint violet
    if (!ebony && layer == 5) colour = mix(colour, IM_COL32(214, 236, 232, 255), 0.40f);  // and sea-green
    shapes.push_back({center.x - radius_x * 0.28f * t, center.y - radius * 0.30f * t, radius_x * shrink,
                      radius * shrink, colour, 0});
  }
  if (!ebony)
    shapes.push_back({center.x, center.y, radius_x * 0.5f, radius * 0.5f, palette::kDiscMark,
                      std::max(pixel, radius * palette::kDiscMarkWidth) * std::min(1.0f, width * 1.5f)});
  return shapes;
}

// The shadow on the felt: an ellipse a little larger than the disc.
EllipseShape shadow_shape(ImVec2 center, float radius, float width, float pixel, ImU32 colour) {
  return {center.x, center.y, radius * std::max(width, 0.0f) * 1.02f + pixel, radius * 1.02f, colour, 0};
}

// Where a disc and its shadow go, for a disc of `radius` (lift included).
struct Placement {
  ImVec2 body, shadow;
};
Placement place(ImVec2 center, float radius, float lift) {
  const float drop = radius * (0.10f + 0.18f * lift);
  return {ImVec2(center.x, center.y - radius * 0.10f * lift), ImVec2(center.x + drop * 0.35f, center.y + drop)};
}

// The same shapes tessellated, where no texture can be had.
void draw_shapes(ImDrawList& draw_list, const std::vector<EllipseShape>& shapes) {
  for (const EllipseShape& shape : shapes) {
    const bool stroke = shape.stroke > 0;
    if (shape.radius_x < (stroke ? 0.5f : 0.3f) || shape.radius_y < (stroke ? 0.5f : 0.3f)) continue;
    const int segments = std::clamp(static_cast<int>(shape.radius_y * (stroke ? 1.5f : 1.2f)), 18, 64);
    for (int i = 0; i < segments; ++i) {
      const float angle = 6.2831853f * static_cast<float>(i) / static_cast<float>(segments);
      draw_list.PathLineTo(
          ImVec2(shape.center_x + std::cos(angle) * shape.radius_x, shape.center_y + std::sin(angle) * shape.radius_y));
    }
    if (stroke)
      draw_list.PathStroke(shape.colour, ImDrawFlags_Closed, shape.stroke);
    else
      draw_list.PathFillConvex(shape.colour);
  }
}

// One size of disc painted: ebony, mother-of-pearl and the shadow (white,
// tinted when drawn) side by side in one texture, each in a square `cell`
// device pixels wide with the disc at its centre.
struct Painted {
  float radius = 0;  // device pixels, as painted
  float pixel = 0;   // device pixels in a layout pixel
  std::array<ImU32, 7> colours{};
  float mark_width = 0;
  int cell = 0;
  GLuint texture = 0;
  unsigned long used = 0;
};

struct Pictures {
  std::vector<Painted> painted;
  unsigned long clock = 0;
  bool failed = false;  // no texture could be made: geometry from then on
};
Pictures& pictures() {
  static Pictures state;
  return state;
}

// The board, the score bar and the list of moves, and a size or two more
// while a window is resized.
constexpr std::size_t kSizesKept = 6;

std::array<ImU32, 7> disc_colours() {
  return {palette::kEbony,          palette::kEbonyHighlight, palette::kEbonyEdge, palette::kPearl,
          palette::kPearlHighlight, palette::kPearlEdge,      palette::kDiscMark};
}

const Painted* painted_for(float radius, float pixel) {
  Pictures& state = pictures();
  if (state.failed) return nullptr;
  // Painted to an eighth of a device pixel: a still disc is shown texel for pixel.
  const float wanted = std::round(radius * pixel * 8.0f) / 8.0f;
  const std::array<ImU32, 7> colours = disc_colours();
  for (Painted& entry : state.painted) {
    if (entry.radius == wanted && entry.pixel == pixel && entry.colours == colours &&
        entry.mark_width == palette::kDiscMarkWidth) {
      entry.used = ++state.clock;
      return &entry;
    }
  }
  if (wanted < 1.0f || wanted > 1024.0f) return nullptr;
  Painted entry{wanted, pixel, colours, palette::kDiscMarkWidth, 0, 0, ++state.clock};
  entry.cell = static_cast<int>(std::ceil(2 * (wanted * 1.02f + pixel))) + 4;
  // Black's square, then white's, then the shadow's, each painted on its own.
  const float middle = static_cast<float>(entry.cell) * 0.5f;
  const std::vector<EllipseShape> shadow{shadow_shape(ImVec2(middle, middle), wanted, 1, pixel, IM_COL32_WHITE)};
  const std::array<RgbaImage, 3> squares = {
      paint_ellipses(entry.cell, entry.cell, face_shapes(ImVec2(middle, middle), wanted, Color::Black, 1, pixel)),
      paint_ellipses(entry.cell, entry.cell, face_shapes(ImVec2(middle, middle), wanted, Color::White, 1, pixel)),
      paint_ellipses(entry.cell, entry.cell, shadow)};
  const auto row_bytes = static_cast<std::size_t>(entry.cell) * 4;
  const int width = entry.cell * 3;
  std::vector<std::uint8_t> pixels(row_bytes * 3 * static_cast<std::size_t>(entry.cell));
  for (std::size_t y = 0; y < static_cast<std::size_t>(entry.cell); ++y)
    for (std::size_t square = 0; square < squares.size(); ++square)
      std::copy_n(&squares[square].pixels[y * row_bytes], row_bytes, &pixels[(y * 3 + square) * row_bytes]);
  glGenTextures(1, &entry.texture);
  if (entry.texture == 0) {
    state.failed = true;
    return nullptr;
  }
  glBindTexture(GL_TEXTURE_2D, entry.texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, entry.cell, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  // Between frames nothing is bound: ImGui's backend restores that (and in
  // the browser answers for it without asking, app/gl_state_web.h).
  glBindTexture(GL_TEXTURE_2D, 0);
  if (state.painted.size() >= kSizesKept) {
    auto oldest = std::min_element(state.painted.begin(), state.painted.end(),
                                   [](const Painted& a, const Painted& b) { return a.used < b.used; });
    glDeleteTextures(1, &oldest->texture);
    state.painted.erase(oldest);
  }
  state.painted.push_back(entry);
  return &state.painted.back();
}

// One of the painted squares (0 ebony, 1 pearl, 2 shadow) centred on
// `center`, `zoom` times its painted size, `width` squashed. A still disc is
// put on whole device pixels, so that it shows as painted.
void draw_square(ImDrawList& draw_list, const Painted& painted, int square, ImVec2 center, float zoom, float width,
                 bool still, ImU32 tint) {
  const float cell = static_cast<float>(painted.cell);
  ImVec2 from, to;
  if (still) {
    const float left = std::round(center.x * painted.pixel - cell * 0.5f);
    const float top = std::round(center.y * painted.pixel - cell * 0.5f);
    from = ImVec2(left / painted.pixel, top / painted.pixel);
    to = ImVec2((left + cell) / painted.pixel, (top + cell) / painted.pixel);
  } else {
    const float half_x = cell * 0.5f / painted.pixel * zoom * width, half_y = cell * 0.5f / painted.pixel * zoom;
    from = ImVec2(center.x - half_x, center.y - half_y);
    to = ImVec2(center.x + half_x, center.y + half_y);
  }
  const float u = static_cast<float>(square) / 3.0f;
  draw_list.AddImage(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(painted.texture)), from, to,
                     ImVec2(u, 0), ImVec2(u + 1.0f / 3.0f, 1), tint);
}

}  // namespace

void draw_disc(ImDrawList& draw_list, ImVec2 center, float radius, Color face, float width, float lift) {
  const float shown = radius * (1.0f + 0.08f * lift);  // raised: nearer the eye
  const Placement at = place(center, shown, lift);
  const float pixel = ImGui::GetIO().DisplayFramebufferScale.y;
  if (const Painted* painted = pixel > 0 ? painted_for(radius, pixel) : nullptr) {
    const bool still = width >= 1.0f && lift <= 0.0f;
    const float zoom = shown * pixel / painted->radius;
    draw_square(draw_list, *painted, 2, at.shadow, zoom, std::max(width, 0.0f), still, palette::kShadow);
    if (width > 0)
      draw_square(draw_list, *painted, face == Color::Black ? 0 : 1, at.body, zoom, width, still, IM_COL32_WHITE);
    return;
  }
  // Tessellated in layout pixels.
  std::vector<EllipseShape> shapes{shadow_shape(at.shadow, shown, width, 1, palette::kShadow)};
  for (const EllipseShape& shape : face_shapes(at.body, shown, face, width, 1)) shapes.push_back(shape);
  draw_shapes(draw_list, shapes);
}

void forget_disc_pictures() {
  // The textures went with the context: nothing to delete.
  pictures().painted.clear();
}

}  // namespace reversi
