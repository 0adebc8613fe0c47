#include "messages/codec.h"

#include <charconv>
#include <cmath>

#include "engine/notation.h"

namespace reversi::messages {

Decoded<Json> parse_object(std::string_view text, std::size_t max_bytes, const std::string& what) {
  if (text.size() > max_bytes)
    return Decoded<Json>::failure(DecodeProblem::TooLarge, what + ": " + std::to_string(text.size()) +
                                                               " bytes is more than the " + std::to_string(max_bytes) +
                                                               " allowed");
  Json value = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded())
    return Decoded<Json>::failure(DecodeProblem::Malformed, what + ": not valid JSON (corrupt or cut short)");
  if (!value.is_object()) return Decoded<Json>::failure(DecodeProblem::Malformed, what + ": should be an object");
  return Decoded<Json>::success(std::move(value));
}

std::string dump(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

FieldReader::FieldReader(const Json& object, std::string where) : object_(object), where_(std::move(where)) {
  if (!object_.is_object()) fail(DecodeProblem::WrongType, "should be an object");
}

bool FieldReader::has(const char* key) const {
  if (!object_.is_object()) return false;
  const auto found = object_.find(key);
  return found != object_.end() && !found->is_null();
}

const Json* FieldReader::field(const char* key) {
  if (!ok()) return nullptr;
  const auto found = object_.find(key);
  if (found == object_.end() || found->is_null()) {
    fail(DecodeProblem::MissingField, key, "is missing");
    return nullptr;
  }
  return &*found;
}

void FieldReader::read(const char* key, bool& out) {
  const Json* value = field(key);
  if (!value) return;
  if (!value->is_boolean()) return fail(DecodeProblem::WrongType, key, "should be true or false");
  out = value->get<bool>();
}

void FieldReader::read(const char* key, int& out, std::int64_t low, std::int64_t high) {
  const Json* value = field(key);
  if (!value) return;
  const std::string range = "should be a whole number from " + std::to_string(low) + " to " + std::to_string(high);
  if (!value->is_number_integer()) return fail(DecodeProblem::WrongType, key, range);
  // Compared as 64-bit values, never truncated: 4294967297 is out of range, not 1.
  const bool too_big = value->is_number_unsigned() && value->get<std::uint64_t>() > static_cast<std::uint64_t>(high);
  const std::int64_t number = too_big ? high : value->get<std::int64_t>();
  if (too_big || number < low || number > high) return fail(DecodeProblem::OutOfRange, key, range);
  out = static_cast<int>(number);
}

void FieldReader::read(const char* key, std::uint64_t& out) {
  const Json* value = field(key);
  if (!value) return;
  if (!value->is_string()) return fail(DecodeProblem::WrongType, key, "should be a whole number written as text");
  const std::string& text = value->get_ref<const std::string&>();
  const char* end = text.data() + text.size();
  std::uint64_t number = 0;
  const auto parsed = std::from_chars(text.data(), end, number);
  if (text.empty() || parsed.ec != std::errc() || parsed.ptr != end)
    return fail(DecodeProblem::OutOfRange, key, "should be a whole number written as text");
  out = number;
}

void FieldReader::read(const char* key, double& out, double low, double high) {
  const Json* value = field(key);
  if (!value) return;
  auto text = [](double number) {
    std::string written = std::to_string(number);
    written.erase(written.find_last_not_of('0') + 1);
    if (!written.empty() && written.back() == '.') written.pop_back();
    return written;
  };
  const std::string range = "should be a number from " + text(low) + " to " + text(high);
  if (!value->is_number()) return fail(DecodeProblem::WrongType, key, range);
  const double number = value->get<double>();
  if (!std::isfinite(number) || number < low || number > high) return fail(DecodeProblem::OutOfRange, key, range);
  out = number;
}

void FieldReader::read(const char* key, std::string& out, std::size_t max_bytes) {
  const Json* value = field(key);
  if (!value) return;
  if (!value->is_string()) return fail(DecodeProblem::WrongType, key, "should be text");
  const std::string& text = value->get_ref<const std::string&>();
  if (text.size() > max_bytes)
    return fail(DecodeProblem::TooLarge, key, "is longer than " + std::to_string(max_bytes) + " bytes");
  out = text;
}

void FieldReader::read_square(const char* key, Square& out) {
  const Json* value = field(key);
  if (!value) return;
  if (!value->is_string()) return fail(DecodeProblem::WrongType, key, "should be a square such as \"d3\"");
  const std::string& text = value->get_ref<const std::string&>();
  const Parsed<Square> square = text.size() == 2 ? parse_square(text) : Parsed<Square>::failure("");
  if (!square || *square.value < 0 || *square.value >= 64)
    return fail(DecodeProblem::OutOfRange, key, "should be a square from \"a1\" to \"h8\"");
  out = *square.value;
}

void FieldReader::fail(DecodeProblem problem, const char* key, const std::string& what) {
  fail(problem, std::string("'") + key + "' " + what);
}

void FieldReader::fail(DecodeProblem problem, const std::string& what) {
  if (ok()) error_ = DecodeError{problem, where_ + ": " + what};
}

std::optional<DecodeError> check_version(const Json& object, const char* key, int expected, bool required,
                                         const std::string& what) {
  FieldReader reader(object, what);
  if (!required && !reader.has(key)) return std::nullopt;
  int found = 0;
  reader.read(key, found, 0, 1 << 30);
  if (reader.ok() && found != expected)
    reader.fail(DecodeProblem::UnsupportedVersion, "version " + std::to_string(found) +
                                                       " is not supported (this build reads version " +
                                                       std::to_string(expected) + ")");
  if (reader.ok()) return std::nullopt;
  return reader.error();
}

}  // namespace reversi::messages
