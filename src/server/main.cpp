// reversi-server: online tables over WebSocket, the web bundle over HTTP.
// Prints one line "reversi-server: listening on http://HOST:PORT/" on
// stdout once it accepts connections; everything else goes to stderr.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "server/admin.h"
#include "server/chat_filter.h"
#include "server/chips.h"
#include "server/http_server.h"
#include "server/open_store.h"
#include "server/postgres_store.h"

namespace {

constexpr const char* kUsage =
    "usage: reversi-server [--host ADDR] [--port N] [--database PATH|postgresql://URI] [--static DIR]\n"
    "                      [--allowed-origins A,B] [--public-origin https://HOST ...] [--host-token-key-file PATH]\n"
    "                      [--grace-seconds N] [--next-game-seconds N] [--restart-grace-seconds N]\n"
    "                      [--chat-words FILE] [--game-clock-scale X]"
    " [--chips START] [--guests-per-hour N] [--redis HOST:PORT [--redis-password-file PATH]\n"
    "                      [--node NAME] [--lease-seconds N]]\n"
    "       reversi-server admin COMMAND ... (reversi-server admin --help)\n";

struct Options {
  reversi::server::ServerConfig config;
  std::string database = "reversi.sqlite3";
  std::optional<std::string> key_file;
  std::optional<std::string> chat_words_file;
  std::optional<std::string> redis;
  std::optional<std::string> node;
  std::optional<std::string> redis_password_file;
  double lease_seconds = 10;
};

bool parse_number(const char* text, double low, double high, double& out) {
  char* end = nullptr;
  const double value = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(value >= low && value <= high)) return false;
  out = value;
  return true;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  for (std::string part; std::getline(stream, part, ',');)
    if (!part.empty()) parts.push_back(part);
  return parts;
}

// "https://games.example" or "http://host:8080" (a trailing "/" is dropped):
// the form of a browser's Origin header, so it can be compared as text.
std::optional<std::string> origin_form(std::string text) {
  if (!text.empty() && text.back() == '/') text.pop_back();
  const std::size_t scheme_end = text.find("://");
  if (scheme_end == std::string::npos) return std::nullopt;
  const std::string scheme = text.substr(0, scheme_end);
  const std::string host = text.substr(scheme_end + 3);
  if ((scheme != "http" && scheme != "https") || host.empty() || host.find_first_of("/?#@ ") != std::string::npos)
    return std::nullopt;
  return text;
}

// Exit code 2 and a message for a bad command line.
int bad_usage(const std::string& message) {
  std::fprintf(stderr, "reversi-server: %s\n%s", message.c_str(), kUsage);
  return 2;
}

// --redis, --node and the rest for one node of several: -1 to go on, or
// the exit code of a bad command line.
int cluster_options(Options& options) {
  if ((options.node || options.redis_password_file) && !options.redis)
    return bad_usage("--node and --redis-password-file are for one node of several: give --redis too");
  if (options.redis) {
    if (!reversi::server::is_postgres_uri(options.database))
      return bad_usage("--redis: several nodes share a PostgreSQL database: give --database postgresql://...");
    reversi::server::ClusterConfig cluster;
    const std::string& address = *options.redis;
    const std::size_t colon = address.rfind(':');
    double port = 0;
    if (colon == std::string::npos || colon == 0 || !parse_number(address.c_str() + colon + 1, 1, 65535, port) ||
        port != static_cast<int>(port))
      return bad_usage("--redis: HOST:PORT, such as 127.0.0.1:6379");
    cluster.redis_host = address.substr(0, colon);
    cluster.redis_port = static_cast<int>(port);
    cluster.database = options.database;
    cluster.lease_seconds = options.lease_seconds;
    if (options.node) {
      cluster.node = *options.node;
    } else {
      char host[256] = {};
      gethostname(host, sizeof host - 1);
      cluster.node = std::string(host) + "-" + std::to_string(getpid());
    }
    if (cluster.node.empty() || cluster.node.size() > 64 ||
        cluster.node.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") !=
            std::string::npos)
      return bad_usage("--node: 1 to 64 letters, digits, '-', '_' or '.'");
    options.config.cluster = cluster;
  }
  return -1;  // go on
}

