// A raw client for the server's process tests (Boost.Beast): WebSocket
// frames of our own making, any Origin, reads with a timeout; and plain
// HTTP requests for the static files.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "messages/table_messages.h"

namespace reversi::testing {

class TestSocket {
 public:
  TestSocket();
  ~TestSocket();
  // The handshake's HTTP status: 101 when upgraded (403 for a refused Origin).
  // `headers`: more request headers (X-Forwarded-For, as a proxy would add).
  int connect(std::uint16_t port, const std::string& origin = "",
              const std::map<std::string, std::string>& headers = {});
  void send(const std::string& text);
  void send(const messages::online::ClientMessage& message);
  // The next frame within `seconds`, or nothing (timeout or closed).
  std::optional<std::string> receive(double seconds);
  // Reads until a message of type T arrives (others are dropped).
  template <class T>
  std::optional<T> wait_for(double seconds);
  bool is_open() const;
  void close();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

template <class T>
std::optional<T> TestSocket::wait_for(double seconds) {
  for (int frames = 0; frames < 1000; ++frames) {
    const std::optional<std::string> text = receive(seconds);
    if (!text) return std::nullopt;
    messages::Decoded<messages::online::ServerMessage> decoded = messages::online::decode_server_message(*text);
    if (decoded)
      if (T* value = std::get_if<T>(&*decoded.value)) return *value;
  }
  return std::nullopt;
}

struct HttpAnswer {
  int status = 0;
  std::map<std::string, std::string> headers;  // lower-case names
  std::string body;
};
HttpAnswer http_get(std::uint16_t port, const std::string& target,
                    const std::map<std::string, std::string>& headers = {});

}  // namespace reversi::testing
