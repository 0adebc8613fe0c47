#include "app/core/themes.h"

#include <algorithm>
#include <cmath>

namespace reversi {
namespace {

constexpr Rgba rgb(int r, int g, int b, int a = 255) {
  return Rgba{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(b),
              static_cast<std::uint8_t>(a)};
}

// Dark walnut and green felt, discs of ebony and mother-of-pearl, copper.
constexpr Palette kWalnut = {
    .background = rgb(27, 20, 16),
    .panel = rgb(43, 32, 25),
    .panel_border = rgb(78, 58, 44),
    .frame = rgb(70, 45, 28),
    .frame_light = rgb(112, 74, 46),
    .felt_light = rgb(40, 112, 78),
    .felt_dark = rgb(26, 84, 58),
    .grid = rgb(14, 52, 34),
    .copper = rgb(214, 137, 82),
    .copper_bright = rgb(240, 170, 110),
    .copper_deep = rgb(150, 86, 46),
    .on_accent = rgb(40, 22, 10),
    .text = rgb(242, 232, 218),
    .text_dim = rgb(190, 172, 150),
    .ebony = rgb(22, 18, 16),
    .ebony_highlight = rgb(92, 84, 78),
    .ebony_edge = rgb(8, 6, 5),
    .pearl = rgb(236, 230, 219),
    .pearl_highlight = rgb(255, 253, 248),
    .pearl_edge = rgb(176, 166, 150),
    .on_pearl = rgb(96, 84, 72),
    .on_pearl_accent = rgb(150, 86, 46),
    .shadow = rgb(0, 0, 0, 90),
    .dot_halo = rgb(240, 170, 110, 45),
    .count_halo = rgb(240, 170, 110, 70),
    .dot_outline = rgb(14, 52, 34, 200),
    .refused = rgb(190, 60, 40, 70),
    .warning = rgb(236, 98, 70),
    .disc_mark = rgb(196, 186, 170),  // a faint inlaid ring in the pearl
    .disc_mark_width = 0.06f,
    .frame_border = 0,
};

// Black and white, yellow for what matters, outlines round every control.
constexpr Palette kHighContrast = {
    .background = rgb(0, 0, 0),
    .panel = rgb(0, 0, 0),
    .panel_border = rgb(255, 255, 255),
    .frame = rgb(40, 40, 40),
    .frame_light = rgb(60, 60, 60),
    .felt_light = rgb(0, 120, 64),
    .felt_dark = rgb(0, 104, 56),
    .grid = rgb(0, 0, 0),
    .copper = rgb(255, 221, 0),
    .copper_bright = rgb(255, 238, 110),
    .copper_deep = rgb(160, 130, 0),
    .on_accent = rgb(0, 0, 0),
    .text = rgb(255, 255, 255),
    .text_dim = rgb(220, 220, 220),
    .ebony = rgb(0, 0, 0),
    .ebony_highlight = rgb(70, 70, 70),
    .ebony_edge = rgb(160, 160, 160),  // black discs show on black dialogs too
    .pearl = rgb(255, 255, 255),
    .pearl_highlight = rgb(255, 255, 255),
    .pearl_edge = rgb(120, 120, 120),
    .on_pearl = rgb(0, 0, 0),
    .on_pearl_accent = rgb(0, 0, 0),
    .shadow = rgb(0, 0, 0, 140),
    .dot_halo = rgb(0, 0, 0, 255),
    .count_halo = rgb(0, 0, 0, 255),
    .dot_outline = rgb(0, 0, 0, 255),
    .refused = rgb(255, 60, 60, 140),
    .warning = rgb(255, 130, 130),
    .disc_mark = rgb(0, 0, 0),
    .disc_mark_width = 0.13f,
    .frame_border = 1.5f,
};

// Okabe and Ito's palette, told apart with protanopia, deuteranopia and
// tritanopia: orange dots and yellow rings on a blue felt, no red on green.
constexpr Palette kColourBlindSafe = {
    .background = rgb(16, 20, 28),
    .panel = rgb(28, 34, 46),
    .panel_border = rgb(72, 86, 108),
    .frame = rgb(40, 54, 76),
    .frame_light = rgb(56, 76, 104),
    .felt_light = rgb(20, 76, 128),
    .felt_dark = rgb(14, 60, 104),
    .grid = rgb(6, 32, 58),
    .copper = rgb(230, 159, 0),          // Okabe–Ito orange
    .copper_bright = rgb(240, 228, 66),  // Okabe–Ito yellow
    .copper_deep = rgb(213, 94, 0),      // Okabe–Ito vermillion
    .on_accent = rgb(20, 16, 8),
    .text = rgb(242, 242, 242),
    .text_dim = rgb(205, 212, 220),
    .ebony = rgb(22, 18, 16),
    .ebony_highlight = rgb(92, 88, 86),
    .ebony_edge = rgb(8, 6, 5),
    .pearl = rgb(240, 238, 232),
    .pearl_highlight = rgb(255, 255, 252),
    .pearl_edge = rgb(170, 170, 166),
    .on_pearl = rgb(60, 60, 60),
    .on_pearl_accent = rgb(0, 90, 150),  // Okabe–Ito blue, darkened to read on white
    .shadow = rgb(0, 0, 0, 90),
    .dot_halo = rgb(240, 228, 66, 60),
    .count_halo = rgb(240, 228, 66, 80),
    .dot_outline = rgb(6, 32, 58, 220),
    .refused = rgb(230, 159, 0, 110),
    .warning = rgb(240, 228, 66),
    .disc_mark = rgb(0, 114, 178),  // Okabe–Ito blue
    .disc_mark_width = 0.10f,
    .frame_border = 0,
};

double channel(std::uint8_t value) {
  const double c = value / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

}  // namespace

const Palette& palette_of(ThemeId theme) {
  switch (theme) {
    case ThemeId::HighContrast:
      return kHighContrast;
    case ThemeId::ColourBlindSafe:
      return kColourBlindSafe;
    case ThemeId::Walnut:
      break;
  }
  return kWalnut;
}

ThemeId resolve_theme(ThemeChoice choice, bool system_more_contrast) {
  switch (choice) {
    case ThemeChoice::Walnut:
      return ThemeId::Walnut;
    case ThemeChoice::HighContrast:
      return ThemeId::HighContrast;
    case ThemeChoice::ColourBlindSafe:
      return ThemeId::ColourBlindSafe;
    case ThemeChoice::Automatic:
      break;
  }
  return system_more_contrast ? ThemeId::HighContrast : ThemeId::Walnut;
}

std::string_view theme_name(ThemeId theme) {
  switch (theme) {
    case ThemeId::HighContrast:
      return "high-contrast";
    case ThemeId::ColourBlindSafe:
      return "colour-blind-safe";
    case ThemeId::Walnut:
      break;
  }
  return "walnut";
}

double relative_luminance(Rgba colour) {
  return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b);
}

double contrast_ratio(Rgba one, Rgba other) {
  const double a = relative_luminance(one), b = relative_luminance(other);
  return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

}  // namespace reversi
