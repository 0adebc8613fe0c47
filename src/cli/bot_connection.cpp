#include "cli/bot_connection.h"

// Native only: the wasm build of reversi-cli has no sockets (bot_command.cpp).
#ifndef __EMSCRIPTEN__

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace reversi::cli {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct BotConnection::State {
  net::io_context context;
  std::optional<beast::websocket::stream<tcp::socket> > socket;
  beast::flat_buffer buffer;
};

std::optional<ServerAddress> parse_server_address(const std::string& url) {
  std::string rest = url;
  for (const char* scheme : {"http://", "ws://"})
    if (rest.rfind(scheme, 0) == 0) rest = rest.substr(std::string(scheme).size());
  rest = rest.substr(0, rest.find('/'));
  const std::size_t colon = rest.rfind(':');
  if (rest.empty() || colon == std::string::npos || colon == 0 || colon + 1 == rest.size()) return std::nullopt;
  const std::string port = rest.substr(colon + 1);
  if (port.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return ServerAddress{rest.substr(0, colon), port};
}

BotConnection::BotConnection() : state_(std::make_unique<State>()) {}
BotConnection::~BotConnection() = default;

bool BotConnection::connect(const ServerAddress& address, std::string& error) {
  beast::error_code failure;
  state_->socket.emplace(state_->context);
  state_->buffer.clear();
  tcp::resolver resolver(state_->context);
  const auto endpoints = resolver.resolve(address.host, address.port, failure);
  if (!failure) net::connect(state_->socket->next_layer(), endpoints, failure);
  if (!failure) state_->socket->handshake(address.host + ":" + address.port, "/ws", failure);
  if (failure) {
    error = failure.message();
    state_->socket.reset();
    return false;
  }
  state_->socket->text(true);
  return true;
}

bool BotConnection::send(const std::string& text, std::string& error) {
  if (!state_->socket) return error = "not connected", false;
  beast::error_code failure;
  state_->socket->write(net::buffer(text), failure);
  if (failure) error = failure.message();
  return !failure;
}

std::optional<std::string> BotConnection::receive(std::string& error) {
  if (!state_->socket) return error = "not connected", std::nullopt;
  beast::error_code failure;
  state_->socket->read(state_->buffer, failure);
  if (failure) {
    error = failure.message();
    state_->socket.reset();
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(state_->buffer.data());
  state_->buffer.consume(state_->buffer.size());
  return text;
}

void BotConnection::close() {
  if (!state_->socket) return;
  beast::error_code ignored;
  state_->socket->close(beast::websocket::close_code::normal, ignored);
  state_->socket.reset();
}

}  // namespace reversi::cli
#endif
