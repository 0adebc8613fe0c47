// The result card (app/result_panel.h).
#include "app/result_panel.h"

#include <imgui.h>

#include "app/core/wording.h"
#include "app/widgets.h"

namespace reversi {

float ResultPanel::height(const Params& params) {
  const bool online = params.online != nullptr;
  return (params.session.match().length() > 1 ? 350 : 300) + 58 + (online ? 26 : 0) +
         (online && !params.online->chips_line().empty() ? 48 : 0);
}

ResultPanel::Result ResultPanel::draw(const Params& params) {
  Result result;
  const float width = ImGui::GetContentRegionAvail().x;
  const Match& match = params.session.match();
  draw_words(params);
  ImGui::SetCursorPosY(ImGui::GetWindowHeight() - 192);
  const float half = (width - 10) * 0.5f;
  if (params.online) {
    draw_online_choices(params, width, result);
    return result;
  }
  if (match.length() > 1 && !match.is_over()) {
    if (widgets::wide_button("Next game", width, true)) {
      result.next_game = true;
      return result;
    }
  } else if (widgets::wide_button(match.length() > 1 ? "New match, same options" : "Rematch", width, true)) {
    result.rematch = true;
    return result;
  }
  if (widgets::wide_button("Review the game", half)) {
    result.review = true;
    return result;
  }
  ImGui::SameLine(0, 10);
  result.share = widgets::wide_button("Share", half);
  result.view_board = widgets::wide_button("View board", half);
  ImGui::SameLine(0, 10);
  result.new_game = widgets::wide_button("New game…", half);
  return result;
}

// The headline, the discs, how it ended (online: the points and chips), and the match.
void ResultPanel::draw_words(const Params& params) {
  const Session& session = params.session;
  const GameResult result = session.game().result();
  const Match& match = session.match();
  ImGui::PushFont(params.theme.title);
  ImGui::TextUnformatted(params.online ? params.online->result_headline().c_str() : result_headline(session).c_str());
  ImGui::PopFont();
  ImGui::Text("Black %d  ·  White %d", result.black_discs, result.white_discs);
  if (const OnlineTable* online = params.online) {
    if (!online->ending().empty()) ImGui::TextUnformatted(online->ending().c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped("%s", online->points_line().c_str());
    ImGui::PopStyleColor();
    if (const std::string chips = online->chips_line(); !chips.empty()) ImGui::TextWrapped("%s", chips.c_str());
  } else if (result.reason == EndReason::Resignation) {
    ImGui::TextUnformatted(resignation_line(session).c_str());
  }
  if (match.length() > 1) {
    ImGui::TextUnformatted(match_line(session).c_str());
    if (match.is_over()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kCopperBright));
      ImGui::TextUnformatted(match_result_line(session).c_str());
      ImGui::PopStyleColor();
    }
  }
}

// At a table: the next game of a match, or a call-back.
void ResultPanel::draw_online_choices(const Params& params, float width, Result& result) {
  const OnlineTable& online = *params.online;
  const auto* table = online.table();
  const bool between = table && table->phase == messages::TablePhase::BetweenGames;
  const bool alone = table && table->phase == messages::TablePhase::Waiting;  // the opponent left
  const float half = (width - 10) * 0.5f;
  if (alone) {
    result.invite = widgets::wide_button("Invite someone else", width, true);
  } else if (between) {
    result.online_next_game = widgets::wide_button("Next game", width, true);
  } else {
    const char* label = online.rematch_asked()     ? "Waiting for an answer…"
                        : online.rematch_offered() ? "Accept: play again"
                                                   : "Play again";
    result.play_again = widgets::button(label, ImVec2(width, 48), !online.rematch_asked());
  }
  if (widgets::wide_button("Review the game", half)) {
    result.review = true;
    return;
  }
  ImGui::SameLine(0, 10);
  result.share = widgets::wide_button("Share", half);
  result.view_board = widgets::wide_button("View board", half);
  ImGui::SameLine(0, 10);
  result.leave = widgets::wide_button("Leave the table", half);
}

}  // namespace reversi
