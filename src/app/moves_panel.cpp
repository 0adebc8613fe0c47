// The moves dialog (app/moves_panel.h).
#include "app/moves_panel.h"

#include <imgui.h>

#include "app/core/words.h"
#include "app/theme.h"
#include "app/widgets.h"
#include "engine/notation.h"

namespace reversi {

MovesPanel::Result MovesPanel::draw(const Params& params) {
  Result result;
  const float width = ImGui::GetContentRegionAvail().x;
  if (params.session) {
    widgets::begin_scroll_region("##moves", ImVec2(0, load_error_.empty() ? -116 : -170));
    draw_moves(*params.session, params.coarse_pointer, result);
    widgets::end_scroll_region();
  }
  if (!load_error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(IM_COL32(240, 120, 96, 255)));
    ImGui::TextWrapped("Not loaded: %s", load_error_.c_str());
    ImGui::PopStyleColor();
  }
  const float half = (width - 10) * 0.5f;
  result.copy = widgets::wide_button(tr("Copy transcript"), half) && params.session;
  ImGui::SameLine(0, 10);
  result.ask_for_game = widgets::wide_button(tr("Load a game…"), half);
  if (text_entry_) {
    ImGui::SetNextItemWidth(width - 90);
    const bool entered =
        ImGui::InputText("##transcript", transcript_, sizeof transcript_, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if (entered || ImGui::Button(tr("Load"), ImVec2(80, 40))) result.load = transcript_;
  }
  result.close = widgets::wide_button(tr("Close"), width);
  return result;
}

// Each move a row to tap: the board then shows the position after it.
void MovesPanel::draw_moves(const Session& session, bool coarse_pointer, Result& result) {
  const MoveRecord& record = session.game().record();
  if (record.all().empty()) ImGui::TextDisabled("%s", tr("No moves yet."));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  if (!record.all().empty())
    ImGui::TextWrapped("%s", coarse_pointer ? tr("Tap a move to see the board as it was.")
                                            : tr("Click a move to see the board as it was."));
  ImGui::PopStyleColor();
  int number = 0;
  const std::size_t cursor = record.cursor();
  for (std::size_t index = 0; index < record.all().size(); ++index) {
    const Ply& ply = record.all()[index];
    const bool applied = index < cursor, current = index + 1 == cursor;
    if (!ply.is_pass()) ++number;
    std::string line = ply.is_pass() ? "     " : std::to_string(number) + ".";
    line.resize(5, ' ');
    line += std::string(ply.color == Color::Black ? tr("Black") : tr("White")) + "  ";
    line += ply.is_pass() ? std::string(tr("passes")) : square_name(ply.square);
    if (!ply.is_pass() && ply.flips) (line += "   ") += tr("turns {n}", {{"n", count_bits(ply.flips)}});
    if (ply.is_pass()) {
      ImGui::TextDisabled("%s", line.c_str());
      continue;
    }
    ImGui::PushID(static_cast<int>(index));
    const ImU32 colour = applied ? palette::kText : palette::kTextDim;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour));
    const bool chosen = ImGui::Selectable(line.c_str(), current, 0, ImVec2(0, 34));
    ImGui::PopStyleColor();
    const bool by_key = widgets::note_control("move:" + std::to_string(number));
    if (current && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY(0.5f);
    ImGui::PopID();
    if (chosen || by_key) result.view = static_cast<std::size_t>(number);
  }
}

}  // namespace reversi
