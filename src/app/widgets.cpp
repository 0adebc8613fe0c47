#include "app/widgets.h"

#include <algorithm>
#include <string>

#include "app/board_view.h"
#include "app/core/score_bar_layout.h"
#include "imgui_internal.h"

namespace reversi::widgets {

void note_control(const std::string& name) {
  auto* registry = static_cast<ControlRegistry*>(ImGui::GetIO().UserData);
  // A window's first frame has a provisional position; publish settled ones only.
  if (!registry || ImGui::IsWindowAppearing()) return;
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  const std::string key = name.substr(0, name.find("##"));
  registry->controls[key] =
      ControlRect{min.x, min.y, max.x - min.x, max.y - min.y, !(ImGui::GetItemFlags() & ImGuiItemFlags_Disabled)};
}

bool button(const char* label, ImVec2 size, bool enabled) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(label, size);
  ImGui::EndDisabled();
  note_control(label);
  return pressed;
}

void score_bar(ImDrawList& draw_list, const Theme& theme, ImVec2 origin, float width, float height, int black,
               int white, std::optional<Color> to_move, const ScoreBarLabels& labels) {
  // What each side shows, from its outer edge: the disc, the count, the name.
  const float disc = height * 0.26f;
  const float count_size = std::min(30.0f, height * 0.52f);
  const float label_size = 13;
  const std::string black_text = std::to_string(black), white_text = std::to_string(white);
  const float black_count = theme.count->CalcTextSizeA(count_size, FLT_MAX, 0, black_text.c_str()).x;
  const float white_count = theme.count->CalcTextSizeA(count_size, FLT_MAX, 0, white_text.c_str()).x;
  const float black_label = theme.body->CalcTextSizeA(label_size, FLT_MAX, 0, labels.black.c_str()).x;
  const float white_label = theme.body->CalcTextSizeA(label_size, FLT_MAX, 0, labels.white.c_str()).x;
  constexpr float kEdge = 12, kGap = 6, kInner = 12;  // padding at the outer edge, between items, at the split
  const auto needs = [&](float count, float label) {
    return kEdge + disc * 2 + kGap + count + (label > 0 ? kGap + label : 0) + kInner;
  };
  const float middle =
      origin.x + score_bar_split(width, black, white, needs(black_count, black_label), needs(white_count, white_label));
  const ImVec2 end(origin.x + width, origin.y + height);
  const float rounding = 12;
  draw_list.AddRectFilled(ImVec2(origin.x, origin.y + 3), ImVec2(end.x, end.y + 3), IM_COL32(0, 0, 0, 90), rounding);
  // Ebony with a faint grain, pearl with a faint sheen.
  draw_list.AddRectFilled(origin, ImVec2(middle, end.y), IM_COL32(20, 16, 14, 255), rounding,
                          ImDrawFlags_RoundCornersLeft);
  draw_list.AddRectFilledMultiColor(
      ImVec2(origin.x + rounding, origin.y), ImVec2(std::max(middle, origin.x + rounding), origin.y + height * 0.5f),
      IM_COL32(60, 52, 46, 255), IM_COL32(36, 30, 27, 255), IM_COL32(20, 16, 14, 255), IM_COL32(20, 16, 14, 255));
  draw_list.AddRectFilled(ImVec2(middle, origin.y), end, IM_COL32(232, 225, 212, 255), rounding,
                          ImDrawFlags_RoundCornersRight);
  draw_list.AddRectFilledMultiColor(ImVec2(middle, origin.y),
                                    ImVec2(std::max(middle, end.x - rounding), origin.y + height * 0.5f),
                                    IM_COL32(250, 248, 242, 255), IM_COL32(236, 228, 240, 255),
                                    IM_COL32(232, 225, 212, 255), IM_COL32(232, 225, 212, 255));
  draw_list.AddLine(ImVec2(middle, origin.y), ImVec2(middle, end.y), palette::kCopper, 2.0f);
  draw_list.AddRect(origin, end, palette::kCopperDeep, rounding, 0, 1.5f);

  const float center_y = origin.y + height * 0.5f;
  // Black: disc, count, name from the left. White: mirrored from the right.
  const float black_count_x = origin.x + kEdge + disc * 2 + kGap;
  draw_disc(draw_list, ImVec2(origin.x + kEdge + disc, center_y), disc, Color::Black, 1, 0);
  draw_list.AddText(theme.count, count_size, ImVec2(black_count_x, center_y - count_size * 0.55f), palette::kPearl,
                    black_text.c_str());
  const float white_count_x = end.x - kEdge - disc * 2 - kGap - white_count;
  draw_disc(draw_list, ImVec2(end.x - kEdge - disc, center_y), disc, Color::White, 1, 0);
  draw_list.AddText(theme.count, count_size, ImVec2(white_count_x, center_y - count_size * 0.55f),
                    IM_COL32(30, 24, 20, 255), white_text.c_str());
  // The names, where they fit (always, unless the bar is narrower than both sides need).
  const float black_label_x = black_count_x + black_count + kGap;
  if (black_label_x + black_label <= middle - kInner + 1)
    draw_list.AddText(theme.body, label_size, ImVec2(black_label_x, center_y - label_size * 0.6f), palette::kTextDim,
                      labels.black.c_str());
  const float white_label_x = white_count_x - kGap - white_label;
  if (white_label_x >= middle + kInner - 1)
    draw_list.AddText(theme.body, label_size, ImVec2(white_label_x, center_y - label_size * 0.6f),
                      IM_COL32(96, 84, 72, 255), labels.white.c_str());
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
                         ? std::string("vs computer · ") + (options.strength == Strength::Easy     ? "Easy"
                                                            : options.strength == Strength::Medium ? "Medium"
                                                                                                   : "Hard")
                         : std::string("Two players");
  if (!online_line.empty()) {
    line = online_line;
  } else if (match && match->length() > 1) {
    const bool solo = options.mode == Mode::Solo;
    line += " · game " + std::to_string(game_number) + " of " + std::to_string(match->length()) + " · " +
            (solo ? "you " : "P1 ") + std::to_string(match->wins(Seat::First)) + "–" +
            std::to_string(match->wins(Seat::Second)) + (solo ? " computer" : " P2");
  }
  const float size = 14;
  const ImVec2 extent = theme.body->CalcTextSizeA(size, FLT_MAX, 0, line.c_str());
  const float x = std::max(origin.x + 110, origin.x + width - extent.x);
  draw_list.PushClipRect(ImVec2(origin.x + 105, origin.y), ImVec2(origin.x + width, origin.y + height), true);
  draw_list.AddText(theme.body, size, ImVec2(x, origin.y + (height - size) * 0.5f), palette::kTextDim, line.c_str());
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
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(IM_COL32(40, 22, 10, 255)));
    }
    if (ImGui::Button(labels[index], ImVec2(button, 44)) && !selected) {
      *chosen = index;
      changed = true;
    }
    note_control(std::string(id) + ":" + labels[index]);
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
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(IM_COL32(40, 22, 10, 255)));
  }
  const bool pressed = ImGui::Button(label, ImVec2(width, 48));
  note_control(label);
  if (primary) ImGui::PopStyleColor(3);
  return pressed;
}

}  // namespace reversi::widgets
