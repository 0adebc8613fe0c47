// The table's state machine with an injected clock and store: seating, the
// colour draw, turns and their refusals, passes, the move clock, the grace
// window, abort / resign / abandon, matches, rematches, restoring after a
// restart, and a store that refuses.
#include <doctest/doctest.h>

#include <filesystem>

#include "server/table.h"
#include "server_test_support.h"
#include "test_support.h"

using namespace reversi;
using namespace reversi::testing;
using messages::ErrorCode;
using messages::TablePhase;
using server::SeatRow;
using server::Table;

namespace {

constexpr const char* kBlackPassesAfter8 = "c4c3c2b2e6c1a1a3";  // then white plays c5 and black has no move

struct TablePlayers {
  std::shared_ptr<FakeLink> ada = std::make_shared<FakeLink>();
  std::shared_ptr<FakeLink> bob = std::make_shared<FakeLink>();
};

SeatRow ada_row() { return SeatRow{"p_ada", "Ada", std::nullopt}; }
SeatRow bob_row() { return SeatRow{"p_bob", "Bob", std::nullopt}; }

// A table with Ada as the owner; Bob joins when `join`. randoms[0] draws the
// colours (0: Ada black).
Table open_table(TableWorld& world, TablePlayers& players, online::TableOptions options = {}, bool join = true) {
  server::StoreError error;
  std::optional<Table> table = Table::open(world.services(), "K7M2QX", ada_row(), options, false, error);
  REQUIRE_MESSAGE(table, error.message);
  table->start();
  table->attach("p_ada", players.ada, std::nullopt);
  if (join) table->join(bob_row(), players.bob);
  return std::move(*table);
}

const char* player_of(const Table& table, Color color) {
  return table.session()->seat_of(color) == Seat::First ? "p_ada" : "p_bob";
}

// Plays a transcript, each move by whoever is to move, with the right ply.
void play_moves(Table& table, TablePlayers& players, const std::string& moves) {
  for (std::size_t at = 0; at + 1 < moves.size(); at += 2) {
    const Color mover = table.session()->game().side_to_move();
    const std::string player = player_of(table, mover);
    const int ply = static_cast<int>(table.session()->game().record().cursor());
    table.play(player, square(moves.substr(at, 2).c_str()), ply, player == "p_ada" ? players.ada : players.bob);
    const auto errors = FakeLink::only<wire::Error>(player == "p_ada" ? players.ada->take() : players.bob->take());
    const std::string why = moves.substr(at, 2) + ": " + (errors.empty() ? std::string() : errors[0].reason);
    REQUIRE_MESSAGE(errors.empty(), why);
  }
}

ErrorCode refusal(FakeLink& link) {
  const auto errors = link.take_only<wire::Error>();
  REQUIRE(errors.size() == 1);
  return errors[0].code;
}

}  // namespace

STORE_TEST_CASE("server table: a join starts the game with colours drawn by the generator") {
  for (const std::uint64_t draw : {0, 1}) {
    TableWorld world(backend);
    world.randoms = {draw};
    TablePlayers players;
    Table table = open_table(world, players);
    CHECK(table.phase() == TablePhase::Playing);
    const auto started = players.bob->take_only<wire::GameStarted>();
    REQUIRE(started.size() == 1);
    CHECK(started[0].black == (draw == 0 ? "p_ada" : "p_bob"));
    CHECK(started[0].white == (draw == 0 ? "p_bob" : "p_ada"));
    CHECK(started[0].seq == 1);
    CHECK(players.ada->take_only<wire::GameStarted>().size() == 1);
  }
}

STORE_TEST_CASE("server table: a third player finds the table full; a stranger is not seated") {
  TableWorld world(backend);
  TablePlayers players;
  Table table = open_table(world, players);
  auto carol = std::make_shared<FakeLink>();
  table.join(SeatRow{"p_carol", "Carol", std::nullopt}, carol);
  CHECK(refusal(*carol) == ErrorCode::TableFull);
  table.play("p_carol", square("f5"), 0, carol);
  CHECK(refusal(*carol) == ErrorCode::NotSeated);
  table.seat_computer("p_bob", Strength::Easy, players.bob);
  CHECK(refusal(*players.bob) == ErrorCode::NotOwner);
}

