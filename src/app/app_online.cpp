// Online tables on screen: the choices in the new-game dialog, the table
// card with its code and invite link, taps that go to the server, and the
// result card's call-back. The protocol is OnlineTable's (app/core).
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/app.h"
#include "app/core/wording.h"
#include "app/core/words.h"
#include "app/new_game_panel.h"
#include "app/platform.h"
#include "app/text_view.h"
#include "app/widgets.h"

namespace reversi {
namespace {

namespace online = messages::online;
using SeatKind = online::server::SeatView::Kind;

}  // namespace

bool App::online_tap(Square square) {
  const CommandResult sent = online_.play(square);
  if (!sent) game_.refuse(sent);  // the words, where every refusal is worded
  return static_cast<bool>(sent);
}

// Each frame: the address bar names the table (a reload comes back to it),
// and a table that has just been opened shows its card.
void App::follow_online() {
  online_.update();
  for (messages::Event& event : online_.take_host_events()) {
    if (auto* opened = std::get_if<messages::events::TableOpened>(&event))
      opened->invite = platform::page_link("?table=" + opened->code);
    host_.post(event);
  }
  const auto* table = online() ? online_.table() : nullptr;
  const std::string code = table ? table->code : "";
  if (code == shown_table_) return;
  const bool opened =
      !code.empty() && table->phase == messages::TablePhase::Waiting && table->owner == online_.player();
  shown_table_ = code;
  platform::show_in_address(code.empty() ? "" : "?table=" + code);
  if (opened && (panel_ == Panel::None || panel_ == Panel::NewGame)) {
    if (panel_ != Panel::None) ImGui::CloseCurrentPopup();
    panel_ = Panel::Table;
  }
  state_dirty_ = true;
}

std::string App::online_title() const {
  const auto* table = online() ? online_.table() : nullptr;
  if (!online()) return "";
  if (!table) return tr("Online");
  std::string line = tr("Online · table {code}", {{"code", table->code}});
  const Session* game = session();
  if (game && game->match().length() > 1 && online_.seat()) {
    const Seat mine = *online_.seat() == 0 ? Seat::First : Seat::Second;
    const Seat theirs = mine == Seat::First ? Seat::Second : Seat::First;
    (line += " · ") += tr("game {n} of {total} · you {mine}–{theirs}", {{"n", game->game_number()},
                                                                        {"total", game->match().length()},
                                                                        {"mine", game->match().wins(mine)},
                                                                        {"theirs", game->match().wins(theirs)}});
  }
  return line;
}

// The new-game dialog's online questions (NewGamePanel::Result), asked
// through the page's prompt and carried out when answered.
void App::ask_online_name() {
  auto answer = [this](std::string text) {
    online_.set_name(text);
    state_dirty_ = true;
  };
  platform::ask_for_text(tr("Your name at the table (2 to 20 letters, digits or spaces)"), online_.name(), answer,
                         tr("Save"));
}

void App::ask_table_code() {
  auto answer = [this](std::string text) {
    std::string code;
    for (const char c : text)
      if (c != ' ' && c != '-') code.push_back(c);
    online_.join(code);
    close_panels();
    state_dirty_ = true;
  };
  platform::ask_for_text(tr("The table's code (six letters and digits)"), "", answer, tr("Join"));
}

void App::ask_device_link() {
  auto answer = [this](std::string text) {
    online_.use_link(text);
    close_panels();
    state_dirty_ = true;
  };
  platform::ask_for_text(tr("The code your other device shows (eight letters and digits)"), "", answer, tr("Link"));
}

// The table card: the code to read aloud, the invite link, and what the
// owner may do while the seat is free.
void App::draw_table_panel() {
  if (!begin_panel("Your table", 460, 640)) return;
  const float outer = ImGui::GetContentRegionAvail().x;
  const auto* table = online_.table();
  if (!table) {
    if (online_.moved_away()) {
      // The seat went on elsewhere: say so, and what this device can do now.
      ImGui::TextWrapped("%s",
                         tr("Your game now carries on on your other device. This device is back to its own game."));
      ImGui::Spacing();
      if (widgets::wide_button(tr("Play on this device"), outer, true)) switch_panel(Panel::None);
      if (widgets::wide_button(tr("Play online"), outer)) switch_panel(Panel::Arcade);
      end_panel();
      return;
    }
    widgets::text_wrapped(online_.status_line());
    if (widgets::wide_button(tr("Close"), outer)) switch_panel(Panel::None);
    end_panel();
    return;
  }
  widgets::begin_scroll_region("##table", ImVec2(0, -56));
  const float width = ImGui::GetContentRegionAvail().x;  // inside the region, beside its scrollbar
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  if (table->phase == messages::TablePhase::Waiting)
    ImGui::TextWrapped("%s", tr("Give a friend this code, or send them the link. The game starts when they sit down; "
                                "the server then draws who plays black."));
  else
    widgets::text_wrapped(tr("You are playing {player} at this table.", {{"player", online_.opponent_name()}}));
  ImGui::PopStyleColor();
  if (ImGui::IsWindowAppearing() && table->options.match_length > 1) online_.ask_record();
  // The match so far, game by game.
  if (const auto& history = online_.history(); history && !history->match.empty() && table->options.match_length > 1) {
    ImGui::PushFont(theme_.strong);
    ImGui::TextUnformatted(tr("This match"));
    ImGui::PopFont();
    for (const online::server::HistoryGame& game : history->match) widgets::text_line(match_standings_line(game));
  }
  draw_table_invitation(*table, width);
  if (table->owner == online_.player() && table->phase == messages::TablePhase::Waiting)
    draw_table_seat_offer(*table, width);
  if (table->phase != messages::TablePhase::Waiting) draw_table_carry_on(width);
  widgets::end_scroll_region();
  const float half = (outer - 10) * 0.5f;
  if (widgets::wide_button(tr("Leave the table"), half)) ask_to_leave();
  ImGui::SameLine(0, 10);
  if (widgets::wide_button(tr("Close"), half)) switch_panel(Panel::None);
  end_panel();
}

// The code, large and spaced for reading aloud, the invite link, the
// options and the chips, and the buttons that pass them on.
void App::draw_table_invitation(const messages::online::server::Table& table, float width) {
  ImGui::Spacing();
  std::string spaced;
  for (std::size_t i = 0; i < table.code.size(); ++i) {
    if (i == 3) spaced += "  ";
    spaced += table.code[i];
  }
  ImGui::PushFont(theme_.title);
  const float code_width = ImGui::CalcTextSize(spaced.c_str()).x;
  ImGui::SetCursorPosX(std::max(0.0f, (width - code_width) * 0.5f));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kCopperBright));
  ImGui::TextUnformatted(spaced.c_str());
  ImGui::PopStyleColor();
  ImGui::PopFont();
  const std::string link = platform::page_link("?table=" + table.code);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  ImGui::TextWrapped("%s", link.c_str());
  ImGui::TextWrapped("%s", table_options_line(table.options).c_str());
  if (const auto& chips = online_.chips()) {
    std::string line = tr("You have {chips}.", {{"chips", chips_words(chips->balance)}});
    if (chips->stake > 0)
      (line += " ") += tr("This match is played for {chips}.", {{"chips", chips_words(chips->stake)}});
    ImGui::TextWrapped("%s", line.c_str());
  }
  ImGui::PopStyleColor();
  const bool touch = platform::coarse_pointer();
  if (widgets::wide_button(touch ? tr("Share the invitation") : tr("Copy the invitation link"), width, true)) {
    if (!platform::share_link(tr("Play Reversi with me"), link)) {
      platform::copy_to_clipboard(link);
      game_.notify(NoticeKind::Copied, tr("Invitation link copied."));
    }
  }
  if (widgets::wide_button(tr("Copy the code"), width)) {
    platform::copy_to_clipboard(table.code);
    game_.notify(NoticeKind::Copied, tr("Table code {code} copied.", {{"code", table.code}}));
  }
}

