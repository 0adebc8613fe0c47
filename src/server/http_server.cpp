// Boost.Beast and Asio for reversi-server: the listener, HTTP sessions
// (static files, the WebSocket upgrade with its Origin check) and the
// server's start and stop. WebSocket sessions and table actors are in
// websocket_session.cpp.
#include "server/http_server.h"

#include <array>
#include <chrono>
#include <cstdio>
#include <thread>

#include "server/arcade.h"
#include "server/network.h"
#include "server/secrets.h"
#include "server/static_files.h"

namespace reversi::server {
namespace {

using namespace network;

constexpr std::size_t kHeaderLimit = 16 * 1024;  // answered 431 above it

// One HTTP connection: static files, or the upgrade to /ws.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, Shared& shared) : stream_(std::move(socket)), shared_(shared) {}
  void run() {
    net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::read, shared_from_this()));
  }

 private:
  void read() {
    parser_.emplace();
    parser_->header_limit(kHeaderLimit);
    parser_->body_limit(16 * 1024);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }
  void on_read(beast::error_code error, std::size_t);
  void refuse_large_header();
  void drain_then_close();
  bool origin_allowed(const http::request<http::string_body>& request) const;
  template <class Response>
  void reply(std::shared_ptr<Response> response) {
    response_ = response;
    http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code error, std::size_t) {
      if (error) return log_error("http write", error);
      if (response->need_eof()) {
        beast::error_code ignored;
        self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        return;
      }
      self->read();
    });
  }
  void reply_status(const http::request<http::string_body>& request, http::status status, const std::string& text);
  void serve_static(const http::request<http::string_body>& request);
  void serve_api(const http::request<http::string_body>& request);

  beast::tcp_stream stream_;
  Shared& shared_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<void> response_;
  std::array<char, 4096> drained_{};
};

bool HttpSession::origin_allowed(const http::request<http::string_body>& request) const {
  const std::string origin(request[http::field::origin]);
  if (origin.empty()) return true;  // not a browser (a bot, a test): browsers always send one
  const ServerConfig& config = shared_.config;
  for (const std::string& public_origin : config.public_origins)
    if (origin == public_origin) return true;
  // Without --public-origin the server's own origin is read from the Host
  // header, which a page on a rebound DNS name can make match.
  const std::string host(request[http::field::host]);
  if (config.public_origins.empty() && (origin == "http://" + host || origin == "https://" + host)) return true;
  for (const std::string& allowed : config.allowed_origins)
    if (origin == allowed) return true;
  return false;
}

void HttpSession::on_read(beast::error_code error, std::size_t) {
  if (error == http::error::header_limit) return refuse_large_header();
  if (error) return log_error("http read", error);
  http::request<http::string_body> request = parser_->release();
  const std::string_view target(request.target().data(), request.target().size());
  const std::string_view path = target.substr(0, target.find('?'));
  if (websocket::is_upgrade(request)) {
    if (path != "/ws") return reply_status(request, http::status::not_found, "no WebSocket here; use /ws\n");
    if (!origin_allowed(request))
      return reply_status(request, http::status::forbidden, "this origin may not open a game connection\n");
    stream_.expires_never();
    std::make_shared<WebSocketSession>(stream_.release_socket(), shared_)->run(std::move(request));
    return;
  }
  if (request.method() != http::verb::get && request.method() != http::verb::head)
    return reply_status(request, http::status::method_not_allowed, "GET or HEAD only\n");
  if (is_api_path(path)) return serve_api(request);
  serve_static(request);
}

// HTTP's answer to headers over the limit (RFC 6585), then the connection
// closes: the rest of the request is never read as a request.
void HttpSession::refuse_large_header() {
  auto response =
      std::make_shared<http::response<http::string_body>>(http::status::request_header_fields_too_large, 11);
  response->set(http::field::server, "reversi-server");
  response->set(http::field::content_type, "text/plain; charset=utf-8");
  response->set(http::field::connection, "close");
  response->body() = "the request's headers are over " + std::to_string(kHeaderLimit / 1024) + " KiB\n";
  response->prepare_payload();
  response_ = response;
  http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code error, std::size_t) {
    if (error) return log_error("http write", error);
    beast::error_code ignored;
    self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    self->drain_then_close();
  });
}

