// Game clocks (whole-game time plus an increment, docs/protocol.md "The
// clock"): the arithmetic of GameClock, and a table that runs one: the
// readings its messages carry, the flag that falls, a move that comes too
// late, the computer's untimed side, a restart, and the grace window.
#include <doctest/doctest.h>

#include <filesystem>

#include "game/game_clock.h"
#include "server/table.h"
#include "server_test_support.h"
#include "test_support.h"

using namespace reversi;
using namespace reversi::testing;
using messages::ErrorCode;
using messages::TablePhase;
using server::SeatRow;
using server::Table;

TEST_CASE("game clock: only the side to move runs down, and each move earns the increment") {
  GameClock clock(180, 2);
  CHECK(clock.left(Color::Black, 0) == 180);
  clock.run(Color::Black, 100);
  CHECK(clock.left(Color::Black, 110) == doctest::Approx(170));
  CHECK(clock.left(Color::White, 110) == 180);
  clock.moved(Color::Black, 110);
  CHECK_FALSE(clock.running());
  CHECK(clock.left(Color::Black, 500) == doctest::Approx(172));  // 180 - 10 + 2, and nobody runs
  clock.run(Color::White, 110);
  CHECK(clock.left(Color::White, 140) == doctest::Approx(150));
  clock.moved(Color::White, 140);
  CHECK(clock.left(Color::White, 140) == doctest::Approx(152));
  CHECK(clock.left(Color::Black, 140) == doctest::Approx(172));
}

TEST_CASE("game clock: the flag falls when the running bank is empty, never for the side waiting") {
  GameClock clock(60, 0);
  clock.run(Color::White, 0);
  CHECK(clock.flag_falls_at(0) == doctest::Approx(60));
  CHECK_FALSE(clock.flagged(59.9));
  CHECK(clock.flagged(60) == Color::White);
  CHECK(clock.left(Color::White, 75) == 0);  // never below zero
  clock.run(Color::Black, 10);               // charged 10 s, not past zero
  CHECK(clock.left(Color::White, 10) == doctest::Approx(50));
  CHECK_FALSE(clock.flagged(69));
  CHECK(clock.flagged(70) == Color::Black);
  clock.run(std::nullopt, 20);
  CHECK_FALSE(clock.flagged(1000));
  CHECK_FALSE(clock.flag_falls_at(1000));
}

TEST_CASE("game clock: held still, time passes without charge; restored banks start where they were") {
  GameClock clock = GameClock::restored(300, 5, {42.5, 300});
  CHECK(clock.left(Color::Black, 0) == doctest::Approx(42.5));
  clock.run(Color::Black, 0);
  clock.hold(0);
  CHECK(clock.left(Color::Black, 15) == doctest::Approx(42.5));
  CHECK_FALSE(clock.flagged(1000));
  CHECK_FALSE(clock.flag_falls_at(15));
  clock.release(15);
  CHECK(clock.left(Color::Black, 17) == doctest::Approx(40.5));
  CHECK(clock.flag_falls_at(17) == doctest::Approx(57.5));
}

namespace {

struct Players {
  std::shared_ptr<FakeLink> ada = std::make_shared<FakeLink>();
  std::shared_ptr<FakeLink> bob = std::make_shared<FakeLink>();
};

online::TableOptions game_clock_options(int seconds, int increment) {
  online::TableOptions options;
  options.clock = 0;
  options.game_clock = online::GameClockOptions{seconds, increment};
  return options;
}

// Ada owns the table and plays black (the colour draw's 0); Bob joins.
Table open_table(TableWorld& world, Players& players, const online::TableOptions& options) {
  server::StoreError error;
  std::optional<Table> table =
      Table::open(world.services(), "K7M2QX", SeatRow{"p_ada", "Ada", std::nullopt}, options, false, error);
  REQUIRE_MESSAGE(table, error.message);
  table->start();
  table->attach("p_ada", players.ada, std::nullopt);
  table->join(SeatRow{"p_bob", "Bob", std::nullopt}, players.bob);
  REQUIRE(table->session()->seat_of(Color::Black) == Seat::First);
  players.ada->take();
  players.bob->take();
  return std::move(*table);
}

void play(Table& table, const std::shared_ptr<FakeLink>& link, const char* player, const char* square_name) {
  const int ply = static_cast<int>(table.session()->game().record().cursor());
  table.play(player, square(square_name), ply, link);
}

}  // namespace

