// Two reversi-server nodes on one PostgreSQL database and one Redis, all on
// loopback: a match between a bot on each node, the same open tables,
// leaderboard and chat whichever node a player reaches, a node killed
// mid-game, Redis restarted mid-game, and PostgreSQL away for a moment.
#include <doctest/doctest.h>
#include <signal.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>
#include <tuple>

#include "server/bots.h"
#include "server/processes.h"
#include "server/test_socket.h"
#include "watched_list.h"

using namespace reversi;
using namespace reversi::testing;
using Json = nlohmann::json;
namespace online = messages::online;
namespace wire = messages::online::server;

namespace {

constexpr const char* kLeaseSeconds = "2";

// The database and the broker the nodes share, and the nodes.
struct NodeCluster {
  PostgresCluster database;
  TemporaryFolder redis_folder;
  RedisProcess redis{redis_folder};
  TemporaryFolder folder1, folder2;
  std::unique_ptr<ServerProcess> node1, node2;

  // Each node's lease: how long it waits before it takes a silent node for dead.
  explicit NodeCluster(const char* lease1 = kLeaseSeconds, const char* lease2 = kLeaseSeconds) {
    node1 = std::make_unique<ServerProcess>(folder1, flags("n1", lease1));
    node2 = std::make_unique<ServerProcess>(folder2, flags("n2", lease2));
  }
  std::vector<std::string> flags(const std::string& node, const char* lease) const {
    return {"--database", database.uri(), "--redis", redis.address(), "--node", node, "--lease-seconds", lease};
  }
  // A bot trying `first` and then the other node.
  std::vector<std::string> servers(const ServerProcess& first) const {
    const ServerProcess& other = &first == node1.get() ? *node2 : *node1;
    return {"--server", first.url(), "--server", other.url()};
  }
};

std::vector<std::string> joined(std::vector<std::string> front, const std::vector<std::string>& back) {
  front.insert(front.end(), back.begin(), back.end());
  return front;
}

// A new guest on a raw socket.
struct Guest {
  TestSocket socket;
  wire::Welcome welcome;
  explicit Guest(std::uint16_t port) {
    REQUIRE(socket.connect(port) == 101);
    socket.send(online::client::Hello{});
    const std::optional<wire::Welcome> answer = socket.wait_for<wire::Welcome>(10);
    REQUIRE(answer);
    welcome = *answer;
  }
};

// Keeps a watcher's list (the whole list, then its changes) until it names
// `code` (the summaries travel between nodes).
bool sees_listed(TestSocket& socket, const std::string& code, double seconds) {
  WatchedList list;
  for (int frames = 0; frames < 200; ++frames) {
    const std::optional<std::string> text = socket.receive(seconds);
    if (!text) return false;
    const messages::Decoded<online::ServerMessage> decoded = online::decode_server_message(*text);
    REQUIRE_MESSAGE(decoded, *text);
    list.take(*decoded.value);
    REQUIRE(list.in_step);
    if (list.names(code)) return true;
  }
  return false;
}

// Until `bot` has printed `count` moves: the lines so far, and those moves.
std::pair<BotLines, std::string> first_moves(ChildProcess& bot, std::size_t count) {
  BotLines lines;
  std::string moves;
  while (moves.size() < 2 * count) {
    const Json line = parse_line(bot.read_line(30));
    lines.all.push_back(line);
    if (line.contains("move")) moves += line["move"].get<std::string>();
  }
  return {lines, moves};
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream file(path);
  return std::string(std::istreambuf_iterator<char>(file), {});
}

// Until one of `logs` says `text`: true, or false once `guard_seconds` have
// passed (a guard far beyond the expected, not a measure of speed).
bool logs_say(const std::vector<std::filesystem::path>& logs, const std::string& text, double guard_seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(guard_seconds);
  for (;;) {
    for (const std::filesystem::path& log : logs)
      if (read_file(log).find(text) != std::string::npos) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    // The pause between two reads of this wait: a log file has no event to block on.
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

// A bot that opened a table through node 1 and one that joined it through
// node 2 (each trying the other node next), ten moves into their game.
struct MidGame {
  std::unique_ptr<ChildProcess> creator, joiner;
  std::string code;
  BotLines before;  // the creator's lines so far
  std::string ten_moves;
};

MidGame start_mid_game(NodeCluster& cluster) {
  MidGame game;
  game.creator = start_bot(cluster.folder1, "creator.log",
                           joined({"--create", "--level", "easy", "--delay", "0.15"}, cluster.servers(*cluster.node1)));
  const Json first = parse_line(game.creator->read_line(20));
  REQUIRE(first.contains("table"));
  game.code = first["table"];
  game.joiner =
      start_bot(cluster.folder2, "joiner.log",
                joined({"--join", game.code, "--level", "easy", "--delay", "0.15"}, cluster.servers(*cluster.node2)));
  std::tie(game.before, game.ten_moves) = first_moves(*game.creator, 10);
  return game;
}

// Both bots end well; the games they saw are the same and replay, and the
// first game began with `opening`.
void check_match(ChildProcess& creator, ChildProcess& joiner, const BotLines& before, const std::string& opening) {
  const BotLines created = read_lines(creator, 120, before);
  const BotLines joined_lines = read_lines(joiner, 120);
  CHECK(creator.wait(10) == 0);
  CHECK(joiner.wait(10) == 0);
  const auto games = created.of("game");
  REQUIRE(!games.empty());
  CHECK(games[0]["transcript"].get<std::string>().substr(0, opening.size()) == opening);
  CHECK(joined_lines.of("game") == games);
  check_games(created);
  check_games(joined_lines);
}

}  // namespace

TEST_SUITE("server-process") {
  TEST_CASE("cluster: a bot on node 1 and a bot on node 2 play a match; lists, boards and chat agree") {
    NodeCluster cluster;
    auto creator = start_bot(cluster.folder1, "creator.log",
                             joined({"--create", "--match", "3", "--level", "easy", "--name", "Ada", "--delay", "0.05"},
                                    {"--server", cluster.node1->url()}));
    const Json first = parse_line(creator->read_line(20));
    REQUIRE(first.contains("table"));
    const std::string code = first["table"];

    // The table opened on node 1 is on node 2's open tables list.
    Guest watcher(cluster.node2->port());
    watcher.socket.send(online::client::WatchOpenTables{});
    CHECK(sees_listed(watcher.socket, code, 10));

    const long week = current_week();
    auto joiner = start_bot(cluster.folder2, "joiner.log",
                            {"--server", cluster.node2->url(), "--join", code, "--level", "medium"});
    check_match(*creator, *joiner, {}, "");

    // The same leaderboard from either node.
    const HttpAnswer board1 = http_get(cluster.node1->port(), "/api/leaderboard?period=week");
    const HttpAnswer board2 = http_get(cluster.node2->port(), "/api/leaderboard?period=week");
    REQUIRE(board1.status == 200);
    if (current_week() == week)
      CHECK(Json::parse(board1.body)["entries"].size() == 2);
    else
      MESSAGE("Monday 00:00 UTC fell during the game: this week's board may be empty");
    CHECK(Json::parse(board1.body)["entries"] == Json::parse(board2.body)["entries"]);

    // Chat between a player on each node, at a table node 2 plays.
    Guest host(cluster.node2->port()), visitor(cluster.node1->port());
    host.socket.send(online::client::OpenTable{online::TableOptions{}, true});
    const std::optional<wire::Table> table = host.socket.wait_for<wire::Table>(10);
    REQUIRE(table);
    visitor.socket.send(online::client::JoinTable{table->code});
    REQUIRE(visitor.socket.wait_for<wire::GameStarted>(10));
    visitor.socket.send(online::client::Chat{"hello from node 1"});
    const std::optional<wire::Chat> heard = host.socket.wait_for<wire::Chat>(10);
    REQUIRE(heard);
    CHECK(heard->text == "hello from node 1");
    CHECK(heard->from == visitor.welcome.player);
    CHECK(cluster.node1->stop() == 0);
    CHECK(cluster.node2->stop() == 0);
  }

  TEST_CASE("cluster: node 1 killed mid-game, the match is finished through node 2 with the transcript intact") {
    NodeCluster cluster;
    MidGame game = start_mid_game(cluster);
    cluster.node1->kill_hard();  // it played the table: its lease runs out, node 2 takes it
    check_match(*game.creator, *game.joiner, game.before, game.ten_moves);
    CHECK(cluster.node2->stop() == 0);
  }

  TEST_CASE("cluster: node 1 paused past its lease loses the table to node 2, writes nothing more, and play goes on") {
    NodeCluster cluster;
    MidGame game = start_mid_game(cluster);
    cluster.node1->process().signal(SIGSTOP);  // alive but silent, as a node under a long pause
    // Silent until node 2 has taken the table, however long that takes on a busy machine.
    REQUIRE_MESSAGE(logs_say({cluster.folder2.path() / "server.log"}, "node n2 plays table " + game.code + " now", 60),
                    "guard: node 2 did not take the table of a stopped node 1 within 60 s");
    cluster.node1->process().signal(SIGCONT);
    check_match(*game.creator, *game.joiner, game.before, game.ten_moves);
    CHECK(read_file(cluster.folder1.path() / "server.log").find("node n1 lost the lease of table " + game.code) !=
          std::string::npos);
    CHECK(cluster.node1->stop() == 0);
    CHECK(cluster.node2->stop() == 0);
  }

  TEST_CASE(
      "cluster: node 2 paused until node 1 lets go of the player it relays; that player is told to connect again") {
    // Node 1 takes a node silent for 6 s for dead, node 2 one silent for
    // 14 s (each says it is alive every quarter of its own). Paused between
    // the two, node 2 comes back still counting node 1 alive and holding
    // the connection of a player node 1 has let go: what a node that woke
    // past its lease does to the other's relays (the case above), without
    // the race between its threads as it wakes.
    NodeCluster cluster("6", "14");
    Guest host(cluster.node1->port()), visitor(cluster.node2->port());
    host.socket.send(online::client::OpenTable{online::TableOptions{1, 0}, false});
    const std::optional<wire::Table> table = host.socket.wait_for<wire::Table>(10);
    REQUIRE(table);
    visitor.socket.send(online::client::WatchOpenTables{});
    REQUIRE(sees_listed(visitor.socket, table->code, 10));        // node 2 knows where the table is
    visitor.socket.send(online::client::JoinTable{table->code});  // node 1's table: relayed there
    REQUIRE(visitor.socket.wait_for<wire::GameStarted>(10));
    const std::optional<wire::GameStarted> started = host.socket.wait_for<wire::GameStarted>(10);
    REQUIRE(started);
    cluster.node2->process().signal(SIGSTOP);
    // Paused until node 1 has let the visitor's seat go, however long that takes on a busy machine.
    const bool let_go = host.socket.wait_for<wire::OpponentAway>(60).has_value();
    cluster.node2->process().signal(SIGCONT);
    REQUIRE_MESSAGE(let_go, "guard: node 1 did not take a paused node 2 for dead within 60 s");
    // Not left waiting for a table that no longer speaks to this connection:
    // told so in words. (Paused past its own 14 s, as only a very busy
    // machine would keep it, node 2 takes node 1 for silent itself on waking
    // and just closes the connection: not left waiting either.)
    const std::optional<wire::Error> told = visitor.socket.wait_for<wire::Error>(30);
    REQUIRE_MESSAGE((told || !visitor.socket.is_open()),
                    "guard: the player relayed through node 2 heard nothing for 30 s, its connection still open");
    if (told) CHECK(told->reason == "Your table's server lost this connection. Connect again in a moment.");

    // Connecting again, the player is relayed afresh and the game goes on.
    TestSocket back;
    REQUIRE(back.connect(cluster.node2->port()) == 101);
    back.send(online::client::Hello{visitor.welcome.player, visitor.welcome.secret, {}, std::nullopt});
    const std::optional<wire::State> state = back.wait_for<wire::State>(10);
    REQUIRE(state);
    CHECK(state->table.code == table->code);
    CHECK(host.socket.wait_for<wire::OpponentBack>(10));
    TestSocket& black = started->black == host.welcome.player ? host.socket : back;
    black.send(online::client::Play{*parse_square("f5").value, 0});
    const std::optional<wire::Move> seen = (&black == &back ? host.socket : back).wait_for<wire::Move>(10);
    REQUIRE(seen);
    CHECK(seen->move.square == *parse_square("f5").value);
    CHECK(cluster.node1->stop() == 0);
    CHECK(cluster.node2->stop() == 0);
  }

  TEST_CASE("cluster: a join node 2 cannot pass to a paused node 1 is asked again, and the match is played") {
    NodeCluster cluster;
    auto creator =
        start_bot(cluster.folder1, "creator.log",
                  joined({"--create", "--level", "easy", "--delay", "0.05"}, cluster.servers(*cluster.node1)));
    const Json first = parse_line(creator->read_line(20));
    REQUIRE(first.contains("table"));
    const std::string code = first["table"];
    // The table's node silent: the join, relayed there or refused, comes to
    // nothing, and the joiner's connection ends before it is seated.
    cluster.node1->process().signal(SIGSTOP);
    auto joiner =
        start_bot(cluster.folder2, "joiner.log",
                  joined({"--join", code, "--level", "easy", "--delay", "0.05"}, cluster.servers(*cluster.node2)));
    const bool taken = logs_say({cluster.folder2.path() / "server.log"}, "node n2 plays table " + code + " now", 60);
    cluster.node1->process().signal(SIGCONT);
    REQUIRE_MESSAGE(taken, "guard: node 2 did not take the table of a stopped node 1 within 60 s");
    check_match(*creator, *joiner, {}, "");
    CHECK(cluster.node1->stop() == 0);
    CHECK(cluster.node2->stop() == 0);
  }

  TEST_CASE("cluster: Redis restarted mid-game, the relayed player comes back and the match goes on") {
    NodeCluster cluster;
    MidGame game = start_mid_game(cluster);
    cluster.redis.stop();
    // The sleep is the point: Redis stays away for a while, as a restart
    // would leave it, before it comes back.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    cluster.redis.start();
    check_match(*game.creator, *game.joiner, game.before, game.ten_moves);
    CHECK(cluster.node1->stop() == 0);
    CHECK(cluster.node2->stop() == 0);
  }

  TEST_CASE("cluster: PostgreSQL away for a moment, moves are refused with a clear error and play resumes") {
    NodeCluster cluster;
    MidGame game = start_mid_game(cluster);
    cluster.database.pause();
    // Away until a move has been refused in words, however long that takes on a busy machine.
    const bool refused = logs_say({cluster.folder1.path() / "creator.log", cluster.folder2.path() / "joiner.log"},
                                  "refused play: The server could not save that, so nothing changed. Try again.", 60);
    cluster.database.resume();
    CHECK_MESSAGE(refused, "guard: no move was refused within 60 s of the database going away");
    // The refused move is made again and the match ends well.
    check_match(*game.creator, *game.joiner, game.before, game.ten_moves);
    CHECK(cluster.node1->stop() == 0);
    CHECK(cluster.node2->stop() == 0);
  }

  TEST_CASE("cluster: a Redis that asks for a password is reached with --redis-password-file, and refused without") {
    PostgresCluster database;
    TemporaryFolder redis_folder, folder;
    RedisProcess redis(redis_folder, {"--requirepass", "a-long-redis-password"});
    const std::filesystem::path good = folder.path() / "redis-password", bad = folder.path() / "wrong-password";
    std::ofstream(good) << "a-long-redis-password\n";
    std::ofstream(bad) << "not-it\n";
    const std::vector<std::string> cluster_flags{"--database",    database.uri(), "--redis",
                                                 redis.address(), "--node",       "n1"};
    auto refused = [&](const std::vector<std::string>& more, const std::string& log) {
      std::vector<std::string> arguments{build_path("reversi-server"), "--port", "0"};
      arguments.insert(arguments.end(), cluster_flags.begin(), cluster_flags.end());
      arguments.insert(arguments.end(), more.begin(), more.end());
      ChildProcess server(arguments, folder.path() / log);
      CHECK(server.read_all(20).empty());  // never listening
      CHECK(server.wait(10) == 1);
      return read_file(folder.path() / log);
    };
    CHECK(refused({}, "none.log").find("refused PING: NOAUTH") != std::string::npos);
    CHECK(refused({"--redis-password-file", bad.string()}, "bad.log").find("refused the password") !=
          std::string::npos);
    std::vector<std::string> flags = cluster_flags;
    flags.insert(flags.end(), {"--redis-password-file", good.string()});
    ServerProcess node(folder, flags);
    auto creator = start_bot(folder, "creator.log", {"--server", node.url(), "--create", "--level", "easy"});
    const Json first = parse_line(creator->read_line(20));
    auto joiner =
        start_bot(folder, "joiner.log", {"--server", node.url(), "--join", first["table"], "--level", "easy"});
    check_match(*creator, *joiner, {}, "");
    CHECK(node.stop() == 0);
  }
}
