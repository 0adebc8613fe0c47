// Several reversi-server nodes on one PostgreSQL database (--node, --redis).
// Each table is played by one node at a time, the one holding its lease
// (postgres_leases.h). Every node knows every table through the summaries
// the nodes publish (the open tables list, who sits where, the transfer
// codes), so that any node can answer any player. A connection reaching a
// node that does not play the player's table is relayed: its messages go to
// the table's node, which serves it as it would its own, and the answers
// come back the same way (cluster_node.h, over Redis).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "messages/table_messages.h"
#include "server/table.h"

namespace reversi::server {

struct ClusterConfig {
  std::string node;  // this node's name, different on every node
  std::string redis_host = "127.0.0.1";
  int redis_port = 6379;
  std::string redis_password;  // --redis-password-file; empty: none
  std::string database;        // the PostgreSQL URI the nodes share: the leases live there
  double lease_seconds = 10;   // a node silent this long is taken for dead
};

// What a connection hands to the table's node when its relay starts: who
// it is (this node checked), and what it asked that made the relay needed.
struct RelayStart {
  std::string player;
  std::string name;
  bool watching = false;  // it watches the open tables list
  std::optional<messages::online::Resume> resume;
  std::string first_message;  // handled there after the seat is found; may be empty
};

// What the lobby and the connections of one node ask of the cluster.
class Cluster {
 public:
  virtual ~Cluster() = default;
  virtual const std::string& node() const = 0;
  // Before a new table is first stored here: false when the code is another node's.
  virtual bool acquire(const std::string& code) = 0;
  // A table closed here.
  virtual void release(const std::string& code) = 0;
  // A table of this node changed: the others are told.
  virtual void table_changed(const TableSummary& summary) = 0;
  // Starts relaying `link` to `node`: false when that node cannot be reached now.
  virtual bool relay(const std::string& node, const LinkPtr& link, const RelayStart& start, std::uint64_t& id) = 0;
  virtual void forward(const std::string& node, std::uint64_t id, std::string_view message) = 0;
  virtual void relay_closed(const std::string& node, std::uint64_t id) = 0;
};

}  // namespace reversi::server
