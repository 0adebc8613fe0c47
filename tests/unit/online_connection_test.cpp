// The connection alone (app/core/online_connection.h), with a fake socket
// and store: the kept guest read before the first hello and a new one kept,
// what each hello says (guest, host token, another device's code once, a
// resume from the last event), backoff, replayed events dropped, and a
// malformed message ignored.
#include "app/core/online_connection.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app_test_support.h"
#include "online_test_support.h"

using namespace reversi;
namespace online = reversi::messages::online;
namespace wire = reversi::messages::online::server;
using reversi::messages::Json;

namespace {

struct ConnectionRig {
  reversi::testing::FakeLink link;
  reversi::testing::MemoryStore store;
  double time = 50;
  int identities_loaded = 0;
  std::vector<std::string> notices;
  OnlineConnection connection{{link, store, [this] { return time; },
                               [this](std::string_view text, double) { notices.emplace_back(text); },
                               [this] { ++identities_loaded; }}};

  ConnectionRig() = default;
  ConnectionRig(const ConnectionRig&) = delete;
  ConnectionRig& operator=(const ConnectionRig&) = delete;

  // Connected and welcomed as a new guest.
  void welcomed_as(const std::string& player) {
    open();
    connection.opened(std::nullopt);
    REQUIRE(connection.welcomed(welcome(player, "x")));
  }
  // Connects through the identity load, up to the socket's opening.
  void open() {
    connection.connect();
    if (connection.identity_loaded() && link.opens == 0) connection.connect();
    REQUIRE(link.opens > 0);
  }
  static wire::Welcome welcome(const std::string& player, std::optional<std::string> secret = {}) {
    wire::Welcome welcome;
    welcome.player = player;
    welcome.name = "Guest 12";
    welcome.secret = std::move(secret);
    return welcome;
  }
  static std::string move_text(int seq) {
    wire::Pass pass;
    pass.seq = seq;
    pass.pass.color = Color::Black;
    return online::encode_server_message(pass);
  }
};

}  // namespace

