// The leaderboards dialog's place among the App's panels (its content is
// ArcadePanel's), and the confirmation before the player's online data is
// deleted.
#include <imgui.h>

#include "app/app.h"
#include "app/core/words.h"
#include "app/platform.h"
#include "app/widgets.h"

namespace reversi {

void App::draw_arcade_panel() {
  if (!begin_panel("Leaderboards", 520, 760)) return;
  const ArcadePanel::Result result = arcade_.draw({theme_, online_, ImGui::IsWindowAppearing()});
  if (result.ask_leaderboard) online_.ask_leaderboard(*result.ask_leaderboard);
  if (result.ask_record) online_.ask_record();
  if (result.link_device) online_.link_device();
  if (result.copy_link) copy_link_code();
  if (result.copy_transcript) {
    platform::copy_to_clipboard(*result.copy_transcript);
    game_.notify(NoticeKind::Copied, tr("Transcript copied: paste it into Moves, then Load, to look back through it."));
  }
  if (result.delete_data) switch_panel(Panel::ConfirmDeletePlayer);
  if (result.close) switch_panel(Panel::None);
  if (result.review) review_transcript(result.review->first, result.review->second);
  end_panel();
}

void App::copy_link_code() {
  platform::copy_to_clipboard(platform::page_link("?link=" + online_.link_code()));
  game_.notify(NoticeKind::Copied, tr("Link copied: open it on your other device."));
}

void App::draw_confirm_delete_player_panel() {
  if (!begin_panel("Delete your online data?", 420, 360)) return;
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::TextWrapped(
      "%s", tr("The server forgets your name, points, level, milestones and record, and this device forgets your "
               "player. Your opponents keep their games against you, under the name \"Deleted player\". This cannot "
               "be undone."));
  if (online_.seat()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped("%s", tr("You have a seat at a table: leave it first."));
    ImGui::PopStyleColor();
  }
  ImGui::SetCursorPosY(ImGui::GetWindowHeight() - 64);
  const float half = (width - 10) * 0.5f;
  if (widgets::wide_button(tr("Keep my data"), half)) switch_panel(Panel::Arcade);
  ImGui::SameLine(0, 10);
  if (widgets::wide_button(tr("Delete"), half, true)) {
    online_.delete_player();
    switch_panel(Panel::None);
  }
  end_panel();
}

}  // namespace reversi
