#include "app/board_view.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace reversi {
namespace {

void centered_text(ImDrawList& draw_list, ImFont* font, float size, ImVec2 center, ImU32 color, const char* text) {
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, text);
  draw_list.AddText(font, size, ImVec2(center.x - extent.x * 0.5f, center.y - extent.y * 0.5f), color, text);
}

// A hint's value on its dot: a pill with the sign spelled out (no colour
// alone says better or worse), copper when it gains.
void draw_value_chip(ImDrawList& draw_list, const Theme& theme, ImVec2 center, float cell, int value, bool exact) {
  std::string text = std::to_string(value < 0 ? -value : value);
  if (value != 0) text.insert(0, value > 0 ? "+" : "\u2013");
  // An estimate ends in "?" (Noto Sans has no "≈"; "~–10" read as "~~10").
  if (!exact) text += "?";
  const float height = std::max(20.0f, cell * 0.34f);
  const float font = std::max(13.0f, height * 0.7f);
  const ImVec2 extent = theme.strong->CalcTextSizeA(font, FLT_MAX, 0, text.c_str());
  const float half = std::min(cell * 0.47f, std::max(height * 0.5f, extent.x * 0.5f + height * 0.28f));
  const ImVec2 top_left(center.x - half, center.y - height * 0.5f);
  const ImVec2 bottom_right(center.x + half, center.y + height * 0.5f);
  const bool good = value >= 0;
  draw_list.AddRectFilled(top_left, bottom_right, good ? palette::kCopper : palette::kFrame, height * 0.5f);
  draw_list.AddRect(top_left, bottom_right, good ? palette::kDotOutline : palette::kCopperBright, height * 0.5f, 0,
                    1.5f);
  centered_text(draw_list, theme.strong, font, ImVec2(center.x, center.y + 0.5f),
                good ? palette::kOnAccent : palette::kText, text.c_str());
}

// The keyboard's cursor: the buttons' focus ring (pale) on a dark edge,
// clear on the felt, on either disc and in every theme.
void draw_cursor(ImDrawList& draw_list, ImVec2 corner, float cell) {
  const float inset = 4, thickness = std::max(3.0f, cell * 0.05f);
  const ImVec2 from(corner.x + inset, corner.y + inset), to(corner.x + cell - inset, corner.y + cell - inset);
  draw_list.AddRect(from, to, IM_COL32(0, 0, 0, 210), cell * 0.12f, 0, thickness + 3);
  draw_list.AddRect(from, to, palette::kPearlHighlight, cell * 0.12f, 0, thickness);
}

}  // namespace

void BoardView::layout(ImVec2 origin, float size) {
  origin_ = origin;
  size_ = size;
  rim_ = std::max(20.0f, size * 0.055f);
  cell_ = (size - 2 * rim_) / 8.0f;
  felt_ = ImVec2(origin.x + rim_, origin.y + rim_);
}

Square BoardView::square_at(ImVec2 point) const {
  const float x = (point.x - felt_.x) / cell_, y = (point.y - felt_.y) / cell_;
  if (x < 0 || y < 0 || x >= 8 || y >= 8) return kNoMove;
  return reversi::square_at(static_cast<int>(x), static_cast<int>(y));
}

ImVec2 BoardView::square_origin(Square square) const {
  return ImVec2(felt_.x + column_of(square) * cell_, felt_.y + row_of(square) * cell_);
}

