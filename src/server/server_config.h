// What a reversi-server is started with (main.cpp reads it from the command
// line): apart from http_server.h so that the network side's parts
// (network.h) can read it without depending on the server that owns them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/cluster.h"

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
  double game_clock_scale = 1;  // tests only (--game-clock-scale): game clocks run with this much of their time
  int network_threads = 2;
  int search_threads = 1;
  std::vector<std::string> chat_words;   // masked in chat (--chat-words)
  double ban_poll_seconds = 1;           // how soon a ban made by `reversi-server admin` takes effect
  std::optional<int> chips_start{};      // --chips START (chips.h); nullopt: chips are off
  int guests_per_hour = 20;              // new guests per client address an hour (guest_limit.h); 0: no limit
  std::optional<ClusterConfig> cluster;  // --node and --redis: one node of several (cluster.h)
};

}  // namespace reversi::server
