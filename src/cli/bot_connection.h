// The bot's WebSocket to reversi-server (Boost.Beast, synchronous): connect
// to ws://HOST:PORT/ws, send a text frame, wait for the next one. Beast
// stays in bot_connection.cpp.
#pragma once

#include <memory>
#include <optional>
#include <string>

namespace reversi::cli {

// "http://HOST:PORT" (a trailing slash or path is ignored).
struct ServerAddress {
  std::string host;
  std::string port;
};
std::optional<ServerAddress> parse_server_address(const std::string& url);

class BotConnection {
 public:
  BotConnection();
  ~BotConnection();
  // False with `error` when the server cannot be reached.
  bool connect(const ServerAddress& address, std::string& error);
  bool send(const std::string& text, std::string& error);
  // The next text frame, or nothing with `error` when the connection ended.
  std::optional<std::string> receive(std::string& error);
  void close();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace reversi::cli
