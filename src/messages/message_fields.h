// Messages described once. Each message type has a `describe(fields, message)`
// (table_fields.h, event_fields.h) listing its fields: the JSON key, the rule
// for the value (a whole number in a range, text of at most so many bytes, a
// square, a spelled enum, another described object) and whether the field
// may be left out. Two visitors walk a description: JsonWriter builds the
// JSON, JsonReader reads it back with the same rules and refuses anything
// else with a DecodeError naming the field's path:
//   play.square: should be a square from "a1" to "h8"
// so encoding, decoding and the fuzz targets' round trip follow from one
// list, and a message cannot be written one way and read another.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "messages/codec.h"

namespace reversi::messages::fields {

// What a rule says of a value it refuses; the reader adds where it was.
struct Refusal {
  DecodeProblem problem;
  std::string what;
};
using Checked = std::optional<Refusal>;

// ---- rules: how one value is written and read -------------------------------

// A whole number from `low` to `high` (int or 64-bit).
struct Whole {
  std::int64_t low;
  std::int64_t high;
  template <class T>
  Json write(const T& value) const {
    return value;
  }
  Checked read(const Json& json, int& out) const;
  Checked read(const Json& json, std::int64_t& out) const;
  Checked read(const Json& json, std::uint64_t& out) const;  // `low` at least 0
};
// Seconds since 1970 (or any count) sent as a JSON number, read as a whole
// number of them; a fraction is dropped.
struct Seconds {
  double high;
  Json write(std::int64_t value) const { return value; }
  Checked read(const Json& json, std::int64_t& out) const;
};
// A number from `low` to `high`. `tenths`: written rounded to tenths (enough
// for a countdown). `whole_when_whole`: 45 rather than 45.0.
struct Number {
  double low;
  double high;
  bool tenths = false;
  bool whole_when_whole = false;
  Json write(double value) const;
  Checked read(const Json& json, double& out) const;
};
// Text of at most `max_bytes` bytes; a longer one is `too_long`.
struct Text {
  std::size_t max_bytes;
  DecodeProblem too_long = DecodeProblem::TooLarge;
  Json write(const std::string& value) const { return value; }
  Checked read(const Json& json, std::string& out) const;
};
struct Flag {
  Json write(bool value) const { return value; }
  Checked read(const Json& json, bool& out) const;
};
// "a1".."h8".
struct SquareName {
  Json write(Square value) const;
  Checked read(const Json& json, Square& out) const;
};
// An enum by its spelling (spelling.h).
template <class Enum, std::size_t N>
struct Spelled {
  const Spelling<Enum> (&table)[N];
  Json write(Enum value) const { return spell(table, value); }
  Checked read(const Json& json, Enum& out) const {
    if (!json.is_string()) return Refusal{DecodeProblem::WrongType, spelling_choices(table, "should be ")};
    const std::optional<Enum> parsed = parse_spelling(table, json.get_ref<const std::string&>());
    if (!parsed) return Refusal{DecodeProblem::OutOfRange, spelling_choices(table, "should be ")};
    out = *parsed;
    return std::nullopt;
  }
};
template <class Enum, std::size_t N>
Spelled<Enum, N> spelled(const Spelling<Enum> (&table)[N]) {
  return {table};
}
// An object with a describe() of its own.
struct Described {};
// A rule may instead read with `read_at(json, out, path)`, returning the
// whole DecodeError, for values read by a decoder of their own.

// When a field may be absent.
enum class Presence : std::uint8_t {
  Required,
  Defaulted,           // always written; read as the value's default when absent or null
  OmittedWhenDefault,  // written only when not the default (0, "", empty); absent reads as the default
};
// How an optional value that is absent is written.
enum class Absent : std::uint8_t { Omitted, Null };

// ---- the writer -------------------------------------------------------------

class JsonWriter {
 public:
  static constexpr bool reading = false;
  explicit JsonWriter(Json& out) : out_(out) {}