int parse(int argc, char** argv, Options& options) {
  for (int index = 1; index < argc; ++index) {
    const std::string flag = argv[index];
    if (flag == "--help" || flag == "-h") {
      std::printf("%s", kUsage);
      return 0;
    }
    if (index + 1 >= argc) return bad_usage(flag + " needs a value");
    const char* value = argv[++index];
    double number = 0;
    if (flag == "--host") {
      options.config.host = value;
    } else if (flag == "--port") {
      if (!parse_number(value, 0, 65535, number) || number != static_cast<int>(number))
        return bad_usage("--port: a whole number from 0 to 65535");
      options.config.port = static_cast<std::uint16_t>(number);
    } else if (flag == "--database") {
      options.database = value;
    } else if (flag == "--static") {
      options.config.static_dir = value;
    } else if (flag == "--allowed-origins") {
      options.config.allowed_origins = split_commas(value);
    } else if (flag == "--public-origin") {
      const std::optional<std::string> origin = origin_form(value);
      if (!origin) return bad_usage("--public-origin: the address players open, such as https://games.example");
      options.config.public_origins.push_back(*origin);
    } else if (flag == "--host-token-key-file") {
      options.key_file = value;
    } else if (flag == "--chat-words") {
      options.chat_words_file = value;
    } else if (flag == "--grace-seconds") {
      if (!parse_number(value, 0.1, 3600, number)) return bad_usage("--grace-seconds: 0.1 to 3600");
      options.config.grace_seconds = number;
    } else if (flag == "--next-game-seconds") {
      if (!parse_number(value, 0.1, 3600, number)) return bad_usage("--next-game-seconds: 0.1 to 3600");
      options.config.next_game_seconds = number;
    } else if (flag == "--restart-grace-seconds") {
      if (!parse_number(value, 0, 3600, number)) return bad_usage("--restart-grace-seconds: 0 to 3600");
      options.config.restart_grace_seconds = number;
    } else if (flag == "--game-clock-scale") {
      if (!parse_number(value, 0.001, 1, number)) return bad_usage("--game-clock-scale: 0.001 to 1");
      options.config.game_clock_scale = number;
    } else if (flag == "--chips") {
      if (!parse_number(value, 1, reversi::server::kMostStartingChips, number) || number != static_cast<int>(number))
        return bad_usage("--chips: a whole number of starting chips from 1 to 1000000");
      options.config.chips_start = static_cast<int>(number);
    } else if (flag == "--guests-per-hour") {
      if (!parse_number(value, 0, 1'000'000, number) || number != static_cast<int>(number))
        return bad_usage("--guests-per-hour: a whole number from 0 (no limit) to 1000000");
      options.config.guests_per_hour = static_cast<int>(number);
    } else if (flag == "--redis") {
      options.redis = value;
    } else if (flag == "--node") {
      options.node = value;
    } else if (flag == "--redis-password-file") {
      options.redis_password_file = value;
    } else if (flag == "--lease-seconds") {
      if (!parse_number(value, 0.5, 600, number)) return bad_usage("--lease-seconds: 0.5 to 600");
      options.lease_seconds = number;
    } else {
      return bad_usage("unknown option " + flag);
    }
  }
  return cluster_options(options);
}

