// The app's start-up decision for online play (app/core/online_table.h):
// a plain address goes back to a seat this device still holds, and a device
// that never played online connects nowhere.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/core/online_table.h"
#include "app_test_support.h"
#include "messages/table_messages.h"

using namespace reversi;
namespace online = reversi::messages::online;
namespace wire = reversi::messages::online::server;
using reversi::messages::Json;

namespace {

// The WebSocket: counts what the table does with it.
class CountingLink final : public OnlineLink {
 public:
  bool is_online = true;
  int opens = 0;
  int closes = 0;
  std::vector<std::string> sent;
  bool online() const override { return is_online; }
  void open() override { ++opens; }
  void send(const std::string& text) override { sent.push_back(text); }
  void close() override { ++closes; }
};

struct StartRig {
  CountingLink link;
  reversi::testing::MemoryStore store;
  std::vector<std::string> notices;
  OnlineTable table{OnlineTable::Services{link, store, [] { return 1000.0; },
                                          [this](std::string_view text, double) { notices.emplace_back(text); }}};
  void keep_identity() {
    store.documents[OnlineTable::kPlayerKey] =
        messages::dump(Json{{"version", 1}, {"player", "p_me"}, {"secret", "s3cret"}, {"name", "Ada"}});
  }
  void receive(const online::ServerMessage& message) { table.link_message(online::encode_server_message(message)); }
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
