// Small drawing pieces shared by the screen and the panels.
#pragma once

#include <imgui.h>

#include <map>
#include <optional>
#include <string>

#include "app/theme.h"
#include "game/match.h"
#include "game/session.h"

namespace reversi::widgets {

// Where each button was drawn this frame (CSS pixels), published through the
// page's state hook so browser tests can press real controls. The App owns
// it and points ImGui's io.UserData at it.
struct ControlRect {
  float x = 0, y = 0, w = 0, h = 0;
  bool enabled = true;
};
struct ControlRegistry {
  std::map<std::string, ControlRect> controls;
};
// Records the last ImGui item under `name` (the text before any "##").
void note_control(const std::string& name);
// An ImGui::Button that is also recorded.
bool button(const char* label, ImVec2 size, bool enabled = true);

struct ScoreBarLabels {
  std::string black;
  std::string white;
};

// The count bar: ebony on the left, mother-of-pearl on the right, split in
// proportion to the discs, with a copper mark under the side to move.
void score_bar(ImDrawList& draw_list, const Theme& theme, ImVec2 origin, float width, float height, int black,
               int white, std::optional<Color> to_move, const ScoreBarLabels& labels);

// "Reversi" and a short line about the game being played (strength, match score).
// `line`, when not empty, replaces the line about the game (an online table's).
void title_row(const Theme& theme, float width, float height, const SessionOptions& options, const Match* match,
               int game_number, const std::string& line = "");

// A row of buttons of which exactly one is chosen; true when the choice changed.
bool segmented(const char* id, const char* const* labels, int count, int* chosen, float width);

// A full-width button with the project's 48 px touch height.
bool wide_button(const char* label, float width, bool primary = false);

}  // namespace reversi::widgets
