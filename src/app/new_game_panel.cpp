// The new-game dialog (app/new_game_panel.h).
#include "app/new_game_panel.h"

#include <imgui.h>

#include "app/core/words.h"
#include "app/text_view.h"
#include "app/widgets.h"

namespace reversi {
namespace {

namespace online = messages::online;

void heading(const Theme& theme, const char* text) {
  ImGui::PushFont(theme.strong);
  ImGui::TextUnformatted(text);
  ImGui::PopFont();
}

}  // namespace

std::string table_options_line(const online::TableOptions& options) {
  std::string line =
      options.match_length == 1 ? std::string(tr("1 game")) : tr("best of {n}", {{"n", options.match_length}});
  if (options.game_clock)
    line +=
        ", " + std::to_string(options.game_clock->seconds / 60) + "+" + std::to_string(options.game_clock->increment);
  else
    line += options.clock > 0 ? tr(", {n} s a move", {{"n", static_cast<int>(options.clock)}})
                              : std::string(tr(", no clock"));
  if (options.start == StartVariant::EmptyCentre) line += tr(", empty centre");
  return line;
}

NewGamePanel::Result NewGamePanel::draw(const Params& params) {
  Result result;
  // The remembered options: the last new game's, or those the address asked for.
  if (ImGui::IsWindowAppearing()) {
    options_ = params.remembered;
    online_choice_ = params.at_table;
  }
  const float width = ImGui::GetContentRegionAvail().x;
  // The open tables list is kept current while the Online choice shows.
  if (online_choice_ != watching_) {
    watching_ = online_choice_;
    result.watch_tables = watching_;
  }
  widgets::begin_scroll_region("##choices", ImVec2(0, -56));
  // The choices' width inside the region, which leaves room for its scrollbar.
  const float choices = ImGui::GetContentRegionAvail().x;
  const char* const kModes[] = {tr("Computer"), tr("Two players"), tr("Online")};
  heading(params.theme, tr("Opponent"));
  int mode = online_choice_ ? 2 : options_.mode == Mode::Solo ? 0 : 1;
  if (widgets::segmented("mode", kModes, 3, &mode, choices)) {
    online_choice_ = mode == 2;
    if (mode < 2) options_.mode = mode == 0 ? Mode::Solo : Mode::TwoPlayers;
  }
  const float half = (width - 10) * 0.5f;
  if (online_choice_) {
    draw_online_choices(params, choices, result);
    widgets::end_scroll_region();
    result.cancel = widgets::wide_button(tr("Cancel"), half);
    ImGui::SameLine(0, 10);
    if (widgets::wide_button(tr("Open a table"), half, true))
      result.open_table = OpenTable{table_options_, table_private_};
    return result;
  }
  draw_device_choices(params, choices);
  widgets::end_scroll_region();
  result.cancel = widgets::wide_button(tr("Cancel"), half);
  ImGui::SameLine(0, 10);
  if (widgets::wide_button(tr("Start game"), half, true)) result.start = options_;
  return result;
}

// A game on this device: the computer's strength and the player's colour, the start, the match and the clock.
void NewGamePanel::draw_device_choices(const Params& params, float width) {
  const char* const kStrengths[] = {tr("Easy"), tr("Medium"), tr("Hard")};
  const char* const kColours[] = {tr("Black"), tr("White"), tr("Random")};
  const char* const kStarts[] = {tr("Standard"), tr("Empty centre")};
  const char* const kLengths[] = {tr("1 game"), tr("Best of 3"), tr("Best of 5")};
  const char* const kClocks[] = {tr("No clock"), tr("45 s a move")};
  SessionOptions& options = options_;
  if (options.mode == Mode::Solo) {
    heading(params.theme, tr("Strength"));
    int strength = static_cast<int>(options.strength);
    if (widgets::segmented("strength", kStrengths, 3, &strength, width))
      options.strength = static_cast<Strength>(strength);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped("%s",
                       options.strength == Strength::Easy ? tr("Grabs the move that turns the most discs.")
                       : options.strength == Strength::Medium
                           ? tr("Looks four moves ahead and prizes corners.")
                           : tr("Thinks about half a second a move and plays the last part of the game perfectly."));
    ImGui::PopStyleColor();
    heading(params.theme, tr("You play"));
    int colour = static_cast<int>(options.colour);
    if (widgets::segmented("colour", kColours, 3, &colour, width)) options.colour = static_cast<ColourChoice>(colour);
  }
  heading(params.theme, tr("Start"));
  int start = options.variant == StartVariant::StandardCross ? 0 : 1;
  if (widgets::segmented("start", kStarts, 2, &start, width))
    options.variant = start == 0 ? StartVariant::StandardCross : StartVariant::EmptyCentre;
  heading(params.theme, tr("Match"));
  int length = options.match_length == 5 ? 2 : options.match_length == 3 ? 1 : 0;
  if (widgets::segmented("length", kLengths, 3, &length, width)) options.match_length = 1 + 2 * length;
  heading(params.theme, tr("Move clock"));
  int clock = options.clock_enabled ? 1 : 0;
  if (widgets::segmented("clock", kClocks, 2, &clock, width)) options.clock_enabled = clock == 1;
}

// The "Online" choice: the tables waiting for a second player, the options
// of one's own table, and becoming one's player from another device.
void NewGamePanel::draw_online_choices(const Params& params, float width, Result& result) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  ImGui::TextWrapped(
      "%s", tr("Open a table and invite a friend with its code or link, or sit down at a table that is waiting."));
  ImGui::PopStyleColor();
  const std::string& name = params.online.name();
  const std::string you = (name.empty() ? std::string(tr("You play as a guest.  Change…"))
                                        : tr("You play as {name}.  Change…", {{"name", name}})) +
                          "##name";
  if (widgets::wide_button(you.c_str(), width)) result.ask_name = true;
  // The tables waiting come first, in sight: sitting down is the quickest game.
  draw_open_tables(params, width, result);
  if (widgets::wide_button(tr("Join with a code…"), width)) result.ask_code = true;
  const char* const kLengths[] = {tr("1 game"), tr("Best of 3"), tr("Best of 5")};
  const char* const kClocks[] = {tr("No clock"), tr("45 s a move")};
  const char* const kStarts[] = {tr("Standard"), tr("Empty centre")};
  heading(params.theme, tr("Your own table: match"));
  int length = table_options_.match_length == 5 ? 2 : table_options_.match_length == 3 ? 1 : 0;
  if (widgets::segmented("online-length", kLengths, 3, &length, width)) table_options_.match_length = 1 + 2 * length;
  heading(params.theme, tr("Move clock"));
  int clock = table_options_.clock > 0 ? 1 : 0;
  if (widgets::segmented("online-clock", kClocks, 2, &clock, width)) {
    table_options_.clock = clock == 1 ? online::kDefaultOnlineClock : 0;
    if (clock == 1) table_options_.game_clock.reset();  // one clock at a time
  }
  draw_game_clock_choice(params, width);
  heading(params.theme, tr("Start"));
  int start = table_options_.start == StartVariant::StandardCross ? 0 : 1;
  if (widgets::segmented("online-start", kStarts, 2, &start, width))
    table_options_.start = start == 0 ? StartVariant::StandardCross : StartVariant::EmptyCentre;
  widgets::checkbox(tr("Private: only people with the code can join"), "setting:private-table", &table_private_);
  // Last, as it is needed once: becoming one's player from another device.
  heading(params.theme, tr("Another device of yours"));
  if (widgets::wide_button(tr("Link this device with a code…"), width)) result.ask_link = true;
}

