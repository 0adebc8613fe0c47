// server_bench: many tables of bots against one reversi-server on loopback.
// Each table has two WebSocket clients that play Easy's rule (the move that
// turns the most discs, from the engine) with no delay, and call back a
// rematch after each game, for --seconds. Prints moves per second, the
// round trip from sending a move to receiving its echo (p50, p99), and,
// given --server-pid, the server's memory per table and CPU. Never fails
// on a figure; it only reports them (bench/README.md).
// With --pace S each bot waits S seconds before its move, as a person would:
// without it the tables are a closed loop that saturates the server, and the
// round trip is the number of tables over the moves per second.
// With --join-server every other table is opened on a second node of a
// cluster (cluster.h) and each table's second player connects to the other
// node: the tables are spread over both nodes and every table has a player
// relayed between them. --server-pid may be given once per node (summed).
//   server_bench --server http://127.0.0.1:PORT --tables 1000 --seconds 20 [--pace S] [--server-pid PID]...
//                [--join-server http://127.0.0.1:PORT2]
#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "game/game.h"
#include "messages/table_messages.h"

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
namespace online = reversi::messages::online;
namespace wire = reversi::messages::online::server;
using Clock = std::chrono::steady_clock;

struct Figures {
  std::mutex mutex;
  std::vector<double> round_trips_ms;
  long moves = 0;
  long games = 0;
  long errors = 0;
  bool measuring = false;
};

// The move that turns the most discs (the first of equals), or a placement.
reversi::Square easy_move(const reversi::Game& game) {
  const reversi::Bitboard playable = game.playable_squares();
  if (game.in_placement_phase()) return reversi::first_square(playable);
  const reversi::Board& board = game.position().board;
  reversi::Square best = reversi::first_square(playable);
  int most = -1;
  for (reversi::Bitboard rest = playable; rest; rest &= rest - 1) {
    const reversi::Square square = reversi::first_square(rest);
    const int flips = reversi::count_bits(reversi::flips_for(board.player, board.opponent, square));
    if (flips > most) most = flips, best = square;
  }
  return best;
}

class BenchClient : public std::enable_shared_from_this<BenchClient> {
 public:
  BenchClient(net::io_context& context, Figures& figures, tcp::endpoint endpoint, std::string host, double pace)
      : socket_(net::make_strand(context)),
        timer_(socket_.get_executor()),
        figures_(figures),
        endpoint_(endpoint),
        host_(std::move(host)),
        pace_(pace) {}

  // Connects and says hello; `then` runs on the client's strand afterwards.
  void start(std::function<void(BenchClient&)> on_welcome) {
    on_welcome_ = std::move(on_welcome);
    beast::get_lowest_layer(socket_).async_connect(endpoint_, [self = shared_from_this()](beast::error_code error) {
      if (error) return self->fail("connect", error);
      self->socket_.async_handshake(self->host_, "/ws", [self](beast::error_code failure) {
        if (failure) return self->fail("handshake", failure);
        self->send(online::client::Hello{});
        self->read();
      });
    });
  }
  void send(const online::ClientMessage& message) {
    queue_.push_back(online::encode_client_message(message));
    if (queue_.size() == 1) write();
  }
  void post(std::function<void(BenchClient&)> work) {
    net::post(socket_.get_executor(), [self = shared_from_this(), work = std::move(work)] { work(*self); });
  }
  std::string table;
  std::function<void(const std::string&)> on_table;

