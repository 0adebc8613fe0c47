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
        &lobby, world.store.get(), &tokens, [this] { return world.now; }, [this] { return world.unix_now; }, {}};
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
  ErrorCode refusal() { return error().code; }
  wire::Error error() {
    const auto errors = link->take_only<wire::Error>();
    REQUIRE(errors.size() == 1);
    return errors[0];
  }
  // The name the server answered a set-name with, or "" when it refused.
  std::string rename(const std::string& name) {
    say(online::client::SetName{name});
    const auto welcomes = link->take_only<wire::Welcome>();
    return welcomes.empty() ? "" : welcomes[0].name;
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

STORE_TEST_CASE("server client: a name that looks like another player's is refused, and says why") {
  Server server(backend);
  Client ada(server), bob(server);
  ada.hello();
  bob.hello();
  REQUIRE(ada.rename("Ada") == "Ada");
  REQUIRE(ada.rename("Attacker A") == "Attacker A");
  REQUIRE(ada.rename("Ada") == "Ada");  // Attacker A is free again: a name is held while it is the name

  // Over the wire, as the client gets it.
  bob.say(online::client::SetName{"ADA"});
  REQUIRE(bob.link->sent.size() == 1);
  CHECK(bob.link->sent[0] ==
        R"({"code":"bad-name","reason":"That name looks too much like another player's name (Ada). Choose )"
        R"(another.","request":"set-name","type":"error"})");
  bob.link->sent.clear();
  for (const char* look_alike : {"ada", "\u0391\u0434\u0430" /* Αда: Greek and Cyrillic */, "\uff21da"}) {
    bob.say(online::client::SetName{look_alike});
    const wire::Error error = bob.error();
    CHECK(error.code == ErrorCode::BadName);
    CHECK_MESSAGE((error.reason.find("Ada") != std::string::npos || error.reason.find("mixes") != std::string::npos),
                  error.reason);
  }
  // A Cyrillic А among Latin letters is refused even where nobody is Ada.
  Server empty(backend);
  Client carol(empty);
  carol.hello();
  carol.say(online::client::SetName{"\u0410da"});
  CHECK(carol.error().reason.find("mixes Cyrillic and Latin letters in one word") != std::string::npos);
  for (const char* name :
       {"\u0418\u0432\u0430\u043d", "Ada Smith", "\u738b\u5c0f\u660e", "\u0645\u062d\u0645\u062f \u0639\u0644\u064a"})
    CHECK(carol.rename(name) == name);

  // "Attacker A" against "Attacker А": one word of one letter each, caught by the skeleton.
  REQUIRE(bob.rename("Attacker A") == "Attacker A");
  ada.say(online::client::SetName{"Attacker \u0410"});
  CHECK(ada.error().reason == "That name looks too much like another player's name (Attacker A). Choose another.");
  CHECK(ada.rename("Ada") == "Ada");  // keeping one's own name
  CHECK(bob.rename("B0b") == "B0b");
  ada.say(online::client::SetName{"Bob"});
  CHECK(ada.refusal() == ErrorCode::BadName);  // the zero passes for an o
}

STORE_TEST_CASE("server client: a name is held 30 days after its player was last seen") {
  Server server(backend);
  Client ada(server), bob(server);
  const wire::Welcome ada_welcome = ada.hello();
  bob.hello();
  REQUIRE(ada.rename("Ada") == "Ada");
  server.world.unix_now += 29 * 86'400;
  CHECK(bob.rename("Ada") == "");
  // Ada comes back on day 29: her hold starts again.
  Client ada_again(server);
  ada_again.hello(online::client::Hello{ada_welcome.player, ada_welcome.secret, {}, {}});
  server.world.unix_now += 29 * 86'400;
  CHECK(bob.rename("Ada") == "");
  server.world.unix_now += 86'400 + 1;  // 30 days since she was last seen
  CHECK(bob.rename("Ada") == "Ada");
  // Ada, back, still has the name she never changed, but no other like it.
  Client ada_later(server);
  CHECK(ada_later.hello(online::client::Hello{ada_welcome.player, ada_welcome.secret, {}, {}}).name == "Ada");
  CHECK(ada_later.rename("Ada") == "Ada");
  ada_later.say(online::client::SetName{"ADA"});
  CHECK(ada_later.refusal() == ErrorCode::BadName);
}

