// Chat at an online table, and reporting a player. The lines are the
// server's (checked and masked there); writing goes through the page's
// text field so that phones bring up their keyboard.
#include <imgui.h>

#include "app/app.h"
#include "app/core/words.h"
#include "app/platform.h"
#include "app/text_view.h"
#include "app/widgets.h"

namespace reversi {
namespace {

namespace wire = messages::online::server;

}  // namespace

void App::draw_chat_panel() {
  if (!begin_panel("Table chat", 460, 640)) return;
  const float outer = ImGui::GetContentRegionAvail().x;
  const std::string& opponent = online_.reportable_name();
  widgets::begin_scroll_region("##chat", ImVec2(0, -112));
  const float width = ImGui::GetContentRegionAvail().x;
  const auto& lines = online_.chat_lines();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  if (lines.empty())
    ImGui::TextWrapped("%s", tr("No messages yet. Be kind: the server hides words the arcade does not allow."));
  ImGui::PopStyleColor();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  for (const wire::Chat& line : lines) {
    const bool mine = line.from == online_.player();
    ImGui::PushFont(theme_.strong);
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImGui::ColorConvertU32ToFloat4(mine ? palette::kCopperBright : palette::kText));
    widgets::text_line(mine ? std::string(tr("You")) : line.name);
    ImGui::PopStyleColor();
    ImGui::PopFont();
    widgets::text_wrapped(line.text);
    ImGui::Dummy(ImVec2(0, 4));
  }
  ImGui::PopTextWrapPos();
  // New lines keep the newest in view.
  if (lines.size() != chat_lines_seen_) {
    chat_lines_seen_ = lines.size();
    ImGui::SetScrollHereY(1.0f);
  }
  widgets::end_scroll_region();
  const float third = (outer - 20) / 3;
  if (widgets::wide_button(tr("Write a message…"), outer, true)) {
    platform::ask_for_text(
        tr("Your message (up to 200 characters)"), online_.chat_draft(),
        [this](std::string text) {
          online_.chat(text);
          state_dirty_ = true;
        },
        tr("Send"));
  }
  ImGui::BeginDisabled(opponent.empty());
  const std::string whom = opponent.empty() ? std::string(tr("them")) : opponent;
  const std::string mute =
      online_.opponent_muted() ? tr("Unmute {player}", {{"player", whom}}) : tr("Mute {player}", {{"player", whom}});
  if (widgets::wide_button((mute + "##mute").c_str(), third)) online_.mute_opponent(!online_.opponent_muted());
  ImGui::SameLine(0, 10);
  if (widgets::wide_button(tr("Report…"), third)) switch_panel(Panel::Report);
  ImGui::EndDisabled();
  ImGui::SameLine(0, 10);
  if (widgets::wide_button(tr("Close"), third)) switch_panel(Panel::None);
  end_panel();
}

void App::draw_report_panel() {
  if (!begin_panel("Report a player", 440, 560)) return;
  const float width = ImGui::GetContentRegionAvail().x;
  const std::string& who = online_.reportable_name();
  widgets::text_wrapped(tr("What did {player} do?", {{"player", who.empty() ? std::string(tr("the player")) : who}}));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  ImGui::TextWrapped("%s", tr("The report goes to the arcade's staff with this table's moves and chat. You will not "
                              "be seated with them again unless you join their table yourself."));
  ImGui::PopStyleColor();
  ImGui::Spacing();
  auto send = [this](messages::ReportReason reason, const std::string& note) {
    online_.report_opponent(reason, note);
    state_dirty_ = true;
  };
  if (widgets::wide_button(tr("Insults or abuse"), width)) {
    send(messages::ReportReason::Abuse, "");
    switch_panel(Panel::None);
  }
  if (widgets::wide_button(tr("Cheating"), width)) {
    send(messages::ReportReason::Cheating, "");
    switch_panel(Panel::None);
  }
  if (widgets::wide_button(tr("Spam"), width)) {
    send(messages::ReportReason::Spam, "");
    switch_panel(Panel::None);
  }
  if (widgets::wide_button(tr("Something else…"), width)) {
    switch_panel(Panel::None);
    platform::ask_for_text(
        tr("What happened? (up to 300 characters)"), "",
        [send](std::string note) { send(messages::ReportReason::Other, note); }, tr("Send report"));
  }
  ImGui::Spacing();
  if (widgets::wide_button(tr("Cancel"), width)) switch_panel(Panel::Chat);
  end_panel();
}

}  // namespace reversi
