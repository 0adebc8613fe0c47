// The network side of reversi-server: HTTP for the static bundle, the
// WebSocket at /ws for the protocol, a strand per table and per connection,
// a small pool for the computer's searches. Boost.Beast lives only in
// http_server.cpp; this header shows none of it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/cluster.h"
#include "server/host_tokens.h"
#include "server/store.h"

namespace reversi::server {

struct ServerConfig {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;  // 0 picks a free one
  std::optional<std::string> static_dir;
  std::vector<std::string> allowed_origins;  // besides the server's own
  // The server's own origins as players reach it (--public-origin). When
  // given, they replace the Host header's word for "the server's own", which
  // a DNS-rebinding page controls.
  std::vector<std::string> public_origins;
  double grace_seconds = 40;
  double next_game_seconds = 20;
  double restart_grace_seconds = 15;
  int network_threads = 2;
  int search_threads = 1;
  std::vector<std::string> chat_words;   // masked in chat (--chat-words)
  double ban_poll_seconds = 1;           // how soon a ban made by `reversi-server admin` takes effect
  std::optional<int> chips_start{};      // --chips START (chips.h); nullopt: chips are off
  int guests_per_hour = 20;              // new guests per client address an hour (guest_limit.h); 0: no limit
  std::optional<ClusterConfig> cluster;  // --node and --redis: one node of several (cluster.h)
};

class Server {
 public:
  // Binds and restores the stored tables; nullptr with `error` when it cannot.
  static std::unique_ptr<Server> start(const ServerConfig& config, Store& store, HostTokenVerifier tokens,
                                       std::string& error);
  virtual ~Server() = default;
  virtual std::uint16_t port() const = 0;
  // Serves until stop() (from a signal handler's thread or another).
  virtual void run() = 0;
  // Stops accepting, closes every connection, lets run() return.
  virtual void stop() = 0;
};

}  // namespace reversi::server
