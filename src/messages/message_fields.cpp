#include "messages/message_fields.h"

#include <cmath>

#include "engine/notation.h"

namespace reversi::messages::fields {
namespace {

// 3600, 0.5: a limit as a sentence shows it.
std::string number_text(double number) {
  std::string written = std::to_string(number);
  written.erase(written.find_last_not_of('0') + 1);
  if (!written.empty() && written.back() == '.') written.pop_back();
  return written;
}

Checked read_whole(const Json& json, std::int64_t low, std::int64_t high, std::int64_t& out) {
  const std::string range = "should be a whole number from " + std::to_string(low) + " to " + std::to_string(high);
  if (!json.is_number_integer()) return Refusal{DecodeProblem::WrongType, range};
  // Compared as 64-bit values, never truncated: 4294967297 is out of range, not 1.
  if (json.is_number_unsigned() && json.get<std::uint64_t>() > static_cast<std::uint64_t>(high))
    return Refusal{DecodeProblem::OutOfRange, range};
  const std::int64_t number = json.get<std::int64_t>();
  if (number < low || number > high) return Refusal{DecodeProblem::OutOfRange, range};
  out = number;
  return std::nullopt;
}

}  // namespace

Checked Whole::read(const Json& json, int& out) const {
  std::int64_t number = 0;
  if (Checked refused = read_whole(json, low, high, number)) return refused;
  out = static_cast<int>(number);
  return std::nullopt;
}

Checked Whole::read(const Json& json, std::int64_t& out) const { return read_whole(json, low, high, out); }

Checked Whole::read(const Json& json, std::uint64_t& out) const {
  std::int64_t number = 0;
  if (Checked refused = read_whole(json, low, high, number)) return refused;
  out = static_cast<std::uint64_t>(number);
  return std::nullopt;
}

Checked Seconds::read(const Json& json, std::int64_t& out) const {
  double number = 0;
  if (Checked refused = Number{0, high}.read(json, number)) return refused;
  out = static_cast<std::int64_t>(number);
  return std::nullopt;
}

Json Number::write(double value) const {
  const double written = tenths ? std::round(value * 10) / 10 : value;
  if (whole_when_whole && written == std::floor(written)) return static_cast<int>(written);
  return written;
}

Checked Number::read(const Json& json, double& out) const {
  const std::string range = "should be a number from " + number_text(low) + " to " + number_text(high);
  if (!json.is_number()) return Refusal{DecodeProblem::WrongType, range};
  const double number = json.get<double>();
  if (!std::isfinite(number) || number < low || number > high) return Refusal{DecodeProblem::OutOfRange, range};
  out = number;
  return std::nullopt;
}

Checked Text::read(const Json& json, std::string& out) const {
  if (!json.is_string()) return Refusal{DecodeProblem::WrongType, "should be text"};
  const std::string& text = json.get_ref<const std::string&>();
  if (text.size() > max_bytes) return Refusal{too_long, "is longer than " + std::to_string(max_bytes) + " bytes"};
  out = text;
  return std::nullopt;
}

Checked Flag::read(const Json& json, bool& out) const {
  if (!json.is_boolean()) return Refusal{DecodeProblem::WrongType, "should be true or false"};
  out = json.get<bool>();
  return std::nullopt;
}

Json SquareName::write(Square value) const { return square_name(value); }

Checked SquareName::read(const Json& json, Square& out) const {
  if (!json.is_string()) return Refusal{DecodeProblem::WrongType, "should be a square such as \"d3\""};
  const std::string& text = json.get_ref<const std::string&>();
  const Parsed<Square> square = text.size() == 2 ? parse_square(text) : Parsed<Square>::failure("");
  if (!square || *square.value < 0 || *square.value >= 64)
    return Refusal{DecodeProblem::OutOfRange, "should be a square from \"a1\" to \"h8\""};
  out = *square.value;
  return std::nullopt;
}

bool JsonReader::has(const char* key) const {
  if (!object_.is_object()) return false;
  const auto found = object_.find(key);
  return found != object_.end() && !found->is_null();
}

const Json* JsonReader::lookup(const char* key, bool may_be_absent) {
  if (!ok() || !require_object()) return nullptr;
  const auto found = object_.find(key);
  if (found != object_.end() && !found->is_null()) return &*found;
  if (!may_be_absent) fail(DecodeProblem::MissingField, at(key), "is missing");
  return nullptr;
}

bool JsonReader::require_object() {
  if (object_.is_object()) return true;
  fail(DecodeProblem::WrongType, path_, "should be an object");
  return false;
}

void JsonReader::only_keys(std::initializer_list<const char*> keys) {
  if (!ok() || !require_object()) return;
  for (const auto& [key, value] : object_.items()) {
    bool known = false;
    for (const char* listed : keys) known = known || key == listed;
    if (!known) return fail(DecodeProblem::UnknownType, path_, "unknown field '" + key.substr(0, 40) + "'");
  }
}

void JsonReader::version(const char* key, int expected) {
  const Json* found = lookup(key, true);
  if (!found) return;
  int version = 0;
  read_value(*found, version, Whole{0, 1 << 30}, at(key));
  if (ok() && version != expected)
    fail(DecodeProblem::UnsupportedVersion, at(key),
         "version " + std::to_string(version) + " is not supported (this build reads version " +
             std::to_string(expected) + ")");
}

void JsonReader::fail(DecodeProblem problem, const std::string& path, const std::string& what) {
  if (ok()) error_ = DecodeError{problem, path + ": " + what};
}

Decoded<Json> parse_typed_message(std::string_view text, std::size_t max_bytes, std::string& type) {
  Decoded<Json> message = parse_object(text, max_bytes, "message");
  if (!message) return message;
  std::optional<DecodeError> error;
  JsonReader reader(*message.value, "message", error);
  reader.field("type", type, Text{64});
  if (error) return Decoded<Json>::failure(std::move(*error));
  return message;
}

}  // namespace reversi::messages::fields
