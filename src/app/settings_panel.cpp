// The settings dialog (app/settings_panel.h).
#include "app/settings_panel.h"

#include <imgui.h>

#include "app/widgets.h"

namespace reversi {
namespace {

void dim_text(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

}  // namespace

SettingsPanel::Result SettingsPanel::draw(const Params& params) {
  Result result;
  Settings settings = params.settings;
  const float outer = ImGui::GetContentRegionAvail().x;
  widgets::begin_scroll_region("##settings", ImVec2(0, -64));
  const float width = ImGui::GetContentRegionAvail().x;
  bool changed = draw_switches(settings);
  changed |= draw_speed(params, settings, width);
  changed |= draw_themes(params, settings, width);
  widgets::end_scroll_region();
  if (changed) result.changed = settings;
  ImGui::SetCursorPosY(ImGui::GetWindowHeight() - 64);
  result.done = widgets::wide_button("Done", outer, true);
  return result;
}

bool SettingsPanel::draw_switches(Settings& settings) {
  bool changed = false;
  auto check = [&](const char* label, const char* name, bool* value) { return widgets::checkbox(label, name, value); };
  changed |= check("Show how many discs each move turns", "setting:flip-counts", &settings.show_flip_counts);
  changed |= check("Sound", "setting:sound", &settings.sound);
  changed |= check("Reduce motion (no flip animation)", "setting:reduced-motion", &settings.reduced_motion);
  changed |=
      check("Hide the move dots (find your moves yourself)", "setting:hide-legal-moves", &settings.hide_legal_moves);
  changed |= check("Larger text and buttons", "setting:larger-text", &settings.larger_text);
  changed |= check("Hints: move values and a Best move button", "setting:hints", &settings.show_hints);
  if (settings.show_hints)
    dim_text(
        "The discs you would finish ahead (+) or behind (\u2013) with best play, as the Hard computer sees it; "
        "a ? marks an estimate (\u201310?), a plain figure is exact. Not in online games.");
  return changed;
}

bool SettingsPanel::draw_speed(const Params& params, Settings& settings, float width) {
  bool changed = false;
  ImGui::Spacing();
  ImGui::TextUnformatted("Animation speed");
  static const char* const kSpeeds[] = {"Slow", "Normal", "Fast"};
  int speed = static_cast<int>(settings.animation_speed);
  if (widgets::segmented("speed", kSpeeds, 3, &speed, width)) {
    settings.animation_speed = static_cast<AnimationSpeed>(speed);
    changed = true;
  }
  if (params.reduced_motion) dim_text("Your system asks for reduced motion, so discs turn at once.");
  return changed;
}

bool SettingsPanel::draw_themes(const Params& params, Settings& settings, float width) {
  bool changed = false;
  ImGui::Spacing();
  ImGui::TextUnformatted("Theme");
  // One choice a row: the names are too long to sit three abreast on a phone.
  static const char* const kThemes[] = {"Walnut", "High contrast", "Colour-blind safe"};
  static const ThemeChoice kThemeChoices[] = {ThemeChoice::Walnut, ThemeChoice::HighContrast,
                                              ThemeChoice::ColourBlindSafe};
  // Until one is chosen none is lit, and tapping the one in use chooses it.
  const bool automatic = settings.theme == ThemeChoice::Automatic;
  const int shown = automatic ? -1 : static_cast<int>(params.theme.active());
  for (int index = 0; index < 3; ++index) {
    int chosen = shown == index ? 0 : -1;
    if (widgets::segmented("theme", &kThemes[index], 1, &chosen, width)) {
      settings.theme = kThemeChoices[index];
      changed = true;
    }
  }
  if (automatic)
    dim_text(params.more_contrast ? "Your system asks for more contrast, so High contrast is used until you "
                                    "choose a theme."
                                  : "Until you choose, Walnut is used (High contrast whenever your system "
                                    "asks for more contrast).");
  return changed;
}

}  // namespace reversi
