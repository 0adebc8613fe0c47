#include "server/cluster_messages.h"

namespace reversi::server {

namespace fields = messages::fields;
namespace limits = messages::online::limits;

template <class Fields>
void describe(Fields& v, TableSummary& summary) {
  v.field("code", summary.code, limits::kCode);
  v.list("players", summary.players, 2, limits::kId);  // "" for an empty seat
  v.field("closed", summary.closed, fields::Flag{});
  v.optional("listed", summary.listed, fields::Described{});
  v.optional("transfer", summary.transfer_code, limits::kCode);
}

// The message that started the relay goes beside it, as "message".
template <class Fields>
void describe(Fields& v, RelayStart& start) {
  v.field("player", start.player, limits::kId);
  v.field("name", start.name, limits::kName);
  v.field("watching", start.watching, fields::Flag{});
  v.optional("resume", start.resume, fields::Described{});
}

namespace cluster_wire {
namespace {

constexpr std::string_view kTypes[] = {"node-alive", "node-sync",   "table-changed", "relay-in",
                                       "relay-out",  "relay-close", "relay-closed"};
// Node names and relay numbers.
constexpr fields::Text kNode{128};
constexpr fields::Whole kRelayId{0, std::int64_t{1} << 53};  // exact in a JavaScript number, as all of ours

// A client message inside, read by the online protocol's own rules.
struct ClientMessageRule {
  messages::Json write(const messages::online::ClientMessage& message) const {
    return fields::variant_to_json(message, messages::online::kClientMessageTypes);
  }
  std::optional<messages::DecodeError> read_at(const messages::Json& json, messages::online::ClientMessage& out,
                                               const std::string& path) const {
    std::string type;
    if (json.is_object() && json.contains("type") && json["type"].is_string()) type = json["type"].get<std::string>();
    auto decoded =
        fields::variant_from_json<messages::online::ClientMessage>(json, type, messages::online::kClientMessageTypes);
    if (!decoded) return messages::DecodeError{decoded.error.problem, path + ": " + decoded.error.message};
    out = std::move(*decoded.value);
    return std::nullopt;
  }
};
// A server message inside, passed on as it is (the relayed client reads it).
struct ObjectRule {
  messages::Json write(const messages::Json& object) const { return object; }
  fields::Checked read(const messages::Json& json, messages::Json& out) const {
    if (!json.is_object() || !json.contains("type"))
      return fields::Refusal{messages::DecodeProblem::WrongType, "should be a message object"};
    out = json;
    return std::nullopt;
  }
};

}  // namespace

template <class Fields, class About>
requires std::is_same_v<About, Alive> || std::is_same_v<About, Sync>
void describe(Fields& v, About& message) { v.field("node", message.node, kNode); }
template <class Fields>
void describe(Fields& v, TableChanged& changed) {
  v.field("node", changed.node, kNode);
  describe(v, changed.summary);
}
template <class Fields>
void describe(Fields& v, RelayIn& in) {
  v.field("from", in.from, kNode);
  v.field("id", in.id, kRelayId);
  v.optional("start", in.start, fields::Described{});
  v.optional("message", in.message, ClientMessageRule{});
}
template <class Fields>
void describe(Fields& v, RelayOut& out) {
  v.field("id", out.id, kRelayId);
  v.field("message", out.message, ObjectRule{});
}
template <class Fields>
void describe(Fields& v, RelayClose& close) {
  v.field("id", close.id, kRelayId);
}
template <class Fields>
void describe(Fields& v, RelayClosed& closed) {
  v.field("from", closed.from, kNode);
  v.field("id", closed.id, kRelayId);
}

std::string encode_cluster_message(const ClusterMessage& message) {
  return messages::dump(fields::variant_to_json(message, kTypes));
}

// A relay-out carries a whole server message (the open tables list is the longest).
messages::Decoded<ClusterMessage> decode_cluster_message(std::string_view text) {
  std::string type;
  messages::Decoded<messages::Json> json =
      fields::parse_typed_message(text, messages::online::kMaxServerMessageBytes + 1024, type);
  if (!json) return messages::Decoded<ClusterMessage>::failure(json.error);
  return fields::variant_from_json<ClusterMessage>(*json.value, type, kTypes);
}

}  // namespace cluster_wire
}  // namespace reversi::server
