// The settings dialog, a panel of its own after Dear ImGui's examples: the
// player's settings shown as they are (Params), and the settings as the
// player changed them handed back (Result) for App to keep. It keeps no
// state between frames: the settings are the game controller's.
#pragma once

#include <optional>

#include "app/theme.h"
#include "game/settings.h"

namespace reversi {

class SettingsPanel {
 public:
  struct Params {
    const Theme& theme;
    const Settings& settings;
    bool reduced_motion = false;  // the system asks for reduced motion
    bool more_contrast = false;   // the system asks for more contrast
  };
  struct Result {
    std::optional<Settings> changed;  // the settings, once the player changed one
    bool done = false;
  };
  // Draws the dialog's content inside the open panel.
  Result draw(const Params& params);

 private:
  static bool draw_language(Settings& settings, float width);
  static bool draw_switches(Settings& settings);
  static bool draw_speed(const Params& params, Settings& settings, float width);
  static bool draw_themes(const Params& params, Settings& settings, float width);
};

}  // namespace reversi
