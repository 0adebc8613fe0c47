// Colours, fonts and ImGui style. The colours are the active theme's (see
// app/core/themes.h): by default walnut and green felt, discs of ebony and
// mother-of-pearl, copper accents. Sizes are in CSS pixels.
#pragma once

#include <imgui.h>

#include "app/core/themes.h"

namespace reversi {

namespace palette {
// The active theme's colours, set by Theme::use (the names are those of the
// constants they once were: walnut is the default).
inline ImU32 kBackground = 0;
inline ImU32 kPanel = 0;
inline ImU32 kPanelBorder = 0;
inline ImU32 kFrame = 0;
inline ImU32 kFrameLight = 0;
inline ImU32 kFeltLight = 0;
inline ImU32 kFeltDark = 0;
inline ImU32 kGrid = 0;
inline ImU32 kCopper = 0;
inline ImU32 kCopperBright = 0;
inline ImU32 kCopperDeep = 0;
inline ImU32 kOnAccent = 0;
inline ImU32 kText = 0;
inline ImU32 kTextDim = 0;
inline ImU32 kEbony = 0;
inline ImU32 kEbonyHighlight = 0;
inline ImU32 kEbonyEdge = 0;
inline ImU32 kPearl = 0;
inline ImU32 kPearlHighlight = 0;
inline ImU32 kPearlEdge = 0;
inline ImU32 kOnPearl = 0;
inline ImU32 kOnPearlAccent = 0;
inline ImU32 kShadow = 0;
inline ImU32 kDotHalo = 0;
inline ImU32 kCountHalo = 0;
inline ImU32 kDotOutline = 0;
inline ImU32 kRefused = 0;
inline ImU32 kWarning = 0;
inline ImU32 kDiscMark = 0;
inline float kDiscMarkWidth = 0;  // of the disc's radius
}  // namespace palette

class Theme {
 public:
  // Fonts are rasterised at the device pixel ratio and scaled back, so text
  // stays sharp on every screen.
  void load_fonts(float device_pixel_ratio);
  // Makes `theme` the one drawn, at once: the palette and ImGui's style.
  void use(ThemeId theme);
  ThemeId active() const { return active_; }
  void apply_style();
  ImVec4 background() const { return ImGui::ColorConvertU32ToFloat4(palette::kBackground); }

  ImFont* body = nullptr;    // 17 px
  ImFont* strong = nullptr;  // 17 px bold
  ImFont* title = nullptr;   // 24 px bold
  ImFont* count = nullptr;   // 30 px bold, the disc counts

 private:
  ThemeId active_ = ThemeId::Walnut;
};

}  // namespace reversi
