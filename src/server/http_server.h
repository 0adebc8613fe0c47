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

#include "server/host_tokens.h"
#include "server/server_config.h"
#include "server/store.h"

namespace reversi::server {

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