STORE_TEST_CASE("server game clock: moves carry both banks, with the increment, and the mover's runs") {
  TableWorld world(backend);
  Players players;
  Table table = open_table(world, players, game_clock_options(60, 2));
  CHECK_FALSE(table.session()->clock_running());  // no move clock beside it
  REQUIRE(world.wake);
  CHECK(*world.wake == doctest::Approx(world.now + 60));  // black's flag
  world.advance(table, 10);
  world.unix_now += 10;
  play(table, players.ada, "p_ada", "f5");
  const auto moves = players.bob->take_only<wire::Move>();
  REQUIRE(moves.size() == 1);
  REQUIRE(moves[0].game_clock);
  CHECK(moves[0].game_clock->black == 52000);  // 60 - 10 + 2
  CHECK(moves[0].game_clock->white == 60000);
  CHECK(moves[0].game_clock->running == Color::White);
  CHECK(moves[0].game_clock->at == world.unix_now * 1000);
  CHECK_FALSE(moves[0].clock);
  CHECK(*world.wake == doctest::Approx(world.now + 60));  // now white's flag
  world.advance(table, 30);
  auto again = std::make_shared<FakeLink>();
  table.attach("p_bob", again, std::nullopt);  // a second device: the table and the state say the banks now
  const auto tables = again->take_only<wire::Table>();
  REQUIRE_FALSE(tables.empty());
  REQUIRE(tables.back().game_clock);
  CHECK(tables.back().game_clock->white == 30000);
  CHECK(tables.back().game_clock->black == 52000);
}

STORE_TEST_CASE("server game clock: game-started carries both full banks, black's running") {
  TableWorld world(backend);
  server::StoreError error;
  std::optional<Table> table = Table::open(world.services(), "K7M2QX", SeatRow{"p_ada", "Ada", std::nullopt},
                                           game_clock_options(180, 2), false, error);
  REQUIRE_MESSAGE(table, error.message);
  table->start();
  Players players;
  table->attach("p_ada", players.ada, std::nullopt);
  table->join(SeatRow{"p_bob", "Bob", std::nullopt}, players.bob);
  REQUIRE(table->session()->seat_of(Color::Black) == Seat::First);
  for (const auto& link : {players.ada, players.bob}) {
    const auto started = link->take_only<wire::GameStarted>();
    REQUIRE(started.size() == 1);
    REQUIRE(started[0].game_clock);
    CHECK(started[0].game_clock->black == 180000);
    CHECK(started[0].game_clock->white == 180000);
    CHECK(started[0].game_clock->running == Color::Black);
    CHECK(started[0].game_clock->at == world.unix_now * 1000);
  }
}

STORE_TEST_CASE("server game clock: the flag falls and the game is lost on time") {
  TableWorld world(backend);
  Players players;
  Table table = open_table(world, players, game_clock_options(60, 0));
  play(table, players.ada, "p_ada", "f5");
  play(table, players.bob, "p_bob", "d6");
  players.ada->take();
  world.advance(table, 59.5);
  CHECK(table.phase() == TablePhase::Playing);
  world.advance(table, 1);
  const auto messages = players.ada->take();
  const auto over = FakeLink::only<wire::GameOver>(messages);
  REQUIRE(over.size() == 1);
  CHECK(over[0].over.result.reason == EndReason::Time);
  CHECK(over[0].over.result.winner() == Color::White);  // Bob, whose time was left
  CHECK(table.phase() == TablePhase::Over);
  const auto games = world.store->history("p_ada", 10);
  REQUIRE(games);
  REQUIRE(games.value->size() == 1);
  CHECK(games.value->front().reason == EndReason::Time);
}

STORE_TEST_CASE("server game clock: a move that arrives after the flag fell is too late") {
  TableWorld world(backend);
  Players players;
  Table table = open_table(world, players, game_clock_options(60, 5));
  world.now += 61;  // the timer has not fired yet
  play(table, players.ada, "p_ada", "f5");
  const auto messages = players.ada->take();
  const auto over = FakeLink::only<wire::GameOver>(messages);
  REQUIRE(over.size() == 1);
  CHECK(over[0].over.result.reason == EndReason::Time);
  const auto errors = FakeLink::only<wire::Error>(messages);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].code == ErrorCode::GameOver);
  CHECK(FakeLink::only<wire::Move>(messages).empty());
}

