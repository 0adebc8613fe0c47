// A real reversi-server on loopback, spoken to with frames of our own: a
// player dropping and coming back inside the grace window or not, forged
// and malformed traffic, foreign origins, and the static files.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "game/game.h"
#include "server/processes.h"
#include "server/test_socket.h"

using namespace reversi;
using namespace reversi::testing;
namespace online = messages::online;
namespace wire = messages::online::server;
using messages::ErrorCode;

namespace {

// A player of our own: follows the game from the server's messages.
struct TestPlayer {
  TestSocket socket;
  wire::Welcome welcome;
  std::string table;
  int seq = 0;
  Game game;
  std::optional<Color> colour;
  bool finished = false;  // the server ended the game (whatever our copy of the board says)
  messages::TablePhase phase = messages::TablePhase::Waiting;  // as the last table view said

  void connect(std::uint16_t port, std::optional<online::Resume> resume = std::nullopt) {
    REQUIRE(socket.connect(port) == 101);
    online::client::Hello hello;
    if (!welcome.player.empty()) {
      hello.player = welcome.player;
      hello.secret = welcome.secret;
    }
    hello.resume = resume;
    socket.send(hello);
    const std::optional<wire::Welcome> answer = socket.wait_for<wire::Welcome>(10);
    REQUIRE(answer);
    if (welcome.player.empty()) welcome = *answer;
    // A seated player coming back is sent the table first: until it is in,
    // whose turn it is may still change (the events missed come after it).
    if (resume)
      for (bool table_seen = false; !table_seen;) {
        const std::optional<online::ServerMessage> message = step();
        REQUIRE(message);
        table_seen = std::holds_alternative<wire::Table>(*message);
      }
  }
  // Handles one message; returns it.
  std::optional<online::ServerMessage> step(double seconds = 10) {
    const std::optional<std::string> text = socket.receive(seconds);
    if (!text) return std::nullopt;
    messages::Decoded<online::ServerMessage> decoded = online::decode_server_message(*text);
    REQUIRE_MESSAGE(decoded, *text);
    const online::ServerMessage& message = *decoded.value;
    if (const std::optional<int> number = online::sequence_of(message)) seq = *number;
    if (const auto* table_view = std::get_if<wire::Table>(&message)) {
      table = table_view->code;
      phase = table_view->phase;
    }
    if (const auto* started = std::get_if<wire::GameStarted>(&message)) {
      game = Game();
      finished = false;
      colour = started->black == welcome.player ? Color::Black : Color::White;
    }
    if (const auto* move = std::get_if<wire::Move>(&message)) game.apply_any(move->move.square);
    if (std::holds_alternative<wire::GameOver>(message) || std::holds_alternative<wire::GameAborted>(message))
      finished = true;
    return message;
  }
  bool my_turn() const { return colour && !finished && !game.is_over() && game.side_to_move() == *colour; }
  void play_first_legal() {
    socket.send(online::client::Play{first_square(game.playable_squares()), int(game.record().cursor())});
  }
  // Plays until `moves` of our own are made or the game ends; a refusal fails the test.
  void play_moves(int moves) {
    for (int made = 0; made < moves && !finished;) {
      const std::size_t before = game.record().cursor();
      const bool moved = my_turn();
      if (moved) {
        play_first_legal();
        ++made;
      }
      // Until our move is back (other messages, like a table, may come
      // first), then until it is our turn again.
      do {
        const std::optional<online::ServerMessage> message = step();
        REQUIRE(message);
        if (const auto* error = std::get_if<wire::Error>(&*message)) FAIL("refused: " << error->reason);
      } while (((moved && game.record().cursor() == before) || !my_turn()) && !finished);
    }
  }
  ErrorCode next_error() { return next_refusal().code; }
  wire::Error next_refusal() {
    for (int frames = 0; frames < 100; ++frames) {
      const std::optional<online::ServerMessage> message = step();
      REQUIRE(message);
      if (const auto* error = std::get_if<wire::Error>(&*message)) return *error;
    }
    FAIL("no error came");
    return {};
  }
  // Plays the first legal move and waits for it to come back.
  void play_and_see() {
    REQUIRE(my_turn());
    const std::size_t before = game.record().cursor();
    play_first_legal();
    while (game.record().cursor() == before) {
      const std::optional<online::ServerMessage> message = step();
      REQUIRE(message);
      if (const auto* error = std::get_if<wire::Error>(&*message)) FAIL("refused: " << error->reason);
    }
  }
  // Reads until the other seat's move is in (or the game is over).
  void see_reply(std::size_t moves) {
    while (game.record().cursor() < moves && !finished) REQUIRE(step());
  }
};

// Ada opens a table and Bob joins it, until both know their colours: the
// two, as black and white.
struct Seated {
  TestPlayer& black;
  TestPlayer& white;
};
Seated seat_at_one_table(TestPlayer& ada, TestPlayer& bob, std::uint16_t port) {
  ada.connect(port);
  ada.socket.send(online::client::OpenTable{});
  while (ada.table.empty()) REQUIRE(ada.step());
  bob.connect(port);
  bob.socket.send(online::client::JoinTable{ada.table});
  while (!ada.colour) REQUIRE(ada.step());
  while (!bob.colour) REQUIRE(bob.step());
  return *ada.colour == Color::Black ? Seated{ada, bob} : Seated{bob, ada};
}

// A move each, black first, each seen by the other.
void exchange_moves(TestPlayer& black, TestPlayer& white) {
  black.play_and_see();
  white.see_reply(black.game.record().cursor());
  white.play_and_see();
  black.see_reply(white.game.record().cursor());
}

// What a player coming back with nothing in hand is sent: the table's state.
wire::State snapshot_for(std::uint16_t port, const TestPlayer& player) {
  TestSocket socket;
  REQUIRE(socket.connect(port) == 101);
  socket.send(online::client::Hello{player.welcome.player, player.welcome.secret, {}, online::Resume{player.table, 0}});
  const std::optional<wire::State> state = socket.wait_for<wire::State>(10);
  REQUIRE(state);
  return *state;
}

std::unique_ptr<ChildProcess> join_bot(const TemporaryFolder& folder, const ServerProcess& server,
                                       const std::string& code) {
  return std::make_unique<ChildProcess>(
      std::vector<std::string>{build_path("reversi-cli"), "bot", "--server", server.url(), "--join", code, "--level",
                               "easy", "--json"},
      folder.path() / "bot.log");
}

// The last {"game": …} line a bot printed.
nlohmann::json game_line(ChildProcess& bot) {
  nlohmann::json last;
  for (const std::string& line : bot.read_all(60)) {
    const nlohmann::json parsed = nlohmann::json::parse(line, nullptr, false);
    if (!parsed.is_discarded() && parsed.contains("game")) last = parsed;
  }
  return last;
}

}  // namespace

