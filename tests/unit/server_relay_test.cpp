// A connection whose table another node plays (cluster.h), with a fake
// cluster in place of Redis: the lobby learns remote tables from their
// summaries, a seated player's hello is relayed with its resume point, a
// join of a remote table is relayed with the request itself, every later
// message goes as it came, a relay that cannot start is refused in words,
// and a connection relayed here is served but never relayed on.
#include <doctest/doctest.h>

#include "server/client_session.h"
#include "server/cluster.h"
#include "server_test_support.h"

using namespace reversi;
using namespace reversi::testing;
using messages::ErrorCode;

namespace {

struct FakeCluster : server::Cluster {
  std::string name = "n1";
  bool reachable = true;
  struct Relay {
    std::string node;
    server::RelayStart start;
  };
  std::vector<Relay> relays;
  std::vector<std::string> forwarded;
  std::vector<std::uint64_t> closed;

  const std::string& node() const override { return name; }
  bool acquire(const std::string&) override { return true; }
  void release(const std::string&) override {}
  void table_changed(const server::TableSummary&) override {}
  bool relay(const std::string& node, const server::LinkPtr&, const server::RelayStart& start,
             std::uint64_t& id) override {
    if (!reachable) return false;
    relays.push_back({node, start});
    id = relays.size();
    return true;
  }
  void forward(const std::string&, std::uint64_t, std::string_view message) override {
    forwarded.emplace_back(message);
  }
  void relay_closed(const std::string&, std::uint64_t id) override { closed.push_back(id); }
};

struct Node {
  TableWorld world;
  server::Lobby lobby{world.services(), inline_hosts(world)};
  FakeCluster cluster;
  explicit Node(Backend backend) : world(backend) { lobby.set_cluster(&cluster); }
  server::ClientServices services() {
    server::ClientServices services{
        &lobby, world.store.get(), nullptr, [this] { return world.now; }, [] { return std::int64_t{1'800'000'000}; },
        {}};
    services.cluster = &cluster;
    return services;
  }
  // A table node 2 plays, with `player` seated at it.
  void remote_table(const std::string& code, const std::string& player) {
    server::TableSummary summary;
    summary.code = code;
    summary.players = {player, ""};
    summary.listed = wire::OpenTableEntry{code, player, "Bea", 1, online::TableOptions{}};
    lobby.remote_changed("n2", summary);
  }
};

struct RelayClient {
  std::shared_ptr<FakeLink> link = std::make_shared<FakeLink>();
  server::ClientSession session;
  explicit RelayClient(Node& node) : session(node.services(), link) {}
  void say(const online::ClientMessage& message) { session.on_message(online::encode_client_message(message)); }
};

}  // namespace

STORE_TEST_CASE("server relay: a remote table is listed, joined through its node, and every message after goes there") {
  Node node(backend);
  node.remote_table("K7M2QX", "p_bea");
  CHECK(node.lobby.remote_node("K7M2QX") == "n2");
  CHECK(node.lobby.table_of("p_bea") == "K7M2QX");

  RelayClient ada(node);
  ada.say(online::client::Hello{});
  const auto welcome = ada.link->take_only<wire::Welcome>();
  REQUIRE(welcome.size() == 1);
  ada.say(online::client::WatchOpenTables{});
  const auto listed = ada.link->take_only<wire::OpenTables>();
  REQUIRE(listed.size() == 1);
  REQUIRE(listed[0].tables.size() == 1);
  CHECK(listed[0].tables[0].code == "K7M2QX");  // node 2's table, on node 1's list

  const std::string join = online::encode_client_message(online::client::JoinTable{"K7M2QX"});
  ada.session.on_message(join);
  REQUIRE(node.cluster.relays.size() == 1);
  CHECK(node.cluster.relays[0].node == "n2");
  CHECK(node.cluster.relays[0].start.player == welcome[0].player);
  CHECK(node.cluster.relays[0].start.watching);  // node 2 keeps her list coming
  CHECK(node.cluster.relays[0].start.first_message == join);
  CHECK(ada.link->sent.empty());  // the answer comes from node 2

  const std::string play = online::encode_client_message(online::client::Play{square("f5"), 0});
  ada.session.on_message(play);
  // What cannot be read is refused here: only decoded messages cross to node 2
  // (as JSON objects inside the cluster's own messages, cluster_messages.h).
  ada.session.on_message("not even JSON");
  CHECK(node.cluster.forwarded == std::vector<std::string>{play});
  const auto refused = ada.link->take_only<wire::Error>();
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].code == ErrorCode::BadMessage);
  ada.session.on_closed();
  CHECK(node.cluster.closed == std::vector<std::uint64_t>{1});

