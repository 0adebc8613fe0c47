#include "app/widgets.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "app/board_view.h"
#include "app/core/score_bar_layout.h"
#include "app/core/wording.h"
#include "app/core/words.h"
#include "app/text_view.h"
#include "imgui_internal.h"

namespace reversi::widgets {

namespace {

// A label wider than its button (a long word, a narrow phone) is drawn
// smaller, down to 72 %, with less padding, rather than cut at the edges.
class FittedLabel {
 public:
  FittedLabel(const char* label, float width) {
    const float text = ImGui::CalcTextSize(label, nullptr, true).x;
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    if (text <= width - 2 * padding.x) return;
    constexpr float kTightPadding = 6;
    tight_ = true;
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(kTightPadding, padding.y));
    ImGui::SetWindowFontScale(std::clamp((width - 2 * kTightPadding) / text, 0.72f, 1.0f));
  }
  ~FittedLabel() {
    if (!tight_) return;
    ImGui::SetWindowFontScale(1);
    ImGui::PopStyleVar();
  }
  FittedLabel(const FittedLabel&) = delete;
  FittedLabel& operator=(const FittedLabel&) = delete;

 private:
  bool tight_ = false;
};

// The keyboard's focus: the items that take focus, in drawing order, and
// the one that has it. Keys arrive between frames, when `drawing` holds the
// last frame's items, complete.
struct Focus {
  std::vector<std::string> drawing;
  std::string focused;
  bool visible = false;
  bool activate = false;    // Enter or Space: the focused item fires this frame
  bool activating = false;  // ...and this is that frame
  bool scroll_to = false;   // the focus moved: bring its item into view
  int dialog = 0;           // which dialog is open (0: none)
};
Focus& focus() {
  static Focus state;
  return state;
}

// Whether the keyboard is for `window`: the open dialog's windows while
// one is open, the screen's otherwise.
bool has_keyboard(const ImGuiWindow& window) {
  const bool in_dialog = (window.RootWindow->Flags & ImGuiWindowFlags_Modal) != 0;
  return in_dialog == (focus().dialog != 0);
}

// A control's name as published: the text before any "##".
std::string shown_name(const std::string& name) { return name.substr(0, name.find("##")); }

}  // namespace

bool note_control(const std::string& name) {
  auto* registry = static_cast<ControlRegistry*>(ImGui::GetIO().UserData);
  const std::string key = shown_name(name);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  const bool enabled = !(ImGui::GetItemFlags() & ImGuiItemFlags_Disabled);
  // A window's first frame has a provisional position; publish settled ones only.
  if (registry && !ImGui::IsWindowAppearing())
    registry->controls[key] = ControlRect{min.x, min.y, max.x - min.x, max.y - min.y, enabled};
  Focus& state = focus();
  if (!enabled || !has_keyboard(*ImGui::GetCurrentWindow())) return false;
  state.drawing.push_back(name);
  if (!state.visible || name != state.focused) return false;
  if (state.scroll_to) {
    state.scroll_to = false;
    ImGui::ScrollToRect(ImGui::GetCurrentWindow(), ImRect(min, max));
  }
  ImDrawList& draw_list = *ImGui::GetForegroundDrawList();
  const ImRect clip = ImGui::GetCurrentWindow()->ClipRect;
  draw_list.PushClipRect(ImVec2(clip.Min.x - 4, clip.Min.y - 4), ImVec2(clip.Max.x + 4, clip.Max.y + 4), false);
  draw_list.AddRect(ImVec2(min.x - 3, min.y - 3), ImVec2(max.x + 3, max.y + 3), palette::kPearlHighlight,
                    ImGui::GetStyle().FrameRounding + 3, 0, 2.5f);
  draw_list.PopClipRect();
  if (!state.activating) return false;
  state.activating = false;
  return true;
}

void move_focus(FocusMove move) {
  Focus& state = focus();
  // The last frame's items (an older list could still lack a button that
  // has just become enabled, or the dialog that has just opened).
  const std::vector<std::string>& order = state.drawing;
  state.scroll_to = true;
  if (order.empty()) return;
  const auto at = std::find(order.begin(), order.end(), state.focused);
  if (!state.visible || at == order.end()) {
    state.focused = move == FocusMove::Next ? order.front() : order.back();
  } else if (move == FocusMove::Next) {
    state.focused = at + 1 == order.end() ? order.front() : *(at + 1);
  } else {
    state.focused = at == order.begin() ? order.back() : *(at - 1);
  }
  state.visible = true;
}

bool activate_focus() {
  Focus& state = focus();
  if (!state.visible || std::find(state.drawing.begin(), state.drawing.end(), state.focused) == state.drawing.end())
    return false;
  state.activate = true;
  return true;
}

