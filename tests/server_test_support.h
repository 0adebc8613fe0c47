// Fakes for the server's unit tests and fuzzer: a connection that keeps
// what it is sent, a clock the test moves, searches the test runs when it
// wants, and tables hosted in the test's own thread. Include doctest (or
// define REQUIRE and REQUIRE_MESSAGE) first.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "messages/table_messages.h"
#include "server/lobby.h"
#include "server/moderation.h"
#include "server/open_store.h"
#include "server_test_database.h"

namespace reversi::testing {

namespace online = messages::online;
namespace wire = messages::online::server;

class FakeLink : public server::ClientLink {
 public:
  void send(std::string text) override { sent.push_back(std::move(text)); }
  void close() override { closed = true; }

  // Everything sent since the last call, decoded (an undecodable message is a failure).
  std::vector<online::ServerMessage> take() {
    std::vector<online::ServerMessage> messages;
    for (const std::string& text : sent) {
      messages::Decoded<online::ServerMessage> decoded = online::decode_server_message(text);
      if (decoded)
        messages.push_back(std::move(*decoded.value));
      else
        messages.push_back(wire::Error{messages::ErrorCode::BadMessage, "undecodable: " + text, "test"});
    }
    sent.clear();
    return messages;
  }
  template <class T>
  static std::vector<T> only(const std::vector<online::ServerMessage>& messages) {
    std::vector<T> found;
    for (const online::ServerMessage& message : messages)
      if (const T* value = std::get_if<T>(&message)) found.push_back(*value);
    return found;
  }
  template <class T>
  std::vector<T> take_only() {
    return only<T>(take());
  }

  std::vector<std::string> sent;
  bool closed = false;
};

// The world a table lives in, driven by the test.
struct TableWorld {
  double now = 1000;
  std::optional<double> wake;
  std::deque<std::pair<server::SearchRequest, std::function<void(Square)>>> searches;
  std::deque<std::uint64_t> randoms;       // the next values of the "cryptographic" generator (0 when empty)
  std::unique_ptr<TestDatabase> database;  // when the world made its own
  std::unique_ptr<server::Store> store;
  std::int64_t unix_now = 1'800'000'000;           // wall time for stored rows and the record
  std::unique_ptr<server::Moderation> moderation;  // chat words: as given

  // A --database value: a SQLite path or a PostgreSQL URI.
  explicit TableWorld(const std::string& location = ":memory:", const std::vector<std::string>& chat_words = {}) {
    open(location, chat_words);
  }
  // A fresh database of the backend, gone with the world.
  explicit TableWorld(Backend backend, const std::vector<std::string>& chat_words = {})
      : database(std::make_unique<TestDatabase>(backend)) {
    open(database->location(), chat_words);
  }

  void open(const std::string& location, const std::vector<std::string>& chat_words) {
    server::StoreError error;
    store = server::open_store(location, error);
    REQUIRE_MESSAGE(store, error.message);
    moderation = std::make_unique<server::Moderation>(*store->moderation(), server::ChatFilter(chat_words));
    REQUIRE(!moderation->load());
  }

  server::TableServices services() {
    server::TableServices services;
    services.store = store.get();
    services.clock = [this] { return now; };
    services.unix_clock = [this] { return unix_now; };
    services.wake_at = [this](double when) { wake = when; };
    services.search = [this](server::SearchRequest request, std::function<void(Square)> done) {
      searches.emplace_back(request, std::move(done));
    };
    services.random = [this] {
      if (randoms.empty()) return std::uint64_t{0};
      const std::uint64_t value = randoms.front();
      randoms.pop_front();
      return value;
    };
    services.new_code = [] { return std::string("XFER22"); };
    services.changed = [](const server::TableSummary&) {};
    services.claim_player = [](const std::string&, const std::string&) { return true; };
    services.grace_seconds = 40;
    services.next_game_seconds = 20;
    services.restart_grace_seconds = 15;
    services.moderation = moderation.get();
    return services;
  }

  // Answers every search asked for so far with the first playable square
  // (or the square `pick` chooses).
  void run_searches(std::function<Square(const Position&)> pick = {}) {
    while (!searches.empty()) {
      auto [request, done] = std::move(searches.front());
      searches.pop_front();
      const Bitboard legal = legal_moves(request.position.board);
      done(pick ? pick(request.position) : legal ? first_square(legal) : kPass);
    }
  }

