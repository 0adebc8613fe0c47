// The online protocol's JSON: the type names, and the encoders and decoders
// that table_fields.h's descriptions drive.
#include "messages/table_messages.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "engine/notation.h"
#include "messages/table_fields.h"

namespace reversi::messages::online {

SessionOptions session_options_of(const TableOptions& options, std::optional<Strength> computer, Color first_colour) {
  SessionOptions session;
  session.mode = computer ? Mode::Solo : Mode::TwoPlayers;
  session.strength = computer.value_or(Strength::Medium);
  session.colour = first_colour == Color::Black ? ColourChoice::Black : ColourChoice::White;
  session.variant = options.start;
  session.match_length = options.match_length;
  session.clock_enabled = options.clock > 0;
  session.clock_seconds = options.clock > 0 ? options.clock : kDefaultOnlineClock;
  return session;
}

std::optional<std::string> normalised_code(std::string_view text) {
  if (text.size() != kCodeLength) return std::nullopt;
  std::string code;
  for (const char c : text) {
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (kCodeAlphabet.find(upper) == std::string_view::npos) return std::nullopt;
    code.push_back(upper);
  }
  return code;
}

bool apply_open_tables_changed(std::vector<server::OpenTableEntry>& list, const server::OpenTablesChanged& change) {
  std::vector<server::OpenTableEntry> result = list;
  auto find = [&](const std::string& code) {
    return std::find_if(result.begin(), result.end(), [&](const auto& entry) { return entry.code == code; });
  };
  for (const std::string& code : change.removed) {
    const auto found = find(code);
    if (found == result.end()) return false;
    result.erase(found);
  }
  for (const server::OpenTableEntry& entry : change.changed) {
    const auto found = find(entry.code);
    if (found == result.end()) return false;
    *found = entry;
  }
  for (const server::AddedOpenTable& added : change.added) {
    if (find(added.entry.code) != result.end() || added.at < 0 || static_cast<std::size_t>(added.at) > result.size())
      return false;
    result.insert(result.begin() + added.at, added.entry);
  }
  if (result.size() > kMaxOpenTablesListed) return false;
  list = std::move(result);
  return true;
}

std::string invite_link(std::string_view code) { return "/?table=" + std::string(code); }
std::string claim_link(std::string_view code) { return "/?claim=" + std::string(code); }
std::string device_link(std::string_view code) { return "/?link=" + std::string(code); }

std::optional<std::string> normalised_link_code(std::string_view text) {
  std::string code;
  for (const char c : text) {
    if (c == ' ' || c == '-') continue;
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (kCodeAlphabet.find(upper) == std::string_view::npos || code.size() == kLinkCodeLength) return std::nullopt;
    code.push_back(upper);
  }
  if (code.size() != kLinkCodeLength) return std::nullopt;
  return code;
}

Json table_options_to_json(const TableOptions& options) { return fields::to_json(options); }

Decoded<TableOptions> table_options_from_json(const Json& object, const std::string& where) {
  return fields::from_json<TableOptions>(object, where);
}

std::string_view client_message_type(const ClientMessage& message) { return kClientMessageTypes[message.index()]; }

std::string encode_client_message(const ClientMessage& message) {
  return dump(fields::variant_to_json(message, kClientMessageTypes));
}

Decoded<ClientMessage> decode_client_message(std::string_view text) {
  std::string type;
  Decoded<Json> message = fields::parse_typed_message(text, kMaxClientMessageBytes, type);
  if (!message) return Decoded<ClientMessage>::failure(message.error);
  return fields::variant_from_json<ClientMessage>(*message.value, type, kClientMessageTypes);
}

std::string_view server_message_type(const ServerMessage& message) { return kServerMessageTypes[message.index()]; }

std::string encode_server_message(const ServerMessage& message) {
  return dump(fields::variant_to_json(message, kServerMessageTypes));
}

Decoded<ServerMessage> decode_server_message(std::string_view text) {
  std::string type;
  Decoded<Json> message = fields::parse_typed_message(text, kMaxServerMessageBytes, type);
  if (!message) return Decoded<ServerMessage>::failure(message.error);
  return fields::variant_from_json<ServerMessage>(*message.value, type, kServerMessageTypes);
}

Json server_message_body(const ServerMessage& message) {
  Json json = fields::variant_to_json(message, kServerMessageTypes);
  json.erase("type");
  return json;
}

std::optional<int> sequence_of(const ServerMessage& message) {
  return std::visit(
      [](const auto& value) -> std::optional<int> {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, server::GameStarted> || std::is_same_v<T, server::Move> ||
                      std::is_same_v<T, server::Pass> || std::is_same_v<T, server::ClockExpired> ||
                      std::is_same_v<T, server::GameOver> || std::is_same_v<T, server::GameAborted> ||
                      std::is_same_v<T, server::MatchOver>)
          return value.seq;
        else
          return std::nullopt;
      },
      message);
}

namespace fields_of {

fields::Checked TableCode::read(const Json& json, std::string& out) const {
  std::string text;
  if (fields::Checked refused = fields::Text{64}.read(json, text)) return refused;
  const std::optional<std::string> code = normalised_code(text);
  if (!code) return fields::Refusal{DecodeProblem::OutOfRange, "should be six letters and digits such as K7M2QX"};
  out = *code;
  return std::nullopt;
}

fields::Checked LinkCode::read(const Json& json, std::string& out) const {
  std::string text;
  if (fields::Checked refused = fields::Text{64}.read(json, text)) return refused;
  const std::optional<std::string> code = normalised_link_code(text);
  if (!code) return fields::Refusal{DecodeProblem::OutOfRange, "should be eight letters and digits such as ABCD-EFGH"};
  out = *code;
  return std::nullopt;
}

// Code points in valid UTF-8 (the JSON parser has checked it).
fields::Checked check_note(const std::string& note) {
  std::size_t characters = 0;
  for (const char byte : note) characters += (static_cast<unsigned char>(byte) & 0xC0) != 0x80 ? 1 : 0;
  if (characters <= kLongestReportNote) return std::nullopt;
  return fields::Refusal{DecodeProblem::OutOfRange, "should be at most 300 characters"};
}

// A change names a table at most once among the removed and once among
// the changed and added (removed and added: it was listed again), never
// changes a table it removes, stays within the list's cap, and places the
// added in ascending order.
fields::Checked check_open_tables_changed(const server::OpenTablesChanged& change) {
  using fields::Refusal;
  if (change.changed.size() + change.added.size() > kMaxOpenTablesListed)
    return Refusal{DecodeProblem::Inconsistent, "'changed' and 'added' should name at most 100 tables together"};
  const std::set<std::string> removed(change.removed.begin(), change.removed.end());
  std::set<std::string> listed;
  for (const server::OpenTableEntry& entry : change.changed)
    if (removed.count(entry.code)) return Refusal{DecodeProblem::Inconsistent, "a removed table cannot change"};
  for (const server::OpenTableEntry& entry : change.changed) listed.insert(entry.code);
  for (const server::AddedOpenTable& added : change.added) listed.insert(added.entry.code);
  if (removed.size() != change.removed.size() || listed.size() != change.changed.size() + change.added.size())
    return Refusal{DecodeProblem::Inconsistent, "a change of the list should name a table only once"};
  for (std::size_t index = 1; index < change.added.size(); ++index)
    if (change.added[index].at <= change.added[index - 1].at)
      return Refusal{DecodeProblem::Inconsistent, "'added' should be in ascending order of 'at'"};
  return std::nullopt;
}

}  // namespace fields_of

}  // namespace reversi::messages::online
