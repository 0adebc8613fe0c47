// Draws the board (rim, felt, coordinates, discs, copper dots, last-move
// ring, keyboard cursor) and maps screen points to squares.
#pragma once

#include <imgui.h>

#include <array>

#include "app/disc_view.h"
#include "app/flip_animation.h"
#include "app/theme.h"
#include "engine/board.h"

namespace reversi {

// Everything the board shows in one frame.
struct BoardPicture {
  Bitboard black = 0;
  Bitboard white = 0;
  Bitboard dots = 0;                          // squares to mark as playable
  std::array<std::int8_t, 64> flip_counts{};  // shown inside the dots when `show_counts`
  bool show_counts = false;
  // Hints: each valued square's worth in discs for the side to move (drawn
  // on its dot instead of the flip count; proven values in `exact_values`),
  // and the move Hard would play, ringed.
  Bitboard valued = 0;
  Bitboard exact_values = 0;
  std::array<std::int8_t, 64> values{};
  Square best = kNoMove;
  Square last_move = kNoMove;
  Square cursor = kNoMove;     // keyboard cursor, kNoMove when hidden
  Square highlight = kNoMove;  // a square briefly marked after a refused tap
  // With a mouse over a legal square: that square, and the discs it would turn.
  Square hover = kNoMove;
  Bitboard hover_flips = 0;
  Color hover_colour = Color::Black;
};

class BoardView {
 public:
  // Places the board with its top-left corner at `origin`, `size` wide and high
  // (rim and coordinates included), in CSS pixels.
  void layout(ImVec2 origin, float size);
  void draw(ImDrawList& draw_list, const Theme& theme, const BoardPicture& picture, const FlipAnimation& animation,
            double now) const;

  // The square under a point, or kNoMove.
  Square square_at(ImVec2 point) const;
  // The square's rectangle (top-left, size) in CSS pixels.
  ImVec2 square_origin(Square square) const;
  float cell() const { return cell_; }
  ImVec2 origin() const { return origin_; }
  float size() const { return size_; }

 private:
  void draw_rim_and_felt(ImDrawList& draw_list, const Theme& theme) const;

  ImVec2 origin_{0, 0};
  float size_ = 0;
  float rim_ = 0;
  float cell_ = 0;
  ImVec2 felt_{0, 0};  // top-left of square a1
};

}  // namespace reversi