STORE_TEST_CASE("server table: moves are checked in order and committed before they are sent") {
  TableWorld world(backend);
  TablePlayers players;
  Table table = open_table(world, players);  // Ada black
  players.ada->take();
  players.bob->take();
  table.play("p_bob", square("f5"), 0, players.bob);
  CHECK(refusal(*players.bob) == ErrorCode::NotYourTurn);
  table.play("p_ada", square("f5"), 3, players.ada);
  CHECK(refusal(*players.ada) == ErrorCode::StalePly);
  table.play("p_ada", square("d4"), 0, players.ada);
  CHECK(refusal(*players.ada) == ErrorCode::Occupied);
  table.play("p_ada", square("a1"), 0, players.ada);
  CHECK(refusal(*players.ada) == ErrorCode::TrapsNothing);
  CHECK(players.bob->sent.empty());  // refusals go to the sender only

  table.play("p_ada", square("f5"), 0, players.ada);
  const auto moves = players.bob->take_only<wire::Move>();
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].move.square == square("f5"));
  CHECK(moves[0].move.ply == 1);
  CHECK(moves[0].seq == 2);
  const auto stored = world.store->load_moves("K7M2QX", 1, 1);
  REQUIRE(stored);
  CHECK(*stored.value == std::vector<Square>{square("f5")});
  // The same message again (a replay) is now a stale ply.
  table.play("p_ada", square("f5"), 0, players.ada);
  CHECK(refusal(*players.ada) == ErrorCode::NotYourTurn);
  table.play("p_bob", square("d6"), 0, players.bob);
  CHECK(refusal(*players.bob) == ErrorCode::StalePly);
}

STORE_TEST_CASE("server table: a player with no move passes by itself") {
  TableWorld world(backend);
  TablePlayers players;
  Table table = open_table(world, players);
  play_moves(table, players, std::string(kBlackPassesAfter8) + "c5");
  const auto passes = players.ada->take_only<wire::Pass>();
  REQUIRE(passes.size() == 1);
  CHECK(passes[0].pass.color == Color::Black);
  CHECK(passes[0].pass.ply == 9);  // after a3, the eighth move: white played again (c5)
  CHECK(table.session()->game().side_to_move() == Color::Black);
}

STORE_TEST_CASE("server table: when the clock runs out Medium's move is played for the player") {
  TableWorld world(backend);
  TablePlayers players;
  Table table = open_table(world, players, online::TableOptions{1, 10, StartVariant::StandardCross});
  players.ada->take();
  REQUIRE(world.wake);
  CHECK(*world.wake == doctest::Approx(world.now + 10));
  world.advance(table, 9);
  CHECK(world.searches.empty());
  world.advance(table, 1.5);
  REQUIRE(world.searches.size() == 1);
  CHECK(world.searches.front().first.strength == Strength::Medium);
  table.play("p_ada", square("f5"), 0, players.ada);  // too late
  CHECK(refusal(*players.ada) == ErrorCode::NotYourTurn);
  world.run_searches([](const Position&) { return square("f5"); });
  const auto messages = players.bob->take();
  const auto expired = FakeLink::only<wire::ClockExpired>(messages);
  REQUIRE(expired.size() == 1);
  CHECK(expired[0].expired.square == square("f5"));
  const auto moves = FakeLink::only<wire::Move>(messages);
  REQUIRE(moves.size() == 1);
  REQUIRE(moves[0].clock);
  CHECK(moves[0].clock->color == Color::White);
  CHECK(moves[0].clock->seconds == doctest::Approx(10));
}

STORE_TEST_CASE("server table: a dropped player who comes back in time plays on") {
  TableWorld world(backend);
  TablePlayers players;
  Table table = open_table(world, players, online::TableOptions{1, 0, StartVariant::StandardCross});  // no clock
  play_moves(table, players, "f5d6");
  players.ada->take();
  table.detach(players.bob);
  const auto away = players.ada->take_only<wire::OpponentAway>();
  REQUIRE(away.size() == 1);
  CHECK(away[0].player == "p_bob");
  CHECK(away[0].seconds == 40);
  world.advance(table, 39);
  auto bob_again = std::make_shared<FakeLink>();
  table.attach("p_bob", bob_again, 3);  // seq 3: he saw game-started and both moves
  CHECK(players.ada->take_only<wire::OpponentBack>().size() == 1);
  world.advance(table, 10);
  CHECK(table.phase() == TablePhase::Playing);
  players.bob = bob_again;
  play_moves(table, players, "c3");
}

