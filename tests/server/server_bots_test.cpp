// Whole matches between two reversi-cli bots through a real reversi-server
// on loopback, and a server killed with SIGKILL mid-game and restarted on
// the same database.
#include <doctest/doctest.h>
#include <signal.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "engine/notation.h"
#include "server/bots.h"
#include "server/processes.h"
#include "server/test_socket.h"

using namespace reversi;
using namespace reversi::testing;
using Json = nlohmann::json;

TEST_SUITE("server-process") {
  TEST_CASE("server process: two bots play whole matches of 1 and 3 games") {
    for (const int games : {1, 3}) {
      CAPTURE(games);
      TemporaryFolder folder;
      ServerProcess server(folder);
      const long week = current_week();
      auto creator = start_bot(
          folder, "creator.log",
          {"--server", server.url(), "--create", "--match", std::to_string(games), "--level", "easy", "--name", "Ada"});
      const Json first = parse_line(creator->read_line(20));
      REQUIRE(first.contains("table"));
      REQUIRE(first.contains("player"));
      auto joiner =
          start_bot(folder, "joiner.log", {"--server", server.url(), "--join", first["table"], "--level", "medium"});
      const BotLines created = read_lines(*creator, 120);
      const BotLines joined = read_lines(*joiner, 120);
      CHECK(creator->wait(10) == 0);
      CHECK(joiner->wait(10) == 0);
      check_games(created);
      check_games(joined);
      const auto played = created.of("game");
      CHECK(played == joined.of("game"));
      CHECK(static_cast<int>(played.size()) >= (games + 1) / 2);
      // Colours alternate between the games of a match, for both bots.
      const auto starts = created.of("gameStarted");
      REQUIRE(starts.size() == played.size());
      for (std::size_t index = 1; index < starts.size(); ++index)
        CHECK(starts[index]["color"] != starts[index - 1]["color"]);
      // The match stops as soon as a bot has the wins it needs.
      int creator_wins = 0, joiner_wins = 0;
      for (std::size_t index = 0; index < played.size(); ++index) {
        const std::string winner = played[index]["winner"];
        if (winner == "draw") continue;
        (winner == starts[index]["color"] ? creator_wins : joiner_wins) += 1;
      }
      CHECK(std::max(creator_wins, joiner_wins) == games / 2 + 1);
      // Every game was between two players: the leaderboard and the cards
      // count 10 a win, 4 a draw and 1 a loss.
      const int draws = static_cast<int>(played.size()) - creator_wins - joiner_wins;
      const HttpAnswer board = http_get(server.port(), "/api/leaderboard?period=week");
      CHECK(board.status == 200);
      CHECK(board.headers.at("content-type") == "application/json");
      const Json entries = Json::parse(board.body)["entries"];
      std::map<std::string, int> points;
      for (const Json& entry : entries) points[entry["player"]] = entry["points"];
      const std::string ada = first["player"];
      const HttpAnswer card = http_get(server.port(), "/api/players/" + ada);
      REQUIRE(card.status == 200);
      const Json ada_card = Json::parse(card.body);
      CHECK(ada_card["name"] == "Ada");
      if (current_week() == week) {
        CHECK(entries.size() == 2);
        CHECK(points[ada] == 10 * creator_wins + 4 * draws + joiner_wins);
        CHECK(ada_card["points"]["week"] == points[ada]);
      } else {
        MESSAGE("Monday 00:00 UTC fell during the match: this week's points are not compared");
      }
      CHECK(ada_card["level"].get<int>() == 1 + static_cast<int>(ada_card["milestones"].size()));
      CHECK(ada_card["level"].get<int>() >= (creator_wins > 0 ? 3 : 2));
      CHECK(http_get(server.port(), "/api/players/p_nobody").status == 404);
      CHECK(server.stop() == 0);
    }
  }

  TEST_CASE("server process: a server killed after the tenth move comes back and the game goes on") {
    TemporaryFolder folder;
    ServerProcess server(folder);
    auto creator =
        start_bot(folder, "creator.log", {"--server", server.url(), "--create", "--level", "easy", "--delay", "0.15"});
    const Json first = parse_line(creator->read_line(20));
    auto joiner = start_bot(folder, "joiner.log",
                            {"--server", server.url(), "--join", first["table"], "--level", "easy", "--delay", "0.15"});
    BotLines before;
    std::string ten_moves;
    while (ten_moves.size() < 20) {
      const Json line = parse_line(creator->read_line(30));
      before.all.push_back(line);
      if (line.contains("move")) ten_moves += line["move"].get<std::string>();
    }
    server.kill_hard();
    server.restart();
    const BotLines created = read_lines(*creator, 120, before);
    const BotLines joined = read_lines(*joiner, 120);
    CHECK(creator->wait(10) == 0);
    CHECK(joiner->wait(10) == 0);
    const auto games = created.of("game");
    // One game, or more when the first ones were drawn: a draw counts for
    // nobody, and a match of one game goes on until someone has won one.
    REQUIRE(!games.empty());
    for (std::size_t index = 0; index + 1 < games.size(); ++index) CHECK(games[index]["winner"] == "draw");
    const std::string transcript = games[0]["transcript"];
    CHECK(transcript.substr(0, 20) == ten_moves);
    CHECK(joined.of("game") == games);
    check_games(created);
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: a bot whose server stays away gives up with a clear message") {
    TemporaryFolder folder;
    auto server = std::make_unique<ServerProcess>(folder);
    // Three seconds of trying rather than the 30 a bot takes unless told:
    // the same giving up, and a wait of ten times that as the guard.
    auto creator = start_bot(folder, "creator.log",
                             {"--server", server->url(), "--create", "--level", "easy", "--give-up-after", "3"});
    parse_line(creator->read_line(20));
    server->kill_hard();
    CHECK_MESSAGE(creator->wait(30) == 1, "guard: the bot still trying 30 s after its server went (told 3 s)");
    std::ifstream log(folder.path() / "creator.log");
    const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    CHECK(text.find("gave up after 3 s") != std::string::npos);
  }
}
