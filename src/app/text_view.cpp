#include "app/text_view.h"

#include <cstdint>
#include <cstring>
#include <memory>

#include "app/core/text_images.h"
#include "app/text_painter.h"
#include "imgui_internal.h"

namespace reversi::widgets {
namespace {

struct Painted {
  float scale = 1;
  std::unique_ptr<TextImages> images;
};
Painted& painted_state() {
  static Painted state;
  return state;
}
TextImages* images() {
  if (!platform::paints_text()) return nullptr;
  Painted& state = painted_state();
  if (!state.images) state.images = std::make_unique<TextImages>(platform::text_painter());
  return state.images.get();
}

bool bold(const ImFont* font) { return font->ConfigData && std::strstr(font->ConfigData->Name, "Bold") != nullptr; }

TextLook look_of(const ImFont* font, float size, ImU32 colour, float wrap) {
  return TextLook{size, bold(font), colour | IM_COL32_A_MASK, wrap, painted_state().scale};
}

}  // namespace

void set_text_scale(float scale) { painted_state().scale = scale; }

void forget_painted_text() {
  if (painted_state().images) painted_state().images->clear();
}

bool painted_text_stale() { return painted_state().images && painted_state().images->follow_fonts(); }

bool painted(const ImFont* font, std::string_view text) {
  if (!platform::paints_text()) return false;
  return !atlas_text(text, [font](char32_t code) {
    return code == U' ' || (code <= 0xFFFF && font->FindGlyphNoFallback(static_cast<ImWchar>(code)) != nullptr);
  });
}

ImVec2 text_size(const ImFont* font, float size, std::string_view text, float wrap, ImU32 colour) {
  if (text.empty()) return ImVec2(0, 0);
  if (!painted(font, text)) return font->CalcTextSizeA(size, FLT_MAX, wrap, text.data(), text.data() + text.size());
  if (wrap <= 0) return ImVec2(images()->width(text, look_of(font, size, 0, 0)), size);
  // A paragraph's height is known once it is broken into lines, as painted.
  const TextPicture& picture = images()->picture(text, look_of(font, size, colour, wrap));
  return ImVec2(picture.width, picture.height);
}

void draw_text(ImDrawList& draw_list, const ImFont* font, float size, ImVec2 at, ImU32 colour, std::string_view text,
               float wrap) {
  if (text.empty()) return;
  if (!painted(font, text)) {
    draw_list.AddText(font, size, at, colour, text.data(), text.data() + text.size(), wrap);
    return;
  }
  const TextPicture& picture = images()->picture(text, look_of(font, size, colour, wrap));
  if (picture.texture == 0) return;
  // The colour is painted in; its alpha (a fading notice) tints the picture.
  const ImU32 tint = (colour & IM_COL32_A_MASK) | 0x00FFFFFF;
  const float margin = picture.margin;
  draw_list.AddImage(reinterpret_cast<ImTextureID>(picture.texture), ImVec2(at.x - margin, at.y - margin),
                     ImVec2(at.x + picture.width + margin, at.y + picture.height + margin), ImVec2(0, 0), ImVec2(1, 1),
                     tint);
}

std::string fit_text(const ImFont* font, float size, std::string_view text, float room) {
  if (painted(font, text)) return images()->fitted(text, look_of(font, size, 0, 0), room);
  if (font->CalcTextSizeA(size, FLT_MAX, 0, text.data(), text.data() + text.size()).x <= room) return std::string(text);
  // Atlas text: Latin letters, one code point each (no marks to keep together).
  std::string cut(text);
  while (!cut.empty()) {
    do cut.pop_back();
    while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80);
    if (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0xC0) cut.pop_back();
    while (!cut.empty() && cut.back() == ' ') cut.pop_back();
    const std::string candidate = cut + "\xE2\x80\xA6";
    if (font->CalcTextSizeA(size, FLT_MAX, 0, candidate.c_str()).x <= room) return candidate;
  }
  return "\xE2\x80\xA6";
}

void text_line(std::string_view text) {
  ImFont* font = ImGui::GetFont();
  if (!painted(font, text)) {
    ImGui::TextUnformatted(text.data(), text.data() + text.size());
    return;
  }
  const float size = ImGui::GetFontSize();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy(text_size(font, size, text));
  if (ImGui::IsItemVisible())
    draw_text(*ImGui::GetWindowDrawList(), font, size, at, ImGui::GetColorU32(ImGuiCol_Text), text);
}

void text_wrapped(std::string_view text) {
  ImFont* font = ImGui::GetFont();
  if (!painted(font, text)) {
    const bool wrap_here = ImGui::GetCurrentWindow()->DC.TextWrapPos < 0;  // as ImGui::TextWrapped
    if (wrap_here) ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.data(), text.data() + text.size());
    if (wrap_here) ImGui::PopTextWrapPos();
    return;
  }
  const float size = ImGui::GetFontSize();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float wrap_at = ImGui::GetCurrentWindow()->DC.TextWrapPos;
  const float wrap = ImGui::CalcWrapWidthForPos(at, wrap_at < 0 ? 0.0f : wrap_at);
  const ImU32 colour = ImGui::GetColorU32(ImGuiCol_Text);
  ImGui::Dummy(text_size(font, size, text, wrap, colour));
  if (ImGui::IsItemVisible()) draw_text(*ImGui::GetWindowDrawList(), font, size, at, colour, text, wrap);
}

bool text_button(const char* label, ImVec2 size) {
  const char* hidden = std::strstr(label, "##");
  const std::string_view shown(label, hidden ? static_cast<std::size_t>(hidden - label) : std::strlen(label));
  ImFont* font = ImGui::GetFont();
  if (!painted(font, shown)) return ImGui::Button(label, size);
  // The button keeps an id of its own, and its label is painted over it.
  const std::string id = std::string("##") + label;
  const bool pressed = ImGui::Button(id.c_str(), size);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  const float font_size = ImGui::GetFontSize();
  const std::string fitted = fit_text(font, font_size, shown, max.x - min.x - 2 * ImGui::GetStyle().FramePadding.x);
  const ImVec2 box = text_size(font, font_size, fitted);
  draw_text(*ImGui::GetWindowDrawList(), font, font_size,
            ImVec2(min.x + (max.x - min.x - box.x) * 0.5f, min.y + (max.y - min.y - box.y) * 0.5f),
            ImGui::GetColorU32(ImGuiCol_Text), fitted);
  return pressed;
}

}  // namespace reversi::widgets
