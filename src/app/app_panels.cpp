// The dialogs over the board, where App ties them to the rest. Each is an
// ImGui modal sized for the window: nearly full-screen on a phone, a centred
// card on a desktop. The dialogs with state or much to draw are panels of
// their own (new_game_panel.h, settings_panel.h, result_panel.h,
// moves_panel.h, help_panel.h): here each is opened, drawn and its Result
// carried out; the menu and the resignation question are small enough to
// draw here.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "app/app.h"
#include "app/core/words.h"
#include "app/help_panel.h"
#include "app/platform.h"
#include "app/result_panel.h"
#include "app/settings_panel.h"
#include "app/text_view.h"
#include "app/widgets.h"
#include "imgui_internal.h"

namespace reversi {
namespace {

// Long content scrolls in child regions; the cards themselves never scroll.
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoScrollbar;

}  // namespace

ResultPanel::Params App::result_params() const {
  return {theme_, *session(), online() ? &online_ : nullptr, player_here(), &review_.session()};
}

bool App::result_due() const {
  if (panel_ == Panel::Result) return true;
  return panel_ == Panel::None && session() && session()->game().is_over() && !result_dismissed_ &&
         !animation_.running(now_ - 0.35);
}

bool App::begin_panel(const char* title, float width, float height, bool at_bottom, bool titled) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImVec2 size(std::min(width, display.x - 16), std::min(height, display.y - 16));
  // A dialog is as tall as its content needs, up to `height`: no blank panel
  // around a short list.
  if (const auto fitted = panel_heights_.find(title); fitted != panel_heights_.end())
    size.y = std::min(size.y, fitted->second);
  // Bottom-anchored cards leave the board in view (the final position):
  // beside a board in a wide window, they take the column beside it
  // (draw_screen leaves it free), from under the score bar.
  if (at_bottom && landscape_) {
    size.x = card_column_.w;
    size.y = std::min(size.y, card_column_.h);
    const float bottom = card_column_.y + card_column_.h;
    ImGui::SetNextWindowPos(ImVec2(card_column_.x, std::min(card_column_.y, bottom - size.y)), ImGuiCond_Always);
  } else if (at_bottom)
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y - 8), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  else
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  // Shown in the player's language, known to ImGui by the English.
  const std::string shown = words().translated(title) + "###" + title;
  title = shown.c_str();
  if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
  bool open = true;
  // (No font push around Begin: a pop inside the popup would unbalance its
  // draw list's texture stack.)
  const bool visible = ImGui::BeginPopupModal(
      title, &open, kPanelFlags | (titled ? ImGuiWindowFlags_None : ImGuiWindowFlags_NoTitleBar));
  if (!visible) {
    panel_ = Panel::None;
    return false;
  }
  if (!open || close_panel_) {
    close_panel_ = false;
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    if (panel_ == Panel::Result && session() && session()->game().is_over()) result_dismissed_ = true;
    panel_ = Panel::None;
    return false;
  }
  return true;
}

void App::end_panel() {
  // The scrolling region inside decides the next frame's height: shrunk by
  // its blank, grown by what lies beyond its fold (begin_panel caps it).
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (const std::optional<float> spare = widgets::region_spare_in(window); spare && (*spare > 2 || *spare < -1)) {
    const std::string_view name(window->Name);  // "Bestenlisten###Leaderboards": keyed by the English
    const std::size_t english = name.find("###");
    float& fitted = panel_heights_[std::string(english == std::string_view::npos ? name : name.substr(english + 3))];
    const float wanted = window->Size.y - *spare;
    // The region measures its content a frame late, so this frame may look
    // the same as the last while the next one resizes the dialog: that one
    // is owed, or the dialog (and its buttons) would move only at the next
    // tap, away from under the player's finger.
    if (std::abs(wanted - fitted) > 0.5f) frames_owed_ = std::max(frames_owed_, 2);
    fitted = wanted;
  }
  ImGui::EndPopup();
}

void App::switch_panel(Panel next) {
  ImGui::CloseCurrentPopup();
  if (panel_ == Panel::Result && next != Panel::Result) result_dismissed_ = true;
  panel_ = next;
}

