// The dialogs over the board. Each is an ImGui modal sized for the window:
// nearly full-screen on a phone, a centred card on a desktop.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/app.h"
#include "app/core/wording.h"
#include "app/help_text.h"
#include "app/platform.h"
#include "app/widgets.h"
#include "game/game_transcript.h"

namespace reversi {
namespace {

// Long content scrolls in child regions; the cards themselves never scroll.
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoScrollbar;

}  // namespace

bool App::begin_panel(const char* title, float width, float height, bool at_bottom) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImVec2 size(std::min(width, display.x - 16), std::min(height, display.y - 16));
  // Bottom-anchored cards leave the board in view (the final position):
  // beside a board in a wide window, they sit on the board itself, clear of the column.
  if (at_bottom && landscape_) {
    size.x = std::min(size.x, board_size_ - 24);
    ImGui::SetNextWindowPos(ImVec2(board_origin_.x + board_size_ * 0.5f, board_origin_.y + board_size_ - 12),
                            ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  } else if (at_bottom)
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y - 8), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  else
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
  bool open = true;
  // (No font push around Begin: a pop inside the popup would unbalance its
  // draw list's texture stack.)
  const bool visible = ImGui::BeginPopupModal(title, &open, kPanelFlags);
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

void App::end_panel() { ImGui::EndPopup(); }

void App::switch_panel(Panel next) {
  ImGui::CloseCurrentPopup();
  if (panel_ == Panel::Result && next != Panel::Result) result_dismissed_ = true;
  panel_ = next;
}

void App::draw_panels() {
  // The result card comes up once the last flips have settled.
  if (panel_ == Panel::None && session() && session()->game().is_over() && !result_dismissed_ &&
      !animation_.running(now_ - 0.35))
    panel_ = Panel::Result;
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
  // The remembered options: the last new game's, or those the address asked for.
  if (ImGui::IsWindowAppearing()) {
    new_game_options_ = game_.settings().session_options();
    online_new_game_ = online();
  }
  SessionOptions& options = new_game_options_;
  const float width = ImGui::GetContentRegionAvail().x;
  // The open tables list is kept current while the Online choice shows.
  if (online_new_game_ != watching_tables_) {
    watching_tables_ = online_new_game_;
    online_.watch_open_tables(watching_tables_);
  }
  widgets::begin_scroll_region("##choices", ImVec2(0, -56));
  // The choices' width inside the region, which leaves room for its scrollbar.
  const float choices = ImGui::GetContentRegionAvail().x;
  auto heading = [&](const char* text) {
    ImGui::PushFont(theme_.strong);
    ImGui::TextUnformatted(text);
    ImGui::PopFont();
  };
  static const char* const kModes[] = {"Computer", "Two players", "Online"};
  static const char* const kStrengths[] = {"Easy", "Medium", "Hard"};
  static const char* const kColours[] = {"Black", "White", "Random"};
  static const char* const kStarts[] = {"Standard", "Empty centre"};
  static const char* const kLengths[] = {"1 game", "Best of 3", "Best of 5"};
  static const char* const kClocks[] = {"No clock", "45 s a move"};
  heading("Opponent");
  int mode = online_new_game_ ? 2 : options.mode == Mode::Solo ? 0 : 1;
  if (widgets::segmented("mode", kModes, 3, &mode, choices)) {
    online_new_game_ = mode == 2;
    if (mode < 2) options.mode = mode == 0 ? Mode::Solo : Mode::TwoPlayers;
  }
  if (online_new_game_) {
    draw_online_choices(choices);
    widgets::end_scroll_region();
    const float half = (width - 10) * 0.5f;
    if (widgets::wide_button("Cancel", half)) switch_panel(Panel::None);
    ImGui::SameLine(0, 10);
    if (widgets::wide_button("Open a table", half, true)) {
      online_.open_table(table_options_, table_private_);
      switch_panel(Panel::Table);
      state_dirty_ = true;
    }
    end_panel();
    if (panel_ != Panel::NewGame && watching_tables_) {
      watching_tables_ = false;
      online_.watch_open_tables(false);
    }
    return;
  }
  if (options.mode == Mode::Solo) {
    heading("Strength");
    int strength = static_cast<int>(options.strength);
    if (widgets::segmented("strength", kStrengths, 3, &strength, choices))
      options.strength = static_cast<Strength>(strength);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped("%s", options.strength == Strength::Easy     ? "Grabs the move that turns the most discs."
                             : options.strength == Strength::Medium ? "Looks four moves ahead and prizes corners."
                                                                    : "Thinks about half a second a move and plays "
                                                                      "the last part of the game perfectly.");
    ImGui::PopStyleColor();
    heading("You play");
    int colour = static_cast<int>(options.colour);
    if (widgets::segmented("colour", kColours, 3, &colour, choices)) options.colour = static_cast<ColourChoice>(colour);
  }
  heading("Start");
  int start = options.variant == StartVariant::StandardCross ? 0 : 1;
  if (widgets::segmented("start", kStarts, 2, &start, choices))
    options.variant = start == 0 ? StartVariant::StandardCross : StartVariant::EmptyCentre;
  heading("Match");
  int length = options.match_length == 5 ? 2 : options.match_length == 3 ? 1 : 0;
  if (widgets::segmented("length", kLengths, 3, &length, choices)) options.match_length = 1 + 2 * length;
  heading("Move clock");
  int clock = options.clock_enabled ? 1 : 0;
  if (widgets::segmented("clock", kClocks, 2, &clock, choices)) options.clock_enabled = clock == 1;
  widgets::end_scroll_region();
  const float half = (width - 10) * 0.5f;
  if (widgets::wide_button("Cancel", half)) switch_panel(Panel::None);
  ImGui::SameLine(0, 10);
  if (widgets::wide_button("Start game", half, true)) {
    if (online() && !online_.leave_consequences().empty()) {
      // A game on this device instead: leaving the table is asked first.
      ask_to_leave(options);
      end_panel();
      if (watching_tables_) {
        watching_tables_ = false;
        online_.watch_open_tables(false);
      }
      return;
    }
    ImGui::CloseCurrentPopup();
    end_panel();
    panel_ = Panel::None;
    if (online()) online_.leave();  // a game on this device instead
    if (watching_tables_) {
      watching_tables_ = false;
      online_.watch_open_tables(false);
    }
    start_game(options);
    return;
  }
  end_panel();
  if (panel_ != Panel::NewGame && watching_tables_) {
    watching_tables_ = false;
    online_.watch_open_tables(false);
  }
}

void App::draw_menu_panel() {
  if (!begin_panel("Menu", 380, 620)) return;
  // A scrolling region, so the list can be swiped on short landscape screens.
  widgets::begin_scroll_region("##menu-items", ImVec2(0, 0));
  const float width = ImGui::GetContentRegionAvail().x;
  const bool playing = session() && !session()->game().is_over();
  if (widgets::wide_button("New game…", width, true)) switch_panel(Panel::NewGame);
  if (online() && widgets::wide_button("Your table", width)) switch_panel(Panel::Table);
  if (online() && widgets::wide_button("Table chat", width)) switch_panel(Panel::Chat);
  if (!online() && session() && widgets::wide_button("Rematch (same options)", width)) {
    widgets::end_scroll_region();
    ImGui::CloseCurrentPopup();
    end_panel();
    panel_ = Panel::None;
    game_.rematch();
    show_events();
    return;
  }
  ImGui::BeginDisabled(!playing);
  if (widgets::wide_button("Resign…", width)) switch_panel(Panel::ConfirmResign);
  ImGui::EndDisabled();
  if (widgets::wide_button("Moves and transcript", width)) switch_panel(Panel::Moves);
  if (widgets::wide_button("Statistics", width)) switch_panel(Panel::Statistics);
  if (widgets::wide_button("Leaderboards and online record", width)) switch_panel(Panel::Arcade);
  if (widgets::wide_button("Settings", width)) switch_panel(Panel::Settings);
  if (widgets::wide_button("How to play", width)) switch_panel(Panel::Help);
  if (platform::fullscreen_available() &&
      widgets::wide_button(platform::is_fullscreen() ? "Leave full screen" : "Full screen", width)) {
    platform::toggle_fullscreen();
    switch_panel(Panel::None);
  }
  if (widgets::wide_button("Close", width)) switch_panel(Panel::None);
  widgets::end_scroll_region();
  end_panel();
}

void App::draw_settings_panel() {
  if (!begin_panel("Settings", 460, 560)) return;
  const float outer = ImGui::GetContentRegionAvail().x;
  widgets::begin_scroll_region("##settings", ImVec2(0, -64));
  const float width = ImGui::GetContentRegionAvail().x;
  bool changed = false;
  auto check = [&](const char* label, const char* name, bool* value) { return widgets::checkbox(label, name, value); };
  changed |= check("Show how many discs each move turns", "setting:flip-counts", &game_.settings().show_flip_counts);
  changed |= check("Sound", "setting:sound", &game_.settings().sound);
  changed |= check("Reduce motion (no flip animation)", "setting:reduced-motion", &game_.settings().reduced_motion);
  changed |= check("Hide the move dots (find your moves yourself)", "setting:hide-legal-moves",
                   &game_.settings().hide_legal_moves);
  changed |= check("Larger text and buttons", "setting:larger-text", &game_.settings().larger_text);
  changed |= check("Hints: move values and a Best move button", "setting:hints", &game_.settings().show_hints);
  if (game_.settings().show_hints) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped(
        "The discs you would finish ahead (+) or behind (\u2013) with best play, as the Hard computer sees it; "
        "a ? marks an estimate (\u201310?), a plain figure is exact. Not in online games.");
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  ImGui::TextUnformatted("Animation speed");
  static const char* const kSpeeds[] = {"Slow", "Normal", "Fast"};
  int speed = static_cast<int>(game_.settings().animation_speed);
  if (widgets::segmented("speed", kSpeeds, 3, &speed, width)) {
    game_.settings().animation_speed = static_cast<AnimationSpeed>(speed);
    changed = true;
  }
  if (reduced_motion_) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped("Your system asks for reduced motion, so discs turn at once.");
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  ImGui::TextUnformatted("Theme");
  // One choice a row: the names are too long to sit three abreast on a phone.
  static const char* const kThemes[] = {"Walnut", "High contrast", "Colour-blind safe"};
  static const ThemeChoice kThemeChoices[] = {ThemeChoice::Walnut, ThemeChoice::HighContrast,
                                              ThemeChoice::ColourBlindSafe};
  // Until one is chosen none is lit, and tapping the one in use chooses it.
  const bool automatic = game_.settings().theme == ThemeChoice::Automatic;
  const int shown = automatic ? -1 : static_cast<int>(theme_.active());
  for (int index = 0; index < 3; ++index) {
    int chosen = shown == index ? 0 : -1;
    if (widgets::segmented("theme", &kThemes[index], 1, &chosen, width)) {
      game_.settings().theme = kThemeChoices[index];
      changed = true;
    }
  }
  if (automatic) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped("%s", more_contrast_ ? "Your system asks for more contrast, so High contrast is used until you "
                                              "choose a theme."
                                            : "Until you choose, Walnut is used (High contrast whenever your system "
                                              "asks for more contrast).");
    ImGui::PopStyleColor();
  }
  widgets::end_scroll_region();
  if (changed) {
    game_.settings_changed();
    state_dirty_ = true;
  }
  ImGui::SetCursorPosY(ImGui::GetWindowHeight() - 64);
  if (widgets::wide_button("Done", outer, true)) switch_panel(Panel::None);
  end_panel();
}

