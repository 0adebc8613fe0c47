// The statistics panel: results per strength, two-player results, and the
// latest finished games (each can be reviewed, or copied as a transcript).
#include <imgui.h>

#include "app/app.h"
#include "app/platform.h"
#include "app/widgets.h"

namespace reversi {
namespace {

const char* outcome_for(const FinishedGame& game) {
  const auto winner = game.result.winner();
  if (!winner) return "Draw";
  if (game.mode == Mode::TwoPlayers) return *winner == Color::Black ? "Black won" : "White won";
  return *winner == game.human_colour ? "Won" : "Lost";
}

}  // namespace

void App::draw_statistics_panel() {
  if (!begin_panel("Statistics", 480, 700)) return;
  const float outer = ImGui::GetContentRegionAvail().x;
  widgets::begin_scroll_region("##statistics", ImVec2(0, -58));
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::PushFont(theme_.strong);
  ImGui::TextUnformatted("Against the computer");
  ImGui::PopFont();
  if (ImGui::BeginTable("solo", 4, ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("Strength");
    ImGui::TableSetupColumn("Won");
    ImGui::TableSetupColumn("Drawn");
    ImGui::TableSetupColumn("Lost");
    ImGui::TableHeadersRow();
    for (Strength strength : {Strength::Easy, Strength::Medium, Strength::Hard}) {
      const SoloTally& tally = game_.record().solo_for(strength);
      ImGui::TableNextRow(ImGuiTableRowFlags_None, 30);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(strength == Strength::Easy ? "Easy" : strength == Strength::Medium ? "Medium" : "Hard");
      ImGui::TableNextColumn();
      ImGui::Text("%d", tally.won);
      ImGui::TableNextColumn();
      ImGui::Text("%d", tally.drawn);
      ImGui::TableNextColumn();
      ImGui::Text("%d", tally.lost);
    }
    ImGui::EndTable();
  }
  ImGui::Spacing();
  ImGui::PushFont(theme_.strong);
  ImGui::TextUnformatted("Two players on this device");
  ImGui::PopFont();
  const TwoPlayerTally& pair = game_.record().two_player;
  ImGui::Text("Black won %d  ·  White won %d  ·  Drawn %d", pair.black_wins, pair.white_wins, pair.draws);
  ImGui::Spacing();
  ImGui::PushFont(theme_.strong);
  ImGui::TextUnformatted("Recent games");
  ImGui::PopFont();
  if (game_.record().recent.empty()) ImGui::TextDisabled("Finished games appear here.");
  for (std::size_t index = 0; index < game_.record().recent.size(); ++index) {
    const FinishedGame& game = game_.record().recent[index];
    ImGui::PushID(static_cast<int>(index));
    const std::string opponent = game.mode == Mode::TwoPlayers       ? "Two players"
                                 : game.strength == Strength::Easy   ? "vs Easy"
                                 : game.strength == Strength::Medium ? "vs Medium"
                                                                     : "vs Hard";
    // The line's text centred on the Copy button beside it.
    const float row_y = ImGui::GetCursorPosY();
    ImGui::SetCursorPosY(row_y + (38 - ImGui::GetTextLineHeight()) * 0.5f);
    ImGui::Text("%-9s %2d–%-2d  %s", outcome_for(game), game.result.black_discs, game.result.white_discs,
                opponent.c_str());
    ImGui::SameLine(width - 172);
    ImGui::SetCursorPosY(row_y);
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(10, 8));
    const std::string review_name = "review:" + std::to_string(index + 1);
    const bool review = widgets::button("Review", ImVec2(84, 38), true, review_name.c_str());
    ImGui::SameLine(width - 84);
    const std::string name = "copy:" + std::to_string(index + 1);
    const bool copy = widgets::button("Copy", ImVec2(84, 38), true, name.c_str());
    ImGui::PopStyleVar();
    if (copy) {
      platform::copy_to_clipboard(game.transcript);
      game_.notify(NoticeKind::Copied, "Transcript copied.");
    }
    ImGui::PopID();
    if (review) {
      review_recent_game(index);
      break;  // the dialog is closing
    }
  }
  if (!game_.record_readable()) {
    ImGui::Spacing();
    ImGui::TextWrapped("Your earlier record could not be read; it will be replaced after your next finished game.");
  }
  widgets::end_scroll_region();
  if (widgets::wide_button("Close", outer, true)) switch_panel(Panel::None);
  end_panel();
}

}  // namespace reversi
