// Colours, fonts and ImGui style: walnut and green felt, discs of ebony and
// mother-of-pearl, copper accents. Sizes are in CSS pixels.
#pragma once

#include <imgui.h>

namespace reversi {

namespace palette {
inline constexpr ImU32 kBackground = IM_COL32(27, 20, 16, 255);  // dark walnut page
inline constexpr ImU32 kPanel = IM_COL32(43, 32, 25, 255);
inline constexpr ImU32 kPanelBorder = IM_COL32(78, 58, 44, 255);
inline constexpr ImU32 kFrame = IM_COL32(70, 45, 28, 255);  // board rim
inline constexpr ImU32 kFrameLight = IM_COL32(112, 74, 46, 255);
inline constexpr ImU32 kFeltLight = IM_COL32(40, 112, 78, 255);
inline constexpr ImU32 kFeltDark = IM_COL32(26, 84, 58, 255);
inline constexpr ImU32 kGrid = IM_COL32(14, 52, 34, 255);
inline constexpr ImU32 kCopper = IM_COL32(214, 137, 82, 255);
inline constexpr ImU32 kCopperBright = IM_COL32(240, 170, 110, 255);
inline constexpr ImU32 kCopperDeep = IM_COL32(150, 86, 46, 255);
inline constexpr ImU32 kText = IM_COL32(242, 232, 218, 255);
inline constexpr ImU32 kTextDim = IM_COL32(190, 172, 150, 255);
inline constexpr ImU32 kEbony = IM_COL32(22, 18, 16, 255);
inline constexpr ImU32 kEbonyHighlight = IM_COL32(92, 84, 78, 255);
inline constexpr ImU32 kPearl = IM_COL32(236, 230, 219, 255);
inline constexpr ImU32 kPearlHighlight = IM_COL32(255, 253, 248, 255);
inline constexpr ImU32 kShadow = IM_COL32(0, 0, 0, 90);
}  // namespace palette

class Theme {
 public:
  // Fonts are rasterised at the device pixel ratio and scaled back, so text
  // stays sharp on every screen.
  void load_fonts(float device_pixel_ratio);
  void apply_style();
  ImVec4 background() const { return ImGui::ColorConvertU32ToFloat4(palette::kBackground); }

  ImFont* body = nullptr;    // 17 px
  ImFont* strong = nullptr;  // 17 px bold
  ImFont* title = nullptr;   // 24 px bold
  ImFont* count = nullptr;   // 30 px bold, the disc counts
};

}  // namespace reversi