// Walnut rim with a lighter bevel, the felt and its grid, the marker points
// and the coordinates.
//
// The rim and the felt are opaque, so the shadow shows only right of and
// below the rim, and the rim only around the felt: each is drawn clipped to
// where it shows. The picture is the same as drawing each whole, and a
// software renderer (a phone without a GPU, the tests' headless Chromium)
// fills a third of the pixels it did: these three layers were 1.5 screens'
// worth of blending on a desktop.
void BoardView::draw_rim_and_felt(ImDrawList& draw_list, const Theme& theme) const {
  const ImVec2 end(origin_.x + size_, origin_.y + size_);
  const ImVec2 felt_end(felt_.x + 8 * cell_, felt_.y + 8 * cell_);
  // The renderer cuts a clip rectangle to whole pixels. The rim is opaque,
  // so its strips may overlap: each reaches two units under the felt and
  // past the rim's own edge. The shadow is not: its two strips meet on one
  // line, put on the middle of a pixel row, where the renderer's cuts of
  // both agree, so every pixel is shaded once.
  constexpr float kOverlap = 2.0f;
  const auto clipped = [&draw_list](ImVec2 from, ImVec2 to, const auto& draw) {
    draw_list.PushClipRect(from, to, true);
    draw();
    draw_list.PopClipRect();
  };
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const auto mid_pixel = [](float value, float pixels) { return (std::floor(value * pixels) + 0.5f) / pixels; };
  const ImVec2 shadow_from(origin_.x + 3, origin_.y + 6), shadow_to(end.x + 3, end.y + 6);
  const auto shadow = [&] { draw_list.AddRectFilled(shadow_from, shadow_to, IM_COL32(0, 0, 0, 110), rim_ * 0.6f); };
  const float shadow_left = mid_pixel(shadow_from.x - kOverlap, scale.x);
  const float shadow_right = mid_pixel(shadow_to.x + kOverlap, scale.x);
  const float shadow_split = mid_pixel(end.y - kOverlap, scale.y);  // under the rim left of its edge
  clipped(ImVec2(mid_pixel(end.x - kOverlap, scale.x), mid_pixel(shadow_from.y - kOverlap, scale.y)),
          ImVec2(shadow_right, shadow_split), shadow);
  clipped(ImVec2(shadow_left, shadow_split), ImVec2(shadow_right, mid_pixel(shadow_to.y + kOverlap, scale.y)), shadow);
  const auto overlapping = [&](ImVec2 from, ImVec2 to, const auto& draw) {
    clipped(ImVec2(from.x - kOverlap, from.y - kOverlap), ImVec2(to.x + kOverlap, to.y + kOverlap), draw);
  };
  const auto rim = [&] {
    draw_list.AddRectFilledMultiColor(origin_, end, palette::kFrameLight, palette::kFrame, palette::kFrame,
                                      palette::kFrame);
  };
  overlapping(origin_, ImVec2(end.x, felt_.y), rim);
  overlapping(ImVec2(origin_.x, felt_end.y), end, rim);
  overlapping(ImVec2(origin_.x, felt_.y), ImVec2(felt_.x, felt_end.y), rim);
  overlapping(ImVec2(felt_end.x, felt_.y), ImVec2(end.x, felt_end.y), rim);
  draw_list.AddRect(origin_, end, palette::kCopperDeep, 0, 0, 1.5f);
  draw_list.AddRectFilledMultiColor(felt_, felt_end, palette::kFeltLight, palette::kFeltLight, palette::kFeltDark,
                                    palette::kFeltDark);
  for (int line = 0; line <= 8; ++line) {
    const float offset = line * cell_;
    draw_list.AddLine(ImVec2(felt_.x + offset, felt_.y), ImVec2(felt_.x + offset, felt_end.y), palette::kGrid, 1.2f);
    draw_list.AddLine(ImVec2(felt_.x, felt_.y + offset), ImVec2(felt_end.x, felt_.y + offset), palette::kGrid, 1.2f);
  }
  // The four traditional marker points.
  for (int corner = 0; corner < 4; ++corner) {
    const ImVec2 point(felt_.x + cell_ * ((corner & 1) ? 6 : 2), felt_.y + cell_ * ((corner & 2) ? 6 : 2));
    draw_list.AddCircleFilled(point, std::max(2.0f, cell_ * 0.045f), palette::kGrid);
  }
  // Coordinates in the rim: a-h across the top, 1-8 down the left.
  const float label_size = std::clamp(rim_ * 0.62f, 11.0f, 16.0f);
  for (int index = 0; index < 8; ++index) {
    const char column[2] = {static_cast<char>('a' + index), 0};
    const char row[2] = {static_cast<char>('1' + index), 0};
    centered_text(draw_list, theme.strong, label_size,
                  ImVec2(felt_.x + (index + 0.5f) * cell_, origin_.y + rim_ * 0.5f), palette::kTextDim, column);
    centered_text(draw_list, theme.strong, label_size,
                  ImVec2(origin_.x + rim_ * 0.5f, felt_.y + (index + 0.5f) * cell_), palette::kTextDim, row);
  }
}