  // Closed: the summary takes it off the list and out of the directory.
  server::TableSummary closed;
  closed.code = "K7M2QX";
  closed.closed = true;
  node.lobby.remote_changed("n2", closed);
  CHECK(!node.lobby.remote_node("K7M2QX"));
  CHECK(!node.lobby.table_of("p_bea"));
}

STORE_TEST_CASE("server relay: a seated player's hello is relayed with its resume point, or refused in words") {
  Node node(backend);
  RelayClient first(node);
  first.say(online::client::Hello{});
  const wire::Welcome bea = first.link->take_only<wire::Welcome>().at(0);
  node.remote_table("K7M2QX", bea.player);

  RelayClient back(node);
  back.say(online::client::Hello{bea.player, bea.secret, {}, online::Resume{"K7M2QX", 17}});
  const auto welcome = back.link->take_only<wire::Welcome>();
  REQUIRE(welcome.size() == 1);
  CHECK(welcome[0].table == "K7M2QX");  // this node says where she sits
  REQUIRE(node.cluster.relays.size() == 1);
  CHECK(node.cluster.relays[0].start.resume == online::Resume{"K7M2QX", 17});
  CHECK(node.cluster.relays[0].start.first_message.empty());  // the hello was answered here

  node.cluster.reachable = false;  // Redis away, or node 2 silent
  RelayClient again(node);
  again.say(online::client::Hello{bea.player, bea.secret, {}, std::nullopt});
  const auto messages = again.link->take();
  const auto refused = FakeLink::only<wire::Error>(messages);
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].code == ErrorCode::ServerError);
  CHECK(refused[0].reason ==
        "Your table is played by another server, which cannot be reached just now. Connect again in a moment.");
  CHECK(again.link->closed);  // the app connects again, and is relayed once it can be
}

STORE_TEST_CASE("server relay: a connection relayed here is served here and never relayed on") {
  Node node(backend);
  node.remote_table("K7M2QX", "p_bea");
  RelayClient relayed(node);
  relayed.session.adopt(server::RelayStart{"p_cy", "Cy", false, std::nullopt,
                                           online::encode_client_message(online::client::GetHistory{})});
  // Its first message was served here, as the player the other node checked.
  const auto history = relayed.link->take_only<wire::History>();
  REQUIRE(history.size() == 1);
  CHECK(history[0].games.empty());
  relayed.say(online::client::JoinTable{"K7M2QX"});
  CHECK(node.cluster.relays.empty());  // node 2's table, but not passed back and forth
  const auto refused = relayed.link->take_only<wire::Error>();
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].code == ErrorCode::ServerError);
  CHECK(relayed.link->closed);
}

