// A real reversi-server on loopback, spoken to over raw HTTP: query values
// percent-decoded, headers over the limit answered 431, and the WebSocket
// Origin check against the configured public origins.
#include <doctest/doctest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "server/processes.h"
#include "server/test_socket.h"

using namespace reversi::testing;

TEST_SUITE("server-process") {
  TEST_CASE("server process: API query values are percent-decoded; a bad escape is a 400 in words") {
    TemporaryFolder folder;
    ServerProcess server(folder);
    const HttpAnswer week = http_get(server.port(), "/api/leaderboard?period=%77eek");
    CHECK(week.status == 200);
    CHECK(nlohmann::json::parse(week.body, nullptr, false).value("period", "") == "week");
    CHECK(http_get(server.port(), "/api/leaderboard?period=%6Donth&player=p%5Fnobody").status == 200);
    for (const char* bad :
         {"/api/leaderboard?period=%zz", "/api/leaderboard?period=week%7", "/api/leaderboard?player=%"}) {
      const HttpAnswer refused = http_get(server.port(), bad);
      CHECK_MESSAGE(refused.status == 400, bad);
      CHECK_MESSAGE(nlohmann::json::parse(refused.body, nullptr, false).value("error", "").find("two hex digits") !=
                        std::string::npos,
                    refused.body);
    }
    CHECK(http_get(server.port(), "/api/leaderboard?period=%64ay").status == 400);  // decoded, still not a period
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: headers over the limit are answered 431 and the connection closed") {
    TemporaryFolder folder;
    ServerProcess server(folder);
    std::map<std::string, std::string> padding;  // 100 KiB of headers, 8 KiB each (a field's own limit is 64 KiB)
    for (int index = 0; index < 13; ++index) padding["X-Padding-" + std::to_string(index)] = std::string(8000, 'x');
    const HttpAnswer refused = http_get(server.port(), "/api/leaderboard", padding);
    CHECK(refused.status == 431);
    CHECK(refused.headers.count("connection") == 1);
    CHECK(refused.headers.at("connection") == "close");
    CHECK(http_get(server.port(), "/api/leaderboard", {{"X-Padding", std::string(8 * 1024, 'x')}}).status == 200);
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: with --public-origin the WebSocket is for those origins, not the Host header's") {
    TemporaryFolder folder;
    ServerProcess server(folder, {"--public-origin", "https://games.example/", "--public-origin",
                                  "https://www.games.example", "--allowed-origins", "http://arcade.example"});
    TestSocket socket;
    // A rebinding page: its Origin matches the Host header the browser sends.
    CHECK(socket.connect(server.port(), "http://127.0.0.1:" + std::to_string(server.port())) == 403);
    CHECK(socket.connect(server.port(), "https://evil.example") == 403);
    for (const char* allowed : {"https://games.example", "https://www.games.example", "http://arcade.example"}) {
      CHECK_MESSAGE(socket.connect(server.port(), allowed) == 101, allowed);
      socket.close();
    }
    CHECK(socket.connect(server.port()) == 101);  // no Origin: not a browser
    socket.close();
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: a --public-origin that is not an origin stops the start, in words") {
    TemporaryFolder folder;
    ChildProcess server({build_path("reversi-server"), "--port", "0", "--database",
                         (folder.path() / "db.sqlite3").string(), "--public-origin", "games.example/play"},
                        folder.path() / "server.log");
    CHECK(server.wait(30) == 2);
  }
}
