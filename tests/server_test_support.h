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
  void run(std::function<void(server::Table&)> work) override {
    if (table && !table->closed()) work(*table);
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

}  // namespace reversi::testing
