// The settings dialog (app/settings_panel.h).
#include "app/settings_panel.h"

#include <imgui.h>

#include "app/core/words.h"
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
  // First, so that a player who cannot read the words finds it.
  bool changed = draw_language(settings, width);
  changed |= draw_switches(settings);
  changed |= draw_speed(params, settings, width);
  changed |= draw_themes(params, settings, width);
  widgets::end_scroll_region();
  if (changed) result.changed = settings;
  ImGui::SetCursorPosY(ImGui::GetWindowHeight() - 64);
  result.done = widgets::wide_button(tr("Done"), outer, true);
  return result;
}

bool SettingsPanel::draw_language(Settings& settings, float width) {
  ImGui::TextUnformatted(tr("Language"));
  // Automatic (the browser's), then each language named in itself; two a row,
  // so that the longest words fit a phone.
  const char* const labels[] = {tr("Automatic"), language_name(Language::English), language_name(Language::German),
                                language_name(Language::Spanish)};
  const char* const codes[] = {"", "en", "de", "es"};
  bool changed = false;
  for (int row = 0; row < 2; ++row) {
    int chosen = -1;
    for (int column = 0; column < 2; ++column) {
      if (settings.language == codes[row * 2 + column]) chosen = column;
    }
    if (widgets::segmented("language", &labels[row * 2], 2, &chosen, width)) {
      settings.language = codes[row * 2 + chosen];
      changed = true;
    }
  }
  ImGui::Spacing();
  return changed;
}

bool SettingsPanel::draw_switches(Settings& settings) {
  bool changed = false;
  auto check = [&](const char* label, const char* name, bool* value) { return widgets::checkbox(label, name, value); };
  changed |= check(tr("Show how many discs each move turns"), "setting:flip-counts", &settings.show_flip_counts);
  changed |= check(tr("Sound"), "setting:sound", &settings.sound);
  changed |= check(tr("Reduce motion (no flip animation)"), "setting:reduced-motion", &settings.reduced_motion);
  changed |= check(tr("Hide the move dots (find your moves yourself)"), "setting:hide-legal-moves",
                   &settings.hide_legal_moves);
  changed |= check(tr("Larger text and buttons"), "setting:larger-text", &settings.larger_text);
  changed |= check(tr("Hints: move values and a Best move button"), "setting:hints", &settings.show_hints);
  if (settings.show_hints)
    dim_text(
        tr("The discs you would finish ahead (+) or behind (–) with best play, as the Hard computer sees it; "
           "a ? marks an estimate (–10?), a plain figure is exact. Not in online games."));
  return changed;
}

bool SettingsPanel::draw_speed(const Params& params, Settings& settings, float width) {
  bool changed = false;
  ImGui::Spacing();
  ImGui::TextUnformatted(tr("Animation speed"));
  const char* const kSpeeds[] = {tr("Slow"), tr("Normal"), tr("Fast")};
  int speed = static_cast<int>(settings.animation_speed);
  if (widgets::segmented("speed", kSpeeds, 3, &speed, width)) {
    settings.animation_speed = static_cast<AnimationSpeed>(speed);
    changed = true;
  }
  if (params.reduced_motion) dim_text(tr("Your system asks for reduced motion, so discs turn at once."));
  return changed;
}

bool SettingsPanel::draw_themes(const Params& params, Settings& settings, float width) {
  bool changed = false;
  ImGui::Spacing();
  ImGui::TextUnformatted(tr("Theme"));
  // One choice a row: the names are too long to sit three abreast on a phone.
  const char* const kThemes[] = {tr("Walnut"), tr("High contrast"), tr("Colour-blind safe")};
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
    dim_text(params.more_contrast ? tr("Your system asks for more contrast, so High contrast is used until you "
                                       "choose a theme.")
                                  : tr("Until you choose, Walnut is used (High contrast whenever your system "
                                       "asks for more contrast)."));
  return changed;
}

}  // namespace reversi
