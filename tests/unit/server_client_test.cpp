// One connection's conversation (ClientSession) through the lobby, with
// tables hosted inline: hello and its secrets, names, the size cap, the rate
// limit, malformed input, opening, joining, the open tables list, and
// moving a seat to another device.
#include <doctest/doctest.h>

#include "server/client_session.h"
#include "server/secrets.h"
#include "server_test_support.h"

using namespace reversi;
using namespace reversi::testing;
using messages::ErrorCode;

namespace {

struct Server {
  TableWorld world;
  server::Lobby lobby{world.services(), inline_hosts(world)};
  server::HostTokenVerifier tokens{std::string("a-key-of-sixteen-bytes")};

  explicit Server(Backend backend) : world(backend) {}

  server::ClientServices services() {
    return server::ClientServices{
        &lobby, world.store.get(), &tokens, [this] { return world.now; }, [] { return std::int64_t{1'800'000'000}; },
        {}};
  }
};

struct Client {
  std::shared_ptr<FakeLink> link = std::make_shared<FakeLink>();
  server::ClientSession session;
  Client(Server& server) : session(server.services(), link) {}
  void say(const online::ClientMessage& message) { session.on_message(online::encode_client_message(message)); }
  wire::Welcome hello(online::client::Hello hello = {}) {
    say(hello);
    const auto welcomes = link->take_only<wire::Welcome>();
    REQUIRE(welcomes.size() == 1);
    return welcomes[0];
  }
  ErrorCode refusal() {
    const auto errors = link->take_only<wire::Error>();
    REQUIRE(errors.size() == 1);
    return errors[0].code;
  }
};

}  // namespace

STORE_TEST_CASE("server client: a guest gets an id and a secret, kept only as a hash") {
  Server server(backend);
  Client first(server);
  const wire::Welcome welcome = first.hello();
  REQUIRE(welcome.secret);
  CHECK(welcome.secret->size() == 64);  // 256 bits in hex
  CHECK(welcome.player.rfind("p_", 0) == 0);
  const auto stored = server.world.store->find_player(welcome.player);
  REQUIRE(stored);
  REQUIRE(*stored.value);
  CHECK(stored.value->value().secret_hash == server::sha256_hex(*welcome.secret));
  CHECK(stored.value->value().secret_hash != *welcome.secret);

  Client again(server);
  const wire::Welcome back = again.hello(online::client::Hello{welcome.player, welcome.secret, {}, {}});
  CHECK(back.player == welcome.player);
  CHECK_FALSE(back.secret);

  Client forger(server);
  forger.say(online::client::Hello{welcome.player, std::string(64, '0'), {}, {}});
  CHECK(forger.refusal() == ErrorCode::BadSecret);
  forger.say(online::client::OpenTable{});
  CHECK(forger.refusal() == ErrorCode::HelloFirst);
}

STORE_TEST_CASE("server client: host tokens are checked for signature and expiry") {
  Server server(backend);
  const std::string good = server::HostTokenVerifier::sign("a-key-of-sixteen-bytes",
                                                           R"({"player":"ada-1842","name":"Ada","exp":1900000000})");
  Client host_player(server);
  const wire::Welcome welcome = host_player.hello(online::client::Hello{{}, {}, good, {}});
  CHECK(welcome.player == "h_ada-1842");
  CHECK(welcome.name == "Ada");
  Client forged(server);
  forged.say(online::client::Hello{{}, {}, good.substr(0, good.size() - 2) + "AA", {}});
  CHECK(forged.refusal() == ErrorCode::BadToken);
  Client expired(server);
  expired.say(online::client::Hello{
      {}, {}, server::HostTokenVerifier::sign("a-key-of-sixteen-bytes", R"({"player":"x","name":"X","exp":1})"), {}});
  CHECK(expired.refusal() == ErrorCode::BadToken);
  Client other_key(server);
  other_key.say(online::client::Hello{
      {},
      {},
      server::HostTokenVerifier::sign("another-key-16-bytes", R"({"player":"x","name":"X","exp":1900000000})"),
      {}});
  CHECK(other_key.refusal() == ErrorCode::BadToken);
}

STORE_TEST_CASE("server client: names are checked on the server") {
  Server server(backend);
  Client client(server);
  client.hello();
  client.say(online::client::SetName{"  Ada  Lovelace "});
  CHECK(client.refusal() == ErrorCode::BadName);  // two spaces in a row
  client.say(online::client::SetName{"A"});
  CHECK(client.refusal() == ErrorCode::BadName);
  client.say(online::client::SetName{"<script>"});
  CHECK(client.refusal() == ErrorCode::BadName);
  client.say(online::client::SetName{"  Zoë O'Brien-Smith "});
  const auto renamed = client.link->take_only<wire::Welcome>();
  REQUIRE(renamed.size() == 1);
  CHECK(renamed[0].name == "Zoë O'Brien-Smith");
  client.say(online::client::SetName{"देवनागरी"});
  CHECK(client.link->take_only<wire::Welcome>().size() == 1);
}

STORE_TEST_CASE("server client: oversized, malformed and too many messages are refused, nothing else happens") {
  Server server(backend);
  Client client(server);
  client.hello();
  client.session.on_message(std::string(5000, ' '));
  CHECK(client.refusal() == ErrorCode::TooLarge);
  client.session.on_message("{\"type\":\"play\",");
  CHECK(client.refusal() == ErrorCode::BadMessage);
  client.session.on_message(R"({"type":"teleport"})");
  CHECK(client.refusal() == ErrorCode::UnknownType);
  client.session.on_message(R"({"type":"play","square":"f5","ply":"zero"})");
  CHECK(client.refusal() == ErrorCode::BadMessage);

  // 40 in a burst pass (the four above count), then 20 a second.
  int refused = 0;
  for (int index = 0; index < 40; ++index) {
    client.say(online::client::UnwatchOpenTables{});
    refused += static_cast<int>(client.link->take_only<wire::Error>().size());
  }
  CHECK(refused == 4);
  server.world.now += 1;
  for (int index = 0; index < 25; ++index) {
    client.say(online::client::UnwatchOpenTables{});
    refused += static_cast<int>(client.link->take_only<wire::Error>().size());
  }
  CHECK(refused == 9);
  CHECK_FALSE(client.link->closed);
  for (int index = 0; index < 40; ++index) client.say(online::client::UnwatchOpenTables{});
  CHECK(client.link->closed);  // kept going over
}

STORE_TEST_CASE("server client: open, list, join by code in any case, and no second seat") {
  Server server(backend);
  Client ada(server), bob(server), watcher(server);
  ada.hello();
  bob.hello();
  watcher.hello();
  watcher.say(online::client::WatchOpenTables{});
  CHECK(watcher.link->take_only<wire::OpenTables>()[0].tables.empty());
  ada.say(online::client::OpenTable{online::TableOptions{3, 45, StartVariant::StandardCross}, false});
  const auto tables = ada.link->take_only<wire::Table>();
  REQUIRE(tables.size() == 1);
  const std::string code = tables[0].code;
  const auto listed = watcher.link->take_only<wire::OpenTablesChanged>();  // only what changed
  REQUIRE(listed.size() == 1);
  REQUIRE(listed[0].added.size() == 1);
  CHECK(listed[0].added[0].at == 0);
  CHECK(listed[0].added[0].entry.code == code);
  CHECK(listed[0].removed.empty());
  CHECK(listed[0].changed.empty());
  ada.say(online::client::OpenTable{});
  CHECK(ada.refusal() == ErrorCode::AlreadySeated);

  std::string lower = code;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  bob.session.on_message(R"({"type":"join-table","code":")" + lower + "\"}");
  CHECK(bob.link->take_only<wire::GameStarted>().size() == 1);
  const auto taken = watcher.link->take_only<wire::OpenTablesChanged>();  // full: off the list
  REQUIRE(taken.size() == 1);
  CHECK(taken[0].removed == std::vector<std::string>{code});
  CHECK(taken[0].added.empty());
  bob.say(online::client::JoinTable{"ZZZZZZ"});
  CHECK(bob.refusal() == ErrorCode::NoSuchTable);
}

STORE_TEST_CASE("server client: a seat moves to another device with a one-time code") {
  Server server(backend);
  Client ada(server), bob(server), ada_phone(server);
  ada.hello();
  bob.hello();
  ada.say(online::client::OpenTable{});
  const std::string code = ada.link->take_only<wire::Table>()[0].code;
  bob.say(online::client::JoinTable{code});
  ada.link->take();
  ada.say(online::client::TransferSeat{});
  const auto transfer = ada.link->take_only<wire::TransferCode>();
  REQUIRE(transfer.size() == 1);
  const wire::Welcome phone = ada_phone.hello();
  ada_phone.say(online::client::ClaimSeat{transfer[0].code});
  CHECK(ada.link->take_only<wire::SeatMoved>().size() == 1);
  CHECK(ada.link->closed);
  const auto state = ada_phone.link->take_only<wire::State>();
  REQUIRE(state.size() == 1);
  CHECK((state[0].black == phone.player || state[0].white == phone.player));
  Client thief(server);
  thief.hello();
  thief.say(online::client::ClaimSeat{transfer[0].code});
  CHECK(thief.refusal() == ErrorCode::NoSuchCode);  // a code works once
}

STORE_TEST_CASE("server client: the leaderboard, a card and the history over the connection") {
  Server server(backend);
  Client ada(server);
  const wire::Welcome welcome = ada.hello();
  ada.say(online::client::GetPlayer{});
  const auto cards = ada.link->take_only<wire::PlayerCard>();
  REQUIRE(cards.size() == 1);
  CHECK(cards[0].player == welcome.player);
  CHECK(cards[0].level == 1);
  CHECK(cards[0].milestones.empty());
  ada.say(online::client::GetPlayer{std::string("p_nobody")});
  CHECK(ada.refusal() == ErrorCode::NoSuchPlayer);
  ada.say(online::client::GetLeaderboard{online::Period::Year});
  const auto boards = ada.link->take_only<wire::Leaderboard>();
  REQUIRE(boards.size() == 1);
  CHECK(boards[0].period == online::Period::Year);
  CHECK(boards[0].entries.empty());
  CHECK(boards[0].from.substr(5) == "01-01");
  ada.say(online::client::GetHistory{});
  const auto histories = ada.link->take_only<wire::History>();
  REQUIRE(histories.size() == 1);
  CHECK(histories[0].games.empty());
  CHECK(histories[0].match.empty());
  Client stranger(server);
  stranger.say(online::client::GetLeaderboard{});
  CHECK(stranger.refusal() == ErrorCode::HelloFirst);
}