void clear_focus() { focus().visible = false; }
std::string focused_control() { return focus().visible ? shown_name(focus().focused) : ""; }

std::vector<std::string> keyboard_controls() {
  // Between frames `drawing` holds the last frame's items, complete.
  std::vector<std::string> names;
  for (const std::string& name : focus().drawing) names.push_back(shown_name(name));
  return names;
}

bool focus_control(const std::string& name, bool press) {
  Focus& state = focus();
  const auto at = std::find_if(state.drawing.begin(), state.drawing.end(),
                               [&](const std::string& item) { return shown_name(item) == name; });
  if (at == state.drawing.end()) return false;
  state.focused = *at;
  state.visible = true;
  state.scroll_to = true;
  if (press) state.activate = true;
  return true;
}

bool focus_on_last() {
  const Focus& state = focus();
  return state.visible && !state.drawing.empty() && state.drawing.back() == state.focused;
}

bool button(const char* label, ImVec2 size, bool enabled, const char* name) {
  ImGui::BeginDisabled(!enabled);
  bool pressed = false;
  {
    const FittedLabel fitted(label, size.x);
    pressed = text_button(label, size);
  }
  pressed = note_control(name ? name : words().english_of(label)) || pressed;
  ImGui::EndDisabled();
  return pressed;
}

bool checkbox(const char* label, const char* name, bool* value) {
  ImGui::PushID(name);
  bool toggled = ImGui::Checkbox("##box", value);
  if (note_control(name)) {
    *value = !*value;
    toggled = true;
  }
  // The label wraps beside the box, however long it is in the player's
  // language; a tap on it (not a swipe that starts there) toggles too.
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::BeginGroup();
  ImGui::AlignTextToFramePadding();
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(label);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && !scrolling() &&
      io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 36) {
    *value = !*value;
    toggled = true;
  }
  ImGui::PopID();
  return toggled;
}

namespace {

// The score bar's two halves split at `middle`: ebony with a faint grain,
// pearl with a faint sheen, in the theme's disc colours, over a shadow.
void score_bar_backdrop(ImDrawList& draw_list, ImVec2 origin, ImVec2 end, float middle) {
  const float height = end.y - origin.y;
  const float rounding = 12;
  draw_list.AddRectFilled(ImVec2(origin.x, origin.y + 3), ImVec2(end.x, end.y + 3), IM_COL32(0, 0, 0, 90), rounding);
  const auto halfway = [](ImU32 a, ImU32 b) {
    return (((a >> 1) & 0x7F7F7F7F) + ((b >> 1) & 0x7F7F7F7F)) | IM_COL32_A_MASK;
  };
  draw_list.AddRectFilled(origin, ImVec2(middle, end.y), palette::kEbony, rounding, ImDrawFlags_RoundCornersLeft);
  const ImU32 grain = halfway(palette::kEbony, palette::kEbonyHighlight);
  draw_list.AddRectFilledMultiColor(ImVec2(origin.x + rounding, origin.y),
                                    ImVec2(std::max(middle, origin.x + rounding), origin.y + height * 0.5f), grain,
                                    halfway(grain, palette::kEbony), palette::kEbony, palette::kEbony);
  draw_list.AddRectFilled(ImVec2(middle, origin.y), end, palette::kPearl, rounding, ImDrawFlags_RoundCornersRight);
  draw_list.AddRectFilledMultiColor(
      ImVec2(middle, origin.y), ImVec2(std::max(middle, end.x - rounding), origin.y + height * 0.5f),
      palette::kPearlHighlight, halfway(palette::kPearlHighlight, palette::kPearl), palette::kPearl, palette::kPearl);
  draw_list.AddLine(ImVec2(middle, origin.y), ImVec2(middle, end.y), palette::kCopper, 2.0f);
  draw_list.AddRect(origin, end, palette::kCopperDeep, rounding, 0, 1.5f);
}

}  // namespace

