// Chips through a real reversi-server started with --chips: two bots play a
// one-game match, and the player cards over HTTP show what it paid.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "server/bots.h"
#include "server/processes.h"
#include "server/test_socket.h"

using namespace reversi;
using namespace reversi::testing;
using Json = nlohmann::json;

namespace {

int chips_of(std::uint16_t port, const std::string& player) {
  const HttpAnswer card = http_get(port, "/api/players/" + player);
  REQUIRE(card.status == 200);
  const Json json = Json::parse(card.body);
  REQUIRE(json.contains("chips"));
  return json["chips"];
}

}  // namespace

TEST_SUITE("server-process") {
  TEST_CASE("server process: with --chips 500 a match's winner has 530 chips and its loser 470") {
    TemporaryFolder folder;
    ServerProcess server(folder, {"--chips", "500"});
    auto bot = [&](const std::string& log, std::vector<std::string> arguments) {
      arguments.insert(arguments.begin(), {build_path("reversi-cli"), "bot", "--server", server.url()});
      arguments.push_back("--json");
      return std::make_unique<ChildProcess>(arguments, folder.path() / log);
    };
    auto creator = bot("creator.log", {"--create", "--level", "easy"});
    const Json created = parse_line(creator->read_line(20));
    REQUIRE(created.contains("table"));
    auto joiner = bot("joiner.log", {"--join", created["table"], "--level", "medium"});
    const Json joined = parse_line(joiner->read_line(20));
    REQUIRE(joined.contains("player"));
    // The creator's colour in each game, and the last game's winner.
    std::string colour, winner;
    for (const std::string& line : creator->read_all(120)) {
      const Json json = parse_line(line);
      if (json.contains("gameStarted")) colour = json["color"];
      if (json.contains("game")) winner = json["winner"];
    }
    CHECK(creator->wait(10) == 0);
    CHECK(joiner->wait(10) == 0);
    REQUIRE(winner != "draw");  // a one-game match goes on until a game is won
    const bool creator_won = winner == colour;
    CHECK(chips_of(server.port(), created["player"]) == (creator_won ? 530 : 470));
    CHECK(chips_of(server.port(), joined["player"]) == (creator_won ? 470 : 530));
    CHECK(server.stop() == 0);
  }
}
