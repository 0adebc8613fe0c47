// Internal to the JSON loaders: checked reads of object fields, so that a
// wrong type or an out-of-range value becomes a message instead of an
// exception, and the enum spellings shared by every document.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>

#include "game/game_result.h"
#include "game/match.h"
#include "game/players.h"
#include "game/settings.h"

namespace reversi::json_fields {

using Json = nlohmann::json;

template <class Enum, std::size_t N>
using Spellings = std::array<std::pair<Enum, const char*>, N>;

inline constexpr Spellings<Mode, 2> kModes{{{Mode::Solo, "solo"}, {Mode::TwoPlayers, "two-players"}}};
inline constexpr Spellings<Strength, 3> kStrengths{
    {{Strength::Easy, "easy"}, {Strength::Medium, "medium"}, {Strength::Hard, "hard"}}};
inline constexpr Spellings<ColourChoice, 3> kColourChoices{
    {{ColourChoice::Black, "black"}, {ColourChoice::White, "white"}, {ColourChoice::Random, "random"}}};
inline constexpr Spellings<Color, 2> kColours{{{Color::Black, "black"}, {Color::White, "white"}}};
inline constexpr Spellings<StartVariant, 2> kVariants{
    {{StartVariant::StandardCross, "standard"}, {StartVariant::EmptyCentre, "empty-centre"}}};
inline constexpr Spellings<AnimationSpeed, 3> kAnimationSpeeds{
    {{AnimationSpeed::Slow, "slow"}, {AnimationSpeed::Normal, "normal"}, {AnimationSpeed::Fast, "fast"}}};
inline constexpr Spellings<Outcome, 4> kOutcomes{{{Outcome::InProgress, "in-progress"},
                                                  {Outcome::BlackWins, "black-wins"},
                                                  {Outcome::WhiteWins, "white-wins"},
                                                  {Outcome::Draw, "draw"}}};
inline constexpr Spellings<EndReason, 3> kEndReasons{
    {{EndReason::None, "none"}, {EndReason::NoMoves, "no-moves"}, {EndReason::Resignation, "resignation"}}};
inline constexpr Spellings<GameWinner, 3> kGameWinners{
    {{GameWinner::First, "first"}, {GameWinner::Second, "second"}, {GameWinner::Nobody, "nobody"}}};

template <class Enum, std::size_t N>
const char* spelling(const Spellings<Enum, N>& table, Enum value) {
  for (const auto& [candidate, text] : table)
    if (candidate == value) return text;
  return "";
}

// Reads fields of one JSON object. The first problem is kept in `error`;
// later reads after a failure do nothing, so callers check once at the end.
class FieldReader {
 public:
  FieldReader(const Json& object, std::string where) : object_(object), where_(std::move(where)) {
    if (!object_.is_object()) fail("should be an object");
  }

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  const Json* field(const char* key) {
    if (!ok()) return nullptr;
    const auto found = object_.find(key);
    if (found == object_.end()) {
      fail(std::string("'") + key + "' is missing");
      return nullptr;
    }
    return &*found;
  }

  void read(const char* key, bool& out) {
    const Json* value = field(key);
    if (!value) return;
    if (!value->is_boolean()) return fail(std::string("'") + key + "' should be true or false");
    out = value->get<bool>();
  }

  void read(const char* key, int& out, std::int64_t low, std::int64_t high) {
    const Json* value = field(key);
    if (!value) return;
    if (!value->is_number_integer()) return fail(std::string("'") + key + "' should be a whole number");
    // Unsigned values above the signed range are simply out of range.
    const std::int64_t number =
        value->is_number_unsigned() && value->get<std::uint64_t>() > static_cast<std::uint64_t>(high)
            ? high + 1
            : value->get<std::int64_t>();
    if (number < low || number > high)
      return fail(std::string("'") + key + "' should be from " + std::to_string(low) + " to " + std::to_string(high));
    out = static_cast<int>(number);
  }

  void read(const char* key, double& out, double low, double high) {
    const Json* value = field(key);
    if (!value) return;
    if (!value->is_number()) return fail(std::string("'") + key + "' should be a number");
    const double number = value->get<double>();
    if (!(number >= low && number <= high))
      return fail(std::string("'") + key + "' should be from " + std::to_string(low) + " to " + std::to_string(high));
    out = number;
  }

  void read(const char* key, std::string& out, std::size_t max_length) {
    const Json* value = field(key);
    if (!value) return;
    if (!value->is_string()) return fail(std::string("'") + key + "' should be text");
    const std::string& text = value->get_ref<const std::string&>();
    if (text.size() > max_length) return fail(std::string("'") + key + "' is too long");
    out = text;
  }

  template <class Enum, std::size_t N>
  void read(const char* key, Enum& out, const Spellings<Enum, N>& table) {
    const Json* value = field(key);
    if (!value) return;
    if (value->is_string()) {
      for (const auto& [candidate, text] : table)
        if (value->get_ref<const std::string&>() == text) {
          out = candidate;
          return;
        }
    }
    std::string choices;
    for (const auto& entry : table) choices += std::string(choices.empty() ? "" : ", ") + entry.second;
    fail(std::string("'") + key + "' should be one of " + choices);
  }

  void fail(const std::string& problem) {
    if (ok()) error_ = where_ + ": " + problem;
  }

 private:
  const Json& object_;
  std::string where_;
  std::string error_;
};

// Parses a whole document and checks its "version"; null when it fails (with `error` set).
inline Json parse_document(std::string_view text, int version, const char* what, std::string& error) {
  Json document = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) {
    error = std::string(what) + ": not valid JSON (corrupt or cut short)";
    return Json();
  }
  FieldReader reader(document, what);
  int found = 0;
  reader.read("version", found, 0, 1 << 30);
  if (reader.ok() && found != version)
    reader.fail("version " + std::to_string(found) + " is not supported (expected " + std::to_string(version) + ")");
  if (!reader.ok()) {
    error = reader.error();
    return Json();
  }
  return document;
}

}  // namespace reversi::json_fields
