// One node of several (cluster.h): the table leases in PostgreSQL
// (postgres_leases.h), the summaries and relays over Redis
// (redis_broker.h), and a keeper thread that, every quarter of a lease,
// says this node is alive, renews its leases, and takes over the tables no
// live node holds (a node that died: its clients come back to any node and
// find their games where the last committed move left them).
//
// Channels: reversi:cluster (alive, sync), reversi:tables (summaries),
// reversi:node:NAME (a relay's traffic to the node NAME). The messages are
// cluster_messages.h's.
#pragma once

#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "server/client_session.h"
#include "server/cluster.h"
#include "server/cluster_messages.h"
#include "server/lobby.h"
#include "server/postgres_leases.h"
#include "server/redis_broker.h"

namespace reversi::server {

// Runs work one piece at a time, in order (a strand in the server).
using Serial = std::function<void(std::function<void()>)>;

struct ClusterParts {
  Lobby* lobby = nullptr;
  Store* store = nullptr;
  ClientServices client_services;  // for the connections relayed here (cluster set by the node)
  std::function<Serial()> new_serial;
  std::function<double()> clock;  // steady seconds
};

class ClusterNode final : public Cluster {
 public:
  // Connects to Redis and to the database's leases, takes the tables no
  // live node holds, and starts the keeper; nullptr with `error`.
  static std::unique_ptr<ClusterNode> start(const ClusterConfig& config, ClusterParts parts, std::string& error);
  ~ClusterNode() override;
  // Stops the keeper and the broker and gives every lease up, so that the
  // other nodes take this node's tables at once.
  void stop();

  const std::string& node() const override { return config_.node; }
  bool acquire(const std::string& code) override;
  void release(const std::string& code) override;
  void table_changed(const TableSummary& summary) override;
  bool relay(const std::string& node, const LinkPtr& link, const RelayStart& start, std::uint64_t& id) override;
  void forward(const std::string& node, std::uint64_t id, std::string_view message) override;
  void relay_closed(const std::string& node, std::uint64_t id) override;

 private:
  struct Adopted;
  ClusterNode(const ClusterConfig& config, ClusterParts parts, std::unique_ptr<LeaseBook> leases);
  void on_message(const std::string& channel, const std::string& text);
  void on_cluster_message(const cluster_wire::Alive& alive);
  void on_cluster_message(const cluster_wire::Sync& sync);
  void on_cluster_message(const cluster_wire::TableChanged& changed);
  void on_cluster_message(const cluster_wire::RelayIn& in);  // the first (with start) adopts the connection
  void on_cluster_message(const cluster_wire::RelayOut& out);
  void on_cluster_message(const cluster_wire::RelayClose& close);
  void on_cluster_message(const cluster_wire::RelayClosed& closed);
  LinkPtr relayed_link(std::uint64_t id);
  void on_broker(bool up);
  void keep();
  void tick();
  void take_orphans();
  bool alive(const std::string& node, double now) const;  // under the lock
  void publish_summary(const TableSummary& summary);
  void drop_adopted(const std::string& from_node);  // "" for every one
  void close_relays(const std::string& to_node);    // "" for every one
  std::string channel_of(const std::string& node) const { return "reversi:node:" + node; }

  ClusterConfig config_;
  ClusterParts parts_;
  std::unique_ptr<LeaseBook> leases_;
  std::shared_ptr<RedisBroker> broker_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread keeper_;
  std::unordered_map<std::string, double> last_heard_;  // node -> when it last said alive
  double broker_up_since_ = 0;
  std::optional<double> leases_ok_since_;  // the database has answered every lease call since
  std::uint64_t next_relay_ = 1;
  std::unordered_map<std::uint64_t, std::pair<std::string, std::weak_ptr<ClientLink>>> relays_;  // from here
  std::map<std::pair<std::string, std::uint64_t>, std::shared_ptr<Adopted>> adopted_;            // relayed here
};

}  // namespace reversi::server