// A secret kept in a file (`flag` names it): its bytes, less the line break
// an editor leaves at the end.
std::optional<std::string> read_secret(const std::string& flag, const std::string& path, std::string& error) {
  std::error_code ignored;
  std::ifstream file(path, std::ios::binary);
  // A folder opens but throws on the first read: refused before, as for the word list.
  if (!std::filesystem::is_regular_file(path, ignored) || !file) {
    error = "cannot read " + flag + " '" + path + "'";
    return std::nullopt;
  }
  std::string secret((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  while (!secret.empty() && (secret.back() == '\n' || secret.back() == '\r')) secret.pop_back();
  return secret;
}

std::optional<std::string> read_key(const std::string& path, std::string& error) {
  std::optional<std::string> key = read_secret("--host-token-key-file", path, error);
  if (key && key->size() < 16) {
    error = "the host token key in '" + path + "' is shorter than 16 bytes";
    return std::nullopt;
  }
  return key;
}

// The word list: one word or phrase a line (chat_filter.h).
std::optional<std::vector<std::string>> read_chat_words(const std::string& path, std::string& error) {
  std::error_code ignored;
  std::ifstream file(path, std::ios::binary);
  // A folder opens but throws on the first read: refused before.
  if (!std::filesystem::is_regular_file(path, ignored) || !file) {
    error = "cannot read --chat-words '" + path + "' (a file of words, one a line)";
    return std::nullopt;
  }
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  return reversi::server::parse_word_list(text);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace reversi::server;
  if (argc >= 2 && std::strcmp(argv[1], "admin") == 0) return run_admin(argc - 2, argv + 2);
  // Signals are waited for on a thread of their own, so no handler runs
  // inside the server. Blocked first: every thread started later (the
  // store's checkpointer, the network threads) inherits the mask.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  Options options;
  if (const int parsed = parse(argc, argv, options); parsed >= 0) return parsed;

  std::optional<std::string> key;
  if (options.key_file) {
    std::string error;
    key = read_key(*options.key_file, error);
    if (!key) return std::fprintf(stderr, "reversi-server: %s\n", error.c_str()), 1;
  }
  if (options.chat_words_file) {
    std::string error;
    std::optional<std::vector<std::string>> words = read_chat_words(*options.chat_words_file, error);
    if (!words) return std::fprintf(stderr, "reversi-server: %s\n", error.c_str()), 1;
    options.config.chat_words = std::move(*words);
  }
  if (options.redis_password_file) {
    std::string error;
    std::optional<std::string> password = read_secret("--redis-password-file", *options.redis_password_file, error);
    if (!password) return std::fprintf(stderr, "reversi-server: %s\n", error.c_str()), 1;
    if (password->empty())
      return std::fprintf(stderr, "reversi-server: --redis-password-file '%s' is empty or unreadable\n",
                          options.redis_password_file->c_str()),
             1;
    options.config.cluster->redis_password = std::move(*password);
  }
  StoreError store_error;
  std::unique_ptr<Store> store = open_store(options.database, store_error);
  if (!store) return std::fprintf(stderr, "reversi-server: %s\n", store_error.message.c_str()), 1;
  // One node of several writes a table only while it holds the table's lease.
  if (options.config.cluster)
    if (auto* postgres = dynamic_cast<PostgresStore*>(store.get())) postgres->fence(options.config.cluster->node);

  std::string error;
  std::unique_ptr<Server> server = Server::start(options.config, *store, HostTokenVerifier(key), error);
  if (!server) return std::fprintf(stderr, "reversi-server: %s\n", error.c_str()), 1;
  std::printf("reversi-server: listening on http://%s:%u/\n", options.config.host.c_str(), server->port());
  std::fflush(stdout);

  std::thread waiter([&] {
    int received = 0;
    sigwait(&signals, &received);
    std::fprintf(stderr, "reversi-server: %s, stopping\n", received == SIGTERM ? "SIGTERM" : "SIGINT");
    server->stop();
  });
  server->run();
  if (waiter.joinable()) {
    pthread_kill(waiter.native_handle(), SIGTERM);  // run() ended by itself: release the waiter
    waiter.join();
  }
  server.reset();
  store.reset();  // closes the database cleanly (SQLite: a WAL checkpoint)
  std::fprintf(stderr, "reversi-server: stopped\n");
  return 0;
}
