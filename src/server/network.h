// The pieces of reversi-server's network side that its two Beast files
// share (http_server.cpp: listener and HTTP; websocket_session.cpp:
// WebSocket sessions and table actors). Internal: include only from those.
#pragma once

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <deque>
#include <filesystem>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "server/client_session.h"
#include "server/cluster_node.h"
#include "server/host_tokens.h"
#include "server/lobby.h"
#include "server/server_config.h"

namespace reversi::server::network {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Strand = net::strand<net::io_context::executor_type>;

double steady_seconds();
std::int64_t unix_seconds();
std::int64_t unix_milliseconds();
// Logs a failure, except the ordinary ends of a connection.
void log_error(const char* what, const beast::error_code& error);

struct Shared;

class WebSocketSession : public ClientLink, public std::enable_shared_from_this<WebSocketSession> {
 public:
  WebSocketSession(tcp::socket&& socket, Shared& shared) : socket_(std::move(socket)), shared_(shared) {}
  void run(http::request<http::string_body> request);
  void send(std::string text) override;
  void close() override;
  // After the server stopped: lets go of the conversation, which holds this link.
  void release() { session_.reset(); }

 private:
  void on_accept(beast::error_code error);
  void read();
  void on_read(beast::error_code error, std::size_t bytes);
  void write();
  void finish();

  websocket::stream<beast::tcp_stream> socket_;
  Shared& shared_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  bool writing_ = false;
  bool closing_ = false;
  bool finished_ = false;
  std::optional<ClientSession> session_;
  std::string address_;  // the client's (client_address), from the upgrade request
};

class TableActor : public TableHost, public std::enable_shared_from_this<TableActor> {
 public:
  TableActor(net::io_context& context, net::thread_pool& pool)
      : strand_(net::make_strand(context)), timer_(strand_), pool_(pool) {}
  void build(TableServices services, MakeTable make);
  void run_or(std::function<void(Table&)> work, std::function<void()> gone) override {
    net::post(strand_, [self = shared_from_this(), work = std::move(work), gone = std::move(gone)] {
      if (self->table_ && !self->table_->closed())
        work(*self->table_);
      else if (gone)
        gone();
    });
  }

 private:
  Strand strand_;
  net::steady_timer timer_;
  net::thread_pool& pool_;
  std::optional<Table> table_;
};

// What every session and actor shares; lives as long as the server.
struct Shared {
  net::io_context context;
  net::thread_pool search_pool;
  Store& store;
  ServerConfig config;
  std::optional<std::filesystem::path> static_root;
  HostTokenVerifier tokens;
  std::unique_ptr<Moderation> moderation;  // before the lobby, whose tables use it
  std::unique_ptr<Lobby> lobby;
  std::unique_ptr<ClusterNode> cluster;  // with several nodes
  LinkAttempts link_attempts;            // wrong device-link codes, from every connection
  GuestLimiter guests;                   // this node's count of new guests per address
  std::mutex sessions_mutex;
  std::unordered_map<WebSocketSession*, std::weak_ptr<WebSocketSession>> sessions;

  Shared(const ServerConfig& server_config, Store& server_store, HostTokenVerifier verifier)
      : context(server_config.network_threads),
        search_pool(static_cast<std::size_t>(server_config.search_threads)),
        store(server_store),
        config(server_config),
        tokens(std::move(verifier)),
        guests(server_config.guests_per_hour) {}
};

}  // namespace reversi::server::network
