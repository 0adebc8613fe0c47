#include "messages/options.h"

#include <cmath>
#include <cstdlib>

namespace reversi::messages {
namespace {

constexpr const char* kOptionFields[] = {"mode", "strength", "color", "start", "matchLength", "clock"};

// A plainly written non-negative number: digits, optionally a point and more digits.
std::optional<double> plain_number(std::string_view text) {
  if (text.empty() || text.size() > 12) return std::nullopt;
  std::size_t points = 0;
  for (std::size_t index = 0; index < text.size(); ++index) {
    const char c = text[index];
    if (c == '.' && index > 0 && index + 1 < text.size() && ++points == 1) continue;
    if (c < '0' || c > '9') return std::nullopt;
  }
  return std::strtod(std::string(text).c_str(), nullptr);
}

// The clock as written: a whole number when it is one (45, not 45.0).
Json clock_json(const SessionOptions& options) {
  if (!options.clock_enabled) return 0;
  const double seconds = options.clock_seconds;
  if (seconds == std::floor(seconds) && seconds <= kLongestClock) return static_cast<int>(seconds);
  return seconds;
}

}  // namespace

SessionOptions OptionsPatch::applied_to(SessionOptions options) const {
  if (mode) options.mode = *mode;
  if (strength) options.strength = *strength;
  if (colour) options.colour = *colour;
  if (variant) options.variant = *variant;
  if (match_length) options.match_length = *match_length;
  if (clock) {
    options.clock_enabled = *clock > 0;
    if (*clock > 0) options.clock_seconds = *clock;
  }
  return options;
}

void OptionsPatch::merge(const OptionsPatch& later) {
  if (later.mode) mode = later.mode;
  if (later.strength) strength = later.strength;
  if (later.colour) colour = later.colour;
  if (later.variant) variant = later.variant;
  if (later.match_length) match_length = later.match_length;
  if (later.clock) clock = later.clock;
}

std::optional<std::string> check_match_length(std::int64_t games) {
  if (games == 1 || games == 3 || games == 5) return std::nullopt;
  return "a match has 1, 3 or 5 games";
}

std::optional<std::string> check_clock(double seconds) {
  if (seconds == 0 || (std::isfinite(seconds) && seconds >= kShortestClock && seconds <= kLongestClock))
    return std::nullopt;
  return "the clock is 0 (off) or 1 to 3600 seconds a move";
}

std::optional<std::string> check_options(const SessionOptions& options) {
  if (auto problem = check_match_length(options.match_length)) return problem;
  if (!(options.clock_seconds >= kShortestClock && options.clock_seconds <= kLongestClock))
    return "the clock needs 1 to 3600 seconds a move";
  return std::nullopt;
}

Json options_to_json(const SessionOptions& options) {
  return Json{{"mode", spell(kModes, options.mode)},
              {"strength", spell(kStrengths, options.strength)},
              {"color", spell(kColourChoices, options.colour)},
              {"start", spell(kVariants, options.variant)},
              {"matchLength", options.match_length},
              {"clock", clock_json(options)}};
}

Decoded<OptionsPatch> options_patch_from_json(const Json& object, const std::string& where) {
  FieldReader reader(object, where);
  OptionsPatch patch;
  if (reader.ok())
    for (const auto& [key, value] : object.items()) {
      bool known = false;
      for (const char* field : kOptionFields) known = known || key == field;
      if (!known) {
        reader.fail(DecodeProblem::UnknownType, "unknown option '" + key.substr(0, 40) + "'");
        break;
      }
    }
  reader.read_optional("mode", patch.mode, kModes);
  reader.read_optional("strength", patch.strength, kStrengths);
  reader.read_optional("color", patch.colour, kColourChoices);
  reader.read_optional("start", patch.variant, kVariants);
  if (reader.has("matchLength")) {
    int games = 0;
    reader.read("matchLength", games, 1, 5);
    if (reader.ok() && check_match_length(games))
      reader.fail(DecodeProblem::OutOfRange, "matchLength", "should be 1, 3 or 5");
    if (reader.ok()) patch.match_length = games;
  }
  if (reader.has("clock")) {
    double seconds = 0;
    reader.read("clock", seconds, 0, kLongestClock);
    if (reader.ok() && check_clock(seconds))
      reader.fail(DecodeProblem::OutOfRange, "clock", "should be 0 (off) or 1 to 3600 seconds a move");
    if (reader.ok()) patch.clock = seconds;
  }
  if (!reader.ok()) return Decoded<OptionsPatch>::failure(reader.error());
  return Decoded<OptionsPatch>::success(patch);
}

Decoded<SessionOptions> options_from_json(const Json& object, const std::string& where) {
  FieldReader reader(object, where);
  for (const char* field : kOptionFields) reader.field(field);  // all required
  if (!reader.ok()) return Decoded<SessionOptions>::failure(reader.error());
  const Decoded<OptionsPatch> patch = options_patch_from_json(object, where);
  if (!patch) return Decoded<SessionOptions>::failure(patch.error);
  return Decoded<SessionOptions>::success(patch.value->applied_to(SessionOptions{}));
}

Decoded<OptionsPatch> option_from_url(std::string_view name, std::string_view value) {
  const std::string where = std::string(1, '?').append(name);
  OptionsPatch patch;
  auto refuse = [&](const std::string& what) {
    return Decoded<OptionsPatch>::failure(DecodeProblem::OutOfRange, where + ": " + what);
  };
  if (name == "mode") {
    patch.mode = parse_spelling(kModes, value);
    if (!patch.mode) return refuse(spelling_choices(kModes, "should be "));
  } else if (name == "strength") {
    patch.strength = parse_spelling(kStrengths, value);
    if (!patch.strength) return refuse(spelling_choices(kStrengths, "should be "));
  } else if (name == "color") {
    patch.colour = parse_spelling(kColourChoices, value);
    if (!patch.colour) return refuse(spelling_choices(kColourChoices, "should be "));
  } else if (name == "start") {
    patch.variant = parse_spelling(kVariants, value);
    if (!patch.variant) return refuse(spelling_choices(kVariants, "should be "));
  } else if (name == "match") {
    const std::optional<double> games = value.find('.') == std::string_view::npos ? plain_number(value) : std::nullopt;
    if (!games || check_match_length(static_cast<std::int64_t>(*games))) return refuse("should be 1, 3 or 5");
    patch.match_length = static_cast<int>(*games);
  } else if (name == "clock") {
    const std::optional<double> seconds = plain_number(value);
    if (!seconds || check_clock(*seconds)) return refuse("should be 0 (off) or 1 to 3600 seconds a move");
    patch.clock = *seconds;
  } else {
    return Decoded<OptionsPatch>::failure(DecodeProblem::UnknownType, where + ": not an option");
  }
  return Decoded<OptionsPatch>::success(patch);
}

}  // namespace reversi::messages
