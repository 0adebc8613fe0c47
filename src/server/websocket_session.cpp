// WebSocket sessions (a ClientLink: one strand, a capped write queue) and
// table actors (a strand, a timer and the search pool for one table).
#include <chrono>
#include <cstdio>

#include "ai/computer.h"
#include "server/network.h"

namespace reversi::server::network {
namespace {

// A connection whose client reads slower than this many messages behind is dropped.
constexpr std::size_t kMaxQueuedMessages = 1024;
// Frames above this are refused by Beast itself (the connection closes);
// up to it the protocol answers too-large and goes on.
constexpr std::size_t kMaxFrameBytes = 64 * 1024;

std::chrono::steady_clock::time_point steady_time(double seconds) {
  return std::chrono::steady_clock::time_point(
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds)));
}

Square search_move(const SearchRequest& request) {
  thread_local Computer computer(8);  // one per pool thread: searches never share a table
  SearchLimits limits;
  limits.seed = request.seed;
  return computer.choose_move(request.position.board, request.strength, limits).move;
}

}  // namespace

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::int64_t unix_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::int64_t unix_milliseconds() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void log_error(const char* what, const beast::error_code& error) {
  if (error == net::error::operation_aborted || error == websocket::error::closed ||
      error == http::error::end_of_stream || error == net::error::eof || error == beast::error::timeout)
    return;
  std::fprintf(stderr, "reversi-server: %s: %s\n", what, error.message().c_str());
}

void TableActor::build(TableServices services, MakeTable make) {
  std::weak_ptr<TableActor> weak = shared_from_this();
  services.wake_at = [weak](double when) {
    const std::shared_ptr<TableActor> self = weak.lock();
    if (!self) return;
    self->timer_.expires_at(steady_time(when));
    self->timer_.async_wait([weak](beast::error_code error) {
      const std::shared_ptr<TableActor> actor = weak.lock();
      if (error || !actor || !actor->table_) return;
      actor->table_->on_timer();
    });
  };
  services.search = [weak](SearchRequest request, std::function<void(Square)> done) {
    const std::shared_ptr<TableActor> self = weak.lock();
    if (!self) return;
    net::post(self->pool_, [self, request, done = std::move(done)] {
      const Square square = search_move(request);
      net::post(self->strand_, [done, square] { done(square); });
    });
  };
  net::post(strand_, [self = shared_from_this(), services = std::move(services), make = std::move(make)] {
    self->table_ = make(services);
    if (self->table_) self->table_->start();
  });
}

void WebSocketSession::run(http::request<http::string_body> request) {
  // Several X-Forwarded-For lines are one list, in order (RFC 9110, 5.3).
  std::string forwarded_for;
  const auto [first, last] = request.equal_range("X-Forwarded-For");
  for (auto field = first; field != last; ++field) {
    if (!forwarded_for.empty()) forwarded_for += ",";
    forwarded_for.append(field->value().data(), field->value().size());
  }
  beast::error_code ignored;
  const tcp::endpoint peer = beast::get_lowest_layer(socket_).socket().remote_endpoint(ignored);
  address_ = client_address(peer.address().to_string(), forwarded_for);
  net::dispatch(socket_.get_executor(), [self = shared_from_this(), request = std::move(request)]() mutable {
    websocket::stream_base::timeout timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = std::chrono::seconds(20);  // pings find a vanished peer; its grace window starts then
    self->socket_.set_option(timeouts);
    self->socket_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& response) { response.set(http::field::server, "reversi-server"); }));
    self->socket_.read_message_max(kMaxFrameBytes);
    self->socket_.async_accept(request, beast::bind_front_handler(&WebSocketSession::on_accept, self));
  });
}

void WebSocketSession::on_accept(beast::error_code error) {
  if (error) return log_error("websocket accept", error);
  {
    std::lock_guard lock(shared_.sessions_mutex);
    shared_.sessions[this] = weak_from_this();
  }
  ClientServices services{shared_.lobby.get(), &shared_.store, &shared_.tokens, steady_seconds, unix_seconds, {}};
  services.moderation = shared_.moderation.get();
  services.chips_start = shared_.config.chips_start;
  services.cluster = shared_.cluster.get();
  services.link_attempts = &shared_.link_attempts;
  services.guests = &shared_.guests;
  services.address = address_;
  session_.emplace(services, shared_from_this());
  read();
}

void WebSocketSession::read() {
  socket_.async_read(buffer_, beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
}

void WebSocketSession::on_read(beast::error_code error, std::size_t) {
  if (error) {
    log_error("websocket read", error);
    return finish();
  }
  const std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  session_->on_message(text);
  read();
}

void WebSocketSession::send(std::string text) {
  net::post(socket_.get_executor(), [self = shared_from_this(), text = std::move(text)]() mutable {
    if (self->finished_ || self->closing_) return;
    if (self->queue_.size() >= kMaxQueuedMessages) {  // a client that does not read: let it go
      self->closing_ = true;
      beast::get_lowest_layer(self->socket_).close();
      return;
    }
    self->queue_.push_back(std::move(text));
    if (!self->writing_) self->write();
  });
}

void WebSocketSession::write() {
  writing_ = true;
  socket_.text(true);
  socket_.async_write(net::buffer(queue_.front()), [self = shared_from_this()](beast::error_code error, std::size_t) {
    self->writing_ = false;
    if (error) {
      log_error("websocket write", error);
      return self->finish();
    }
    self->queue_.pop_front();
    if (!self->queue_.empty())
      self->write();
    else if (self->closing_ && !self->finished_)
      self->socket_.async_close(websocket::close_code::normal, [self](beast::error_code) { self->finish(); });
  });
}

void WebSocketSession::close() {
  net::post(socket_.get_executor(), [self = shared_from_this()] {
    if (self->closing_ || self->finished_) return;
    self->closing_ = true;
    if (!self->writing_ && self->socket_.is_open())
      self->socket_.async_close(websocket::close_code::normal, [self](beast::error_code) { self->finish(); });
  });
}

void WebSocketSession::finish() {
  if (finished_) return;
  finished_ = true;
  if (session_) session_->on_closed();
  session_.reset();  // it holds this link: letting go ends the cycle
  std::lock_guard lock(shared_.sessions_mutex);
  shared_.sessions.erase(this);
}

}  // namespace reversi::server::network