void score_bar(ImDrawList& draw_list, const Theme& theme, ImVec2 origin, float width, float height, int black,
               int white, std::optional<Color> to_move, const ScoreBarLabels& labels) {
  // What each side shows, from its outer edge: the disc, the count, the name.
  const float disc = height * 0.26f;
  const float count_size = std::min(30.0f, height * 0.52f);
  const float label_size = 13;
  const std::string black_text = std::to_string(black), white_text = std::to_string(white);
  const float black_count = theme.count->CalcTextSizeA(count_size, FLT_MAX, 0, black_text.c_str()).x;
  const float white_count = theme.count->CalcTextSizeA(count_size, FLT_MAX, 0, white_text.c_str()).x;
  // Game clocks are read at a glance: large, in the counts' bold figures.
  const float badge_size = labels.clocks ? std::min(22.0f, height * 0.34f) : 12;
  ImFont* const badge_font = labels.clocks ? theme.count : theme.strong;
  // Names are people's text, in any script (text_view.h).
  const auto text_width = [&](ImFont* font, float size, const std::string& text) {
    return widgets::text_size(font, size, text).x;
  };
  const float black_label = std::max(text_width(theme.body, label_size, labels.black),
                                     text_width(badge_font, badge_size, labels.black_badge));
  const float white_label = std::max(text_width(theme.body, label_size, labels.white),
                                     text_width(badge_font, badge_size, labels.white_badge));
  constexpr float kEdge = 12, kGap = 6, kInner = 12;  // padding at the outer edge, between items, at the split
  const auto needs = [&](float count, float label) {
    return kEdge + disc * 2 + kGap + count + (label > 0 ? kGap + label : 0) + kInner;
  };
  const float middle =
      origin.x + score_bar_split(width, black, white, needs(black_count, black_label), needs(white_count, white_label));
  const ImVec2 end(origin.x + width, origin.y + height);
  score_bar_backdrop(draw_list, origin, end, middle);

  const float center_y = origin.y + height * 0.5f;
  // Black: disc, count, name from the left. White: mirrored from the right.
  const float black_count_x = origin.x + kEdge + disc * 2 + kGap;
  draw_disc(draw_list, ImVec2(origin.x + kEdge + disc, center_y), disc, Color::Black, 1, 0);
  draw_list.AddText(theme.count, count_size, ImVec2(black_count_x, center_y - count_size * 0.55f), palette::kPearl,
                    black_text.c_str());
  const float white_count_x = end.x - kEdge - disc * 2 - kGap - white_count;
  draw_disc(draw_list, ImVec2(end.x - kEdge - disc, center_y), disc, Color::White, 1, 0);
  draw_list.AddText(theme.count, count_size, ImVec2(white_count_x, center_y - count_size * 0.55f), palette::kEbony,
                    white_text.c_str());
  // The names, where they fit (always, unless the bar is narrower than both
  // sides need), with a badge under a name while it has something to say.
  const auto name_and_badge = [&](float x, float room_right, bool right_aligned, const std::string& name,
                                  const std::string& badge, ImU32 name_colour, ImU32 badge_colour) {
    const float name_width = text_width(theme.body, label_size, name);
    const float badge_width = text_width(badge_font, badge_size, badge);
    // The name and its badge stacked about the middle.
    const float badge_y = center_y + 2 - (badge_size - 12) * 0.5f;
    const float name_y = badge.empty() ? center_y - label_size * 0.6f : badge_y - label_size - 3;
    draw_text(draw_list, theme.body, label_size, ImVec2(right_aligned ? room_right - name_width : x, name_y),
              name_colour, name);
    if (!badge.empty())
      draw_list.AddText(badge_font, badge_size, ImVec2(right_aligned ? room_right - badge_width : x, badge_y),
                        badge_colour, badge.c_str());
  };
  const float black_label_x = black_count_x + black_count + kGap;
  if (black_label_x + black_label <= middle - kInner + 1)
    name_and_badge(black_label_x, 0, false, labels.black, labels.black_badge, palette::kTextDim,
                   labels.black_badge_colour.value_or(palette::kCopperBright));
  const float white_label_right = white_count_x - kGap;
  if (white_label_right - white_label >= middle + kInner - 1)
    name_and_badge(0, white_label_right, true, labels.white, labels.white_badge, palette::kOnPearl,
                   labels.white_badge_colour.value_or(palette::kOnPearlAccent));
  if (to_move) {
    // The copper mark under the side to move.
    const bool black_moves = *to_move == Color::Black;
    const float from = black_moves ? origin.x + 10 : middle + 8;
    const float to = black_moves ? middle - 8 : end.x - 10;
    draw_list.AddRectFilled(ImVec2(from, end.y - 5), ImVec2(to, end.y - 2), palette::kCopperBright, 2);
  }
}

