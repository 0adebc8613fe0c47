// The app's start-up decision for online play (app/core/online_table.h):
// a plain address goes back to a seat this device still holds, and a device
// that never played online connects nowhere.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/core/online_table.h"
#include "app_test_support.h"
#include "messages/table_messages.h"
#include "online_test_support.h"

using namespace reversi;
namespace online = reversi::messages::online;
namespace wire = reversi::messages::online::server;
using reversi::messages::Json;

namespace {

struct StartRig {
  reversi::testing::FakeLink link;
  reversi::testing::MemoryStore store;
  std::vector<std::string> notices;
  OnlineTable table{OnlineTable::Services{link, store, [] { return 1000.0; },
                                          [this](std::string_view text, double) { notices.emplace_back(text); }}};
  void keep_identity() {
    store.documents[OnlineTable::kPlayerKey] =
        messages::dump(Json{{"version", 1}, {"player", "p_me"}, {"secret", "s3cret"}, {"name", "Ada"}});
  }
  void receive(const online::ServerMessage& message) { table.link_message(online::encode_server_message(message)); }
  // The last message sent, decoded (one the codec refuses fails the test).
  online::ClientMessage last_sent() const {
    REQUIRE_FALSE(link.sent.empty());
    const auto decoded = online::decode_client_message(link.sent.back());
    REQUIRE_MESSAGE(bool(decoded), decoded.error.message);
    return *decoded.value;
  }
};

wire::Table seated_table() {
  wire::Table table;
  table.code = "K7M2QX";
  table.owner = "p_me";
  table.options = online::TableOptions{1, 45, StartVariant::StandardCross};
  for (int seat = 0; seat < 2; ++seat) {
    table.seats[seat].kind = wire::SeatView::Kind::Human;
    table.seats[seat].player = seat == 0 ? "p_me" : "p_bea";
    table.seats[seat].name = seat == 0 ? "Ada" : "Bea";
    table.seats[seat].connected = true;
  }
  table.phase = messages::TablePhase::Playing;
  table.seq = 3;
  return table;
}

}  // namespace

TEST_SUITE("online start-up") {
  TEST_CASE("only a plain address goes back to a kept seat") {
    CHECK(starts_without_online_link("", ""));
    CHECK_FALSE(starts_without_online_link("K7M2QX", ""));
    CHECK_FALSE(starts_without_online_link("", "9XK2PW"));
    CHECK_FALSE(starts_without_online_link("", "", "ABCD2345"));
  }

  TEST_CASE("a device that never played online connects nowhere") {
    StartRig rig;
    rig.table.return_to_saved_seat();
    CHECK(rig.link.opens == 0);
    CHECK_FALSE(rig.table.active());
    CHECK(rig.table.connection() == OnlineTable::Connection::Idle);
    CHECK(rig.notices.empty());
  }

  TEST_CASE("offline at start-up: no try, and no notice") {
    StartRig rig;
    rig.keep_identity();
    rig.link.is_online = false;
    rig.table.return_to_saved_seat();
    CHECK(rig.link.opens == 0);
    CHECK(rig.notices.empty());
  }

  TEST_CASE("a kept player with a seat goes straight back to the table") {
    StartRig rig;
    rig.keep_identity();
    rig.table.return_to_saved_seat();
    REQUIRE(rig.link.opens == 1);
    rig.table.link_opened();
    REQUIRE(rig.link.sent.size() == 1);
    const auto hello = online::decode_client_message(rig.link.sent[0]);
    REQUIRE(bool(hello));
    const auto* said = std::get_if<online::client::Hello>(&*hello.value);
    REQUIRE(said != nullptr);
    CHECK(said->player == std::optional<std::string>("p_me"));
    rig.receive(wire::Welcome{"p_me", "Ada", std::nullopt, std::string("K7M2QX")});
    CHECK(rig.table.active());
    CHECK(rig.link.closes == 0);
    rig.receive(seated_table());
    REQUIRE(rig.table.table() != nullptr);
    CHECK(rig.table.seat() == 0);
    CHECK(rig.table.opponent_name() == "Bea");
  }

  TEST_CASE("a kept player without a seat: the connection is closed again, the solo game stays") {
    StartRig rig;
    rig.keep_identity();
    rig.table.return_to_saved_seat();
    REQUIRE(rig.link.opens == 1);
    rig.table.link_opened();
    rig.receive(wire::Welcome{"p_me", "Ada", std::nullopt, std::nullopt});
    CHECK_FALSE(rig.table.active());
    CHECK(rig.link.closes == 1);
    CHECK(rig.table.connection() == OnlineTable::Connection::Idle);
    CHECK(rig.notices.empty());
  }

  TEST_CASE("after the seat moved to another device, the table says so instead of nothing") {
    StartRig rig;
    rig.keep_identity();
    rig.table.return_to_saved_seat();
    rig.table.link_opened();
    rig.receive(wire::Welcome{"p_me", "Ada", std::nullopt, std::string("K7M2QX")});
    rig.receive(seated_table());
    rig.receive(wire::SeatMoved{});
    CHECK_FALSE(rig.table.active());
    CHECK(rig.table.moved_away());
    rig.table.join("K7M2QX");
    CHECK_FALSE(rig.table.moved_away());
  }
}