TEST_SUITE("online connection") {
  TEST_CASE("the kept guest is read before the first hello, which names it") {
    ConnectionRig rig;
    rig.store.documents[OnlineConnection::kPlayerKey] =
        messages::dump(Json{{"version", 1}, {"player", "p_kept"}, {"secret", "s3cret"}, {"name", "Kept"}});
    rig.connection.connect();
    CHECK(rig.identities_loaded == 1);
    CHECK(rig.connection.has_identity());
    CHECK(rig.link.opens == 0);  // the owner connects again once told
    rig.connection.connect();
    CHECK(rig.link.opens == 1);
    CHECK(rig.connection.state() == OnlineConnection::State::Connecting);
    rig.connection.opened(std::nullopt);
    const online::client::Hello hello = rig.link.last_as<online::client::Hello>();
    CHECK(hello.player == "p_kept");
    CHECK(hello.secret == "s3cret");
    CHECK(!hello.resume);
  }

  TEST_CASE("a new guest from the welcome is kept for the next visit, and requests held until then go out") {
    ConnectionRig rig;
    rig.open();
    rig.connection.opened(std::nullopt);
    CHECK(!rig.link.last_as<online::client::Hello>().player);  // nobody yet: the server makes a guest
    rig.connection.hold(online::client::GetLeaderboard{online::Period::Week});
    CHECK(rig.link.sent.size() == 1);  // held, not sent before the welcome
    REQUIRE(rig.connection.welcomed(ConnectionRig::welcome("p_new", "n3w-secret")));
    CHECK(rig.connection.connected());
    CHECK(rig.connection.player() == "p_new");
    const Json kept = Json::parse(rig.store.documents[OnlineConnection::kPlayerKey]);
    CHECK(kept["player"] == "p_new");
    CHECK(kept["secret"] == "n3w-secret");
    for (const online::ClientMessage& request : std::exchange(rig.connection.held(), {})) rig.connection.send(request);
    CHECK(rig.link.sent.size() == 2);
  }

  TEST_CASE("a host's token goes instead of the guest; a refused one is dropped for the guest") {
    ConnectionRig rig;
    rig.store.documents[OnlineConnection::kPlayerKey] =
        messages::dump(Json{{"version", 1}, {"player", "p_kept"}, {"secret", "s3cret"}});
    rig.connection.sign_in("signed.token");
    rig.open();
    rig.connection.opened(std::nullopt);
    CHECK(rig.link.last_as<online::client::Hello>().token == "signed.token");
    CHECK(!rig.link.last_as<online::client::Hello>().player);
    rig.connection.token_refused();
    rig.connection.reconnect_now();
    CHECK(rig.connection.due(false));
    rig.connection.connect();
    rig.connection.opened(std::nullopt);
    CHECK(!rig.link.last_as<online::client::Hello>().token);
    CHECK(rig.link.last_as<online::client::Hello>().player == "p_kept");
  }

  TEST_CASE("another device's code goes once; the retry after it is this device's own player again") {
    ConnectionRig rig;
    rig.connection.use_link("ABCDEFGH");
    rig.open();
    rig.connection.opened(std::optional<std::string>("K7M2QX"));
    CHECK(rig.link.last_as<online::client::Hello>().link == "ABCDEFGH");
    CHECK(!rig.link.last_as<online::client::Hello>().resume);  // the linked player's seat comes with the welcome
    CHECK(rig.connection.linking());
    rig.connection.closed(true, false);
    rig.connection.connect();
    rig.connection.opened(std::nullopt);
    CHECK(!rig.link.last_as<online::client::Hello>().link);
  }

  TEST_CASE("a resume starts after the last event seen, and replayed events are dropped") {
    ConnectionRig rig;
    rig.welcomed_as("p_me");
    CHECK(rig.connection.accept(ConnectionRig::move_text(1)));
    CHECK(rig.connection.accept(ConnectionRig::move_text(2)));
    CHECK(!rig.connection.accept(ConnectionRig::move_text(2)));  // seen already
    CHECK(!rig.connection.accept(ConnectionRig::move_text(1)));
    CHECK(!rig.connection.accept("{\"type\":\"no such thing\"}"));  // malformed: ignored
    CHECK(!rig.connection.accept("not json"));
    CHECK(rig.connection.seq() == 2);
    rig.connection.closed(true, true);
    CHECK(rig.notices.back() == "Connection lost. Reconnecting…");
    rig.connection.connect();
    rig.connection.opened(std::optional<std::string>("K7M2QX"));
    const online::client::Hello hello = rig.link.last_as<online::client::Hello>();
    REQUIRE(hello.resume);
    CHECK(hello.resume->table == "K7M2QX");
    CHECK(hello.resume->seq == 2);
  }

  TEST_CASE("attempts back off from half a second to ten, and start over once welcomed or asked at once") {
    ConnectionRig rig;
    rig.open();
    std::vector<double> waits;
    for (int attempt = 0; attempt < 8; ++attempt) {
      rig.connection.closed(true, false);
      CHECK(!rig.connection.due(false));
      waits.push_back(rig.connection.retry_in());
      rig.time += rig.connection.retry_in();
      REQUIRE(rig.connection.due(false));
      rig.connection.connect();
      CHECK(!rig.connection.due(false));  // an attempt is under way
    }
    CHECK(waits == std::vector<double>{0.5, 1, 2, 4, 8, 10, 10, 10});
    rig.connection.closed(true, false);
    CHECK(rig.connection.due(true));  // the page came back into view
    rig.connection.connect();
    rig.connection.closed(true, false);
    CHECK(rig.connection.retry_in() == 0.5);
  }

  TEST_CASE("a device that knows it is offline says so and waits for the next attempt") {
    ConnectionRig rig;
    rig.link.is_online = false;
    rig.connection.connect();
    CHECK(rig.link.opens == 0);
    CHECK(rig.connection.state() == OnlineConnection::State::Reconnecting);
    CHECK(rig.notices.back() == "Playing online needs a connection. Games on this device still work.");
  }

  TEST_CASE("the welcome that answers a change of name changes only the name") {
    ConnectionRig rig;
    rig.welcomed_as("p_me");
    rig.connection.asked_name();
    wire::Welcome renamed = ConnectionRig::welcome("p_me");
    renamed.name = "Ada";
    CHECK(!rig.connection.welcomed(renamed));
    CHECK(rig.connection.name() == "Ada");
    CHECK(rig.notices.back() == "You play as Ada.");
  }

  TEST_CASE("a deleted player is forgotten here for good: the store says deleted and the socket closes") {
    ConnectionRig rig;
    rig.welcomed_as("p_me");
    rig.connection.forget_deleted_player();
    CHECK(rig.connection.state() == OnlineConnection::State::Idle);
    CHECK(rig.link.closes == 1);
    CHECK(!rig.connection.has_identity());
    CHECK(Json::parse(rig.store.documents[OnlineConnection::kPlayerKey])["deleted"] == true);
  }
}