// Reads and drops what the client is still sending until it closes (or 5 s
// pass): closing with unread bytes would reset the connection, and the
// client could lose the answer before reading it.
void HttpSession::drain_then_close() {
  stream_.expires_after(std::chrono::seconds(5));
  stream_.async_read_some(net::buffer(drained_), [self = shared_from_this()](beast::error_code error, std::size_t) {
    if (!error) self->drain_then_close();
  });
}

void HttpSession::reply_status(const http::request<http::string_body>& request, http::status status,
                               const std::string& text) {
  auto response = std::make_shared<http::response<http::string_body>>(status, request.version());
  response->set(http::field::server, "reversi-server");
  response->set(http::field::content_type, "text/plain; charset=utf-8");
  response->set(http::field::access_control_allow_origin, "*");
  response->keep_alive(request.keep_alive());
  response->body() = text;
  response->prepare_payload();
  reply(response);
}

// The arcade's public figures as JSON (src/server/arcade.h). Any page may
// read them: they are what the leaderboard shows to everyone.
void HttpSession::serve_api(const http::request<http::string_body>& request) {
  const std::string_view target(request.target().data(), request.target().size());
  const ApiAnswer answer = answer_api(shared_.store, target, unix_seconds(), shared_.config.chips_start);
  auto response =
      std::make_shared<http::response<http::string_body>>(static_cast<http::status>(answer.status), request.version());
  response->set(http::field::server, "reversi-server");
  response->set(http::field::content_type, "application/json");
  response->set(http::field::cache_control, "no-store");
  response->set(http::field::access_control_allow_origin, "*");
  response->keep_alive(request.keep_alive());
  if (request.method() != http::verb::head) response->body() = answer.body;
  response->prepare_payload();
  if (request.method() == http::verb::head) response->content_length(answer.body.size());
  reply(response);
}

void HttpSession::serve_static(const http::request<http::string_body>& request) {
  if (!shared_.static_root) return reply_status(request, http::status::not_found, "no --static folder\n");
  const std::string_view target(request.target().data(), request.target().size());
  const std::string accept(request[http::field::accept_encoding]);
  const StaticAnswer answer = answer_static(*shared_.static_root, target, accept);
  if (answer.status == 400) return reply_status(request, http::status::bad_request, "bad path\n");
  if (answer.status != 200) return reply_status(request, http::status::not_found, "not found\n");
  http::file_body::value_type body;
  beast::error_code error;
  body.open(answer.file.c_str(), beast::file_mode::scan, error);
  if (error) return reply_status(request, http::status::not_found, "not found\n");
  const std::uint64_t size = body.size();
  auto set_headers = [&](auto& response) {
    response.set(http::field::server, "reversi-server");
    response.set(http::field::content_type, answer.content_type);
    response.set(http::field::cache_control, answer.cache_control);
    response.set(http::field::access_control_allow_origin, "*");  // a sandboxed iframe fetches the wasm cross-origin
    if (answer.encoding) response.set(http::field::content_encoding, *answer.encoding);
    if (answer.vary_encoding) response.set(http::field::vary, "Accept-Encoding");
    response.content_length(size);
    response.keep_alive(request.keep_alive());
  };
  if (request.method() == http::verb::head) {
    auto response = std::make_shared<http::response<http::empty_body>>(http::status::ok, request.version());
    set_headers(*response);
    return reply(response);
  }
  auto response = std::make_shared<http::response<http::file_body>>(
      std::piecewise_construct, std::make_tuple(std::move(body)), std::make_tuple(http::status::ok, request.version()));
  set_headers(*response);
  reply(response);
}

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(Shared& shared, tcp::acceptor acceptor) : shared_(shared), acceptor_(std::move(acceptor)) {}
  void accept() {
    acceptor_.async_accept(net::make_strand(shared_.context),
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
  }
  void close() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
      beast::error_code ignored;
      self->acceptor_.close(ignored);
    });
  }

 private:
  void on_accept(beast::error_code error, tcp::socket socket) {
    if (error == net::error::operation_aborted || !acceptor_.is_open()) return;
    if (!error) std::make_shared<HttpSession>(std::move(socket), shared_)->run();
    accept();
  }
  Shared& shared_;
  tcp::acceptor acceptor_;
};