void App::draw_confirm_resign_panel() {
  if (!begin_panel("Resign?", 380, 230)) return;
  const float width = ImGui::GetContentRegionAvail().x;
  const bool solo = session() && session()->options().mode == Mode::Solo;
  if (online())
    ImGui::TextWrapped("Give up this game? %s is awarded the win.", online_.opponent_name().c_str());
  else
    ImGui::TextWrapped("%s", solo ? "Give up this game? The computer is awarded the win."
                                  : "Give up this game for the side to move? The other side is awarded the win.");
  ImGui::SetCursorPosY(ImGui::GetWindowHeight() - 64);
  const float half = (width - 10) * 0.5f;
  if (widgets::wide_button("Keep playing", half)) switch_panel(Panel::None);
  ImGui::SameLine(0, 10);
  if (widgets::wide_button("Resign", half, true)) {
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
  const float card_height = (session() && session()->match().length() > 1 ? 350 : 300) + 58 + (online() ? 26 : 0) +
                            (online() && !online_.chips_line().empty() ? 48 : 0);
  if (!session() || !begin_panel("Game over", 420, card_height, /*at_bottom=*/true)) return;
  const float width = ImGui::GetContentRegionAvail().x;
  const GameResult result = session()->game().result();
  const Match& match = session()->match();
  ImGui::PushFont(theme_.title);
  ImGui::TextUnformatted(online() ? online_.result_headline().c_str() : result_headline(*session()).c_str());
  ImGui::PopFont();
  ImGui::Text("Black %d  ·  White %d", result.black_discs, result.white_discs);
  if (online()) {
    if (!online_.ending().empty()) ImGui::TextUnformatted(online_.ending().c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped("%s", online_.points_line().c_str());
    ImGui::PopStyleColor();
    if (const std::string chips = online_.chips_line(); !chips.empty()) ImGui::TextWrapped("%s", chips.c_str());
  } else if (result.reason == EndReason::Resignation) {
    ImGui::TextUnformatted(resignation_line(*session()).c_str());
  }
  if (match.length() > 1) {
    ImGui::TextUnformatted(match_line(*session()).c_str());
    if (match.is_over()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kCopperBright));
      ImGui::TextUnformatted(match_result_line(*session()).c_str());
      ImGui::PopStyleColor();
    }
  }
  ImGui::SetCursorPosY(ImGui::GetWindowHeight() - 192);
  const float half = (width - 10) * 0.5f;
  if (online()) {
    draw_online_result(width);
    end_panel();
    return;
  }
  if (match.length() > 1 && !match.is_over()) {
    if (widgets::wide_button("Next game", width, true)) {
      ImGui::CloseCurrentPopup();
      end_panel();
      panel_ = Panel::None;
      game_.next_game();
      show_events();
      return;
    }
  } else if (widgets::wide_button(match.length() > 1 ? "New match, same options" : "Rematch", width, true)) {
    ImGui::CloseCurrentPopup();
    end_panel();
    panel_ = Panel::None;
    game_.rematch();
    show_events();
    return;
  }
  if (widgets::wide_button("Review the game", half)) {
    review_current_game();
    end_panel();
    return;
  }
  ImGui::SameLine(0, 10);
  if (widgets::wide_button("Share", half)) share_game(session()->game());
  if (widgets::wide_button("View board", half)) switch_panel(Panel::None);
  ImGui::SameLine(0, 10);
  if (widgets::wide_button("New game…", half)) switch_panel(Panel::NewGame);
  end_panel();
}