void App::draw_panels() {
  // The result card comes up once the last flips have settled.
  if (panel_ == Panel::None && result_due()) panel_ = Panel::Result;
  switch (panel_) {
    case Panel::None:
      break;
    case Panel::NewGame:
      draw_new_game_panel();
      break;
    case Panel::Menu:
      draw_menu_panel();
      break;
    case Panel::Moves:
      draw_moves_panel();
      break;
    case Panel::Help:
      draw_help_panel();
      break;
    case Panel::Statistics:
      draw_statistics_panel();
      break;
    case Panel::Settings:
      draw_settings_panel();
      break;
    case Panel::ConfirmResign:
      draw_confirm_resign_panel();
      break;
    case Panel::Result:
      draw_result_panel();
      break;
    case Panel::Table:
      draw_table_panel();
      break;
    case Panel::Arcade:
      draw_arcade_panel();
      break;
    case Panel::Chat:
      draw_chat_panel();
      break;
    case Panel::Report:
      draw_report_panel();
      break;
    case Panel::ConfirmLeave:
      draw_confirm_leave_panel();
      break;
    case Panel::ConfirmDeletePlayer:
      draw_confirm_delete_player_panel();
      break;
  }
}

void App::draw_new_game_panel() {
  if (!begin_panel("New game", 480, 720)) return;
  const NewGamePanel::Result result = new_game_.draw({theme_, online_, game_.settings().session_options(), online()});
  if (result.watch_tables) online_.watch_open_tables(*result.watch_tables);
  if (result.ask_name) ask_online_name();
  if (result.ask_code) ask_table_code();
  if (result.ask_link) ask_device_link();
  if (result.join) {
    online_.join(*result.join);
    close_panels();
    state_dirty_ = true;
  }
  if (result.cancel) switch_panel(Panel::None);
  if (result.open_table) {
    online_.open_table(result.open_table->options, result.open_table->is_private);
    switch_panel(Panel::Table);
    state_dirty_ = true;
  }
  if (result.start) return start_from_new_game(*result.start);
  end_panel();
  if (panel_ != Panel::NewGame && new_game_.stop_watching()) online_.watch_open_tables(false);
}

// "Start game": a game on this device, once the table (if any) is left.
void App::start_from_new_game(const SessionOptions& options) {
  if (online() && !online_.leave_consequences().empty()) {
    // A game on this device instead: leaving the table is asked first.
    ask_to_leave(options);
    end_panel();
    if (new_game_.stop_watching()) online_.watch_open_tables(false);
    return;
  }
  ImGui::CloseCurrentPopup();
  end_panel();
  panel_ = Panel::None;
  if (online()) online_.leave();  // a game on this device instead
  if (new_game_.stop_watching()) online_.watch_open_tables(false);
  start_game(options);
}

void App::draw_menu_panel() {
  if (!begin_panel("Menu", 380, 620)) return;
  // A scrolling region, so the list can be swiped on short landscape screens.
  widgets::begin_scroll_region("##menu-items", ImVec2(0, 0));
  const float width = ImGui::GetContentRegionAvail().x;
  const bool playing = session() && !session()->game().is_over();
  if (widgets::wide_button(tr("New game…"), width, true)) switch_panel(Panel::NewGame);
  if (online() && widgets::wide_button(tr("Your table"), width)) switch_panel(Panel::Table);
  if (online() && widgets::wide_button(tr("Table chat"), width)) switch_panel(Panel::Chat);
  if (!online() && session() && widgets::wide_button(tr("Rematch (same options)"), width)) {
    widgets::end_scroll_region();
    ImGui::CloseCurrentPopup();
    end_panel();
    panel_ = Panel::None;
    game_.rematch();
    show_events();
    return;
  }
  ImGui::BeginDisabled(!playing);
  if (widgets::wide_button(tr("Resign…"), width)) switch_panel(Panel::ConfirmResign);
  ImGui::EndDisabled();
  if (widgets::wide_button(tr("Moves and transcript"), width)) switch_panel(Panel::Moves);
  if (widgets::wide_button(tr("Statistics"), width)) switch_panel(Panel::Statistics);
  if (widgets::wide_button(tr("Leaderboards and online record"), width)) switch_panel(Panel::Arcade);
  if (widgets::wide_button(tr("Settings"), width)) switch_panel(Panel::Settings);
  if (widgets::wide_button(tr("How to play"), width)) switch_panel(Panel::Help);
  if (platform::fullscreen_available() &&
      widgets::wide_button(platform::is_fullscreen() ? tr("Leave full screen") : tr("Full screen"), width)) {
    platform::toggle_fullscreen();
    switch_panel(Panel::None);
  }
  if (widgets::wide_button(tr("Close"), width)) switch_panel(Panel::None);
  widgets::end_scroll_region();
  end_panel();
}