  // Moves the clock on, firing the table's timer when it is due.
  void advance(server::Table& table, double seconds) {
    now += seconds;
    while (wake && *wake <= now) {
      wake.reset();
      table.on_timer();
    }
  }
};

// A TableHost that runs work at once, in the test's thread.
class InlineHost : public server::TableHost {
 public:
  void run_or(std::function<void(server::Table&)> work, std::function<void()> gone) override {
    if (table && !table->closed())
      work(*table);
    else if (gone)
      gone();
  }
  std::optional<server::Table> table;
};

inline server::HostFactory inline_hosts(TableWorld& world, std::vector<std::shared_ptr<InlineHost>>* hosts = nullptr) {
  return [&world, hosts](server::TableServices shared, server::MakeTable make) {
    auto host = std::make_shared<InlineHost>();
    const server::TableServices own = world.services();
    shared.wake_at = own.wake_at;
    shared.search = own.search;
    host->table = make(shared);
    if (host->table) host->table->start();
    if (hosts) hosts->push_back(host);
    return host;
  };
}

inline Square square(const char* name) { return *parse_square(name).value; }

// The real store, with commits that can be made to fail (as a full disk
// would): every other call goes through.
class FailingStore : public server::Store {
 public:
  explicit FailingStore(server::Store& real) : real_(real) {}
  bool failing = false;
  class Transaction : public server::StoreTransaction {
   public:
    Transaction(std::unique_ptr<server::StoreTransaction> real, bool fail) : real_(std::move(real)), fail_(fail) {}
    void put_player(const server::PlayerRow& row) override { real_->put_player(row); }
    void mark_seen(const std::string& player, std::int64_t when) override { real_->mark_seen(player, when); }
    void put_table(const server::TableRow& row) override { real_->put_table(row); }
    void add_move(const std::string& code, int match, int game, int index, Square square) override {
      real_->add_move(code, match, game, index, square);
    }
    void delete_table(const std::string& code) override { real_->delete_table(code); }
    void add_game(const server::GameRecord& game) override { real_->add_game(game); }
    void add_milestone(const std::string& player, online::Milestone milestone, std::int64_t when) override {
      real_->add_milestone(player, milestone, when);
    }
    void add_chips(const server::ChipEntry& entry) override { real_->add_chips(entry); }
    void forget_player(const std::string& player) override { real_->forget_player(player); }
    void put_device_link(const std::string& code, const std::string& player, std::int64_t now,
                         std::int64_t expires) override {
      real_->put_device_link(code, player, now, expires);
    }
    void add_device_secret(const std::string& player, const std::string& hash, std::int64_t created) override {
      real_->add_device_secret(player, hash, created);
    }
    server::StoreStatus commit() override {
      if (fail_) return server::StoreError{"disk full"};
      return real_->commit();
    }

   private:
    std::unique_ptr<server::StoreTransaction> real_;
    bool fail_;
  };
  std::unique_ptr<server::StoreTransaction> begin() override {
    return std::make_unique<Transaction>(real_.begin(), failing);
  }
  server::StoreResult<std::optional<server::PlayerRow>> find_player(std::string_view id) override {
    return real_.find_player(id);
  }
  server::StoreResult<std::optional<std::string>> look_alike_name(const server::NameKeys& keys,
                                                                  const std::string& except,
                                                                  std::int64_t since) override {
    return real_.look_alike_name(keys, except, since);
  }
  server::StoreResult<std::optional<std::string>> claim_device_link(const std::string& code,
                                                                    std::int64_t now) override {
    return real_.claim_device_link(code, now);
  }
  server::StoreResult<std::vector<std::string>> device_secret_hashes(const std::string& player) override {
    return real_.device_secret_hashes(player);
  }
  server::StoreResult<std::optional<std::string>> seated_at(const std::string& player) override {
    return real_.seated_at(player);
  }
  server::StoreResult<std::vector<server::StoredTable>> load_tables() override { return real_.load_tables(); }
  server::StoreResult<std::vector<Square>> load_moves(const std::string& code, int match, int game) override {
    return real_.load_moves(code, match, game);
  }
  server::StoreResult<server::PlayerTally> tally(const std::string& player, const std::string& opponent) override {
    return real_.tally(player, opponent);
  }
  server::StoreResult<int> rated_games_between(const std::string& a, const std::string& b, std::int64_t from,
                                               std::int64_t to) override {
    return real_.rated_games_between(a, b, from, to);
  }
  server::StoreResult<int> points(const std::string& player, std::int64_t from, std::int64_t to) override {
    return real_.points(player, from, to);
  }
  server::StoreResult<std::vector<server::LeaderboardRow>> leaderboard(std::int64_t from, std::int64_t to,
                                                                       std::size_t size,
                                                                       const std::string& player) override {
    return real_.leaderboard(from, to, size, player);
  }
  server::StoreResult<std::vector<wire::HistoryGame>> history(const std::string& player, std::size_t size) override {
    return real_.history(player, size);
  }
  server::StoreResult<std::vector<wire::HistoryGame>> match_games(const std::string& player, const std::string& code,
                                                                  int match) override {
    return real_.match_games(player, code, match);
  }
  server::StoreResult<server::ChipTotals> chip_totals(const std::string& player, std::int64_t from,
                                                      std::int64_t to) override {
    return real_.chip_totals(player, from, to);
  }
  server::StoreResult<std::vector<server::ChipEntry>> chip_ledger(const std::string& player,
                                                                  std::size_t size) override {
    return real_.chip_ledger(player, size);
  }

 private:
  server::Store& real_;
};

}  // namespace reversi::testing
