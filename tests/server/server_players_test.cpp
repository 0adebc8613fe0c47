// A real reversi-server on loopback, asked for players as a script would:
// a look-alike name refused over the wire.
#include <doctest/doctest.h>

#include <string>

#include "server/processes.h"
#include "server/test_socket.h"

using namespace reversi;
using namespace reversi::testing;
namespace online = messages::online;
namespace wire = messages::online::server;
using messages::ErrorCode;

TEST_SUITE("server-process") {
  TEST_CASE("server process: a name that looks like another player's is refused with the reason") {
    TemporaryFolder folder;
    ServerProcess server(folder);
    TestSocket ada, mallory;
    for (TestSocket* socket : {&ada, &mallory}) {
      REQUIRE(socket->connect(server.port()) == 101);
      socket->send(online::client::Hello{});
      REQUIRE(socket->wait_for<wire::Welcome>(10));
      REQUIRE(socket->wait_for<wire::Mutes>(10));  // sent after every welcome
    }
    ada.send(online::client::SetName{"Attacker A"});
    const std::optional<wire::Welcome> named = ada.wait_for<wire::Welcome>(10);
    REQUIRE(named);
    CHECK(named->name == "Attacker A");
    mallory.send(R"({"type":"set-name","name":"Attacker \u0410"})");  // a Cyrillic А
    const std::optional<std::string> answer = mallory.receive(10);
    REQUIRE(answer);
    CHECK(*answer == R"({"code":"bad-name","reason":"That name looks too much like another player's name )"
                     R"((Attacker A). Choose another.","request":"set-name","type":"error"})");
    mallory.send(R"({"type":"set-name","name":"\u0410da"})");
    const std::optional<wire::Error> mixed = mallory.wait_for<wire::Error>(10);
    REQUIRE(mixed);
    CHECK(mixed->code == ErrorCode::BadName);
    CHECK(mixed->reason.find("mixes Cyrillic and Latin letters in one word") != std::string::npos);
    CHECK(server.stop() == 0);
  }
}