class BeastServer final : public Server {
 public:
  BeastServer(const ServerConfig& config, Store& store, HostTokenVerifier tokens)
      : shared_(config, store, std::move(tokens)), ban_timer_(shared_.context) {}

  bool open(std::string& error);
  std::uint16_t port() const override { return port_; }
  void run() override;
  void stop() override;

 private:
  void poll_bans();
  bool play_tables(std::string& error);

  Shared shared_;
  net::steady_timer ban_timer_;
  std::shared_ptr<Listener> listener_;
  std::uint16_t port_ = 0;
};

// One node of several plays the tables whose leases it takes; one alone
// plays every stored table.
bool BeastServer::play_tables(std::string& error) {
  const ServerConfig& config = shared_.config;
  net::io_context& context = shared_.context;
  if (config.cluster) {
    // One node of several: it plays the tables whose leases it takes.
    ClusterParts parts;
    parts.lobby = shared_.lobby.get();
    parts.store = &shared_.store;
    parts.client_services =
        ClientServices{shared_.lobby.get(), &shared_.store, &shared_.tokens, steady_seconds, unix_seconds, {}};
    parts.client_services.moderation = shared_.moderation.get();
    parts.client_services.chips_start = config.chips_start;
    parts.client_services.link_attempts = &shared_.link_attempts;
    parts.new_serial = [&context]() -> Serial {
      auto strand = std::make_shared<Strand>(net::make_strand(context));
      return [strand](std::function<void()> work) { net::post(*strand, std::move(work)); };
    };
    parts.clock = steady_seconds;
    shared_.cluster = ClusterNode::start(*config.cluster, std::move(parts), error);
    if (!shared_.cluster) return false;
    std::fprintf(stderr, "reversi-server: node %s of a cluster (Redis %s:%d), %zu tables played here\n",
                 config.cluster->node.c_str(), config.cluster->redis_host.c_str(), config.cluster->redis_port,
                 shared_.lobby->table_count());
  } else {
    const StoreResult<std::size_t> restored = shared_.lobby->restore_tables();
    if (!restored) {
      error = "cannot read the stored tables: " + restored.error.message;
      return false;
    }
    if (*restored.value > 0) std::fprintf(stderr, "reversi-server: %zu tables restored\n", *restored.value);
  }
  return true;
}