void App::draw_moves_panel() {
  if (!begin_panel("Moves", 440, 640)) return;
  const float width = ImGui::GetContentRegionAvail().x;
  if (session()) {
    const MoveRecord& record = session()->game().record();
    widgets::begin_scroll_region("##moves", ImVec2(0, load_error_.empty() ? -116 : -170));
    if (record.all().empty()) ImGui::TextDisabled("No moves yet.");
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    if (!record.all().empty())
      ImGui::TextWrapped("%s", platform::coarse_pointer() ? "Tap a move to see the board as it was."
                                                          : "Click a move to see the board as it was.");
    ImGui::PopStyleColor();
    int number = 0;
    const std::size_t cursor = record.cursor();
    for (std::size_t index = 0; index < record.all().size(); ++index) {
      const Ply& ply = record.all()[index];
      const bool applied = index < cursor, current = index + 1 == cursor;
      if (!ply.is_pass()) ++number;
      std::string line = ply.is_pass() ? "     " : std::to_string(number) + ".";
      line.resize(5, ' ');
      line += (ply.color == Color::Black ? "Black  " : "White  ");
      line += ply.is_pass() ? "passes" : square_name(ply.square);
      if (!ply.is_pass() && ply.flips) line += "   turns " + std::to_string(count_bits(ply.flips));
      if (ply.is_pass()) {
        ImGui::TextDisabled("%s", line.c_str());
        continue;
      }
      // Each move is a row to tap: the board then shows the position after it.
      ImGui::PushID(static_cast<int>(index));
      const ImU32 colour = applied ? palette::kText : palette::kTextDim;
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour));
      const bool chosen = ImGui::Selectable(line.c_str(), current, 0, ImVec2(0, 34));
      ImGui::PopStyleColor();
      const bool by_key = widgets::note_control("move:" + std::to_string(number));
      if (current && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY(0.5f);
      ImGui::PopID();
      if (chosen || by_key) {
        view_move(static_cast<std::size_t>(number));
        switch_panel(Panel::None);
      }
    }
    widgets::end_scroll_region();
  }
  if (!load_error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(IM_COL32(240, 120, 96, 255)));
    ImGui::TextWrapped("Not loaded: %s", load_error_.c_str());
    ImGui::PopStyleColor();
  }
  const float half = (width - 10) * 0.5f;
  if (widgets::wide_button("Copy transcript", half) && session()) {
    platform::copy_to_clipboard(session()->game().transcript());
    game_.notify(NoticeKind::Copied, "Transcript copied: " + session()->game().transcript());
  }
  ImGui::SameLine(0, 10);
  if (widgets::wide_button("Load a game…", half)) {
    auto answer = [this](std::string text) { load_game(text); };
    if (!platform::ask_for_text("Paste or type a game, e.g. f5d6c3d3c4", "", answer)) desktop_text_entry_ = true;
  }
  if (desktop_text_entry_) {
    ImGui::SetNextItemWidth(width - 90);
    const bool entered = ImGui::InputText("##transcript", transcript_buffer_, sizeof transcript_buffer_,
                                          ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if (entered || ImGui::Button("Load", ImVec2(80, 40))) load_game(transcript_buffer_);
  }
  if (widgets::wide_button("Close", width)) switch_panel(Panel::None);
  end_panel();
}

void App::draw_help_panel() {
  if (!begin_panel("How to play", 560, 760)) return;
  widgets::begin_scroll_region("##help", ImVec2(0, -58));
  for (const HelpSection& section : help_sections()) {
    ImGui::PushFont(theme_.strong);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kCopperBright));
    ImGui::TextWrapped("%s", section.heading);
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::TextWrapped("%s", section.body);
    ImGui::Spacing();
  }
  widgets::end_scroll_region();
  if (widgets::wide_button("Close", ImGui::GetContentRegionAvail().x, true)) switch_panel(Panel::None);
  end_panel();
}

}  // namespace reversi
