#include "server/test_socket.h"

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>

namespace reversi::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct TestSocket::State {
  net::io_context context;
  std::optional<websocket::stream<beast::tcp_stream>> socket;
  beast::flat_buffer buffer;
};

TestSocket::TestSocket() : state_(std::make_unique<State>()) {}
TestSocket::~TestSocket() { close(); }

int TestSocket::connect(std::uint16_t port, const std::string& origin,
                        const std::map<std::string, std::string>& headers) {
  state_->socket.emplace(state_->context);
  beast::error_code error;
  beast::get_lowest_layer(*state_->socket).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), error);
  if (error) return 0;
  state_->socket->set_option(websocket::stream_base::decorator([origin, headers](websocket::request_type& request) {
    if (!origin.empty()) request.set(http::field::origin, origin);
    for (const auto& [name, value] : headers) request.set(name, value);
  }));
  websocket::response_type response;
  state_->socket->handshake(response, "127.0.0.1:" + std::to_string(port), "/ws", error);
  if (error) {
    state_->socket.reset();
    return response.result_int() ? response.result_int() : -1;
  }
  return 101;
}

void TestSocket::send(const std::string& text) {
  if (!state_->socket) return;
  beast::error_code ignored;
  state_->socket->text(true);
  state_->socket->write(net::buffer(text), ignored);
}

void TestSocket::send(const messages::online::ClientMessage& message) {
  send(messages::online::encode_client_message(message));
}

std::optional<std::string> TestSocket::receive(double seconds) {
  if (!state_->socket) return std::nullopt;
  std::optional<beast::error_code> result;
  state_->socket->async_read(state_->buffer, [&](beast::error_code error, std::size_t) { result = error; });
  state_->context.restart();
  state_->context.run_for(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::duration<double>(seconds)));
  if (!result) {  // timed out: abandon the read (the socket cannot be reused after that)
    beast::get_lowest_layer(*state_->socket).cancel();
    state_->context.restart();
    state_->context.run();
    state_->socket.reset();
    return std::nullopt;
  }
  if (*result) {
    state_->socket.reset();
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(state_->buffer.data());
  state_->buffer.consume(state_->buffer.size());
  return text;
}

bool TestSocket::is_open() const { return state_->socket && state_->socket->is_open(); }

void TestSocket::close() {
  if (!state_->socket) return;
  beast::error_code ignored;
  beast::get_lowest_layer(*state_->socket).socket().shutdown(tcp::socket::shutdown_both, ignored);
  beast::get_lowest_layer(*state_->socket).close();
  state_->socket.reset();
}

HttpAnswer http_get(std::uint16_t port, const std::string& target, const std::map<std::string, std::string>& headers) {
  net::io_context context;
  beast::tcp_stream stream(context);
  beast::error_code error;
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), error);
  if (error) return {};
  http::request<http::empty_body> request(http::verb::get, target, 11);
  request.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  for (const auto& [name, value] : headers) request.set(name, value);
  http::write(stream, request, error);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response, error);
  if (error) return {};
  HttpAnswer answer;
  answer.status = response.result_int();
  for (const auto& field : response) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    answer.headers[name] = std::string(field.value());
  }
  answer.body = response.body();
  return answer;
}

}  // namespace reversi::testing
