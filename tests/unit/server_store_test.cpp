// The Store itself, on each backend (server_test_database.h): a transaction
// commits all of its writes or none, rows come back as they were stored, the
// ledger refuses an entry twice, and the schema is migrated at start-up, one
// whole version at a time, refusing a database newer than the build.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>

#include "server/open_store.h"
#include "server/postgres_leases.h"
#include "server/postgres_store.h"
#include "server_test_support.h"
#include "test_support.h"

using namespace reversi;
using namespace reversi::testing;
using server::StoreError;

namespace {

std::unique_ptr<server::Store> open_store(const std::string& location) {
  StoreError error;
  std::unique_ptr<server::Store> store = server::open_store(location, error);
  REQUIRE_MESSAGE(store, error.message);
  return store;
}

// A failure the caller expects: the message.
std::string refusal(const std::string& location) {
  StoreError error;
  CHECK(server::open_store(location, error) == nullptr);
  return error.message;
}

server::TableRow full_row() {
  server::TableRow row;
  row.code = "K7M2QX";
  row.owner = "p_ada";
  row.is_private = true;
  row.options = online::TableOptions{5, 12.5, StartVariant::EmptyCentre};
  row.seats[0] = server::SeatRow{"p_ada", "Ada", std::nullopt};
  row.seats[1] = server::SeatRow{"", "Computer", Strength::Hard};
  row.phase = messages::TablePhase::Playing;
  row.seq = 41;
  row.has_match = true;
  row.match_number = 3;
  row.first_colour = Color::White;
  row.finished = "FSN";
  row.game_number = 4;
  row.forfeited = Color::Black;
  row.forfeit_reason = EndReason::Resignation;
  row.random_state = 0xfedcba9876543210;  // above 2^63: stored as a signed 64-bit number and back
  row.updated_unix = 1'800'000'123;
  row.match_key = "K7M2QX-3-abc";
  row.earlier_moves = 150;
  return row;
}

// Opens a SQLite file, runs `sql` on it and closes it.
void run_sqlite(const std::filesystem::path& file, const char* sql) {
  sqlite3* database = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &database) == SQLITE_OK);
  char* message = nullptr;
  const int done = sqlite3_exec(database, sql, nullptr, nullptr, &message);
  const std::string text = message ? message : "";
  sqlite3_free(message);
  sqlite3_close(database);
  REQUIRE_MESSAGE(done == SQLITE_OK, text);
}

// A fresh SQLite file of this process in the temporary folder, removed when
// the case ends.
struct TemporaryFile {
  std::filesystem::path path;
  explicit TemporaryFile(const char* name) : path(testing::scratch_path(name)) { remove(); }
  ~TemporaryFile() { remove(); }
  void remove() const {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  }
};

}  // namespace