void App::draw_settings_panel() {
  if (!begin_panel("Settings", 460, 800)) return;
  const SettingsPanel::Result result =
      SettingsPanel().draw({theme_, game_.settings(), reduced_motion_, more_contrast_});
  if (result.changed) {
    if (result.changed->language != game_.settings().language) language_.clear_override();
    game_.settings() = *result.changed;
    game_.settings_changed();
    state_dirty_ = true;
  }
  if (result.done) switch_panel(Panel::None);
  end_panel();
}

void App::draw_confirm_resign_panel() {
  if (!begin_panel("Resign?", 380, 230)) return;
  const float width = ImGui::GetContentRegionAvail().x;
  const bool solo = session() && session()->options().mode == Mode::Solo;
  if (online())
    widgets::text_wrapped(tr("Give up this game? {player} is awarded the win.", {{"player", online_.opponent_name()}}));
  else
    ImGui::TextWrapped("%s", solo ? tr("Give up this game? The computer is awarded the win.")
                                  : tr("Give up this game for the side to move? The other side is awarded the win."));
  ImGui::SetCursorPosY(ImGui::GetWindowHeight() - 64);
  const float half = (width - 10) * 0.5f;
  if (widgets::wide_button(tr("Keep playing"), half)) switch_panel(Panel::None);
  ImGui::SameLine(0, 10);
  if (widgets::wide_button(tr("Resign"), half, true)) {
    switch_panel(Panel::None);
    if (online())
      online_.resign();
    else
      game_.resign();
    show_events();
  }
  end_panel();
}

void App::draw_result_panel() {
  if (!session()) return;
  const ResultPanel::Params params = result_params();
  // Beside the board the card takes the column's width; on a phone, the screen's.
  const float width = landscape_ ? card_column_.w : ResultPanel::width(ImGui::GetIO().DisplaySize.x);
  // No title bar: the headline says what it would ("Game over"), and the
  // final board keeps the room.
  if (!begin_panel("Game over", width, ResultPanel::height(params, width), /*at_bottom=*/true, /*titled=*/false))
    return;
  const ResultPanel::Result result = ResultPanel().draw(params);
  if (result.next_game || result.rematch) {
    // Straight on: the card goes without counting as dismissed.
    ImGui::CloseCurrentPopup();
    end_panel();
    panel_ = Panel::None;
    if (result.next_game)
      game_.next_game();
    else
      game_.rematch();
    show_events();
    return;
  }
  if (result.invite) switch_panel(Panel::Table);
  if (result.online_next_game) {
    online_.next_game();
    switch_panel(Panel::None);
  }
  if (result.play_again) online_.rematch();
  if (result.review) review_current_game();
  if (result.review_mistake) review_biggest_mistake();
  if (result.share) share_game(session()->game());
  if (result.view_board) switch_panel(Panel::None);
  if (result.new_game) switch_panel(Panel::NewGame);
  if (result.leave) ask_to_leave();
  end_panel();
}

void App::draw_moves_panel() {
  if (!begin_panel("Moves", 440, 640)) return;
  const MovesPanel::Result result = moves_.draw({session(), platform::coarse_pointer()});
  if (result.view) {
    view_move(*result.view);
    switch_panel(Panel::None);
  }
  if (result.copy) {
    platform::copy_to_clipboard(session()->game().transcript());
    game_.notify(NoticeKind::Copied, tr("Transcript copied: {moves}", {{"moves", session()->game().transcript()}}));
  }
  if (result.ask_for_game) {
    auto answer = [this](std::string text) { load_game(text); };
    if (!platform::ask_for_text(tr("Paste or type a game, e.g. f5d6c3d3c4"), "", answer, tr("Load"))) {
      moves_.enter_text_here();  // drawn from the next frame
      state_dirty_ = true;
    }
  }
  if (result.load) load_game(*result.load);
  if (result.close) switch_panel(Panel::None);
  end_panel();
}

void App::draw_help_panel() {
  if (!begin_panel("How to play", 560, 760)) return;
  if (HelpPanel().draw({theme_}).close) switch_panel(Panel::None);
  end_panel();
}

}  // namespace reversi