STORE_TEST_CASE("server relay: a table handed over to another node sends its players there, or asks them back") {
  Node node(backend);
  RelayClient ada(node);
  ada.say(online::client::Hello{});
  const wire::Welcome welcome = ada.link->take_only<wire::Welcome>().at(0);
  ada.say(online::client::OpenTable{online::TableOptions{}, true});
  const auto table = ada.link->take_only<wire::Table>();
  REQUIRE(table.size() == 1);
  const std::string code = table[0].code;

  // Its lease went to a node this one cannot name yet.
  node.lobby.hand_over(code, std::nullopt);
  CHECK(!node.lobby.find_table(code));
  RelayClient back(node);
  back.say(online::client::Hello{welcome.player, welcome.secret, {}, online::Resume{code, 1}});
  const auto refused = back.link->take_only<wire::Error>();
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].reason == "Your table is moving to another server. Connect again in a moment.");
  CHECK(back.link->closed);
  CHECK(node.cluster.relays.empty());

  // Its new node said where it is: her next connection goes there.
  server::TableSummary moved;
  moved.code = code;
  moved.players = {welcome.player, ""};
  moved.transfer_code = "T2T2T2";
  node.lobby.remote_changed("n3", moved);
  RelayClient again(node);
  again.say(online::client::Hello{welcome.player, welcome.secret, {}, online::Resume{code, 1}});
  REQUIRE(node.cluster.relays.size() == 1);
  CHECK(node.cluster.relays[0].node == "n3");
  CHECK(node.cluster.relays[0].start.resume == online::Resume{code, 1});

  // Its seat-transfer code is known here too: another device claims it through n3.
  CHECK(node.lobby.remote_transfer_node("T2T2T2") == "n3");
  RelayClient phone(node);
  phone.say(online::client::Hello{});
  phone.link->take();
  phone.say(online::client::ClaimSeat{"T2T2T2"});
  REQUIRE(node.cluster.relays.size() == 2);
  CHECK(node.cluster.relays[1].node == "n3");
  CHECK(node.cluster.relays[1].start.first_message ==
        online::encode_client_message(online::client::ClaimSeat{"T2T2T2"}));
}

STORE_TEST_CASE("server relay: a hello relayed here for a player seated nowhere here is asked to connect again") {
  // The relaying node sent Welcome with the table's code; this node's
  // directory no longer seats the player (the table closed, or moved, a
  // moment ago). Silence would leave the client waiting for its table.
  Node node(backend);
  RelayClient relayed(node);
  relayed.session.adopt(server::RelayStart{"p_cy", "Cy", false, online::Resume{"K7M2QX", 4}, ""});
  const auto refused = relayed.link->take_only<wire::Error>();
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].code == ErrorCode::ServerError);
  CHECK(refused[0].reason == "Your table is moving to another server. Connect again in a moment.");
  CHECK(relayed.link->closed);
}

STORE_TEST_CASE("server relay: a hello or join that finds its table just before it is handed over is told so") {
  Node node(backend);
  RelayClient ada(node);
  ada.say(online::client::Hello{});
  const wire::Welcome welcome = ada.link->take_only<wire::Welcome>().at(0);
  ada.say(online::client::OpenTable{online::TableOptions{}, false});
  const std::string code = ada.link->take_only<wire::Table>().at(0).code;

  // The lease went to node 2 between a connection's look-up of the table and
  // its turn at it: handed over on its own thread, still in the directory.
  const server::HostPtr host = node.lobby.find_table(code);
  REQUIRE(host);
  host->run([](server::Table& table) { table.hand_over(); });
  CHECK(ada.link->closed);  // the seated connection ends there
  RelayClient back(node);
  back.say(online::client::Hello{welcome.player, welcome.secret, {}, online::Resume{code, 1}});
  const auto messages = back.link->take();
  REQUIRE(FakeLink::only<wire::Welcome>(messages).size() == 1);
  CHECK(FakeLink::only<wire::Welcome>(messages)[0].table == code);
  CHECK(FakeLink::only<wire::Table>(messages).empty());  // no table, and not left waiting for one:
  const auto refused = FakeLink::only<wire::Error>(messages);
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].reason == "Your table is moving to another server. Connect again in a moment.");
  CHECK(back.link->closed);

  RelayClient cy(node);
  cy.say(online::client::Hello{});
  cy.link->take();
  cy.say(online::client::JoinTable{code});
  const auto join_refused = cy.link->take_only<wire::Error>();
  REQUIRE(join_refused.size() == 1);
  CHECK(join_refused[0].request == "join-table");
  CHECK(cy.link->closed);
}