STORE_TEST_CASE("server game clock: the computer's side is not timed") {
  TableWorld world(backend);
  Players players;
  server::StoreError error;
  std::optional<Table> table = Table::open(world.services(), "K7M2QX", SeatRow{"p_ada", "Ada", std::nullopt},
                                           game_clock_options(60, 3), false, error);
  REQUIRE(table);
  table->start();
  table->attach("p_ada", players.ada, std::nullopt);
  table->seat_computer("p_ada", Strength::Easy, players.ada);  // colours: Ada black
  world.advance(*table, 4);
  play(*table, players.ada, "p_ada", "f5");
  world.advance(*table, 100);  // the computer thinks for a long time: nobody's flag falls
  CHECK(table->phase() == TablePhase::Playing);
  world.run_searches();
  const auto moves = players.ada->take_only<wire::Move>();
  REQUIRE(moves.size() == 2);
  REQUIRE(moves[1].game_clock);
  CHECK(moves[1].game_clock->white == 60000);  // the computer's bank: neither run nor incremented
  CHECK(moves[1].game_clock->black == 59000);  // 60 - 4 + 3
  CHECK(moves[1].game_clock->running == Color::Black);
}

STORE_TEST_CASE("server game clock: an away player's time runs; the flag or the grace window ends it") {
  TableWorld world(backend);
  Players players;
  Table table = open_table(world, players, game_clock_options(60, 0));
  play(table, players.ada, "p_ada", "f5");
  play(table, players.bob, "p_bob", "d6");
  world.advance(table, 25);
  table.detach(players.ada);  // Ada (to move, 35 s left) drops: her clock runs on
  world.advance(table, 34);
  CHECK(table.phase() == TablePhase::Playing);
  world.advance(table, 2);  // her flag falls before the 40 s window ends
  const auto over = players.bob->take_only<wire::GameOver>();
  REQUIRE(over.size() == 1);
  CHECK(over[0].over.result.reason == EndReason::Time);

  TableWorld roomy(backend);
  Players others;
  Table slow = open_table(roomy, others, game_clock_options(600, 0));
  play(slow, others.ada, "p_ada", "f5");
  play(slow, others.bob, "p_bob", "d6");
  slow.detach(others.ada);
  roomy.advance(slow, 41);  // ten minutes of time, but the window is 40 s
  const auto left = others.bob->take_only<wire::GameOver>();
  REQUIRE(left.size() == 1);
  CHECK(left[0].over.result.reason == EndReason::Abandoned);
}

STORE_TEST_CASE("server game clock: after a restart each side has its bank back, the mover's held") {
  const std::filesystem::path file = testing::scratch_path("reversi-server-game-clock-test.sqlite3");
  std::filesystem::remove(file);
  const TestDatabase database(backend, file.string());
  {
    TableWorld world(database.location());
    Players players;
    Table table = open_table(world, players, game_clock_options(180, 2));
    world.advance(table, 30);
    play(table, players.ada, "p_ada", "f5");  // black: 180 - 30 + 2
    world.advance(table, 50);
    play(table, players.bob, "p_bob", "d6");  // white: 180 - 50 + 2, stored with the move
    world.advance(table, 12);                 // the server dies 12 s into black's turn
  }
  TableWorld world(database.location());
  const auto stored = world.store->load_tables();
  REQUIRE(stored);
  REQUIRE(stored.value->size() == 1);
  CHECK(stored.value->front().row.options.game_clock == online::GameClockOptions{180, 2});
  server::StoreError error;
  std::optional<Table> table = Table::restore(world.services(), stored.value->front(), error);
  REQUIRE_MESSAGE(table, error.message);
  table->start();
  auto ada = std::make_shared<FakeLink>();
  table->attach("p_ada", ada, std::nullopt);
  const auto tables = ada->take_only<wire::Table>();
  REQUIRE_FALSE(tables.empty());
  REQUIRE(tables.back().game_clock);
  CHECK(tables.back().game_clock->black == 152000);  // as at the last commit, the move: never lost to a restart
  CHECK(tables.back().game_clock->white == 132000);
  CHECK(tables.back().game_clock->running == Color::Black);
  CHECK(tables.back().game_clock->held == 15000);
  world.advance(*table, 15);  // the restart grace ends
  world.advance(*table, 10);
  play(*table, ada, "p_ada", "c3");
  const auto moves = ada->take_only<wire::Move>();
  REQUIRE(moves.size() == 1);
  REQUIRE(moves[0].game_clock);
  CHECK(moves[0].game_clock->black == 144000);  // 152 - 10 + 2
  std::filesystem::remove(file);
}
