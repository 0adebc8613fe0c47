// A game clock on a real reversi-server between two reversi-cli bots: the
// server runs the clocks at a twentieth of their time (--game-clock-scale,
// for tests), a slow bot's flag falls, and the game is lost on time.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "engine/notation.h"
#include "server/bots.h"
#include "server/processes.h"

using namespace reversi;
using namespace reversi::testing;
using Json = nlohmann::json;

TEST_SUITE("server-process") {
  TEST_CASE("server process: a game on a 1+0 game clock ends when the slow bot's flag falls") {
    TemporaryFolder folder;
    // 1+0 at a twentieth: each side has 3 seconds for the whole game.
    ServerProcess server(folder, {"--game-clock-scale", "0.05"});
    auto quick = start_bot(folder, "quick.log",
                           {"--server", server.url(), "--create", "--game-clock", "1+0", "--level", "easy"});
    const Json first = parse_line(quick->read_line(20));
    REQUIRE(first.contains("table"));
    // The slow bot thinks 1.2 s a move: its third move is past its 3 seconds.
    auto slow = start_bot(folder, "slow.log",
                          {"--server", server.url(), "--join", first["table"], "--level", "easy", "--delay", "1.2"});
    const BotLines quick_lines = read_lines(*quick, 120);
    const BotLines slow_lines = read_lines(*slow, 120);
    CHECK(quick->wait(10) == 0);
    CHECK(slow->wait(10) == 0);
    const auto games = quick_lines.of("game");
    REQUIRE(games.size() == 1);  // a loss on time decides a one-game match
    CHECK(slow_lines.of("game") == games);
    const Json& game = games[0];
    CHECK(game["reason"] == "time");
    const auto started = quick_lines.of("gameStarted");
    REQUIRE(started.size() == 1);
    CHECK(game["winner"] == started[0]["color"]);  // the quick bot won
    // What happened, in order: the game started, moves were played (the slow
    // bot made at least one), then the flag fell with the game unfinished.
    std::string moves;
    bool seen_start = false, seen_over = false, slow_moved = false;
    for (const Json& line : quick_lines.all) {
      if (line.contains("gameStarted")) seen_start = true;
      if (line.contains("move")) {
        CHECK(seen_start);
        CHECK_FALSE(seen_over);
        moves += line["move"].get<std::string>();
        slow_moved = slow_moved || line["color"] != started[0]["color"];
      }
      if (line.contains("game")) seen_over = true;
    }
    CHECK(seen_over);
    CHECK(slow_moved);
    CHECK(game["transcript"] == moves);
    const ReplayResult replay = replay_transcript(moves);
    REQUIRE_MESSAGE(replay, replay.message());
    CHECK_FALSE(is_game_over(replay.replay->final_position.board));
    CHECK(server.stop() == 0);
  }
}