 private:
  void fail(const char* what, const beast::error_code& error) {
    std::lock_guard lock(figures_.mutex);
    if (++figures_.errors <= 5) std::fprintf(stderr, "server_bench: %s: %s\n", what, error.message().c_str());
  }
  void write() {
    socket_.text(true);
    socket_.async_write(net::buffer(queue_.front()), [self = shared_from_this()](beast::error_code error, std::size_t) {
      if (error) return self->fail("write", error);
      self->queue_.erase(self->queue_.begin());
      if (!self->queue_.empty()) self->write();
    });
  }
  void read() {
    socket_.async_read(buffer_, [self = shared_from_this()](beast::error_code error, std::size_t) {
      if (error) return self->fail("read", error);
      const std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      self->handle(text);
      self->read();
    });
  }
  void handle(const std::string& text) {
    reversi::messages::Decoded<online::ServerMessage> decoded = online::decode_server_message(text);
    if (!decoded) return;
    const online::ServerMessage& message = *decoded.value;
    if (const auto* welcome = std::get_if<wire::Welcome>(&message)) {
      player_ = welcome->player;
      if (on_welcome_) on_welcome_(*this);
    } else if (const auto* view = std::get_if<wire::Table>(&message)) {
      if (table.empty() && on_table) on_table(view->code);
      table = view->code;
    } else if (const auto* started = std::get_if<wire::GameStarted>(&message)) {
      game_ = reversi::Game();
      colour_ = started->black == player_ ? reversi::Color::Black : reversi::Color::White;
      started_ = true;
    } else if (const auto* move = std::get_if<wire::Move>(&message)) {
      game_.apply_any(move->move.square);
      if (move->move.color == colour_ && sent_at_) {
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - *sent_at_).count();
        sent_at_.reset();
        std::lock_guard lock(figures_.mutex);
        if (figures_.measuring) {
          figures_.round_trips_ms.push_back(ms);
          ++figures_.moves;
        }
      }
    } else if (std::holds_alternative<wire::MatchOver>(message)) {
      {
        std::lock_guard lock(figures_.mutex);
        if (figures_.measuring) ++figures_.games;
      }
      send(online::client::Rematch{});  // both ask: a new match, colours swapped
    } else if (const auto* error = std::get_if<wire::Error>(&message)) {
      sent_at_.reset();  // that move was refused: the next message decides again
      std::lock_guard lock(figures_.mutex);
      if (++figures_.errors <= 5) std::fprintf(stderr, "server_bench: refused: %s\n", error->reason.c_str());
    }
    if (started_ && !game_.is_over() && game_.side_to_move() == colour_ && !sent_at_ && !waiting_) {
      if (pace_ <= 0) return play();
      waiting_ = true;
      timer_.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(pace_)));
      timer_.async_wait([self = shared_from_this()](beast::error_code error) {
        self->waiting_ = false;
        if (!error) self->play();
      });
    }
  }
  void play() {
    if (game_.is_over() || game_.side_to_move() != colour_ || sent_at_) return;
    sent_at_ = Clock::now();
    send(online::client::Play{easy_move(game_), static_cast<int>(game_.record().cursor())});
  }

  websocket::stream<beast::tcp_stream> socket_;
  net::steady_timer timer_;
  Figures& figures_;
  tcp::endpoint endpoint_;
  std::string host_;
  double pace_;
  bool waiting_ = false;
  beast::flat_buffer buffer_;
  std::vector<std::string> queue_;
  std::function<void(BenchClient&)> on_welcome_;
  std::string player_;
  reversi::Game game_;
  reversi::Color colour_ = reversi::Color::Black;
  bool started_ = false;  // a game-started has come: the moves are ours to follow
  std::optional<Clock::time_point> sent_at_;
};

// Resident memory (kB) and CPU seconds (user + system) of a process, from /proc.
std::pair<long, double> process_usage(int pid) {
  long rss_kb = 0;
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) rss_kb = std::stol(line.substr(6));
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string field;
  double ticks = 0;
  for (int index = 3; fields >> field; ++index)
    if (index == 14 || index == 15) ticks += std::stod(field);
  return {rss_kb, ticks / static_cast<double>(sysconf(_SC_CLK_TCK))};
}

double percentile(std::vector<double> values, double fraction) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, static_cast<std::size_t>(fraction * static_cast<double>(values.size())))];
}

}  // namespace

// HOST and PORT of http://HOST:PORT/.
std::pair<std::string, std::string> host_and_port(const std::string& url) {
  const std::string rest = url.substr(url.find("//") + 2);
  std::string port = rest.substr(rest.find(':') + 1);
  return {rest.substr(0, rest.find(':')), port.substr(0, port.find('/'))};
}

// Memory (kB) and CPU (s) of every server process, summed.
std::pair<long, double> usage_of(const std::vector<int>& pids) {
  std::pair<long, double> total{0, 0};
  for (const int pid : pids) {
    const auto [memory, cpu] = process_usage(pid);
    total.first += memory;
    total.second += cpu;
  }
  return total;
}

