#include "game/game_json.h"
#include "game/json_fields.h"

namespace reversi {

using namespace json_fields;

std::string settings_to_json(const Settings& settings) {
  const Json document = {
      {"version", kSettingsVersion},
      {"flip_counts", settings.show_flip_counts},
      {"sound", settings.sound},
      {"animation_speed", spelling(kAnimationSpeeds, settings.animation_speed)},
      {"reduced_motion", settings.reduced_motion},
      {"strength", spelling(kStrengths, settings.strength)},
      {"colour", spelling(kColourChoices, settings.colour)},
      {"mode", spelling(kModes, settings.mode)},
      {"variant", spelling(kVariants, settings.variant)},
      {"match_length", settings.match_length},
      {"clock", settings.clock_enabled},
      {"clock_seconds", settings.clock_seconds},
  };
  return document.dump();
}

Parsed<Settings> settings_from_json(std::string_view text) {
  try {
    std::string error;
    const Json document = parse_document(text, kSettingsVersion, "settings", error);
    if (!error.empty()) return Parsed<Settings>::failure(error);
    Settings settings;
    FieldReader reader(document, "settings");
    reader.read("flip_counts", settings.show_flip_counts);
    reader.read("sound", settings.sound);
    reader.read("animation_speed", settings.animation_speed, kAnimationSpeeds);
    reader.read("reduced_motion", settings.reduced_motion);
    reader.read("strength", settings.strength, kStrengths);
    reader.read("colour", settings.colour, kColourChoices);
    reader.read("mode", settings.mode, kModes);
    reader.read("variant", settings.variant, kVariants);
    reader.read("match_length", settings.match_length, 1, 5);
    if (reader.ok() && !is_valid_match_length(settings.match_length)) reader.fail("'match_length' should be 1, 3 or 5");
    reader.read("clock", settings.clock_enabled);
    reader.read("clock_seconds", settings.clock_seconds, 1, 3600);
    if (!reader.ok()) return Parsed<Settings>::failure(reader.error());
    return Parsed<Settings>::success(settings);
  } catch (const std::exception& failure) {  // belt and braces: nothing escapes a loader
    return Parsed<Settings>::failure(std::string("settings: ") + failure.what());
  }
}

}  // namespace reversi