STORE_TEST_CASE("server table: a player away past the grace window abandons the game") {
  TableWorld world(backend);
  TablePlayers players;
  Table table = open_table(world, players);
  play_moves(table, players, "f5d6");
  players.ada->take();
  table.detach(players.bob);
  world.advance(table, 40.5);
  const auto over = players.ada->take_only<wire::GameOver>();
  REQUIRE(over.size() == 1);
  CHECK(over[0].over.result.reason == EndReason::Abandoned);
  CHECK(over[0].over.result.winner() == Color::Black);  // Ada, who stayed
  CHECK(table.phase() == TablePhase::Waiting);          // Ada keeps the table for a new opponent
  CHECK(table.seat_of("p_bob") < 0);
}

STORE_TEST_CASE("server table: leaving before both moved aborts; after, it loses the game") {
  SUBCASE("abort") {
    TableWorld world(backend);
    TablePlayers players;
    Table table = open_table(world, players);
    play_moves(table, players, "f5");
    players.bob->take();
    table.leave("p_ada", players.ada);
    CHECK(players.bob->take_only<wire::GameAborted>().size() == 1);
    CHECK(table.phase() == TablePhase::Waiting);
    CHECK(table.seat_of("p_bob") == 0);  // Bob stays, now owning the table
    CHECK(table.view().owner == "p_bob");
  }
  SUBCASE("leaving loses the game, told as leaving") {
    TableWorld world(backend);
    TablePlayers players;
    Table table = open_table(world, players);
    play_moves(table, players, "f5d6");
    players.bob->take();
    table.leave("p_ada", players.ada);
    const auto over = players.bob->take_only<wire::GameOver>();
    REQUIRE(over.size() == 1);
    CHECK(over[0].over.result.reason == EndReason::Abandoned);
    CHECK(over[0].over.result.winner() == Color::White);
  }
  SUBCASE("the owner alone closes the table") {
    TableWorld world(backend);
    TablePlayers players;
    Table table = open_table(world, players, {}, false);
    table.leave("p_ada", players.ada);
    CHECK(table.closed());
    const auto tables = world.store->load_tables();
    REQUIRE(tables);
    CHECK(tables.value->empty());
  }
}

STORE_TEST_CASE("server table: a match alternates colours and a rematch swaps the first game's") {
  TableWorld world(backend);
  TablePlayers players;
  Table table = open_table(world, players, online::TableOptions{3, 0, StartVariant::StandardCross});
  CHECK(std::string(player_of(table, Color::Black)) == "p_ada");
  table.resign("p_bob", players.bob);  // game 1 to Ada
  CHECK(table.phase() == TablePhase::BetweenGames);
  table.next_game("p_ada", players.ada);
  CHECK(table.phase() == TablePhase::BetweenGames);  // Bob has not asked yet
  world.advance(table, 20.5);                        // ...but 20 seconds later it starts anyway
  CHECK(table.phase() == TablePhase::Playing);
  CHECK(std::string(player_of(table, Color::Black)) == "p_bob");
  table.resign("p_bob", players.bob);  // game 2 to Ada: the match is hers
  CHECK(table.phase() == TablePhase::Over);
  const auto over = players.bob->take_only<wire::MatchOver>();
  REQUIRE(over.size() == 1);
  CHECK(over[0].over.winner == Seat::First);

  players.ada->take();
  table.rematch("p_bob", players.bob);
  CHECK(players.ada->take_only<wire::RematchOffered>().size() == 1);
  table.rematch("p_ada", players.ada);
  CHECK(table.phase() == TablePhase::Playing);
  CHECK(std::string(player_of(table, Color::Black)) == "p_bob");  // swapped from the last match's first game
  CHECK(table.session()->match().games_finished() == 0);
}