  template <class T, class Rule>
  void field(const char* key, const T& value, const Rule& rule, Presence presence = Presence::Required) {
    if (presence == Presence::OmittedWhenDefault && value == T{}) return;
    out_[key] = write_value(value, rule);
  }
  template <class T, class Rule>
  void optional(const char* key, const std::optional<T>& value, const Rule& rule, Absent absent = Absent::Omitted) {
    if (value)
      out_[key] = write_value(*value, rule);
    else if (absent == Absent::Null)
      out_[key] = nullptr;
  }
  template <class Container, class Rule>
  void list(const char* key, const Container& items, std::size_t, const Rule& rule,
            Presence presence = Presence::Required) {
    if (presence == Presence::OmittedWhenDefault && items.empty()) return;
    Json list = Json::array();
    for (const auto& item : items) list.push_back(write_value(item, rule));
    out_[key] = std::move(list);
  }
  // A nested object whose fields `describe_inner(fields)` lists.
  template <class Describe>
  void object(const char* key, Describe describe_inner, Presence = Presence::Required) {
    Json inner = Json::object();
    JsonWriter writer(inner);
    describe_inner(writer);
    out_[key] = writer.written_null_ ? Json(nullptr) : std::move(inner);
  }
  // A value that follows from the others (an invite link): written, never read.
  void derived(const char* key, Json value) { out_[key] = std::move(value); }
  // The protocol's version: written; read when there, and refused unless `expected`.
  void version(const char* key, int expected) { out_[key] = expected; }
  // A shape chosen by a field: the writer takes `when_writing`, the reader
  // whether `key` is there.
  bool present(const char*, bool when_writing) const { return when_writing; }
  // The whole object written as null (an empty seat).
  bool null_when(bool when_writing) {
    written_null_ = when_writing;
    return when_writing;
  }
  // Checks and fix-ups that only reading needs.
  template <class Check>
  void verify(const char*, Check&&) {}
  template <class Then>
  void after_reading(Then&&) {}
  void only_keys(std::initializer_list<const char*>) {}

  template <class T, class Rule>
  static Json write_value(const T& value, const Rule& rule) {
    if constexpr (std::is_same_v<Rule, Described>) {
      Json inner = Json::object();
      JsonWriter writer(inner);
      describe(writer, const_cast<T&>(value));  // the writer only reads the value
      return writer.written_null_ ? Json(nullptr) : inner;
    } else {
      return rule.write(value);
    }
  }

 private:
  Json& out_;
  bool written_null_ = false;
};

// The JSON object of a described value.
template <class T>
Json to_json(const T& value) {
  return JsonWriter::write_value(value, Described{});
}

// ---- the reader -------------------------------------------------------------

class JsonReader {
 public:
  static constexpr bool reading = true;
  // `path`: where this object is ("play", "history.games[2]"); the first
  // problem goes to `error`, after which every read does nothing.
  JsonReader(const Json& object, std::string path, std::optional<DecodeError>& error)
      : object_(object), path_(std::move(path)), error_(error) {}

  bool ok() const { return !error_.has_value(); }
  bool has(const char* key) const;

  template <class T, class Rule>
  void field(const char* key, T& value, const Rule& rule, Presence presence = Presence::Required) {
    const Json* found = lookup(key, presence != Presence::Required);
    if (found) read_value(*found, value, rule, at(key));
  }
  template <class T, class Rule>
  void optional(const char* key, std::optional<T>& value, const Rule& rule, Absent = Absent::Omitted) {
    const Json* found = lookup(key, true);
    if (!found) return;
    T read{};
    read_value(*found, read, rule, at(key));
    if (ok()) value = std::move(read);
  }
  template <class Container, class Rule>
  void list(const char* key, Container& items, std::size_t most, const Rule& rule,
            Presence presence = Presence::Required) {
    const Json* found = lookup(key, presence != Presence::Required);
    if (!found) return;
    constexpr bool fixed = !std::is_same_v<Container, std::vector<typename Container::value_type>>;
    if (!found->is_array() || found->size() > most || (fixed && found->size() != most))
      return fail(DecodeProblem::WrongType, at(key),
                  (fixed ? "should be a list of " : "should be a list of at most ") + std::to_string(most));
    for (std::size_t index = 0; index < found->size() && ok(); ++index) {
      typename Container::value_type item{};
      read_value((*found)[index], item, rule, at(key) + "[" + std::to_string(index) + "]");
      if constexpr (fixed)
        items[index] = std::move(item);
      else
        items.push_back(std::move(item));
    }
  }
  template <class Describe>
  void object(const char* key, Describe describe_inner, Presence presence = Presence::Required) {
    const Json* found = lookup(key, presence != Presence::Required);
    if (!found) return;
    JsonReader inner(*found, at(key), error_);
    if (inner.require_object()) describe_inner(inner);
  }
  void derived(const char*, const Json&) {}
  void version(const char* key, int expected);
  bool present(const char* key, bool) const { return has(key); }
  bool null_when(bool) const { return object_.is_null(); }
  // `check()` returns a Refusal for a value read that breaks a rule of its
  // own, or values that make no sense together (`key` "": the object).
  template <class Check>
  void verify(const char* key, Check&& check) {
    if (!ok()) return;
    if (Checked refused = check()) fail(refused->problem, *key ? at(key) : path_, refused->what);
  }
  template <class Then>
  void after_reading(Then&& then) {
    if (ok()) then();
  }
  // Refuses (UnknownType) any key not listed.
  void only_keys(std::initializer_list<const char*> keys);

