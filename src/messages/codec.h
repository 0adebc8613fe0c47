// What every decoder in the message layer returns, the size limits, and the
// JSON reading helpers they share. Decoders take any text: a wrong type, a
// value out of range, an unknown message, oversized or corrupt input all
// become a DecodeError the caller can show or send back, never an exception.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "engine/board.h"
#include "messages/spelling.h"

namespace reversi::messages {

using Json = nlohmann::json;

// The version of the wire messages (host page, worker, server). A message
// may carry "v"; without it version 1 is meant.
inline constexpr int kProtocolVersion = 1;
// One command or event, as the host page or a client may send it.
inline constexpr std::size_t kMaxMessageBytes = 16 * 1024;
// One saved document (settings, record, the game in progress).
inline constexpr std::size_t kMaxDocumentBytes = 256 * 1024;
// A transcript: 60 moves need 120 characters; room for separators.
inline constexpr std::size_t kMaxTranscriptBytes = 1000;

enum class DecodeProblem : std::uint8_t {
  Malformed,           // not JSON, or not an object where one is needed
  TooLarge,            // over the size limit
  UnsupportedVersion,  // a version this build does not read
  UnknownType,         // a message type this build does not know
  MissingField,
  WrongType,     // e.g. text where a number belongs
  OutOfRange,    // the right type, a value that is not allowed
  Inconsistent,  // every field fine, but together they make no sense (e.g. an illegal move in a saved game)
};

struct DecodeError {
  DecodeProblem problem = DecodeProblem::Malformed;
  std::string message;  // one line for a log or the player
};

template <class T>
struct Decoded {
  std::optional<T> value;
  DecodeError error;

  static Decoded success(T result) { return Decoded{std::move(result), {}}; }
  static Decoded failure(DecodeError problem) { return Decoded{std::nullopt, std::move(problem)}; }
  static Decoded failure(DecodeProblem problem, std::string message) {
    return Decoded{std::nullopt, DecodeError{problem, std::move(message)}};
  }
  explicit operator bool() const { return value.has_value(); }
};

// Parses `text` as one JSON object of at most `max_bytes` bytes.
Decoded<Json> parse_object(std::string_view text, std::size_t max_bytes, const std::string& what);

// Text for any JSON value; invalid UTF-8 in strings is replaced, never thrown.
std::string dump(const Json& value);

// Reads fields of one JSON object. The first problem is kept; reads after it
// do nothing, so callers check once at the end. Absent and null count the
// same for the optional forms.
class FieldReader {
 public:
  FieldReader(const Json& object, std::string where);

  bool ok() const { return !error_.has_value(); }
  const DecodeError& error() const { return *error_; }
  bool has(const char* key) const;
  // The field, or null (and an error) when it is missing.
  const Json* field(const char* key);

  void read(const char* key, bool& out);
  void read(const char* key, int& out, std::int64_t low, std::int64_t high);
  void read(const char* key, std::uint64_t& out);  // written as decimal text: JavaScript numbers lose 64-bit values
  void read(const char* key, double& out, double low, double high);
  void read(const char* key, std::string& out, std::size_t max_bytes);
  void read_square(const char* key, Square& out);  // "a1".."h8"
  template <class Enum, std::size_t N>
  void read(const char* key, Enum& out, const Spelling<Enum> (&table)[N]) {
    const Json* value = field(key);
    if (!value) return;
    if (!value->is_string()) return fail(DecodeProblem::WrongType, key, spelling_choices(table, "should be "));
    const std::optional<Enum> parsed = parse_spelling(table, value->get_ref<const std::string&>());
    if (!parsed) return fail(DecodeProblem::OutOfRange, key, spelling_choices(table, "should be "));
    out = *parsed;
  }
  // The same reads for a field that may be left out.
  template <class T, class... Limits>
  void read_optional(const char* key, std::optional<T>& out, const Limits&... limits) {
    if (!ok() || !has(key)) return;
    T value{};
    read(key, value, limits...);
    if (ok()) out = value;
  }

  void fail(DecodeProblem problem, const char* key, const std::string& what);
  void fail(DecodeProblem problem, const std::string& what);

 private:
  const Json& object_;
  std::string where_;
  std::optional<DecodeError> error_;
};

// Reads "version" (documents) or "v" (messages, where it may be absent) and
// refuses any other than `expected`.
std::optional<DecodeError> check_version(const Json& object, const char* key, int expected, bool required,
                                         const std::string& what);

}  // namespace reversi::messages
