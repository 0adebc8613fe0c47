// A real reversi-server on loopback, asked for players as a script would:
// new guests limited per address (behind a local proxy, the forwarded one),
// returning players let in; and a look-alike name refused over the wire.
#include <doctest/doctest.h>

#include <string>

#include "server/processes.h"
#include "server/test_socket.h"

using namespace reversi;
using namespace reversi::testing;
namespace online = messages::online;
namespace wire = messages::online::server;
using messages::ErrorCode;

namespace {

// A connection as a proxy on this machine passes it on for `address`.
void connect_from(TestSocket& socket, const ServerProcess& server, const std::string& address) {
  REQUIRE(socket.connect(server.port(), "", {{"X-Forwarded-For", "10.0.0.1, " + address}}) == 101);
}

}  // namespace

TEST_SUITE("server-process") {
  TEST_CASE("server process: an address makes at most --guests-per-hour guests; saved players still come in") {
    TemporaryFolder folder;
    ServerProcess server(folder, {"--guests-per-hour", "3"});
    std::vector<wire::Welcome> guests;
    for (int index = 0; index < 3; ++index) {
      TestSocket socket;
      connect_from(socket, server, "203.0.113.9");
      socket.send(online::client::Hello{});
      const std::optional<wire::Welcome> welcome = socket.wait_for<wire::Welcome>(10);
      REQUIRE(welcome);
      REQUIRE(welcome->secret);
      guests.push_back(*welcome);
    }
    TestSocket fourth;
    connect_from(fourth, server, "203.0.113.9");
    fourth.send(online::client::Hello{});
    const std::optional<wire::Error> refused = fourth.wait_for<wire::Error>(10);
    REQUIRE(refused);
    CHECK(refused->code == ErrorCode::TooManyGuests);
    CHECK(refused->reason ==
          "Too many new players from your address in the last hour; try again later or use your saved player.");
    CHECK(refused->request == "hello");
    // The same connection goes on as a saved player.
    fourth.send(online::client::Hello{guests[0].player, guests[0].secret, {}, {}});
    const std::optional<wire::Welcome> back = fourth.wait_for<wire::Welcome>(10);
    REQUIRE(back);
    CHECK(back->player == guests[0].player);

    // Another address behind the proxy has its own hour; the proxy's own
    // address (no header) is another again.
    TestSocket other;
    connect_from(other, server, "203.0.113.10");
    other.send(online::client::Hello{});
    CHECK(other.wait_for<wire::Welcome>(10));
    TestSocket direct;
    REQUIRE(direct.connect(server.port()) == 101);
    direct.send(online::client::Hello{});
    CHECK(direct.wait_for<wire::Welcome>(10));
    // A header the proxy did not write well is ignored: the guests count for
    // 127.0.0.1, which has two left of its three.
    for (const char* bad : {"203.0.113.9, nonsense", "nonsense"}) {
      TestSocket socket;
      REQUIRE(socket.connect(server.port(), "", {{"X-Forwarded-For", bad}}) == 101);
      socket.send(online::client::Hello{});
      CHECK_MESSAGE(socket.wait_for<wire::Welcome>(10), bad);
    }
    TestSocket over;
    REQUIRE(over.connect(server.port(), "", {{"X-Forwarded-For", "junk"}}) == 101);
    over.send(online::client::Hello{});
    const std::optional<wire::Error> local_refused = over.wait_for<wire::Error>(10);
    REQUIRE(local_refused);
    CHECK(local_refused->code == ErrorCode::TooManyGuests);
    CHECK(server.stop() == 0);
  }

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