TEST_SUITE("online identity") {
  TEST_CASE("a link code makes this device the player who showed it: the hello carries it, the new secret is kept") {
    StartRig rig;
    rig.keep_identity();  // this device's own guest, about to be replaced
    rig.table.use_link("abcd-2345");
    CHECK(rig.link.opens == 1);
    rig.table.link_opened();
    const auto hello = std::get<online::client::Hello>(rig.last_sent());
    CHECK(hello.link == std::optional<std::string>("ABCD2345"));
    CHECK_FALSE(hello.player.has_value());  // instead of this device's own player
    rig.receive(wire::Welcome{"p_ada", "Ada", std::string("device-2"), std::string("K7M2QX")});
    CHECK(rig.table.player() == "p_ada");
    CHECK(rig.table.name() == "Ada");
    const Json kept = Json::parse(rig.store.documents[OnlineTable::kPlayerKey]);
    CHECK(kept.at("player") == "p_ada");
    CHECK(kept.at("secret") == "device-2");
    CHECK(std::find_if(rig.notices.begin(), rig.notices.end(), [](const std::string& text) {
            return text.find("This device now plays as Ada") == 0;
          }) != rig.notices.end());
    // A later connection is Ada's, with this device's secret: the code is not sent again.
    rig.table.link_closed();
    rig.table.link_opened();
    const auto again = std::get<online::client::Hello>(rig.last_sent());
    CHECK_FALSE(again.link.has_value());
    CHECK(again.player == std::optional<std::string>("p_ada"));
    CHECK(again.secret == std::optional<std::string>("device-2"));
  }

  TEST_CASE("a code that is not one is refused here; one the server refuses says why and leaves the player as was") {
    StartRig rig;
    rig.keep_identity();
    rig.table.use_link("ABC");
    CHECK(rig.link.opens == 0);
    CHECK(rig.notices.back() == "A link code is eight letters and digits, like ABCD-EFGH.");
    rig.table.use_link("ABCD2345");
    rig.table.link_opened();
    rig.receive(wire::Error{messages::ErrorCode::NoSuchCode,
                            "That link code is unknown, used or expired. Ask your other device for a new one.",
                            "hello"});
    CHECK(rig.notices.back().find("That link code is unknown") == 0);
    CHECK(Json::parse(rig.store.documents[OnlineTable::kPlayerKey]).at("player") == "p_me");
  }

  TEST_CASE("the code to show another device, while it is good") {
    StartRig rig;
    rig.keep_identity();
    rig.table.link_device();
    rig.table.link_opened();
    rig.receive(wire::Welcome{"p_me", "Ada", std::nullopt, std::nullopt});
    CHECK(std::holds_alternative<online::client::LinkDevice>(rig.last_sent()));
    rig.receive(wire::LinkCode{"ABCD2345", 300});
    CHECK(rig.table.link_code() == "ABCD2345");
  }

  TEST_CASE("deleting: asked of the server, then this device forgets the player and a reload starts afresh") {
    StartRig rig;
    rig.keep_identity();
    rig.table.delete_player();
    rig.table.link_opened();
    rig.receive(wire::Welcome{"p_me", "Ada", std::nullopt, std::nullopt});
    CHECK(std::holds_alternative<online::client::DeletePlayer>(rig.last_sent()));
    rig.receive(wire::PlayerDeleted{});
    CHECK(rig.table.player().empty());
    CHECK(rig.table.connection() == OnlineTable::Connection::Idle);
    CHECK(rig.link.closes >= 1);
    CHECK(rig.notices.back() == "Your online data is deleted. Playing online again starts as a new guest.");
    const Json kept = Json::parse(rig.store.documents[OnlineTable::kPlayerKey]);
    CHECK_FALSE(kept.contains("player"));
    // The next start-up from a plain address has nothing to go back to.
    StartRig later;
    later.store.documents = rig.store.documents;
    later.table.return_to_saved_seat();
    CHECK(later.link.opens == 0);
  }
}
