// The app's three looks as plain numbers, so they can be checked without
// drawing: walnut and copper (the default), high contrast (also taken by
// itself while the system asks for more contrast) and a colour-blind-safe
// one (Okabe–Ito blue and orange on a blue felt). app/theme.h copies the
// active one into the colours the drawing code uses.
#pragma once

#include <cstdint>
#include <string_view>

#include "game/settings.h"

namespace reversi {

enum class ThemeId : std::uint8_t { Walnut, HighContrast, ColourBlindSafe };

struct Rgba {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

struct Palette {
  Rgba background, panel, panel_border, frame, frame_light;
  Rgba felt_light, felt_dark, grid;
  Rgba copper, copper_bright, copper_deep;  // the accent: dots, rings, the chosen button
  Rgba on_accent;                           // text on the accent (a chosen button, a dot's flip count)
  Rgba text, text_dim;
  Rgba ebony, ebony_highlight, ebony_edge, pearl, pearl_highlight, pearl_edge;
  Rgba on_pearl, on_pearl_accent;  // a name and a badge on the white side of the score bar
  Rgba shadow;
  Rgba dot_halo, count_halo, dot_outline;  // around a legal-move dot
  Rgba refused;                            // the square a refused tap landed on
  Rgba warning;                            // the move clock's last seconds
  // The mark on white discs, so the sides differ by more than colour: a
  // ring at half the radius, `disc_mark_width` of the radius thick.
  Rgba disc_mark;
  float disc_mark_width = 0;
  float frame_border = 0;  // outlines round buttons and fields, in pixels
};

const Palette& palette_of(ThemeId theme);
// The theme to draw: the player's choice, or for Automatic high contrast
// while the system asks for more contrast, walnut otherwise.
ThemeId resolve_theme(ThemeChoice choice, bool system_more_contrast);
// "walnut", "high-contrast", "colour-blind-safe" (the state hook's words).
std::string_view theme_name(ThemeId theme);

// WCAG 2 relative luminance and contrast ratio (1 to 21), alpha ignored.
double relative_luminance(Rgba colour);
double contrast_ratio(Rgba one, Rgba other);

}  // namespace reversi