STORE_TEST_CASE("store: a transaction commits all of its writes or none") {
  const TestDatabase database(backend);
  const std::unique_ptr<server::Store> store = open_store(database.location());
  {
    auto transaction = store->begin();
    transaction->put_player(server::PlayerRow{"p_ada", "Ada", "hash", 1'800'000'000});
    transaction->put_table(full_row());
    transaction->add_move("K7M2QX", 3, 4, 0, square("f5"));
    transaction->add_move("NOSUCH", 1, 1, 0, square("d6"));  // no such table: the foreign key refuses it
    transaction->add_move("K7M2QX", 3, 4, 1, square("c3"));  // after a failure: does nothing
    const server::StoreStatus failed = transaction->commit();
    REQUIRE(failed);
    CHECK(failed->message.find("save move") == 0);
    CHECK(transaction->commit());  // finished
  }
  CHECK(!store->find_player("p_ada").value->has_value());
  CHECK(store->load_tables().value->empty());
  {
    auto transaction = store->begin();
    transaction->put_player(server::PlayerRow{"p_ada", "Ada", "hash", 1'800'000'000});
  }  // never committed: rolled back
  CHECK(!store->find_player("p_ada").value->has_value());
  // And the store goes on.
  auto transaction = store->begin();
  transaction->put_player(server::PlayerRow{"p_ada", "Ada", "hash", 1'800'000'000});
  REQUIRE(!transaction->commit());
  CHECK(store->find_player("p_ada").value->value().name == "Ada");
}

STORE_TEST_CASE("store: look-alike names are found among other players seen in the window") {
  const TestDatabase database(backend);
  const std::unique_ptr<server::Store> store = open_store(database.location());
  constexpr std::int64_t day = 86'400;
  const std::int64_t now = 1'800'000'000;
  {
    auto transaction = store->begin();
    transaction->put_player(server::PlayerRow{"p_ada", "Ada", "hash", now - 40 * day, now - 2 * day});
    transaction->put_player(server::PlayerRow{"p_old", "Bob", "hash", now - 40 * day, now - 31 * day});
    transaction->put_player(server::PlayerRow{"h_grace", "Grace Hopper", "", now - day});  // seen when created
    REQUIRE(!transaction->commit());
  }
  const auto look = [&](const std::string& name, const std::string& except = "p_new") {
    const server::StoreResult<std::optional<std::string>> found =
        store->look_alike_name(server::name_keys(name), except, now - server::kNameInUseSeconds);
    REQUIRE_MESSAGE(found, found.error.message);
    return found.value->value_or("");
  };
  CHECK(look("Ada") == "Ada");
  CHECK(look("\u0410da") == "Ada");  // Cyrillic А: the skeleton
  CHECK(look("ADA") == "Ada");       // case: the folded key
  CHECK(look("Grace H0pper") == "Grace Hopper");
  CHECK(look("Ada", "p_ada").empty());  // a player's own name
  CHECK(look("Bob").empty());           // last seen 31 days ago
  CHECK(look("Eda").empty());
  CHECK(store->find_player("p_ada").value->value().seen_unix == now - 2 * day);
  CHECK(store->find_player("h_grace").value->value().seen_unix == now - day);

  // Seen again: the name is held again; a later put never moves the time back.
  {
    auto transaction = store->begin();
    transaction->mark_seen("p_old", now);
    transaction->mark_seen("p_ada", now - 10 * day);  // older than what is stored: kept as it was
    REQUIRE(!transaction->commit());
  }
  CHECK(look("B0B") == "Bob");
  CHECK(store->find_player("p_ada").value->value().seen_unix == now - 2 * day);
  {
    auto transaction = store->begin();
    transaction->put_player(server::PlayerRow{"p_old", "Robert", "hash", now - 40 * day, now - 35 * day});
    REQUIRE(!transaction->commit());
  }
  CHECK(store->find_player("p_old").value->value().seen_unix == now);
  CHECK(look("Bob").empty());  // the old name's keys went with it
  CHECK(look("robert") == "Robert");
}

STORE_TEST_CASE("store: players stored before the look-alike keys get theirs when the store opens") {
  const TemporaryFile file("reversi-server-keys-test.sqlite3");
  const TestDatabase database(backend, file.path.string());
  {
    const std::unique_ptr<server::Store> store = open_store(database.location());
    auto transaction = store->begin();
    transaction->put_player(server::PlayerRow{"p_ada", "Ada", "hash", 1'800'000'000});
    REQUIRE(!transaction->commit());
  }
  // As the rows of a database from before schema version 7 are.
  const char* forget = "UPDATE players SET name_skeleton = NULL, name_folded = NULL";
  if (backend == Backend::Sqlite)
    run_sqlite(database.location(), forget);
  else
    database.run(forget);
  const std::unique_ptr<server::Store> store = open_store(database.location());
  const auto found = store->look_alike_name(server::name_keys("\u0410DA"), "p_bob", 0);
  REQUIRE(found);
  CHECK(found.value->value_or("") == "Ada");
}

STORE_TEST_CASE("store: a table and its moves come back as they were stored, and go with delete_table") {
  const TestDatabase database(backend);
  const std::unique_ptr<server::Store> store = open_store(database.location());
  const server::TableRow row = full_row();
  {
    auto transaction = store->begin();
    transaction->put_table(row);
    transaction->add_move(row.code, row.match_number, row.game_number, 0, square("f5"));
    transaction->add_move(row.code, row.match_number, row.game_number, 2, square("c3"));  // any order
    transaction->add_move(row.code, row.match_number, row.game_number, 1, square("d6"));
    transaction->add_move(row.code, row.match_number, row.game_number - 1, 0, square("e6"));  // an earlier game
    REQUIRE(!transaction->commit());
  }
  {
    auto transaction = store->begin();
    server::TableRow changed = row;
    changed.seq = 42;
    transaction->put_table(changed);  // an update keeps the moves
    REQUIRE(!transaction->commit());
  }
  const auto tables = store->load_tables();
  REQUIRE(tables);
  REQUIRE(tables.value->size() == 1);
  const server::TableRow& back = tables.value->front().row;
  CHECK(back.code == row.code);
  CHECK(back.owner == row.owner);
  CHECK(back.is_private == row.is_private);
  CHECK(back.options == row.options);
  CHECK(back.seats == row.seats);
  CHECK(back.phase == row.phase);
  CHECK(back.seq == 42);
  CHECK(back.has_match == row.has_match);
  CHECK(back.match_number == row.match_number);
  CHECK(back.first_colour == row.first_colour);
  CHECK(back.finished == row.finished);
  CHECK(back.game_number == row.game_number);
  CHECK(back.forfeited == row.forfeited);
  CHECK(back.forfeit_reason == row.forfeit_reason);
  CHECK(back.random_state == row.random_state);
  CHECK(back.updated_unix == row.updated_unix);
  CHECK(back.match_key == row.match_key);
  CHECK(back.earlier_moves == row.earlier_moves);
  CHECK(tables.value->front().moves == std::vector<Square>{square("f5"), square("d6"), square("c3")});
  CHECK(store->load_moves(row.code, row.match_number, row.game_number - 1).value == std::vector<Square>{square("e6")});
  CHECK_FALSE(back.options.game_clock);

  {
    auto clocked = store->begin();
    server::TableRow with_clock = row;
    with_clock.options.clock = 0;
    with_clock.options.game_clock = online::GameClockOptions{300, 3};
    with_clock.game_clock_left = {151.25, 287.5};
    clocked->put_table(with_clock);
    REQUIRE(!clocked->commit());
  }
  const auto reloaded = store->load_tables();
  REQUIRE(reloaded);
  REQUIRE(reloaded.value->size() == 1);
  CHECK(reloaded.value->front().row.options.game_clock == online::GameClockOptions{300, 3});
  CHECK(reloaded.value->front().row.options.clock == 0);
  CHECK(reloaded.value->front().row.game_clock_left[0] == doctest::Approx(151.25));
  CHECK(reloaded.value->front().row.game_clock_left[1] == doctest::Approx(287.5));

  auto transaction = store->begin();
  transaction->delete_table(row.code);
  REQUIRE(!transaction->commit());
  CHECK(store->load_tables().value->empty());
  CHECK(store->load_moves(row.code, row.match_number, row.game_number).value->empty());
}

STORE_TEST_CASE("store: the ledger holds one entry per player, match key and reason") {
  const TestDatabase database(backend);
  const std::unique_ptr<server::Store> store = open_store(database.location());
  const server::ChipEntry won{"p_ada",  60, 1060,         online::ChipReason::MatchWon,
                              "K7M2QX", 1,  "K7M2QX-1-a", 1'800'000'000};
  {
    auto transaction = store->begin();
    transaction->add_chips(won);
    REQUIRE(!transaction->commit());
  }
  auto transaction = store->begin();
  server::ChipEntry again = won;
  again.created_unix += 60;
  transaction->add_chips(again);
  CHECK(transaction->commit());
  const auto ledger = store->chip_ledger("p_ada", 10);
  REQUIRE(ledger);
  CHECK(*ledger.value == std::vector<server::ChipEntry>{won});
  CHECK(store->chip_totals("p_ada", 1'800'000'000, 1'800'086'400).value->won == 60);
}

STORE_TEST_CASE("store: reports and bans are numbered by the store, growing") {
  const TestDatabase database(backend);
  const std::unique_ptr<server::Store> store = open_store(database.location());
  server::ModerationStore& moderation = *store->moderation();
  server::ReportRow report;
  report.reporter = "p_ada";
  report.reported = "p_bob";
  report.code = "K7M2QX";
  report.chat = {server::ChatLine{1, "p_bob", "Bob", "hello", "hello", 1'800'000'000}};
  report.created_unix = 1'800'000'001;
  const auto first = moderation.add_report(report);
  const auto second = moderation.add_report(report);
  REQUIRE(first);
  REQUIRE(second);
  CHECK(*second.value > *first.value);
  CHECK(*moderation.close_report(*first.value, 1'800'000'100).value);
  CHECK(!*moderation.close_report(*first.value, 1'800'000'200).value);  // closed already
  const auto open = moderation.load_reports(false);
  REQUIRE(open.value->size() == 1);
  CHECK(open.value->front().chat == report.chat);
  CHECK(moderation.load_avoidances().value == std::vector<std::pair<std::string, std::string>>{{"p_ada", "p_bob"}});

  CHECK(*moderation.put_ban("p_bob", "abuse", 1'800'000'300).value);
  CHECK(!*moderation.put_ban("p_bob", "again", 1'800'000'301).value);
  const std::int64_t banned = moderation.find_ban("p_bob").value->value().id;
  CHECK(*moderation.delete_ban("p_bob").value);
  CHECK(*moderation.put_ban("p_bob", "abuse", 1'800'000'400).value);
  CHECK(moderation.find_ban("p_bob").value->value().id > banned);  // a poll sees the new ban
}

// SQLite keeps the version in PRAGMA user_version, PostgreSQL in
// schema_version; each version is the same tables on both.
TEST_CASE("store: SQLite: a failed migration leaves the last whole version; a newer schema is refused") {
  const TemporaryFile file("reversi-server-store-test.sqlite3");
  run_sqlite(file.path, "CREATE TABLE chips (id INTEGER)");  // in the way of version 4
  CHECK(refusal(file.path.string()).find("migrate the schema to version 4") == 0);
  run_sqlite(file.path, "DROP TABLE chips");
  open_store(file.path.string());  // versions 1 to 3 are not run again: 2 would find its tables there
  run_sqlite(file.path, "PRAGMA user_version = 9");
  CHECK(refusal(file.path.string()) ==
        "the database has schema version 9, newer than this build's 8: run the newer reversi-server");
}

TEST_CASE("store: PostgreSQL: a failed migration leaves the last whole version; a newer schema is refused" *
          doctest::test_suite("postgresql")) {
  const TestDatabase database(Backend::Postgres);
  database.run("CREATE TABLE chips (id INTEGER)");
  CHECK(refusal(database.location()).find("migrate the schema to version 4") == 0);
  database.run("DROP TABLE chips");
  open_store(database.location());  // versions 1 to 3 are not run again: their tables are there
  open_store(database.location());  // nothing to do
  database.run("UPDATE schema_version SET version = 9");
  CHECK(refusal(database.location()) ==
        "the database has schema version 9, newer than this build's 8: run the newer reversi-server");
}

TEST_CASE("store: PostgreSQL: a lost connection fails the call that finds it, nothing half-written, and comes back" *
          doctest::test_suite("postgresql")) {
  const TestDatabase database(Backend::Postgres);
  const std::unique_ptr<server::Store> store = open_store(database.location());
  {
    auto transaction = store->begin();
    transaction->put_player(server::PlayerRow{"p_ada", "Ada", "hash", 1'800'000'000});
    database.cut_connections();
    transaction->put_player(server::PlayerRow{"p_bob", "Bob", "hash", 1'800'000'000});
    const server::StoreStatus failed = transaction->commit();
    REQUIRE(failed);
    CHECK(failed->message.find("save player: ") == 0);
  }
  // The next call connects again.
  const auto ada = store->find_player("p_ada");
  REQUIRE_MESSAGE(ada, ada.error.message);
  CHECK(!ada.value->has_value());
  database.cut_connections();
  CHECK(!store->find_player("p_ada"));  // found broken
  auto transaction = store->begin();
  transaction->put_player(server::PlayerRow{"p_ada", "Ada", "hash", 1'800'000'000});
  REQUIRE(!transaction->commit());
  CHECK(store->find_player("p_ada").value->value().name == "Ada");
}

TEST_CASE("store: --database picks PostgreSQL by the URI's scheme, SQLite otherwise") {
  CHECK(server::is_postgres_uri("postgresql://reversi@127.0.0.1:5432/reversi"));
  CHECK(server::is_postgres_uri("postgres://db.example/reversi"));
  CHECK(!server::is_postgres_uri("reversi.sqlite3"));
  CHECK(!server::is_postgres_uri("./postgresql://x"));
  CHECK(!server::is_postgres_uri(":memory:"));
  // Nobody listens on port 1: the message is libpq's, the URI's password is not in it.
  CHECK(refusal("postgresql://reversi:secret-word@127.0.0.1:1/reversi?connect_timeout=2")
            .find("cannot connect to the PostgreSQL database: ") == 0);
  CHECK(refusal("postgresql://reversi:secret-word@127.0.0.1:1/reversi?connect_timeout=2").find("secret-word") ==
        std::string::npos);
}

STORE_TEST_CASE("store: load_table gives the one table asked for, with its moves, or nothing") {
  const TestDatabase database(backend);
  const std::unique_ptr<server::Store> store = open_store(database.location());
  server::TableRow other = full_row();
  other.code = "ZZZZZZ";
  {
    auto transaction = store->begin();
    transaction->put_table(full_row());
    transaction->put_table(other);
    transaction->add_move("K7M2QX", 3, 4, 0, square("f5"));
    REQUIRE(!transaction->commit());
  }
  const auto found = store->load_table("K7M2QX");
  REQUIRE(found);
  REQUIRE(*found.value);
  CHECK((*found.value)->row.code == "K7M2QX");
  CHECK((*found.value)->moves == std::vector<Square>{square("f5")});
  const auto missing = store->load_table("NOSUCH");
  REQUIRE(missing);
  CHECK(!*missing.value);
}

namespace {

std::unique_ptr<server::LeaseBook> lease_book(const TestDatabase& database, const std::string& node, double seconds) {
  StoreError error;
  std::unique_ptr<server::LeaseBook> book = server::LeaseBook::open(database.location(), node, seconds, error);
  REQUIRE_MESSAGE(book, error.message);
  return book;
}

std::unique_ptr<server::PostgresStore> fenced_store(const TestDatabase& database, const std::string& node) {
  StoreError error;
  std::unique_ptr<server::PostgresStore> store = server::PostgresStore::open(database.location(), error);
  REQUIRE_MESSAGE(store, error.message);
  store->fence(node);
  return store;
}

server::StoreStatus put_seq(server::Store& store, int seq) {
  server::TableRow row = full_row();
  row.seq = seq;
  auto transaction = store.begin();
  transaction->put_table(row);
  transaction->add_move(row.code, row.match_number, row.game_number, seq, square("f5"));
  return transaction->commit();
}

std::vector<std::string> codes(const server::StoreResult<std::vector<std::string>>& result) {
  REQUIRE_MESSAGE(result, result.error.message);
  return *result.value;
}

}  // namespace

TEST_CASE("leases: one node at a time plays a table, and only its writes are kept" *
          doctest::test_suite("postgresql")) {
  const TestDatabase database(Backend::Postgres);
  const auto store1 = fenced_store(database, "n1");  // migrates: the leases' table is there
  const auto store2 = fenced_store(database, "n2");
  const auto book1 = lease_book(database, "n1", 0.4);
  const auto book2 = lease_book(database, "n2", 0.4);

  CHECK(*book1->acquire("K7M2QX").value);
  CHECK(!*book2->acquire("K7M2QX").value);  // n1's, and live
  CHECK(*book1->acquire("K7M2QX").value);   // n1 asking again keeps it
  CHECK(!put_seq(*store1, 1));
  // n2 holds no lease: its writes of the table fail whole.
  const server::StoreStatus refused = put_seq(*store2, 2);
  REQUIRE(refused);
  CHECK(refused->message == "table K7M2QX is played by another node now");
  const auto kept = store1->load_table("K7M2QX");
  REQUIRE((kept && *kept.value));
  CHECK((*kept.value)->row.seq == 1);
  CHECK((*kept.value)->moves.size() == 1);  // n2's move was not written either

  CHECK(codes(book1->renew()) == std::vector<std::string>{"K7M2QX"});
  CHECK(codes(book2->orphans()).empty());                                // held by n1
  CHECK(codes(book1->orphans()) == std::vector<std::string>{"K7M2QX"});  // its own

  // n1 falls silent past its lease: n2 takes the table, and n1 learns it at its next renewal.
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  CHECK(codes(book2->orphans()) == std::vector<std::string>{"K7M2QX"});
  CHECK(*book2->acquire("K7M2QX").value);
  CHECK(codes(book1->renew()).empty());
  CHECK(put_seq(*store1, 3));
  CHECK(!put_seq(*store2, 4));
  CHECK(store2->load_table("K7M2QX").value->value().row.seq == 4);

  // Given up (n2 stopping): free for any node at once.
  CHECK(!book2->release_all());
  CHECK(codes(book1->orphans()) == std::vector<std::string>{"K7M2QX"});
  CHECK(*book1->acquire("K7M2QX").value);
}

STORE_TEST_CASE("store: a device-link code is used once, before it expires; linked devices' secrets are kept") {
  const TestDatabase database(backend);
  const std::unique_ptr<server::Store> store = open_store(database.location());
  const std::int64_t now = 1'800'000'000;
  auto link = [&](const std::string& code, const std::string& player, std::int64_t until) {
    auto transaction = store->begin();
    transaction->put_device_link(code, player, now, until);
    REQUIRE_FALSE(transaction->commit());
  };
  {
    auto transaction = store->begin();
    transaction->put_player(server::PlayerRow{"p_ada", "Ada", "hash", now});
    REQUIRE_FALSE(transaction->commit());
  }
  link("ABCD2345", "p_ada", now + 300);
  CHECK_FALSE(*store->claim_device_link("ZZZZ2345", now).value);  // never made
  const auto claimed = store->claim_device_link("ABCD2345", now + 10);
  REQUIRE(claimed);
  CHECK(*claimed.value == std::optional<std::string>("p_ada"));
  CHECK_FALSE(*store->claim_device_link("ABCD2345", now + 11).value);  // used
  link("EFGH2345", "p_ada", now + 300);
  CHECK_FALSE(*store->claim_device_link("EFGH2345", now + 300).value);  // expired at the second it ends
  // A player has one live code: a new one replaces the last.
  link("JKLM2345", "p_ada", now + 300);
  link("NPQR2345", "p_ada", now + 300);
  CHECK_FALSE(*store->claim_device_link("JKLM2345", now).value);
  CHECK(*store->claim_device_link("NPQR2345", now).value == std::optional<std::string>("p_ada"));
  {
    auto transaction = store->begin();
    transaction->add_device_secret("p_ada", "second", now);
    transaction->add_device_secret("p_ada", "third", now);
    REQUIRE_FALSE(transaction->commit());
  }
  auto secrets = store->device_secret_hashes("p_ada");
  REQUIRE(secrets);
  std::sort(secrets.value->begin(), secrets.value->end());
  CHECK(*secrets.value == std::vector<std::string>{"second", "third"});
  // Forgetting the player takes the devices and any live code with them.
  link("STUV2345", "p_ada", now + 300);
  {
    auto transaction = store->begin();
    transaction->forget_player("p_ada");
    REQUIRE_FALSE(transaction->commit());
  }
  CHECK(store->device_secret_hashes("p_ada").value->empty());
  CHECK_FALSE(*store->claim_device_link("STUV2345", now).value);
}