  template <class T, class Rule>
  void read_value(const Json& json, T& value, const Rule& rule, const std::string& path) {
    if (!ok()) return;
    if constexpr (std::is_same_v<Rule, Described>) {
      JsonReader inner(json, path, error_);
      if (json.is_null() || inner.require_object()) describe(inner, value);
    } else if constexpr (requires { rule.read_at(json, value, path); }) {
      if (std::optional<DecodeError> refused = rule.read_at(json, value, path)) {
        if (ok()) error_ = std::move(refused);
      }
    } else if (Checked refused = rule.read(json, value)) {
      fail(refused->problem, path, refused->what);
    }
  }
  void fail(DecodeProblem problem, const std::string& path, const std::string& what);
  // False (and the error) unless this is an object.
  bool require_object();

 private:
  std::string at(const char* key) const { return path_.empty() ? std::string(key) : path_ + "." + key; }
  // The field, or null: absent or null is a MissingField unless `may_be_absent`.
  const Json* lookup(const char* key, bool may_be_absent);

  const Json& object_;
  std::string path_;
  std::optional<DecodeError>& error_;
};

// Reads a described value from `object`; errors name fields from `path`.
template <class T>
Decoded<T> from_json(const Json& object, const std::string& path, T value = T{}) {
  std::optional<DecodeError> error;
  JsonReader reader(object, path, error);
  if (reader.require_object()) describe(reader, value);
  if (error) return Decoded<T>::failure(std::move(*error));
  return Decoded<T>::success(std::move(value));
}

// ---- variants of messages told apart by "type" -------------------------------

// `names[i]`: the type of the variant's i-th alternative.
template <class Variant, std::size_t N>
Json variant_to_json(const Variant& message, const std::string_view (&names)[N]) {
  static_assert(N == std::variant_size_v<Variant>);
  Json json = std::visit([](const auto& value) { return to_json(value); }, message);
  json["type"] = names[message.index()];
  return json;
}

template <class Variant, std::size_t... Index>
std::optional<Variant> variant_of_index(std::size_t index, std::index_sequence<Index...>) {
  std::optional<Variant> made;
  ((index == Index ? (made.emplace(std::in_place_index<Index>), 0) : 0), ...);
  return made;
}

// The alternative whose name is `type`, read from `message`.
template <class Variant, std::size_t N>
Decoded<Variant> variant_from_json(const Json& message, std::string_view type, const std::string_view (&names)[N]) {
  static_assert(N == std::variant_size_v<Variant>);
  std::size_t index = 0;
  while (index < N && names[index] != type) ++index;
  const std::string where(type.substr(0, 40));
  if (index == N) return Decoded<Variant>::failure(DecodeProblem::UnknownType, "unknown message type '" + where + "'");
  Variant value = *variant_of_index<Variant>(index, std::make_index_sequence<N>());
  std::optional<DecodeError> error;
  JsonReader reader(message, where, error);
  if (reader.require_object()) std::visit([&](auto& alternative) { describe(reader, alternative); }, value);
  if (error) return Decoded<Variant>::failure(std::move(*error));
  return Decoded<Variant>::success(std::move(value));
}

// Size cap, one JSON object, a string "type" of sensible length.
Decoded<Json> parse_typed_message(std::string_view text, std::size_t max_bytes, std::string& type);

}  // namespace reversi::messages::fields
