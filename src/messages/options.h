// A game's options as they travel: one JSON form ({"mode", "strength",
// "color", "start", "matchLength", "clock"}) for host messages, saved
// documents and the server, and one check per option shared by those, the
// page URL and the new-game dialog. `clock` is 0 (no clock) or the seconds
// per move, 1 to 3600.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "game/session.h"
#include "messages/codec.h"

namespace reversi::messages {

inline constexpr double kShortestClock = 1;
inline constexpr double kLongestClock = 3600;

// Some options, each present or not: what a host message or URL changes.
struct OptionsPatch {
  std::optional<Mode> mode;
  std::optional<Strength> strength;
  std::optional<ColourChoice> colour;
  std::optional<StartVariant> variant;
  std::optional<int> match_length;
  std::optional<double> clock;  // 0: off

  bool empty() const { return !mode && !strength && !colour && !variant && !match_length && !clock; }
  SessionOptions applied_to(SessionOptions options) const;
  // Takes the fields `later` sets over these.
  void merge(const OptionsPatch& later);
  bool operator==(const OptionsPatch&) const = default;
};

// The checks behind every entry point: a message, or nothing when fine.
std::optional<std::string> check_match_length(std::int64_t games);
std::optional<std::string> check_clock(double seconds);
// Options as a whole (e.g. the dialog's choices, a decoded document).
std::optional<std::string> check_options(const SessionOptions& options);

// All six fields.
Json options_to_json(const SessionOptions& options);
// Every field optional; unknown fields are refused (a typo must not pass unseen).
Decoded<OptionsPatch> options_patch_from_json(const Json& object, const std::string& where);
// Every field required.
Decoded<SessionOptions> options_from_json(const Json& object, const std::string& where);

// One URL parameter: mode, strength, color, start, match or clock, with its
// value as written ("?match=3"). Numbers must be written plainly ("3", "45",
// "12.5"); "3.0abc", "1e-300" and "4294967299" are refused.
Decoded<OptionsPatch> option_from_url(std::string_view name, std::string_view value);
// The URL parameter names option_from_url reads.
inline constexpr std::string_view kOptionUrlNames[] = {"mode", "strength", "color", "start", "match", "clock"};

}  // namespace reversi::messages