// Whole-game time plus an increment, Lichess's blitz and rapid controls.
void NewGamePanel::draw_game_clock_choice(const Params& params, float width) {
  const char* const kGameClocks[] = {tr("Off"), "3+2", "5+3", "10+0"};
  static const online::GameClockOptions kControls[] = {{180, 2}, {300, 3}, {600, 0}};
  heading(params.theme, tr("Game clock (minutes + seconds a move)"));
  int chosen = 0;
  for (int index = 0; index < 3; ++index)
    if (table_options_.game_clock == kControls[index]) chosen = index + 1;
  if (!widgets::segmented("online-game-clock", kGameClocks, 4, &chosen, width)) return;
  if (chosen == 0) {
    table_options_.game_clock.reset();
    return;
  }
  table_options_.game_clock = kControls[chosen - 1];
  table_options_.clock = 0;  // the game clock replaces the move clock
}

void NewGamePanel::draw_open_tables(const Params& params, float width, Result& result) {
  heading(params.theme, tr("Tables waiting for a player"));
  const OnlineTable& table = params.online;
  const auto& tables = table.open_tables();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  if (table.connection() != OnlineTable::Connection::Connected)
    widgets::text_wrapped(table.status_line().empty() ? std::string(tr("Connecting to the game server…"))
                                                      : table.status_line());
  else if (tables.empty())
    ImGui::TextWrapped("%s", tr("None right now. Open one, and it shows here for others."));
  ImGui::PopStyleColor();
  for (const online::server::OpenTableEntry& entry : tables) {
    if (entry.host_player == table.player()) continue;
    const std::string label =
        tr("{name} (level {level}) · {options}",
           {{"name", entry.host_name}, {"level", entry.host_level}, {"options", table_options_line(entry.options)}}) +
        "##" + entry.code;
    if (widgets::wide_button(label.c_str(), width)) result.join = entry.code;
  }
}

}  // namespace reversi