bool BeastServer::open(std::string& error) {
  const ServerConfig& config = shared_.config;
  if (config.static_dir) {
    shared_.static_root = canonical_root(*config.static_dir);
    if (!shared_.static_root) {
      error = "--static: '" + *config.static_dir + "' is not a folder";
      return false;
    }
  }
  if (ModerationStore* moderation_store = shared_.store.moderation()) {
    shared_.moderation = std::make_unique<Moderation>(*moderation_store, ChatFilter(config.chat_words));
    if (StoreStatus failed = shared_.moderation->load()) {
      error = "cannot read the reports: " + failed->message;
      return false;
    }
  }
  TableServices services;
  services.moderation = shared_.moderation.get();
  services.store = &shared_.store;
  services.clock = steady_seconds;
  services.unix_clock = unix_seconds;
  services.unix_millis = unix_milliseconds;
  services.random = [] { return random_below(UINT64_MAX); };
  services.grace_seconds = config.grace_seconds;
  services.next_game_seconds = config.next_game_seconds;
  services.restart_grace_seconds = config.restart_grace_seconds;
  services.game_clock_scale = config.game_clock_scale;
  services.chips_start = config.chips_start;
  net::io_context& context = shared_.context;
  net::thread_pool& pool = shared_.search_pool;
  shared_.lobby = std::make_unique<Lobby>(services, [&context, &pool](TableServices shared, MakeTable make) {
    auto actor = std::make_shared<TableActor>(context, pool);
    actor->build(std::move(shared), std::move(make));
    return actor;
  });
  if (!play_tables(error)) return false;

  beast::error_code failure;
  const net::ip::address address = net::ip::make_address(config.host, failure);
  if (failure) {
    error = "--host: '" + config.host + "' is not an IP address";
    return false;
  }
  tcp::acceptor acceptor(net::make_strand(context));
  const tcp::endpoint endpoint(address, config.port);
  acceptor.open(endpoint.protocol(), failure);
  if (!failure) acceptor.set_option(net::socket_base::reuse_address(true), failure);
  if (!failure) acceptor.bind(endpoint, failure);
  if (!failure) acceptor.listen(net::socket_base::max_listen_connections, failure);
  if (failure) {
    error = "cannot listen on " + config.host + ":" + std::to_string(config.port) + ": " + failure.message();
    return false;
  }
  port_ = acceptor.local_endpoint().port();
  listener_ = std::make_shared<Listener>(shared_, std::move(acceptor));
  listener_->accept();
  if (shared_.moderation) poll_bans();
  return true;
}

// Bans are made by another process (`reversi-server admin ban`) on the same
// database: a cheap read of the (small) bans table now and then finds them.
void BeastServer::poll_bans() {
  shared_.moderation->poll_bans(*shared_.lobby);
  ban_timer_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(shared_.config.ban_poll_seconds)));
  ban_timer_.async_wait([this](beast::error_code error) {
    if (!error) poll_bans();
  });
}

void BeastServer::run() {
  std::vector<std::thread> threads;
  for (int index = 1; index < shared_.config.network_threads; ++index)
    threads.emplace_back([this] { shared_.context.run(); });
  shared_.context.run();
  for (std::thread& thread : threads) thread.join();
  shared_.search_pool.join();
  // Connections whose close did not finish in time still hold themselves
  // through their conversation: nothing runs any more, so let go here.
  std::vector<std::shared_ptr<WebSocketSession>> left;
  {
    std::lock_guard lock(shared_.sessions_mutex);
    for (auto& [pointer, weak] : shared_.sessions)
      if (auto session = weak.lock()) left.push_back(session);
    shared_.sessions.clear();
  }
  for (auto& session : left) session->release();
}

void BeastServer::stop() {
  listener_->close();
  std::vector<std::shared_ptr<WebSocketSession>> open;
  {
    std::lock_guard lock(shared_.sessions_mutex);
    for (auto& [pointer, weak] : shared_.sessions)
      if (auto session = weak.lock()) open.push_back(session);
  }
  for (auto& session : open) session->close();
  // The leases go now, so that the other nodes take this node's tables at once.
  if (shared_.cluster) shared_.cluster->stop();
  // Closing handshakes get a moment; then everything stops.
  auto timer = std::make_shared<net::steady_timer>(shared_.context, std::chrono::milliseconds(300));
  timer->async_wait([this, timer](beast::error_code) { shared_.context.stop(); });
}

}  // namespace

std::unique_ptr<Server> Server::start(const ServerConfig& config, Store& store, HostTokenVerifier tokens,
                                      std::string& error) {
  auto server = std::make_unique<BeastServer>(config, store, std::move(tokens));
  if (!server->open(error)) return nullptr;
  return server;
}

}  // namespace reversi::server
