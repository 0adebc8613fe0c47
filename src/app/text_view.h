// Text as the screen draws it: with the font atlas when the atlas has every
// character, painted by the platform (app/core/text_images.h) otherwise, so
// that a name or a chat line in any script is drawn, never as "?". Used for
// every text that can hold what people wrote (names, chat, tables, boards).
#pragma once

#include <imgui.h>

#include <string>
#include <string_view>

namespace reversi::widgets {

// The device pixels a layout pixel covers (main.cpp, as the atlas is made).
void set_text_scale(float scale);
// Forgets every painted text (the GL context was lost with its textures).
void forget_painted_text();
// Called once a frame before drawing: true when a font arrived and texts
// painted without it are to be drawn again.
bool painted_text_stale();

// True when `text` in `font` is painted rather than drawn from the atlas.
bool painted(const ImFont* font, std::string_view text);
// The box `text` takes at `size` (wrapped at `wrap` pixels when above 0; a
// painted paragraph is painted to be measured, in `colour`, as it will be drawn).
ImVec2 text_size(const ImFont* font, float size, std::string_view text, float wrap = 0, ImU32 colour = IM_COL32_WHITE);
// Draws `text` with its box's top left at `at`.
void draw_text(ImDrawList& draw_list, const ImFont* font, float size, ImVec2 at, ImU32 colour, std::string_view text,
               float wrap = 0);
// `text` whole when it fits in `room` pixels, else cut after a whole
// grapheme and ended with "…".
std::string fit_text(const ImFont* font, float size, std::string_view text, float room);

// ImGui items in the window's font and text colour: one line
// (TextUnformatted), and a paragraph wrapped as TextWrapped wraps.
void text_line(std::string_view text);
void text_wrapped(std::string_view text);
// An ImGui::Button whose label (the text before any "##") may hold people's
// text: painted, centred and cut to the button's width when the atlas lacks it.
bool text_button(const char* label, ImVec2 size);

}  // namespace reversi::widgets