int main(int argc, char** argv) {
  std::string host = "127.0.0.1", port, join_host, join_port;
  int tables = 1000, threads = 1;
  std::vector<int> server_pids;
  double seconds = 20, pace = 0;
  for (int index = 1; index + 1 < argc; index += 2) {
    const std::string flag = argv[index], value = argv[index + 1];
    if (flag == "--server") {
      std::tie(host, port) = host_and_port(value);
    } else if (flag == "--join-server") {
      std::tie(join_host, join_port) = host_and_port(value);
    } else if (flag == "--tables") {
      tables = std::stoi(value);
    } else if (flag == "--seconds") {
      seconds = std::stod(value);
    } else if (flag == "--threads") {
      threads = std::stoi(value);
    } else if (flag == "--pace") {
      pace = std::stod(value);
    } else if (flag == "--server-pid") {
      server_pids.push_back(std::stoi(value));
    }
  }
  if (port.empty()) return std::fprintf(stderr, "usage: server_bench --server http://HOST:PORT [--tables N] ...\n"), 2;

  net::io_context context(threads);
  Figures figures;
  const tcp::endpoint endpoint(net::ip::make_address(host), static_cast<unsigned short>(std::stoi(port)));
  const std::string host_header = host + ":" + port;
  if (join_port.empty()) join_host = host, join_port = port;
  const tcp::endpoint join_endpoint(net::ip::make_address(join_host),
                                    static_cast<unsigned short>(std::stoi(join_port)));
  const std::string join_host_header = join_host + ":" + join_port;
  const bool measured = !server_pids.empty();
  const auto [rss_before, cpu_unused] = usage_of(server_pids);
  std::vector<std::shared_ptr<BenchClient>> clients;
  std::atomic<int> seated{0};
  for (int table = 0; table < tables; ++table) {
    // With two nodes, every other table is opened on the second: the tables
    // are spread over both, each with its second player on the other node.
    const bool crossed = table % 2 == 1;
    auto creator = std::make_shared<BenchClient>(context, figures, crossed ? join_endpoint : endpoint,
                                                 crossed ? join_host_header : host_header, pace);
    auto joiner = std::make_shared<BenchClient>(context, figures, crossed ? endpoint : join_endpoint,
                                                crossed ? host_header : join_host_header, pace);
    creator->on_table = [joiner, &seated](const std::string& code) {
      joiner->start([code, &seated](BenchClient& self) {
        self.send(online::client::JoinTable{code});
        ++seated;
      });
    };
    creator->start([](BenchClient& self) {
      self.send(online::client::OpenTable{online::TableOptions{1, 0, reversi::StartVariant::StandardCross}, false});
    });
    clients.push_back(creator);
    clients.push_back(joiner);
  }
  std::vector<std::thread> workers;
  for (int index = 0; index < threads; ++index) workers.emplace_back([&context] { context.run(); });

  const auto ramp_started = Clock::now();
  while (seated < tables && Clock::now() - ramp_started < std::chrono::seconds(120))
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const auto [rss_seated, cpu_start] = usage_of(server_pids);
  {
    std::lock_guard lock(figures.mutex);
    figures.measuring = true;
  }
  const auto measure_started = Clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  const double elapsed = std::chrono::duration<double>(Clock::now() - measure_started).count();
  const auto [rss_after, cpu_end] = usage_of(server_pids);
  {
    std::lock_guard lock(figures.mutex);
    figures.measuring = false;
  }
  context.stop();
  for (std::thread& worker : workers) worker.join();

  std::lock_guard lock(figures.mutex);
  std::printf("tables: %d (%d seated in %.1f s), websockets: %d, pace: %.2f s a move\n", tables, seated.load(),
              std::chrono::duration<double>(measure_started - ramp_started).count(), 2 * tables, pace);
  std::printf("moves: %ld in %.1f s = %.0f moves/s; games finished: %ld\n", figures.moves, elapsed,
              static_cast<double>(figures.moves) / elapsed, figures.games);
  std::printf("round trip move -> echo: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
              percentile(figures.round_trips_ms, 0.5), percentile(figures.round_trips_ms, 0.99),
              percentile(figures.round_trips_ms, 1.0));
  if (measured) {
    const char* servers = server_pids.size() > 1 ? "servers (summed)" : "server";
    std::printf("%s memory: %ld kB before, %ld kB seated, %ld kB at the end; %.1f kB per table\n", servers, rss_before,
                rss_seated, rss_after, static_cast<double>(rss_seated - rss_before) / tables);
    std::printf("%s CPU: %.1f s in %.1f s = %.0f%% of one core\n", servers, cpu_end - cpu_start, elapsed,
                100 * (cpu_end - cpu_start) / elapsed);
  }
  std::printf("errors: %ld\n", figures.errors);
  return 0;
}
