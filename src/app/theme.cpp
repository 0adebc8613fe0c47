#include "app/theme.h"

#include <cstdio>
#include <string>

#ifndef REVERSI_ASSETS_DIR
#define REVERSI_ASSETS_DIR "assets"
#endif

namespace reversi {

void Theme::load_fonts(float device_pixel_ratio) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const std::string regular = std::string(REVERSI_ASSETS_DIR) + "/fonts/NotoSans-Regular.ttf";
  const std::string bold = std::string(REVERSI_ASSETS_DIR) + "/fonts/NotoSans-Bold.ttf";
  // Latin plus the few symbols the UI uses (dashes, ellipsis, arrows, bullets).
  static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2013, 0x2026, 0x2190, 0x2193, 0x2022, 0x2022, 0x25CF, 0x25CF, 0};
  ImFontConfig config;
  config.OversampleH = 1;  // already rasterised at the device resolution
  config.PixelSnapH = false;
  auto load = [&](const std::string& path, float size) -> ImFont* {
    ImFont* font = io.Fonts->AddFontFromFileTTF(path.c_str(), size * device_pixel_ratio, &config, ranges);
    if (!font) {
      std::fprintf(stderr, "Reversi: font %s is missing, using the built-in one\n", path.c_str());
      ImFontConfig fallback;
      fallback.SizePixels = size * device_pixel_ratio;
      font = io.Fonts->AddFontDefault(&fallback);
    }
    return font;
  };
  body = load(regular, 17);
  strong = load(bold, 17);
  title = load(bold, 24);
  count = load(bold, 30);
  io.FontDefault = body;
  io.FontGlobalScale = 1.0f / device_pixel_ratio;
  io.Fonts->Build();
}

void Theme::use(ThemeId theme) {
  active_ = theme;
  const Palette& colours = palette_of(theme);
  const auto u32 = [](Rgba c) { return IM_COL32(c.r, c.g, c.b, c.a); };
  palette::kBackground = u32(colours.background);
  palette::kPanel = u32(colours.panel);
  palette::kPanelBorder = u32(colours.panel_border);
  palette::kFrame = u32(colours.frame);
  palette::kFrameLight = u32(colours.frame_light);
  palette::kFeltLight = u32(colours.felt_light);
  palette::kFeltDark = u32(colours.felt_dark);
  palette::kGrid = u32(colours.grid);
  palette::kCopper = u32(colours.copper);
  palette::kCopperBright = u32(colours.copper_bright);
  palette::kCopperDeep = u32(colours.copper_deep);
  palette::kOnAccent = u32(colours.on_accent);
  palette::kText = u32(colours.text);
  palette::kTextDim = u32(colours.text_dim);
  palette::kEbony = u32(colours.ebony);
  palette::kEbonyHighlight = u32(colours.ebony_highlight);
  palette::kEbonyEdge = u32(colours.ebony_edge);
  palette::kPearl = u32(colours.pearl);
  palette::kPearlHighlight = u32(colours.pearl_highlight);
  palette::kPearlEdge = u32(colours.pearl_edge);
  palette::kOnPearl = u32(colours.on_pearl);
  palette::kOnPearlAccent = u32(colours.on_pearl_accent);
  palette::kShadow = u32(colours.shadow);
  palette::kDotHalo = u32(colours.dot_halo);
  palette::kCountHalo = u32(colours.count_halo);
  palette::kDotOutline = u32(colours.dot_outline);
  palette::kRefused = u32(colours.refused);
  palette::kWarning = u32(colours.warning);
  palette::kDiscMark = u32(colours.disc_mark);
  palette::kDiscMarkWidth = colours.disc_mark_width;
  apply_style();
}

void Theme::apply_style() {
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 14;
  style.ChildRounding = 10;
  style.FrameRounding = 10;
  style.PopupRounding = 12;
  style.GrabRounding = 10;
  style.ScrollbarRounding = 10;
  style.ScrollbarSize = 12;
  style.WindowPadding = ImVec2(18, 16);
  style.FramePadding = ImVec2(14, 13);  // 43 px rows: touch-sized with TouchExtraPadding
  style.ItemSpacing = ImVec2(10, 10);
  style.ItemInnerSpacing = ImVec2(10, 8);
  style.WindowBorderSize = 1;
  style.PopupBorderSize = 1;
  style.FrameBorderSize = palette_of(active_).frame_border;
  style.WindowTitleAlign = ImVec2(0.5f, 0.5f);
  style.TouchExtraPadding = ImVec2(2, 2);
  ImVec4* colors = style.Colors;
  auto color = [](ImU32 value, float alpha = 1.0f) {
    ImVec4 result = ImGui::ColorConvertU32ToFloat4(value);
    result.w = alpha;
    return result;
  };
  colors[ImGuiCol_Text] = color(palette::kText);
  colors[ImGuiCol_TextDisabled] = color(palette::kTextDim, 0.6f);
  colors[ImGuiCol_WindowBg] = color(palette::kPanel);
  colors[ImGuiCol_ChildBg] = color(palette::kBackground, 0.0f);
  colors[ImGuiCol_PopupBg] = color(palette::kPanel);
  colors[ImGuiCol_Border] = color(palette::kPanelBorder);
  colors[ImGuiCol_FrameBg] = color(palette::kBackground);
  colors[ImGuiCol_FrameBgHovered] = color(palette::kFrame);
  colors[ImGuiCol_FrameBgActive] = color(palette::kFrameLight);
  colors[ImGuiCol_TitleBg] = color(palette::kPanel);
  colors[ImGuiCol_TitleBgActive] = color(palette::kPanel);
  colors[ImGuiCol_Button] = color(palette::kFrame);
  colors[ImGuiCol_ButtonHovered] = color(palette::kFrameLight);
  colors[ImGuiCol_ButtonActive] = color(palette::kCopperDeep);
  colors[ImGuiCol_Header] = color(palette::kCopperDeep, 0.55f);
  colors[ImGuiCol_HeaderHovered] = color(palette::kCopperDeep, 0.75f);
  colors[ImGuiCol_HeaderActive] = color(palette::kCopper, 0.8f);
  colors[ImGuiCol_CheckMark] = color(palette::kCopperBright);
  colors[ImGuiCol_SliderGrab] = color(palette::kCopper);
  colors[ImGuiCol_SliderGrabActive] = color(palette::kCopperBright);
  colors[ImGuiCol_Separator] = color(palette::kPanelBorder);
  colors[ImGuiCol_ScrollbarBg] = color(palette::kBackground, 0.3f);
  colors[ImGuiCol_ScrollbarGrab] = color(palette::kFrameLight);
  colors[ImGuiCol_NavHighlight] = color(palette::kCopperBright);
  // Tables in the palette: a walnut header, rows banded in a lighter walnut.
  colors[ImGuiCol_TableHeaderBg] = color(palette::kFrame);
  colors[ImGuiCol_TableBorderStrong] = color(palette::kPanelBorder);
  colors[ImGuiCol_TableBorderLight] = color(palette::kPanelBorder);
  colors[ImGuiCol_TableRowBg] = color(palette::kPanel, 0.0f);
  colors[ImGuiCol_TableRowBgAlt] = color(palette::kFrame, 0.35f);
  colors[ImGuiCol_ModalWindowDimBg] = color(palette::kBackground, 0.0f);  // the app dims under dialogs itself
}

}  // namespace reversi
