// What the nodes of a cluster (cluster_node.h) tell each other over Redis,
// described like every other message (messages/message_fields.h): one JSON
// object with a "type", and a relayed client or server message inside as
// the JSON object it is, never as text encoded a second time:
//   {"type": "relay-in", "from": "b", "id": 7, "message": {"type": "play", …}}
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "messages/table_fields.h"
#include "server/cluster.h"
#include "server/table.h"

namespace reversi::server::cluster_wire {

// A node's heartbeat, every quarter of a lease.
struct Alive {
  std::string node;
  bool operator==(const Alive&) const = default;
};
// A node (re)joined: every other node sends its tables' summaries.
struct Sync {
  std::string node;
  bool operator==(const Sync&) const = default;
};
// One of `node`'s tables, as the other nodes' lobbies list it.
struct TableChanged {
  std::string node;
  TableSummary summary;
};
// A connection relayed to the table's node: its first message carries
// `start` (who the player is), then every message the client sends.
struct RelayIn {
  std::string from;
  std::uint64_t id = 0;
  std::optional<RelayStart> start;
  std::optional<messages::online::ClientMessage> message;  // none: a start without a message
};
// What the table's node sends the relayed client (a server message).
struct RelayOut {
  std::uint64_t id = 0;
  messages::Json message;
};
// The table's node closes the relayed connection.
struct RelayClose {
  std::uint64_t id = 0;
};
// The client's connection closed on the relaying node.
struct RelayClosed {
  std::string from;
  std::uint64_t id = 0;
};

using ClusterMessage = std::variant<Alive, Sync, TableChanged, RelayIn, RelayOut, RelayClose, RelayClosed>;

std::string encode_cluster_message(const ClusterMessage& message);
// Never throws: anything unreadable is a DecodeError.
messages::Decoded<ClusterMessage> decode_cluster_message(std::string_view text);

}  // namespace reversi::server::cluster_wire