// While the owner waits for a second player: the computer may take the seat.
void App::draw_table_seat_offer(const messages::online::server::Table& table, float width) {
  ImGui::Spacing();
  ImGui::PushFont(theme_.strong);
  ImGui::TextUnformatted(tr("Tired of waiting?"));
  ImGui::PopFont();
  const char* const kStrengths[] = {tr("Easy"), tr("Medium"), tr("Hard")};
  const float third = (width - 16) / 3;
  for (int i = 0; i < 3; ++i) {
    if (i > 0) ImGui::SameLine(0, 8);
    const std::string label = std::string(kStrengths[i]) + "##computer";
    // Named by the English (the tests, the page's mirror), shown in the player's words.
    static const char* const kNames[] = {"Easy", "Medium", "Hard"};
    if (widgets::button(label.c_str(), ImVec2(third, 44), true, kNames[i])) {
      online_.seat_computer(static_cast<Strength>(i));
      switch_panel(Panel::None);
    }
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  ImGui::TextWrapped("%s", tr("gives the free seat to the computer (practice: it earns no points)."));
  ImGui::PopStyleColor();
  bool is_private = table.is_private;
  if (widgets::checkbox(tr("Private: keep it off the list of open tables"), "setting:table-private", &is_private))
    online_.set_private(is_private);
}

// Once the game is on: the chat, and carrying the game to another device.
void App::draw_table_carry_on(float width) {
  const std::size_t lines = online_.chat_lines().size();
  const std::string chat = lines == 0 ? tr("Chat with {player}", {{"player", online_.opponent_name()}})
                                      : trn("Chat ({n} message)", "Chat ({n} messages)", lines);
  if (widgets::wide_button((chat + "##chat").c_str(), width)) switch_panel(Panel::Chat);
  // Carrying the game to another phone or computer: a one-time code that
  // makes that device this player, seat and all. A host page's player is
  // that player everywhere already: only the seat moves.
  ImGui::Spacing();
  if (widgets::wide_button(tr("Continue on another device"), width)) {
    if (online_.signed_in_by_host())
      online_.transfer_seat();
    else
      online_.link_device();
  }
  if (!online_.signed_in_by_host() && draw_link_code(theme_, online_.link_code(), width)) copy_link_code();
  if (online_.signed_in_by_host() && !online_.transfer_code().empty()) {
    const std::string claim = platform::page_link("?claim=" + online_.transfer_code());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped(
        "%s",
        tr("Open this link on the other device within two minutes (it works once): {link}", {{"link", claim}}).c_str());
    ImGui::PopStyleColor();
    if (widgets::wide_button(tr("Copy that link"), width)) {
      platform::copy_to_clipboard(claim);
      game_.notify(NoticeKind::Copied, tr("Link copied: open it on the other device."));
    }
  }
}

// Both are called from inside the open dialog (which they close).
void App::ask_to_leave(std::optional<SessionOptions> then) {
  after_leaving_ = std::move(then);
  if (online_.leave_consequences().empty())
    leave_table();
  else
    switch_panel(Panel::ConfirmLeave);
}

void App::leave_table() {
  switch_panel(Panel::None);
  online_.leave();
  if (after_leaving_) start_game(*std::exchange(after_leaving_, std::nullopt));
  state_dirty_ = true;
}

// "Leave the table?": what it costs, in the server's own figures.
// The code and link that make another device this player, once asked for.
void App::draw_confirm_leave_panel() {
  if (!begin_panel("Leave the table?", 400, 280)) return;
  const float width = ImGui::GetContentRegionAvail().x;
  const std::string consequences = online_.leave_consequences();
  if (!online() || consequences.empty()) {
    // Nothing is at stake any more (the game ended meanwhile): no need to ask.
    leave_table();
    end_panel();
    return;
  }
  widgets::text_wrapped(consequences);
  if (const auto& chips = online_.chips()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped("%s", tr("You have {chips}.", {{"chips", chips_words(chips->balance)}}).c_str());
    ImGui::PopStyleColor();
  }
  ImGui::SetCursorPosY(ImGui::GetWindowHeight() - 64);
  const float half = (width - 10) * 0.5f;
  if (widgets::wide_button(tr("Stay"), half)) {
    after_leaving_.reset();
    switch_panel(Panel::None);
  }
  ImGui::SameLine(0, 10);
  if (widgets::wide_button(tr("Leave"), half, true)) leave_table();
  end_panel();
}

}  // namespace reversi