void BoardView::draw(ImDrawList& draw_list, const Theme& theme, const BoardPicture& picture,
                     const FlipAnimation& animation, double now) const {
  draw_rim_and_felt(draw_list, theme);
  const float radius = cell_ * 0.41f;
  const auto center_of = [this](Square square) {
    const ImVec2 corner = square_origin(square);
    return ImVec2(corner.x + cell_ * 0.5f, corner.y + cell_ * 0.5f);
  };
  // Under the discs: a square marked after a refused tap.
  if (picture.highlight != kNoMove) {
    const ImVec2 corner = square_origin(picture.highlight);
    draw_list.AddRectFilled(ImVec2(corner.x + 1, corner.y + 1), ImVec2(corner.x + cell_ - 1, corner.y + cell_ - 1),
                            palette::kRefused);
  }
  // The discs, all together: each is a picture from one texture, so they
  // are one draw call (each stays inside its square, shadow and all).
  for (Square square = 0; square < 64; ++square) {
    const DiscPose pose = animation.pose(square, now);
    const bool black = picture.black & bit(square), white = picture.white & bit(square);
    if (pose.animated) {
      if (pose.visible && (black || white))
        draw_disc(draw_list, center_of(square), radius, pose.face, pose.width, pose.lift);
    } else if (black || white) {
      draw_disc(draw_list, center_of(square), radius, black ? Color::Black : Color::White, 1.0f, 0.0f);
    }
  }
  // Over them: what a move would turn, the dots, the rings and the cursor.
  for (Square square = 0; square < 64; ++square) {
    const ImVec2 corner = square_origin(square);
    const ImVec2 center = center_of(square);
    // A turning disc carries nothing.
    const bool settled = !animation.pose(square, now).animated;
    const bool black = picture.black & bit(square), white = picture.white & bit(square);
    const bool empty = !black && !white;
    if (settled && !empty && (picture.hover_flips & bit(square))) {
      // Would turn: a copper ring and a dot of the mover's colour.
      draw_list.AddCircle(center, radius * 0.62f, palette::kCopperBright, 0, 2.5f);
      draw_list.AddCircleFilled(center, radius * 0.28f,
                                picture.hover_colour == Color::Black ? palette::kEbony : palette::kPearl);
    } else if (settled && empty && square == picture.hover) {
      // A faint disc of the mover's colour where the mouse would play.
      const ImU32 face =
          picture.hover_colour == Color::Black ? IM_COL32(22, 18, 16, 150) : IM_COL32(236, 230, 219, 150);
      draw_list.AddCircleFilled(center, radius, face);
      draw_list.AddCircle(center, radius, palette::kCopperBright, 0, 2.0f);
    } else if (settled && empty && (picture.dots & bit(square))) {
      if (picture.valued & bit(square)) {
        draw_value_chip(draw_list, theme, center, cell_, picture.values[square],
                        (picture.exact_values & bit(square)) != 0);
      } else if (picture.show_counts && picture.flip_counts[square] > 0) {
        // Large enough to read on a phone: a 14 px figure at the least.
        const float dot = std::max(9.5f, cell_ * 0.26f);
        draw_list.AddCircleFilled(center, dot + 2, palette::kCountHalo);
        draw_list.AddCircleFilled(center, dot, palette::kCopper);
        draw_list.AddCircle(center, dot, palette::kDotOutline, 0, 1.5f);
        const std::string count = std::to_string(picture.flip_counts[square]);
        centered_text(draw_list, theme.strong, std::max(14.0f, dot * 1.3f), ImVec2(center.x, center.y + 0.5f),
                      palette::kOnAccent, count.c_str());
      } else {
        const float dot = std::max(3.5f, cell_ * 0.11f);
        draw_list.AddCircleFilled(center, dot * 1.9f, palette::kDotHalo);
        draw_list.AddCircleFilled(center, dot, palette::kCopper);
        draw_list.AddCircle(center, dot, palette::kDotOutline, 0, 1.5f);
      }
    }
    if (square == picture.last_move && (black || white) && !animation.running(now))
      draw_list.AddCircle(center, radius + std::max(2.5f, cell_ * 0.045f), palette::kCopperBright, 40,
                          std::max(2.0f, cell_ * 0.05f));
    if (square == picture.best && (picture.dots & bit(square))) {
      // The best move: a bright ring just inside the square.
      const float thickness = std::max(3.0f, cell_ * 0.06f);
      draw_list.AddCircle(center, cell_ * 0.5f - thickness, palette::kCopperBright, 40, thickness);
    }
    if (square == picture.cursor) draw_cursor(draw_list, corner, cell_);
  }
}

}  // namespace reversi
