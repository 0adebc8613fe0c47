// The statistics panel: results per strength, two-player results, and the
// latest finished games (each can be reviewed, or copied as a transcript).
#include <imgui.h>

#include "app/app.h"
#include "app/core/wording.h"
#include "app/core/words.h"
#include "app/platform.h"
#include "app/widgets.h"

namespace reversi {
namespace {

const char* outcome_for(const FinishedGame& game) {
  const auto winner = game.result.winner();
  if (!winner) return tr("Draw");
  if (game.mode == Mode::TwoPlayers) return *winner == Color::Black ? tr("Black won") : tr("White won");
  return *winner == game.human_colour ? tr("Won") : tr("Lost");
}

}  // namespace

void App::draw_statistics_panel() {
  if (!begin_panel("Statistics", 480, 700)) return;
  const float outer = ImGui::GetContentRegionAvail().x;
  widgets::begin_scroll_region("##statistics", ImVec2(0, -58));
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::PushFont(theme_.strong);
  ImGui::TextUnformatted(tr("Against the computer"));
  ImGui::PopFont();
  if (ImGui::BeginTable("solo", 4, ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn(tr("Strength"));
    ImGui::TableSetupColumn(tr("Won"));
    ImGui::TableSetupColumn(tr("Drawn"));
    ImGui::TableSetupColumn(tr("Lost"));
    ImGui::TableHeadersRow();
    for (Strength strength : {Strength::Easy, Strength::Medium, Strength::Hard}) {
      const SoloTally& tally = game_.record().solo_for(strength);
      ImGui::TableNextRow(ImGuiTableRowFlags_None, 30);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(strength_title(strength));
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
  ImGui::TextUnformatted(tr("Two players on this device"));
  ImGui::PopFont();
  const TwoPlayerTally& pair = game_.record().two_player;
  ImGui::TextUnformatted(tr("Black won {black}  ·  White won {white}  ·  Drawn {draws}",
                            {{"black", pair.black_wins}, {"white", pair.white_wins}, {"draws", pair.draws}})
                             .c_str());
  ImGui::Spacing();
  ImGui::PushFont(theme_.strong);
  ImGui::TextUnformatted(tr("Recent games"));
  ImGui::PopFont();
  if (game_.record().recent.empty()) ImGui::TextDisabled("%s", tr("Finished games appear here."));
  for (std::size_t index = 0; index < game_.record().recent.size(); ++index) {
    const FinishedGame& game = game_.record().recent[index];
    ImGui::PushID(static_cast<int>(index));
    const std::string opponent = game.mode == Mode::TwoPlayers
                                     ? std::string(tr("Two players"))
                                     : tr("vs {strength}", {{"strength", strength_title(game.strength)}});
    // The line's text centred on the Copy button beside it.
    const float row_y = ImGui::GetCursorPosY();
    ImGui::SetCursorPosY(row_y + (38 - ImGui::GetTextLineHeight()) * 0.5f);
    ImGui::Text("%-9s %2d–%-2d  %s", outcome_for(game), game.result.black_discs, game.result.white_discs,
                opponent.c_str());
    ImGui::SameLine(width - 172);
    ImGui::SetCursorPosY(row_y);
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(10, 8));
    const std::string review_name = "review:" + std::to_string(index + 1);
    const bool review = widgets::button(tr("Review"), ImVec2(84, 38), true, review_name.c_str());
    ImGui::SameLine(width - 84);
    const std::string name = "copy:" + std::to_string(index + 1);
    const bool copy = widgets::button(tr("Copy"), ImVec2(84, 38), true, name.c_str());
    ImGui::PopStyleVar();
    if (copy) {
      platform::copy_to_clipboard(game.transcript);
      game_.notify(NoticeKind::Copied, tr("Transcript copied."));
    }
    ImGui::PopID();
    if (review) {
      review_recent_game(index);
      break;  // the dialog is closing
    }
  }
  if (!game_.record_readable()) {
    ImGui::Spacing();
    ImGui::TextWrapped("%s",
                       tr("Your earlier record could not be read; it will be replaced after your next finished game."));
  }
  widgets::end_scroll_region();
  if (widgets::wide_button(tr("Close"), outer, true)) switch_panel(Panel::None);
  end_panel();
}

}  // namespace reversi
