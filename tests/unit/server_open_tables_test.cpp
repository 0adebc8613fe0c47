// The open tables list sent as changes (open-tables-changed): whatever
// happens (opens, closes, joins, privacy, renames, avoidances, tables of
// another node, the 100-entry cap), a watcher who applies the changes holds
// exactly the list a fresh open-tables would give it; and what that saves.
#include <doctest/doctest.h>

#include <random>

#include "server/client_session.h"
#include "server/open_tables_list.h"
#include "server_test_support.h"
#include "watched_list.h"

using namespace reversi;
using namespace reversi::testing;

namespace {

struct ListingServer {
  TableWorld world;
  server::Lobby lobby{world.services(), inline_hosts(world)};

  explicit ListingServer(Backend backend) : world(backend) {}
  ListingServer() = default;
  server::ClientServices services() {
    server::ClientServices services{
        &lobby, world.store.get(), nullptr, [this] { return world.now; }, [] { return std::int64_t{1'800'000'000}; },
        {}};
    services.moderation = world.moderation.get();
    return services;
  }
  // A table another node plays, as its summary tells this one.
  void remote(const std::string& code, const std::string& host, const std::string& name, bool listed = true) {
    server::TableSummary summary;
    summary.code = code;
    summary.players = {host, ""};
    if (listed) summary.listed = wire::OpenTableEntry{code, host, name, 2, online::TableOptions{}};
    summary.closed = !listed;
    lobby.remote_changed("n2", summary);
  }
};

struct ListingClient {
  std::shared_ptr<FakeLink> link = std::make_shared<FakeLink>();
  server::ClientSession session;
  wire::Welcome welcome;
  WatchedList list;  // as this client keeps it, when watching

  explicit ListingClient(ListingServer& server) : session(server.services(), link) {
    say(online::client::Hello{});
    welcome = link->take_only<wire::Welcome>().at(0);
  }
  void say(const online::ClientMessage& message) { session.on_message(online::encode_client_message(message)); }
  std::string open(bool is_private = false) {
    say(online::client::OpenTable{online::TableOptions{}, is_private});
    const auto tables = FakeLink::only<wire::Table>(take());
    REQUIRE(!tables.empty());
    return tables[0].code;
  }
  // What was sent since, with the lists and changes among it taken in.
  std::vector<online::ServerMessage> take() {
    std::vector<online::ServerMessage> messages = link->take();
    list.take(messages);
    return messages;
  }
};

// A fresh whole list for `player`, as watching now would send it.
std::vector<wire::OpenTableEntry> fresh_list(server::Lobby& lobby, const std::string& player) {
  const auto decoded = online::decode_server_message(lobby.open_tables_message(player));
  REQUIRE(decoded);
  return std::get<wire::OpenTables>(*decoded.value).tables;
}

// Every watcher's list, changes applied, is what a fresh list would be.
void check_lists(ListingServer& server, std::initializer_list<ListingClient*> watchers, const std::string& step) {
  for (ListingClient* watcher : watchers) {
    watcher->take();
    INFO(step);
    CHECK(watcher->list.whole);
    CHECK(watcher->list.in_step);
    CHECK(watcher->list.tables == fresh_list(server.lobby, watcher->welcome.player));
  }
}

std::string remote_code(int index) {
  std::string code = "R2222";
  code += online::kCodeAlphabet[static_cast<std::size_t>(index) % online::kCodeAlphabet.size()];
  code[4] = online::kCodeAlphabet[static_cast<std::size_t>(index) / online::kCodeAlphabet.size()];
  return code;
}

}  // namespace

STORE_TEST_CASE("open tables: a watcher applying the changes holds what a fresh list shows, at every step") {
  ListingServer server(backend);
  ListingClient ada(server), bob(server), cy(server), joiner(server), dan(server), eve(server);
  dan.say(online::client::WatchOpenTables{});
  eve.say(online::client::WatchOpenTables{});
  check_lists(server, {&dan, &eve}, "watching: the whole list, empty");
  CHECK(dan.list.changes == 0);

  const std::string ada_table = ada.open();
  check_lists(server, {&dan, &eve}, "Ada opens");
  const std::string bob_table = bob.open();
  check_lists(server, {&dan, &eve}, "Bob opens");
  cy.open(/*is_private=*/true);
  check_lists(server, {&dan, &eve}, "Cy opens a private table: no change");
  CHECK(dan.list.changes == 2);
  CHECK(dan.list.tables.front().code == bob_table);  // newest first

  ada.say(online::client::SetPrivate{true});
  check_lists(server, {&dan, &eve}, "Ada's table goes private");
  ada.say(online::client::SetPrivate{false});
  check_lists(server, {&dan, &eve}, "Ada's table is listed again, as the newest");
  CHECK(dan.list.tables.front().code == ada_table);

  bob.say(online::client::SetName{"Robert"});
  check_lists(server, {&dan, &eve}, "Bob's new name: his entry changes where it stands");
  CHECK(dan.list.tables.back().host_name == "Robert");

  joiner.say(online::client::JoinTable{ada_table});
  check_lists(server, {&dan, &eve}, "a player joins Ada: her table is full");
  joiner.say(online::client::LeaveTable{});
  check_lists(server, {&dan, &eve}, "the player leaves: Ada's table waits again");

  // Eve sits with Ada, leaves, and reports her: Ada's table leaves Eve's list at once.
  eve.say(online::client::JoinTable{ada_table});
  check_lists(server, {&dan, &eve}, "Eve joins Ada");
  eve.say(online::client::LeaveTable{});
  check_lists(server, {&dan, &eve}, "Eve leaves Ada");
  CHECK(eve.list.names(ada_table));
  eve.say(online::client::Report{ada.welcome.player, messages::ReportReason::Abuse, ""});
  check_lists(server, {&dan, &eve}, "Eve reports Ada");
  CHECK_FALSE(eve.list.names(ada_table));
  CHECK(dan.list.names(ada_table));

  bob.say(online::client::LeaveTable{});
  check_lists(server, {&dan, &eve}, "Bob leaves: his table closes");

  // Tables another node plays come and go on this node's lists the same way,
  // past the 100-entry cap.
  for (int index = 0; index < 105; ++index) {
    server.remote(remote_code(index), "p_remote" + std::to_string(index), "Host " + std::to_string(index));
    check_lists(server, {&dan, &eve}, "node 2 opens table " + std::to_string(index));
  }
  REQUIRE(dan.list.tables.size() == online::kMaxOpenTablesListed);
  CHECK(dan.list.tables.back().code == remote_code(5));
  // One of the hundred closes: the next newest comes in at the bottom.
  server.remote(remote_code(50), "p_remote50", "", /*listed=*/false);
  const auto change = dan.link->take_only<wire::OpenTablesChanged>();
  REQUIRE(change.size() == 1);
  CHECK(change[0].removed == std::vector<std::string>{remote_code(50)});
  REQUIRE(change[0].added.size() == 1);
  CHECK(change[0].added[0].at == 99);
  CHECK(change[0].added[0].entry.code == remote_code(4));
  dan.list.take(online::ServerMessage{change[0]});
  check_lists(server, {&dan, &eve}, "node 2 closes a table in the hundred");
  // A table below the hundred changes: nothing to send.
  server.remote(remote_code(0), "p_remote0", "Renamed");
  CHECK(dan.link->sent.empty());
  check_lists(server, {&dan, &eve}, "a table below the hundred changes");
  // A report made through node 2, read from the store: Dan's list loses that host's table.
  server::ReportRow report;
  report.reporter = dan.welcome.player;
  report.reported = "p_remote104";
  report.code = remote_code(104);
  report.created_unix = 1'800'000'000;
  REQUIRE(server.world.store->moderation()->add_report(report));
  REQUIRE(!server.world.moderation->load());
  check_lists(server, {&dan, &eve}, "Dan's report through node 2");
  CHECK_FALSE(dan.list.names(remote_code(104)));
  CHECK(eve.list.names(remote_code(104)));
  // Ada, avoided by Eve, now hosts on node 2: still not on Eve's list.
  ada.say(online::client::LeaveTable{});
  check_lists(server, {&dan, &eve}, "Ada leaves");
  server.remote("ADA222", ada.welcome.player, "Ada");
  check_lists(server, {&dan, &eve}, "Ada hosts on node 2");
  CHECK(dan.list.tables.front().code == "ADA222");
  CHECK_FALSE(eve.list.names("ADA222"));

  // Watching again starts from a whole list; unwatching stops the changes.
  dan.say(online::client::WatchOpenTables{});
  const auto again = dan.link->take_only<wire::OpenTables>();
  REQUIRE(again.size() == 1);
  CHECK(again[0].tables == dan.list.tables);
  dan.say(online::client::UnwatchOpenTables{});
  server.remote("ADA222", ada.welcome.player, "Ada", /*listed=*/false);
  CHECK(dan.link->sent.empty());
  check_lists(server, {&eve}, "node 2 closes Ada's table");
}

TEST_CASE("open tables: the changes fit every watcher's list through random opens, closes, renames and avoidances") {
  std::mt19937 random(40);
  server::OpenTablesList list;
  const std::vector<std::string> hosts = {"p_a", "p_b", "p_c", "p_d", "p_e", "p_f"};
  // Three watchers: one avoids no one, two avoid some hosts, a set that grows.
  struct Watcher {
    std::set<std::string> avoided;
    server::OpenTablesList::Holding holding;
    std::vector<wire::OpenTableEntry> tables;
  };
  std::vector<Watcher> watchers(3);
  auto hidden = [](const Watcher& watcher) -> server::OpenTablesList::Hidden {
    if (watcher.avoided.empty()) return {};
    return [&watcher](const std::string& host) { return watcher.avoided.count(host) > 0; };
  };
  for (Watcher& watcher : watchers) watcher.tables = list.whole(watcher.holding, hidden(watcher)).tables;
  std::size_t sent_changes = 0;
  for (int step = 0; step < 4000; ++step) {
    const int what = static_cast<int>(random() % 10);
    if (what == 0) {  // an avoidance
      watchers[1 + random() % 2].avoided.insert(hosts[random() % hosts.size()]);
    } else {  // a table (of 160, so that the cap is often reached) opens, closes or changes
      const std::string code = "T" + std::to_string(random() % 160);
      std::optional<wire::OpenTableEntry> entry;
      if (what < 8)
        entry = wire::OpenTableEntry{code, hosts[random() % hosts.size()], "Host", 1 + static_cast<int>(random() % 3),
                                     online::TableOptions{}};
      list.update(code, entry);
    }
    for (Watcher& watcher : watchers) {
      const auto change = list.changes(watcher.holding, hidden(watcher));
      if (change) {
        ++sent_changes;
        // As it travels: the decoder takes what the server makes.
        const auto decoded = online::decode_server_message(online::encode_server_message(*change));
        REQUIRE_MESSAGE(decoded, decoded.error.message);
        REQUIRE(online::apply_open_tables_changed(watcher.tables, std::get<wire::OpenTablesChanged>(*decoded.value)));
      }
      server::OpenTablesList::Holding scratch;
      REQUIRE(watcher.tables == list.whole(scratch, hidden(watcher)).tables);
      CHECK(watcher.holding == scratch);
    }
  }
  CHECK(sent_changes > 1000);
}

TEST_CASE("open tables: 50 opens and 50 closes cost one watcher a small fraction of whole lists") {
  ListingServer server;
  std::vector<std::unique_ptr<ListingClient>> hosts;
  for (int index = 0; index < 150; ++index) hosts.push_back(std::make_unique<ListingClient>(server));
  for (int index = 0; index < 100; ++index) hosts[index]->open();  // the list is full
  ListingClient watcher(server);
  watcher.say(online::client::WatchOpenTables{});
  const std::size_t first_list = watcher.link->sent.at(0).size();
  watcher.take();

  std::size_t whole_lists = 0, changes = 0;
  auto count = [&] {
    // Before: every change sent the watcher the whole list.
    whole_lists += server.lobby.open_tables_message(watcher.welcome.player).size();
    for (const std::string& text : watcher.link->sent) changes += text.size();
    watcher.take();
  };
  for (int index = 100; index < 150; ++index) {
    hosts[index]->open();
    count();
  }
  for (int index = 100; index < 150; ++index) {
    hosts[index]->say(online::client::LeaveTable{});
    count();
  }
  CHECK(watcher.list.in_step);
  CHECK(watcher.list.tables == fresh_list(server.lobby, watcher.welcome.player));
  MESSAGE("open tables, one watcher, 50 opens + 50 closes on a full list: the first list "
          << first_list << " bytes, then " << whole_lists << " bytes as whole lists, " << changes
          << " bytes as changes");
  CHECK(changes * 20 < whole_lists);
}
