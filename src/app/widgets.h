// Small drawing pieces shared by the screen and the panels.
#pragma once

#include <imgui.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/theme.h"
#include "game/match.h"
#include "game/session.h"

struct ImGuiWindow;  // imgui_internal.h

namespace reversi::widgets {

// Where each button was drawn this frame (CSS pixels), published through the
// page's state hook so browser tests can press real controls. The App owns
// it and points ImGui's io.UserData at it.
struct ControlRect {
  float x = 0, y = 0, w = 0, h = 0;
  bool enabled = true;
};
struct ScrollState {
  float y = 0, max = 0;  // how far the region is scrolled, and how far it can be
};
struct ControlRegistry {
  std::map<std::string, ControlRect> controls;
  std::map<std::string, ScrollState> regions;  // the scrolling regions drawn, by id without "##"
};
// Records the last ImGui item under `name` (the text before any "##") and
// makes it a stop for the keyboard's focus (Tab, Shift+Tab): the focused
// item wears a ring, and true comes back on the frame Enter or Space
// activates it. While a dialog is open only its own items take focus.
bool note_control(const std::string& name);
// An ImGui::Button that is also recorded, under `name` when given (else its label).
bool button(const char* label, ImVec2 size, bool enabled = true, const char* name = nullptr);
// An ImGui::Checkbox recorded under `name`; true when it was toggled.
bool checkbox(const char* label, const char* name, bool* value);

// Keyboard focus, fed by the app's key handling between frames.
enum class FocusMove { Next, Previous };
void move_focus(FocusMove move);
// Activates the focused item on the next frame; false when none is focused.
bool activate_focus();
void clear_focus();
// The focused item's name (empty when none), for the page's state hook.
std::string focused_control();
// The names of the items the keyboard visits now (the open dialog's, else
// the screen's), in Tab order, for the page's accessible mirror.
std::vector<std::string> keyboard_controls();
// Gives the ring to the item named `name` (as published) and, when `press`,
// activates it on the next frame; false when no such item takes focus now.
bool focus_control(const std::string& name, bool press);
// True when the ring is on the last item, so Tab would wrap to the first.
bool focus_on_last();

struct ScoreBarLabels {
  std::string black;
  std::string white;
  // A word under a side's name while it matters: "passes", "thinking".
  std::string black_badge;
  std::string white_badge;
  // The badges' colours when not the sides' own (a game clock: dim while
  // waiting, the warning colour when low).
  std::optional<ImU32> black_badge_colour;
  std::optional<ImU32> white_badge_colour;
  bool clocks = false;  // the badges are game clocks, drawn large
};

// The count bar: ebony on the left, mother-of-pearl on the right, split in
// proportion to the discs, with a copper mark under the side to move.
void score_bar(ImDrawList& draw_list, const Theme& theme, ImVec2 origin, float width, float height, int black,
               int white, std::optional<Color> to_move, const ScoreBarLabels& labels);

// "Reversi" and a short line about the game being played (strength, match score).
// `line`, when not empty, replaces the line about the game (an online table's).
void title_row(const Theme& theme, float width, float height, const SessionOptions& options, const Match* match,
               int game_number, const std::string& line = "");

// A row of buttons of which exactly one is chosen; true when the choice changed.
bool segmented(const char* id, const char* const* labels, int count, int* chosen, float width);

// A full-width button with the project's 48 px touch height.
bool wide_button(const char* label, float width, bool primary = false);

// A panel's scrolling region (an ImGui child window of `size`), scrolled
// by dragging it (a finger on a phone, or the mouse) with momentum after
// the finger lifts, by the wheel and scrollbar as any ImGui window, and by
// the keys request_page() hears of. A press that moves more than a few
// pixels is a swipe: the button it started on is let go and does not fire.
// While more lies beyond an edge, the edge fades and shows an arrow.
// `padded`: the style's window padding inside the region (for one with a
// background of its own).
void begin_scroll_region(const char* id, ImVec2 size, bool padded = false);
void end_scroll_region();
// How much taller than its content the last region ended inside `window`
// was this frame (negative: content lies beyond its fold), for a dialog
// that fits its content; nothing when no region ended inside it.
std::optional<float> region_spare_in(const ImGuiWindow* window);
// Scrolls the region under the keyboard by pages (PageUp/PageDown: ±1) or
// to an end (Home/End: ±2).
void request_page(int pages);
// The wheel's turn, in layout pixels (positive towards the content's end):
// the region under the pointer scrolls by it in the next frame, as a
// browser scrolls a page (about 100 CSS pixels a notch, a trackpad's own
// pixels), or else whatever else under the pointer scrolls.
void wheel(float pixels);
// Called at the start of each frame (before anything is drawn) with which
// dialog is open (0: none); scrolling() then says whether a scroll still
// glides, and so needs frames.
void begin_frame(int dialog);
bool scrolling();
// Called at the end of each frame: a wheel turn no region took goes to the
// window under the pointer.
void end_frame();
// The scrolling regions' part of begin_frame (scroll_region.cpp).
void begin_scroll_frame(bool dialog_open);

// Where a notice floats: centred between `left` and `right`, its top at
// `top`, or (`below` true) its bottom at `top`. The default is the top of
// the screen, over the open dialog's title.
struct ToastPlace {
  float left = 0, right = 0, top = 0;
  bool below = false;
  bool set() const { return right > left; }
};
// A notice that floats over everything, dialogs included, so that what the
// player is told is never hidden; the screen places it clear of the board's
// letters, the title and the counts (App::draw_screen).
void toast(const Theme& theme, const std::string& text, float alpha, const ToastPlace& place = {});

}  // namespace reversi::widgets