STORE_TEST_CASE("server table: the computer's seat is searched for off the table") {
  TableWorld world(backend);
  world.randoms = {1};  // Ada white: the computer opens
  TablePlayers players;
  Table table = open_table(world, players, {}, false);
  table.seat_computer("p_ada", Strength::Hard, players.ada);
  REQUIRE(world.searches.size() == 1);
  CHECK(world.searches.front().first.strength == Strength::Hard);
  world.run_searches();
  CHECK(table.session()->game().side_to_move() == Color::White);
  const auto moves = players.ada->take_only<wire::Move>();
  CHECK(moves.size() == 1);
}

STORE_TEST_CASE("server table: after a restart the table comes back with fresh, held clocks") {
  const std::filesystem::path file = testing::scratch_path("reversi-server-table-test.sqlite3");
  std::filesystem::remove(file);
  const TestDatabase database(backend, file.string());
  int seq_before = 0;
  std::string transcript;
  {
    TableWorld world(database.location());
    TablePlayers players;
    Table table = open_table(world, players, online::TableOptions{3, 30, StartVariant::StandardCross});
    table.resign("p_bob", players.bob);
    table.next_game("p_ada", players.ada);
    table.next_game("p_bob", players.bob);
    play_moves(table, players, "f5d6c3");
    world.advance(table, 25);  // the mover has 5 s left when the server dies
    seq_before = table.seq();
    transcript = table.session()->game().transcript();
  }
  TableWorld world(database.location());
  const auto stored = world.store->load_tables();
  REQUIRE(stored);
  REQUIRE(stored.value->size() == 1);
  server::StoreError error;
  std::optional<Table> table = Table::restore(world.services(), stored.value->front(), error);
  REQUIRE_MESSAGE(table, error.message);
  table->start();
  CHECK(table->seq() == seq_before);
  CHECK(table->session()->game().transcript() == transcript);
  CHECK(table->session()->game_number() == 2);
  CHECK(table->session()->match().wins(Seat::First) == 1);
  CHECK(table->session()->clock_remaining() == doctest::Approx(30));  // a fresh allowance...
  world.advance(*table, 14);
  CHECK(table->session()->clock_remaining() == doctest::Approx(30));  // ...held during the restart grace
  auto ada = std::make_shared<FakeLink>();
  table->attach("p_ada", ada, seq_before);
  // Ada missed nothing, so no event carries the clock: the table says it, held still.
  const auto tables = ada->take_only<wire::Table>();
  REQUIRE_FALSE(tables.empty());
  REQUIRE(tables.back().clock);
  CHECK(tables.back().clock->seconds == doctest::Approx(30));
  CHECK(tables.back().clock->held == doctest::Approx(1));
  auto bob = std::make_shared<FakeLink>();
  table->attach("p_bob", bob, 2);  // a gap: he gets a snapshot
  const auto states = bob->take_only<wire::State>();
  REQUIRE(states.size() == 1);
  CHECK(states[0].game.transcript == transcript);
  world.advance(*table, 1);  // the restart grace ends: the clock runs again
  world.advance(*table, 1);
  CHECK(table->session()->clock_remaining() == doctest::Approx(29));
  std::filesystem::remove(file);
}

STORE_TEST_CASE("server table: a change the store refuses is undone and answered server-error") {
  TableWorld world(backend);
  FailingStore flaky(*world.store);
  server::TableServices services = world.services();
  services.store = &flaky;
  server::StoreError error;
  std::optional<Table> table = Table::open(services, "K7M2QX", ada_row(), {}, false, error);
  REQUIRE(table);
  TablePlayers players;
  table->attach("p_ada", players.ada, std::nullopt);
  table->join(bob_row(), players.bob);
  players.ada->take();
  players.bob->take();
  flaky.failing = true;
  table->play("p_ada", square("f5"), 0, players.ada);
  CHECK(refusal(*players.ada) == ErrorCode::ServerError);
  CHECK(players.bob->take_only<wire::Move>().empty());
  CHECK(table->session()->game().transcript().empty());
  flaky.failing = false;
  table->play("p_ada", square("f5"), 0, players.ada);
  CHECK(players.bob->take_only<wire::Move>().size() == 1);
}
