// The list of moves beside the board on a wide screen: two to a line, each a
// button that shows the board as it was after that move.
#include <imgui.h>

#include <string>

#include "app/app.h"
#include "app/disc_view.h"
#include "app/widgets.h"

namespace reversi {

void App::draw_side_moves(ImVec2 origin, float width, float height) {
  if (!session()) return;
  const MoveRecord& record = session()->game().record();
  if (record.all().empty()) return;
  ImGui::SetCursorScreenPos(origin);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(palette::kPanel));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 10));
  widgets::begin_scroll_region("##side-moves", ImVec2(width, height), /*padded=*/true);
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  ImGui::PushFont(theme_.strong);
  ImGui::TextUnformatted(tr("Moves"));
  ImGui::PopFont();
  // Two moves to a line (black's and white's), each a button that shows the
  // board as it was after it.
  const float column = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
  int number = 0, in_line = 0;
  const std::size_t cursor = record.cursor();
  // The discs go to a layer of their own, over the rows: drawn from one
  // texture, they are then one draw call, not one for each row.
  ImDrawList& draw_list = *ImGui::GetWindowDrawList();
  draw_list.ChannelsSplit(2);
  for (std::size_t index = 0; index < record.all().size(); ++index) {
    const Ply& ply = record.all()[index];
    if (ply.is_pass()) continue;
    ++number;
    if (in_line == 1) ImGui::SameLine(0, 10);
    const std::string label =
        "      " + std::to_string(number) + ". " + square_name(ply.square) + "##side" + std::to_string(number);
    const ImU32 colour = index + 1 == cursor ? palette::kCopperBright
                         : index < cursor    ? palette::kText
                                             : palette::kTextDim;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour));
    const bool chosen = ImGui::Selectable(label.c_str(), index + 1 == cursor, 0, ImVec2(column, 26));
    ImGui::PopStyleColor();
    if (widgets::note_control("side:" + std::to_string(number)) || chosen) view_move(static_cast<std::size_t>(number));
    if (ImGui::IsItemVisible()) {
      const ImVec2 row = ImGui::GetItemRectMin();
      draw_list.ChannelsSetCurrent(1);
      draw_disc(draw_list, ImVec2(row.x + 10, row.y + 13), 7, ply.color, 1, 0);
      draw_list.ChannelsSetCurrent(0);
    }
    in_line = (in_line + 1) % 2;
  }
  draw_list.ChannelsMerge();
  // The newest move stays in view as the game goes on.
  if (record.all().size() != side_moves_seen_) {
    side_moves_seen_ = record.all().size();
    ImGui::SetScrollHereY(1.0f);
  }
  widgets::end_scroll_region();
}

}  // namespace reversi