STORE_TEST_CASE("server client: guests' given names are never refused, and host players' names count as in use") {
  Server server(backend);
  Client first(server), second(server);
  first.hello();
  second.hello();
  CHECK(first.rename("Guest 4821") == "Guest 4821");
  CHECK(second.rename("Guest 4821") == "Guest 4821");  // guests share given names
  second.say(online::client::SetName{"Guest 482l"});   // a chosen look-alike of one is not a guest's name
  CHECK(second.refusal() == ErrorCode::BadName);

  // The host page vouches for its players' names: not compared, but held.
  CHECK(first.rename("Ada") == "Ada");
  const std::string token = server::HostTokenVerifier::sign("a-key-of-sixteen-bytes",
                                                            R"({"player":"ada-1842","name":"ADA","exp":1900000000})");
  Client host_player(server);
  CHECK(host_player.hello(online::client::Hello{{}, {}, token, {}}).name == "ADA");
  const std::string grace = server::HostTokenVerifier::sign(
      "a-key-of-sixteen-bytes", R"({"player":"grace-7","name":"Grace Hopper","exp":1900000000})");
  Client grace_player(server);
  CHECK(grace_player.hello(online::client::Hello{{}, {}, grace, {}}).name == "Grace Hopper");
  second.say(online::client::SetName{"Grace H0pper"});
  CHECK(second.error().reason == "That name looks too much like another player's name (Grace Hopper). Choose another.");
}

STORE_TEST_CASE("server client: new guests are limited per address, returning players never") {
  Server server(backend);
  server::GuestLimiter limiter(3);
  auto from = [&](const std::string& address) {
    server::ClientServices services = server.services();
    services.guests = &limiter;
    services.address = address;
    return services;
  };
  std::vector<wire::Welcome> made;
  for (int index = 0; index < 3; ++index) {
    auto shared = std::make_shared<FakeLink>();
    server::ClientSession session(from("198.51.100.7"), shared);
    session.on_message(online::encode_client_message(online::client::Hello{}));
    const auto welcomes = shared->take_only<wire::Welcome>();
    REQUIRE(welcomes.size() == 1);
    made.push_back(welcomes[0]);
  }
  auto refused = std::make_shared<FakeLink>();
  server::ClientSession fourth(from("198.51.100.7"), refused);
  fourth.on_message(online::encode_client_message(online::client::Hello{}));
  REQUIRE(refused->sent.size() == 1);
  CHECK(refused->sent[0] ==
        R"({"code":"too-many-guests","reason":"Too many new players from your address in the last hour; try )"
        R"(again later or use your saved player.","request":"hello","type":"error"})");
  CHECK_FALSE(refused->closed);
  refused->sent.clear();
  // On the same connection, the saved player gets in.
  fourth.on_message(online::encode_client_message(online::client::Hello{made[0].player, made[0].secret, {}, {}}));
  CHECK(refused->take_only<wire::Welcome>().at(0).player == made[0].player);
  // A host's player too, and a guest from another address.
  const std::string token = server::HostTokenVerifier::sign("a-key-of-sixteen-bytes",
                                                            R"({"player":"ada-1842","name":"Ada","exp":1900000000})");
  auto host = std::make_shared<FakeLink>();
  server::ClientSession host_session(from("198.51.100.7"), host);
  host_session.on_message(online::encode_client_message(online::client::Hello{{}, {}, token, {}}));
  CHECK(host->take_only<wire::Welcome>().size() == 1);
  auto elsewhere = std::make_shared<FakeLink>();
  server::ClientSession elsewhere_session(from("198.51.100.8"), elsewhere);
  elsewhere_session.on_message(online::encode_client_message(online::client::Hello{}));
  CHECK(elsewhere->take_only<wire::Welcome>().size() == 1);
  // An hour after the first, the address may make guests again.
  server.world.now += 3600;
  auto later = std::make_shared<FakeLink>();
  server::ClientSession later_session(from("198.51.100.7"), later);
  later_session.on_message(online::encode_client_message(online::client::Hello{}));
  CHECK(later->take_only<wire::Welcome>().size() == 1);
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
