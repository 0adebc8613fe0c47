// Where one connection's requests go when several nodes serve one lobby
// (cluster.h): to this node's tables, or, once the player's table turns out
// to be another node's, relayed whole to that node. ClientSession (the
// conversation) asks it where a table is played and hands it what to relay;
// it holds the relay and never speaks to the client itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/cluster.h"
#include "server/lobby.h"

namespace reversi::server {

class SessionRoute {
 public:
  // No cluster: one node, which plays every table itself.
  SessionRoute(Cluster* cluster, Lobby* lobby) : cluster_(cluster), lobby_(lobby) {}

  bool several_nodes() const { return cluster_ != nullptr; }
  // The node that plays table `code`, or offers the seat-transfer `code`,
  // when that is another node; nothing with one node or when unknown.
  std::optional<std::string> table_node(const std::string& code) const;
  std::optional<std::string> transfer_node(const std::string& code) const;

  // The connection came relayed from another node: it is not relayed on,
  // or two nodes whose summaries disagree for a moment (a table changing
  // hands) would pass it back and forth.
  void adopted() { adopted_ = true; }
  // Relays the connection `link` to `node` from now on, starting with
  // `start`; false when it cannot be (adopted here, or `node` cannot be
  // reached now).
  bool relay(const std::string& node, const LinkPtr& link, const RelayStart& start);
  bool relaying() const { return node_.has_value(); }
  // While relaying: a message of the client's, passed on as it came.
  void forward(std::string_view text);
  // While relaying: the connection has gone.
  void closed();

 private:
  Cluster* cluster_;
  Lobby* lobby_;
  std::optional<std::string> node_;  // relayed to this node
  std::uint64_t id_ = 0;             // the relay's, on that node
  bool adopted_ = false;
};

}  // namespace reversi::server
