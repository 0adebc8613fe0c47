// The player's preferences, kept between visits (persisted as JSON, see game_json.h).
#pragma once

#include <cstdint>
#include <string>

#include "game/session.h"

namespace reversi {

enum class AnimationSpeed : std::uint8_t { Slow, Normal, Fast };
// Automatic: walnut, or high contrast while the system asks for more contrast.
enum class ThemeChoice : std::uint8_t { Automatic, Walnut, HighContrast, ColourBlindSafe };

struct Settings {
  bool show_flip_counts = false;  // hint how many discs each legal move turns
  bool sound = true;
  AnimationSpeed animation_speed = AnimationSpeed::Normal;
  bool reduced_motion = false;    // flips appear without animation
  bool hide_legal_moves = false;  // no dots: for players who find their moves themselves
  bool larger_text = false;       // everything drawn a size larger
  bool show_hints = false;        // each legal move's value on its dot, and a Best move button (games on this device)
  ThemeChoice theme = ThemeChoice::Automatic;
  // The app's language as a code ("en", "de", "es"); empty: the browser's.
  std::string language;
  // The last choices on the new-game screen.
  Strength strength = Strength::Medium;
  ColourChoice colour = ColourChoice::Black;
  Mode mode = Mode::Solo;
  StartVariant variant = StartVariant::StandardCross;
  int match_length = 1;
  bool clock_enabled = false;
  double clock_seconds = kDefaultMoveSeconds;

  SessionOptions session_options() const {
    return SessionOptions{mode, strength, colour, variant, match_length, clock_enabled, clock_seconds};
  }
  // Keeps a new game's options as the next new game's choices.
  void remember(const SessionOptions& options) {
    mode = options.mode;
    strength = options.strength;
    colour = options.colour;
    variant = options.variant;
    match_length = options.match_length;
    clock_enabled = options.clock_enabled;
    clock_seconds = options.clock_seconds;
  }
  bool operator==(const Settings&) const = default;
};

}  // namespace reversi