void title_row(const Theme& theme, float width, float height, const SessionOptions& options, const Match* match,
               int game_number, const std::string& online_line) {
  ImDrawList& draw_list = *ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  draw_list.AddText(theme.title, 24, ImVec2(origin.x, origin.y + (height - 24) * 0.5f - 2), palette::kCopperBright,
                    "Reversi");
  std::string line = options.mode == Mode::Solo
                         ? tr("vs computer · {strength}", {{"strength", strength_title(options.strength)}})
                         : std::string(tr("Two players"));
  if (!online_line.empty()) {
    line = online_line;
  } else if (match && match->length() > 1) {
    const bool solo = options.mode == Mode::Solo;
    const std::initializer_list<WordArg> said = {{"n", game_number},
                                                 {"total", match->length()},
                                                 {"first", match->wins(Seat::First)},
                                                 {"second", match->wins(Seat::Second)}};
    (line += " · ") += solo ? tr("game {n} of {total} · you {first}–{second} computer", said)
                            : tr("game {n} of {total} · P1 {first}–{second} P2", said);
  }
  const float size = 14;
  // An online table's line names people: cut to its room with an ellipsis.
  const std::string shown = fit_text(theme.body, size, line, width - 110);
  const ImVec2 extent = text_size(theme.body, size, shown);
  const float x = std::max(origin.x + 110, origin.x + width - extent.x);
  draw_list.PushClipRect(ImVec2(origin.x + 105, origin.y), ImVec2(origin.x + width, origin.y + height), true);
  draw_text(draw_list, theme.body, size, ImVec2(x, origin.y + (height - size) * 0.5f), palette::kTextDim, shown);
  draw_list.PopClipRect();
}

bool segmented(const char* id, const char* const* labels, int count, int* chosen, float width) {
  ImGui::PushID(id);
  bool changed = false;
  const float gap = 6;
  const float button = (width - gap * (count - 1)) / count;
  for (int index = 0; index < count; ++index) {
    const bool selected = *chosen == index;
    if (selected) {
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(palette::kCopper));
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::ColorConvertU32ToFloat4(palette::kCopperBright));
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kOnAccent));
    }
    bool pressed = false;
    {
      const FittedLabel fitted(labels[index], button);
      pressed = ImGui::Button(labels[index], ImVec2(button, 44));
    }
    pressed = note_control(std::string(id) + ":" + words().english_of(labels[index])) || pressed;
    if (pressed && !selected) {
      *chosen = index;
      changed = true;
    }
    if (selected) ImGui::PopStyleColor(3);
    if (index + 1 < count) ImGui::SameLine(0, gap);
  }
  ImGui::PopID();
  return changed;
}

bool wide_button(const char* label, float width, bool primary) {
  if (primary) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(palette::kCopper));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::ColorConvertU32ToFloat4(palette::kCopperBright));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kOnAccent));
  }
  bool pressed = false;
  {
    const FittedLabel fitted(label, width);
    pressed = text_button(label, ImVec2(width, 48));
  }
  pressed = note_control(words().english_of(label)) || pressed;
  if (primary) ImGui::PopStyleColor(3);
  return pressed;
}

void begin_frame(int dialog) {
  begin_scroll_frame(dialog != 0);
  Focus& state = focus();
  // A dialog opening, closing or giving way to another moves the focus into
  // it or back out, with nothing pending.
  if (dialog != state.dialog) {
    state.dialog = dialog;
    state.drawing.clear();
    state.focused.clear();
    state.visible = false;
    state.activate = state.activating = false;
    return;
  }
  state.drawing.clear();
  state.activating = state.activate;
  state.activate = false;
}

void toast(const Theme& theme, const std::string& text, float alpha, const ToastPlace& place) {
  if (text.empty() || alpha <= 0) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImDrawList& draw_list = *ImGui::GetForegroundDrawList();
  const float size = 17, pad_x = 18, pad_y = 12;
  const float left = place.set() ? place.left : 0, right = place.set() ? place.right : display.x;
  const float wrap = std::min(right - left - 16, 560.0f) - 2 * pad_x;
  const ImVec2 extent = text_size(theme.body, size, text, wrap, palette::kText);
  const ImVec2 box(extent.x + 2 * pad_x, extent.y + 2 * pad_y);
  const float top = !place.set()  ? std::max(10.0f, std::min(display.y * 0.03f, 24.0f))
                    : place.below ? place.top - box.y
                                  : place.top;
  const ImVec2 min(left + (right - left - box.x) * 0.5f, top);
  const ImVec2 max(min.x + box.x, min.y + box.y);
  const auto faded = [alpha](ImU32 colour) {
    const int a = static_cast<int>(((colour >> IM_COL32_A_SHIFT) & 0xFF) * alpha);
    return (colour & ~IM_COL32_A_MASK) | (static_cast<ImU32>(a) << IM_COL32_A_SHIFT);
  };
  draw_list.AddRectFilled(ImVec2(min.x, min.y + 4), ImVec2(max.x, max.y + 4), faded(IM_COL32(0, 0, 0, 110)), 14);
  draw_list.AddRectFilled(min, max, faded(palette::kPanel), 14);
  draw_list.AddRect(min, max, faded(palette::kCopper), 14, 0, 2);
  draw_text(draw_list, theme.body, size, ImVec2(min.x + pad_x, min.y + pad_y), faded(palette::kText), text, wrap);
}

}  // namespace reversi::widgets