TEST_SUITE("server-process") {
  TEST_CASE("server process: a player back inside the grace window plays on; one away past it abandons") {
    for (const bool comes_back : {true, false}) {
      CAPTURE(comes_back);
      TemporaryFolder folder;
      // Back after 0.8 s within 10 s (room for a loaded machine under a
      // sanitizer); away past 3 s.
      ServerProcess server(folder, {"--grace-seconds", comes_back ? "10" : "3"});
      TestPlayer ada;
      ada.connect(server.port());
      ada.socket.send(online::client::OpenTable{});
      while (ada.table.empty()) REQUIRE(ada.step());
      const std::string code = ada.table;
      auto bot = join_bot(folder, server, code);
      while (!ada.colour) REQUIRE(ada.step());
      ada.play_moves(2);

      ada.socket.close();  // dropped, not leaving
      if (comes_back) {
        // The sleep is the point: away for a while, well within the grace.
        std::this_thread::sleep_for(std::chrono::milliseconds(800));
        ada.connect(server.port(), online::Resume{code, ada.seq});
        ada.play_moves(40);
        for (;;) {
          while (ada.phase == messages::TablePhase::Playing) REQUIRE(ada.step());  // the table after the game
          if (ada.phase == messages::TablePhase::Over) break;
          // A drawn game counts for nobody (src/game/match.h): the match goes on.
          REQUIRE(ada.phase == messages::TablePhase::BetweenGames);
          ada.socket.send(online::client::NextGame{});
          while (ada.phase != messages::TablePhase::Playing) REQUIRE(ada.step());
          ada.play_moves(40);
        }
        const nlohmann::json game = game_line(*bot);
        CHECK(game["reason"] == "no-moves");
      } else {
        const nlohmann::json game = game_line(*bot);
        CHECK(game["reason"] == "abandoned");
        CHECK(game["winner"] != (*ada.colour == Color::Black ? "black" : "white"));
      }
      const int exit_code = bot->wait(10);
      if (exit_code != 0) {
        std::ifstream log(folder.path() / "bot.log");
        const std::string complaints((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
        FAIL_CHECK("the bot ended with " << exit_code << "; its complaints: " << complaints);
      }
    }
  }

  TEST_CASE("server process: a secret file that cannot be used stops the start, in words that name it") {
    // A missing file, a folder (which opens, then throws on the first read)
    // and a key too short each end the start with a message, not a crash.
    TemporaryFolder folder;
    std::ofstream(folder.path() / "short.key") << "short\n";
    const std::string sqlite = (folder.path() / "refused.sqlite3").string();
    int runs = 0;
    auto refusal = [&](const std::vector<std::string>& flags) {
      std::vector<std::string> arguments{build_path("reversi-server"), "--port", "0"};
      arguments.insert(arguments.end(), flags.begin(), flags.end());
      const std::filesystem::path log = folder.path() / ("refused-" + std::to_string(++runs) + ".log");
      ChildProcess server(arguments, log);
      CHECK(server.wait(20) == 1);
      std::ifstream in(log);
      return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    const std::string missing = (folder.path() / "missing.key").string(), there = folder.path().string();
    CHECK(refusal({"--database", sqlite, "--host-token-key-file", missing}) ==
          "reversi-server: cannot read --host-token-key-file '" + missing + "'\n");
    CHECK(refusal({"--database", sqlite, "--host-token-key-file", there}) ==
          "reversi-server: cannot read --host-token-key-file '" + there + "'\n");
    CHECK(refusal({"--database", sqlite, "--host-token-key-file", (folder.path() / "short.key").string()})
              .find("is shorter than 16 bytes") != std::string::npos);
    // The Redis password is read before any database or Redis is reached.
    CHECK(refusal({"--database", "postgresql://nobody@127.0.0.1:1/none", "--redis", "127.0.0.1:1",
                   "--redis-password-file", there}) ==
          "reversi-server: cannot read --redis-password-file '" + there + "'\n");
  }

  TEST_CASE("server process: forged, stale, replayed, oversized, malformed and too fast traffic is refused") {
    TemporaryFolder folder;
    ServerProcess server(folder, {"--allowed-origins", "http://arcade.example"});
    TestSocket stranger;
    CHECK(stranger.connect(server.port(), "http://evil.example") == 403);
    CHECK(stranger.connect(server.port(), "http://127.0.0.1:" + std::to_string(server.port())) == 101);
    stranger.close();
    CHECK(stranger.connect(server.port(), "http://arcade.example") == 101);
    stranger.close();

    TestPlayer ada, bob, carol;
    const auto [black, white] = seat_at_one_table(ada, bob, server.port());

    white.socket.send(online::client::Play{*parse_square("f5").value, 0});
    CHECK(white.next_error() == ErrorCode::NotYourTurn);  // the other seat, out of turn
    black.socket.send(online::client::Play{*parse_square("a1").value, 0});
    CHECK(black.next_error() == ErrorCode::TrapsNothing);
    black.socket.send(online::client::Play{*parse_square("f5").value, 7});
    CHECK(black.next_error() == ErrorCode::StalePly);
    const std::string move = online::encode_client_message(online::client::Play{*parse_square("f5").value, 0});
    black.socket.send(move);
    black.socket.send(move);  // replayed
    CHECK(black.next_error() == ErrorCode::NotYourTurn);
    CHECK(black.game.transcript() == "f5");
    while (white.game.transcript() != "f5") REQUIRE(white.step());
    white.socket.send(online::client::Play{*parse_square("d6").value, 0});
    CHECK(white.next_error() == ErrorCode::StalePly);

    carol.connect(server.port());
    carol.socket.send(online::client::Play{*parse_square("d6").value, 1});
    CHECK(carol.next_error() == ErrorCode::NotSeated);
    TestPlayer forger;
    forger.welcome.player = ada.welcome.player;
    forger.welcome.secret = std::string(64, 'a');
    REQUIRE(forger.socket.connect(server.port()) == 101);
    forger.socket.send(online::client::Hello{ada.welcome.player, std::string(64, 'a'), {}, {}});
    CHECK(forger.next_error() == ErrorCode::BadSecret);

    carol.socket.send(R"({"type":"set-name","name":")" + std::string(5000, 'x') + "\"}");
    CHECK(carol.next_error() == ErrorCode::TooLarge);
    carol.socket.send("{\"type\": \"play\", oops");
    CHECK(carol.next_error() == ErrorCode::BadMessage);
    carol.socket.send(online::client::SetName{"Carol"});
    CHECK(carol.socket.wait_for<wire::Welcome>(10)->name == "Carol");  // still served
    // Far over 20 a second (bursts of 40), however slowly a loaded server reads them.
    for (int index = 0; index < 120; ++index) carol.socket.send(online::client::UnwatchOpenTables{});
    CHECK(carol.next_error() == ErrorCode::RateLimited);
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: with PostgreSQL gone, a move is refused and nothing is half-written; play resumes") {
    PostgresCluster database;
    TemporaryFolder folder;
    ServerProcess server(folder, {"--database", database.uri() + "?connect_timeout=5"});
    TestPlayer ada, bob;
    const auto [black, white] = seat_at_one_table(ada, bob, server.port());
    for (int pair = 0; pair < 2; ++pair) exchange_moves(black, white);
    const std::string before = black.game.transcript();
    REQUIRE(before.size() == 8);

    database.pause();
    black.play_first_legal();
    const wire::Error refused = black.next_refusal();
    CHECK(refused.code == ErrorCode::ServerError);
    CHECK(refused.reason == "The server could not save that, so nothing changed. Try again.");
    CHECK(refused.request == "play");
    CHECK(black.game.transcript() == before);
    CHECK(server.process().wait(0.5) == -1);  // still running

    database.resume();
    // The same move again, as the player would try it: taken now, and seen by both.
    black.play_and_see();
    white.see_reply(black.game.record().cursor());
    CHECK(white.game.transcript() == black.game.transcript());
    white.play_and_see();
    black.see_reply(white.game.record().cursor());
    const std::string after = black.game.transcript();
    REQUIRE(after.size() == 12);
    CHECK(after.substr(0, 8) == before);

    // What the database holds is exactly what was played: a server started
    // afresh on it gives a player coming back the same game.
    CHECK(server.stop() == 0);
    server.restart();
    const wire::State restored = snapshot_for(server.port(), black);
    CHECK(restored.game.transcript == after);
    CHECK(restored.table.code == black.table);
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: after a SIGKILL restart the table tells a player who missed nothing the server's clock") {
    TemporaryFolder folder;
    // A grace far longer than any restart takes, however busy the machine:
    // black's hello must arrive while the clock is still held.
    ServerProcess server(folder, {"--restart-grace-seconds", "600"});
    TestPlayer ada, bob;
    const auto [black, white] = seat_at_one_table(ada, bob, server.port());  // 45 s a move, online's default
    exchange_moves(black, white);
    server.kill_hard();
    server.restart();
    // Black comes back having seen every event: only the table is sent,
    // and it carries the fresh allowance, held still for the restart grace.
    TestSocket socket;
    REQUIRE(socket.connect(server.port()) == 101);
    socket.send(
        online::client::Hello{black.welcome.player, black.welcome.secret, {}, online::Resume{black.table, black.seq}});
    const std::optional<wire::Table> table = socket.wait_for<wire::Table>(10);
    REQUIRE(table);
    REQUIRE(table->clock);
    CHECK(table->clock->color == Color::Black);
    CHECK(table->clock->seconds == doctest::Approx(online::kDefaultOnlineClock));
    CHECK(table->clock->held > 0);
    CHECK(table->clock->held <= 600);
    CHECK(server.stop() == 0);
  }

  TEST_CASE(
      "server process: delete my data: refused while seated, then forgotten; the old secret and a second try are "
      "refused") {
    TemporaryFolder folder;
    ServerProcess server(folder);
    TestPlayer ada, bob;
    seat_at_one_table(ada, bob, server.port());
    ada.socket.send(online::client::DeletePlayer{});
    const wire::Error seated = ada.next_refusal();
    CHECK(seated.code == ErrorCode::AlreadySeated);
    CHECK(seated.reason == "Leave your table first; then your data can be deleted.");
    // The operator cannot delete a seated player either.
    const auto [refused, refused_code] = admin(folder, {"delete-player", ada.welcome.player});
    CHECK(refused_code == 1);
    // Up from the table, until the table says so.
    auto leave = [](TestPlayer& player) {
      player.socket.send(online::client::LeaveTable{});
      for (bool left = false; !left;) {
        const std::optional<online::ServerMessage> message = player.step();
        REQUIRE(message);
        if (const auto* view = std::get_if<wire::Table>(&*message))
          left = std::none_of(view->seats.begin(), view->seats.end(),
                              [&](const wire::SeatView& seat) { return seat.player == player.welcome.player; });
      }
    };
    leave(ada);
    leave(bob);
    ada.socket.send(online::client::DeletePlayer{});
    bool deleted = false;
    for (int frames = 0; frames < 100 && !deleted; ++frames) {
      const std::optional<online::ServerMessage> message = ada.step();
      REQUIRE(message);
      deleted = std::holds_alternative<wire::PlayerDeleted>(*message);
    }
    CHECK(deleted);
    CHECK_FALSE(ada.socket.receive(5));  // and the server closes the connection
    // The old id and secret name nobody now.
    TestSocket again;
    REQUIRE(again.connect(server.port()) == 101);
    again.send(online::client::Hello{ada.welcome.player, ada.welcome.secret, {}, std::nullopt});
    const std::optional<wire::Error> gone = again.wait_for<wire::Error>(10);
    REQUIRE(gone);
    CHECK(gone->code == ErrorCode::BadSecret);
    // The operator's command: Bob, by id; a second time says there is no such player.
    const auto [lines, code] = admin(folder, {"delete-player", bob.welcome.player});
    CHECK(code == 0);
    REQUIRE_FALSE(lines.empty());
    CHECK(lines[0].find("deleted") != std::string::npos);
    CHECK(admin(folder, {"delete-player", bob.welcome.player}).second == 1);
    CHECK(http_get(server.port(), "/api/players/" + bob.welcome.player).status == 404);
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: a linked device is the same player at the same seat; codes work once, guesses end") {
    TemporaryFolder folder;
    ServerProcess server(folder);
    TestPlayer ada, bob;
    const auto [black, white] = seat_at_one_table(ada, bob, server.port());
    ada.socket.send(online::client::SetName{"Ada"});
    REQUIRE(ada.socket.wait_for<wire::Welcome>(10));
    exchange_moves(black, white);
    ada.socket.send(online::client::LinkDevice{});
    const std::optional<wire::LinkCode> code = ada.socket.wait_for<wire::LinkCode>(10);
    REQUIRE(code);
    CHECK(code->code.size() == online::kLinkCodeLength);
    CHECK(code->expires_in == online::kLinkCodeSeconds);
    // The other device says hello with the code: it is Ada, with a secret of its own, back at her seat.
    TestPlayer phone;
    REQUIRE(phone.socket.connect(server.port()) == 101);
    online::client::Hello hello;
    hello.link = code->code;
    phone.socket.send(hello);
    const std::optional<wire::Welcome> welcome = phone.socket.wait_for<wire::Welcome>(10);
    REQUIRE(welcome);
    CHECK(welcome->player == ada.welcome.player);
    CHECK(welcome->name == "Ada");
    REQUIRE(welcome->secret);
    CHECK(*welcome->secret != *ada.welcome.secret);
    CHECK(welcome->table == std::optional<std::string>(ada.table));
    // The first device is told that the game goes on elsewhere; Bob still sits with Ada.
    CHECK(ada.socket.wait_for<wire::SeatMoved>(10));
    // The code worked once.
    TestSocket reused;
    REQUIRE(reused.connect(server.port()) == 101);
    reused.send(hello);
    const std::optional<wire::Error> used = reused.wait_for<wire::Error>(10);
    REQUIRE(used);
    CHECK(used->code == ErrorCode::NoSuchCode);
    CHECK_FALSE(reused.receive(5));  // and that connection ends
    // Both devices' secrets open Ada.
    for (const std::string& secret : {*ada.welcome.secret, *welcome->secret}) {
      TestSocket device;
      REQUIRE(device.connect(server.port()) == 101);
      device.send(online::client::Hello{ada.welcome.player, secret, {}, std::nullopt});
      const std::optional<wire::Welcome> again = device.wait_for<wire::Welcome>(10);
      REQUIRE(again);
      CHECK(again->name == "Ada");
    }
    // Guessing: every wrong code ends its connection, and after the node's 30 a minute every try is
    // refused until the count refills (however slowly the guesses come, some 30 are wrong first).
    int wrong = 0;
    bool limited = false;
    for (int guess = 0; guess < 200 && !limited; ++guess) {
      TestSocket guesser;
      REQUIRE(guesser.connect(server.port()) == 101);
      online::client::Hello guessed;
      guessed.link = "ZZZZ" + std::string(1, "23456789"[guess % 8]) + "ZZZ";
      guesser.send(guessed);
      const std::optional<wire::Error> answer = guesser.wait_for<wire::Error>(10);
      REQUIRE(answer);
      CHECK((answer->code == ErrorCode::NoSuchCode || answer->code == ErrorCode::RateLimited));
      limited = answer->code == ErrorCode::RateLimited;
      wrong += limited ? 0 : 1;
    }
    CHECK(limited);
    CHECK(wrong >= 29);  // the reused code above was the 30th wrong one
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: a player banned while the server was down is unseated when it comes back") {
    TemporaryFolder folder;
    ServerProcess server(folder);
    TestPlayer ada, bob;
    const auto [black, white] = seat_at_one_table(ada, bob, server.port());
    exchange_moves(black, white);

    CHECK(server.stop() == 0);
    CHECK(admin(folder, {"ban", ada.welcome.player, "--reason", "cheating"}).second == 0);
    server.restart();

    // Ada is refused; Bob, back at the table, finds the game over: Ada left it.
    REQUIRE(ada.socket.connect(server.port()) == 101);
    ada.socket.send(online::client::Hello{ada.welcome.player, ada.welcome.secret, {}, online::Resume{ada.table, 0}});
    CHECK(ada.next_error() == ErrorCode::Banned);
    bob.connect(server.port(), online::Resume{bob.table, bob.seq});
    std::optional<GameResult> result;
    while (!result) {
      const std::optional<online::ServerMessage> message = bob.step();
      REQUIRE(message);
      if (const auto* over = std::get_if<wire::GameOver>(&*message)) result = over->over.result;
      REQUIRE(!std::holds_alternative<wire::GameAborted>(*message));  // four moves in: the game counts
    }
    CHECK(result->winner() == bob.colour);
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: static files with their types, precompressed forms, and bad paths refused") {
    TemporaryFolder folder;
    const auto dist = folder.path() / "dist";
    std::filesystem::create_directories(dist);
    std::filesystem::create_directories(folder.path() / "distAsecret");
    std::ofstream(dist / "index.html") << "<!doctype html><title>Reversi</title>";
    std::ofstream(dist / "reversi.wasm") << "wasm";
    std::ofstream(dist / "reversi.wasm.br") << "brotli";
    std::ofstream(dist / "reversi.wasm.gz") << "gzip";
    std::ofstream(dist / "reversi.data") << "data";
    std::ofstream(dist / "manifest.webmanifest") << "{}";
    std::ofstream(dist / "sw.js") << "self";
    std::ofstream(folder.path() / "distAsecret" / "x") << "secret";
    std::ofstream(folder.path() / "outside") << "secret";
    std::filesystem::create_symlink(folder.path() / "outside", dist / "leak");
    ServerProcess server(folder, {"--static", dist.string()});

    const HttpAnswer index = http_get(server.port(), "/");
    CHECK(index.status == 200);
    CHECK(index.headers.at("content-type") == "text/html; charset=utf-8");
    CHECK(index.headers.at("cache-control") == "no-cache");
    CHECK(index.headers.at("access-control-allow-origin") == "*");
    CHECK(http_get(server.port(), "/sw.js").headers.at("cache-control") == "no-cache");
    CHECK(http_get(server.port(), "/manifest.webmanifest").headers.at("content-type") == "application/manifest+json");
    CHECK(http_get(server.port(), "/reversi.data").headers.at("content-type") == "application/octet-stream");

    const HttpAnswer plain = http_get(server.port(), "/reversi.wasm");
    CHECK(plain.body == "wasm");
    CHECK(plain.headers.at("content-type") == "application/wasm");
    CHECK(plain.headers.count("content-encoding") == 0);
    CHECK(plain.headers.at("vary") == "Accept-Encoding");
    const HttpAnswer brotli = http_get(server.port(), "/reversi.wasm", {{"Accept-Encoding", "gzip, br"}});
    CHECK(brotli.body == "brotli");
    CHECK(brotli.headers.at("content-encoding") == "br");
    CHECK(brotli.headers.at("content-type") == "application/wasm");
    const HttpAnswer gzip = http_get(server.port(), "/reversi.wasm", {{"Accept-Encoding", "gzip"}});
    CHECK(gzip.body == "gzip");
    CHECK(gzip.headers.at("content-encoding") == "gzip");

    for (const char* bad : {"/../outside", "/%2e%2e%2foutside", "/a%00", "/%E0%A4%A", "/..%2fdistAsecret/x"})
      CHECK_MESSAGE(http_get(server.port(), bad).status == 400, bad);
    CHECK(http_get(server.port(), "/leak").status == 404);
    CHECK(http_get(server.port(), "/nothing.js").status == 404);
    CHECK(server.stop() == 0);
  }
}
