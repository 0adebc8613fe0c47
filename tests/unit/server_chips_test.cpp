// Chips at real tables (an injected clock and an in-memory store): the stake
// table, matches won and lost between people and against the computer,
// what leaving costs before and after the 4th move and once the match has a
// winner, a grace window running out, balances that never go below 0, the
// daily limit with the win that crosses it, a refused commit paying
// nothing, and the chips message's cost of leaving.
#include <doctest/doctest.h>

#include <bit>
#include <nlohmann/json.hpp>

#include "server/arcade.h"
#include "server/chips.h"
#include "server/client_session.h"
#include "server/table.h"
#include "server_test_support.h"

using namespace reversi;
using namespace reversi::testing;
using messages::ErrorCode;
using messages::TablePhase;
using online::ChipReason;
using server::ChipEntry;
using server::SeatRow;
using server::Table;

namespace {

constexpr int kStart = 500;
// 2026-12-01 12:00:00 UTC.
constexpr std::int64_t kNoon = 1'796'126'400;
constexpr std::int64_t kSecondsPerDay = 86'400;

struct ChipPlayer {
  std::string id;
  std::string name;
  std::shared_ptr<FakeLink> link = std::make_shared<FakeLink>();
  SeatRow row() const { return SeatRow{id, name, std::nullopt}; }
};

server::TableServices chip_services(TableWorld& world, std::optional<int> start = kStart) {
  server::TableServices services = world.services();
  services.chips_start = start;
  return services;
}

Table open_table(const server::TableServices& services, const ChipPlayer& host, online::TableOptions options = {}) {
  server::StoreError error;
  std::optional<Table> table = Table::open(services, "K7M2QX", host.row(), options, false, error);
  REQUIRE_MESSAGE(table, error.message);
  table->start();
  table->attach(host.id, host.link, std::nullopt);
  return std::move(*table);
}

// A table of `host` that `guest` joins; the host plays black in game 1.
Table seat_two_with_chips(TableWorld& world, const ChipPlayer& host, const ChipPlayer& guest,
                          online::TableOptions options = {}, std::optional<int> start = kStart) {
  world.randoms = {0};
  Table table = open_table(chip_services(world, start), host, options);
  table.join(guest.row(), guest.link);
  return table;
}

const ChipPlayer& player_to_move(const Table& table, const ChipPlayer& host, const ChipPlayer& guest) {
  return table.session()->seat_of(table.session()->game().side_to_move()) == Seat::First ? host : guest;
}

int ply_of(const Table& table) { return static_cast<int>(table.session()->game().record().cursor()); }

// The refusals among what `link` was sent, which stays there to look at.
std::vector<wire::Error> refusals(const FakeLink& link) {
  FakeLink copy;
  copy.sent = link.sent;
  return copy.take_only<wire::Error>();
}

void play_moves(Table& table, const ChipPlayer& host, const ChipPlayer& guest, const std::string& moves) {
  for (std::size_t at = 0; at + 1 < moves.size(); at += 2) {
    const ChipPlayer& who = player_to_move(table, host, guest);
    table.play(who.id, square(moves.substr(at, 2).c_str()), ply_of(table), who.link);
    REQUIRE(refusals(*who.link).empty());
  }
}

// One game of a match: a few moves, then `loser` resigns.
void win_game(Table& table, const ChipPlayer& host, const ChipPlayer& guest, const ChipPlayer& loser,
              const std::string& moves = "f5d6") {
  play_moves(table, host, guest, moves);
  table.resign(loser.id, loser.link);
}

int balance(TableWorld& world, const ChipPlayer& person, int start = kStart) {
  const auto account = server::chip_account(*world.store, start, person.id, world.unix_now);
  REQUIRE(account);
  return account.value->balance;
}

std::vector<ChipEntry> ledger(TableWorld& world, const ChipPlayer& person) {
  const auto entries = world.store->chip_ledger(person.id, 50);
  REQUIRE(entries);
  return *entries.value;
}

// The last chips message `person` was sent since the last look.
std::optional<wire::Chips> last_chips(const ChipPlayer& person) {
  const auto sent = person.link->take_only<wire::Chips>();
  if (sent.empty()) return std::nullopt;
  return sent.back();
}

// Ada wins a one-game match against Bob, then both ask for a rematch.
void ada_beats_bob(Table& table, const ChipPlayer& ada, const ChipPlayer& bob) {
  win_game(table, ada, bob, bob);
  REQUIRE(table.phase() == TablePhase::Over);
  table.rematch(ada.id, ada.link);
  table.rematch(bob.id, bob.link);
  REQUIRE(table.phase() == TablePhase::Playing);
}

}  // namespace

TEST_CASE("chips: the stake is 60 scaled by the match's length and the opponent, halves rounded up") {
  using server::match_stake;
  const std::optional<Strength> person;
  CHECK(match_stake(1, person) == 30);
  CHECK(match_stake(3, person) == 45);
  CHECK(match_stake(5, person) == 60);
  CHECK(match_stake(1, Strength::Easy) == 8);   // 7.5
  CHECK(match_stake(3, Strength::Easy) == 11);  // 11.25
  CHECK(match_stake(5, Strength::Easy) == 15);
  CHECK(match_stake(1, Strength::Medium) == 15);
  CHECK(match_stake(3, Strength::Medium) == 23);  // 22.5
  CHECK(match_stake(5, Strength::Medium) == 30);
  CHECK(match_stake(1, Strength::Hard) == 38);  // 37.5
  CHECK(match_stake(3, Strength::Hard) == 56);  // 56.25
  CHECK(match_stake(5, Strength::Hard) == 75);
  // The day of the daily limit is the UTC day.
  CHECK(server::utc_day(kNoon).from == kNoon - 12 * 3600);
  CHECK(server::utc_day(kNoon).to == kNoon + 12 * 3600);
}

STORE_TEST_CASE("chips: the match's winner is paid the stake and the loser pays it") {
  TableWorld world(backend);
  ChipPlayer ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};
  online::TableOptions options;
  options.match_length = 3;
  Table table = seat_two_with_chips(world, ada, bob, options);
  const auto joined = last_chips(bob);
  REQUIRE(joined);
  CHECK(*joined == wire::Chips{kStart, 45, 0, 0, 1500});
  CHECK(last_chips(ada) == wire::Chips{kStart, 45, 0, 0, 1500});

  win_game(table, ada, bob, bob);  // game 1: nothing changes hands yet
  CHECK(ledger(world, ada).empty());
  table.next_game(ada.id, ada.link);
  table.next_game(bob.id, bob.link);
  win_game(table, ada, bob, bob);  // game 2 decides the match
  REQUIRE(table.phase() == TablePhase::Over);
  CHECK(balance(world, ada) == kStart + 45);
  CHECK(balance(world, bob) == kStart - 45);
  const auto adas = ledger(world, ada);
  REQUIRE(adas.size() == 1);
  CHECK(adas[0].delta == 45);
  CHECK(adas[0].balance_after == kStart + 45);
  CHECK(adas[0].reason == ChipReason::MatchWon);
  CHECK(adas[0].code == "K7M2QX");
  CHECK(adas[0].match_number == 1);
  CHECK(adas[0].created_unix == world.unix_now);
  const auto bobs = ledger(world, bob);
  REQUIRE(bobs.size() == 1);
  CHECK(bobs[0].delta == -45);
  CHECK(bobs[0].reason == ChipReason::MatchLost);
  CHECK(bobs[0].match_key == adas[0].match_key);
  // Both are told at once; leaving the decided match costs nothing.
  CHECK(last_chips(ada) == wire::Chips{kStart + 45, 45, 0, 45, 1500});
  CHECK(last_chips(bob) == wire::Chips{kStart - 45, 45, 0, 0, 1500});

  SUBCASE("leaving once the match has a winner is free") {
    table.leave(bob.id, bob.link);
    CHECK(ledger(world, bob).size() == 1);
    CHECK(balance(world, bob) == kStart - 45);
    CHECK(ledger(world, ada).size() == 1);
  }
  SUBCASE("a rematch is a new match with its own entries") {
    table.rematch(ada.id, ada.link);
    table.rematch(bob.id, bob.link);
    REQUIRE(table.match_number() == 2);
    for (int game = 0; game < 2; ++game) {
      if (game == 1) {
        table.next_game(ada.id, ada.link);
        table.next_game(bob.id, bob.link);
      }
      win_game(table, ada, bob, ada);
    }
    CHECK(balance(world, ada) == kStart);
    CHECK(balance(world, bob) == kStart);
    const auto again = ledger(world, ada);
    REQUIRE(again.size() == 2);
    CHECK(again[0].match_number == 2);  // the newest first
    CHECK(again[0].match_key != again[1].match_key);
  }
}

STORE_TEST_CASE("chips: against the computer only the person has a ledger, at the computer's stake") {
  TableWorld world(backend);
  ChipPlayer ada{"p_ada", "Ada"};
  struct Case {
    Strength strength;
    int stake;
  };
  for (const Case& each : {Case{Strength::Easy, 8}, Case{Strength::Medium, 15}, Case{Strength::Hard, 38}}) {
    const Strength strength = each.strength;
    const int stake = each.stake;
    CAPTURE(stake);
    world.unix_now += 60;  // a match key of its own (the test's generator gives only 0s)
    const int before = balance(world, ada);
    Table table = open_table(chip_services(world), ada);
    table.seat_computer(ada.id, strength, ada.link);
    CHECK(last_chips(ada)->stake == stake);
    world.run_searches();
    table.resign(ada.id, ada.link);
    REQUIRE(table.phase() == TablePhase::Over);
    CHECK(balance(world, ada) == before - stake);
    CHECK(ledger(world, ada).front().reason == ChipReason::MatchLost);
    CHECK(ledger(world, ada).front().delta == -stake);
    table.leave(ada.id, ada.link);
    REQUIRE(table.closed());
  }
  // Nobody but Ada has an entry.
  const auto rows = world.store->chip_ledger("", 50);
  REQUIRE(rows);
  CHECK(rows.value->empty());

  SUBCASE("a win against Hard is paid 38 for one game") {
    world.unix_now += 60;
    const int before = balance(world, ada);
    Table table = open_table(chip_services(world), ada);
    table.seat_computer(ada.id, Strength::Hard, ada.link);
    // Ada takes the most discs she can; the "computer" plays its last legal square.
    auto flips_of = [](const Position& position, Square square) {
      return count_bits(flips_for(position.board.player, position.board.opponent, square));
    };
    auto most_discs = [&](const Position& position) {
      Square best = kPass;
      for (Bitboard legal = legal_moves(position.board); legal; legal &= legal - 1)
        if (best == kPass || flips_of(position, first_square(legal)) > flips_of(position, best))
          best = first_square(legal);
      return best;
    };
    auto last_square = [](const Position& position) {
      return static_cast<Square>(63 - std::countl_zero(legal_moves(position.board)));
    };
    for (int turn = 0; turn < 200 && table.phase() == TablePhase::Playing; ++turn) {
      world.run_searches(last_square);
      if (table.phase() != TablePhase::Playing) break;
      if (table.session()->waiting_for_computer()) continue;
      const Position position = table.session()->game().position();
      if (legal_moves(position.board)) table.play(ada.id, most_discs(position), ply_of(table), ada.link);
      if (table.phase() == TablePhase::BetweenGames) table.next_game(ada.id, ada.link);  // a draw: again
    }
    REQUIRE(table.phase() == TablePhase::Over);
    REQUIRE(table.session()->match().winner() == Seat::First);
    CHECK(balance(world, ada) == before + 38);
    CHECK(ledger(world, ada).front().reason == ChipReason::MatchWon);
  }
}

STORE_TEST_CASE("chips: leaving costs the stake after the match's 4th move, and pays the other as the winner") {
  TableWorld world(backend);
  ChipPlayer ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};

  SUBCASE("before the 4th move leaving is free for both, even when it decides the match") {
    Table table = seat_two_with_chips(world, ada, bob);
    play_moves(table, ada, bob, "f5d6c3");
    table.leave(bob.id, bob.link);  // a resignation: Ada wins the one game
    CHECK(ledger(world, ada).empty());
    CHECK(ledger(world, bob).empty());
    CHECK(balance(world, bob) == kStart);
  }
  SUBCASE("a game left before both moved is aborted and free") {
    Table table = seat_two_with_chips(world, ada, bob);
    play_moves(table, ada, bob, "f5");
    table.leave(ada.id, ada.link);
    CHECK(ledger(world, ada).empty());
    CHECK(ledger(world, bob).empty());
  }
  SUBCASE("after the 4th move the leaver pays and the other is paid") {
    Table table = seat_two_with_chips(world, ada, bob);
    play_moves(table, ada, bob, "f5d6c3");
    CHECK(last_chips(ada) == wire::Chips{kStart, 30, 0, 0, 1500});
    play_moves(table, ada, bob, "d3");  // the 4th move: leaving costs now, and both are told
    CHECK(last_chips(ada) == wire::Chips{kStart, 30, 30, 0, 1500});
    CHECK(last_chips(bob) == wire::Chips{kStart, 30, 30, 0, 1500});
    table.leave(bob.id, bob.link);
    CHECK(balance(world, bob) == kStart - 30);
    CHECK(balance(world, ada) == kStart + 30);
    REQUIRE(ledger(world, bob).size() == 1);
    CHECK(ledger(world, bob)[0].reason == ChipReason::Left);
    REQUIRE(ledger(world, ada).size() == 1);
    CHECK(ledger(world, ada)[0].reason == ChipReason::OpponentLeft);
    // The leaver is told what it cost; Ada, who now waits alone, her new balance.
    CHECK(last_chips(bob) == wire::Chips{kStart - 30, 0, 0, 0, 1500});
    CHECK(last_chips(ada) == wire::Chips{kStart + 30, 0, 0, 30, 1500});
  }
  SUBCASE("between the games of a match, the moves of the earlier games count") {
    online::TableOptions options;
    options.match_length = 3;
    Table table = seat_two_with_chips(world, ada, bob, options);
    win_game(table, ada, bob, bob, "f5d6");  // 2 moves
    table.next_game(ada.id, ada.link);
    table.next_game(bob.id, bob.link);
    play_moves(table, ada, bob, "f5");  // 3
    CHECK(last_chips(ada)->leave_cost == 0);
    play_moves(table, ada, bob, "d6");  // 4
    CHECK(last_chips(ada)->leave_cost == 45);
    table.leave(ada.id, ada.link);
    CHECK(balance(world, ada) == kStart - 45);
    CHECK(balance(world, bob) == kStart + 45);
  }
  SUBCASE("not coming back within the grace window is leaving") {
    Table table = seat_two_with_chips(world, ada, bob);
    play_moves(table, ada, bob, "f5d6c3d3");
    table.detach(bob.link);
    world.advance(table, 39);
    CHECK(ledger(world, bob).empty());
    world.advance(table, 2);
    CHECK(balance(world, bob) == kStart - 30);
    CHECK(balance(world, ada) == kStart + 30);
    CHECK(ledger(world, bob)[0].reason == ChipReason::Left);
  }
  SUBCASE("leaving the computer costs the person; the computer has no ledger") {
    Table table = open_table(chip_services(world), ada);
    table.seat_computer(ada.id, Strength::Medium, ada.link);
    for (int moves = 0; moves < 6; ++moves) {
      world.run_searches();
      if (!table.session()->waiting_for_computer())
        table.play(ada.id, first_square(legal_moves(table.session()->game().position().board)), ply_of(table),
                   ada.link);
    }
    table.leave(ada.id, ada.link);
    CHECK(table.closed());
    CHECK(balance(world, ada) == kStart - 15);
    CHECK(ledger(world, ada)[0].reason == ChipReason::Left);
  }
}

STORE_TEST_CASE("chips: a balance never goes below 0: a loser pays what they have") {
  TableWorld world(backend);
  ChipPlayer ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};
  Table table = seat_two_with_chips(world, ada, bob, {}, 20);
  CHECK(last_chips(bob) == wire::Chips{20, 30, 0, 0, 1500});
  play_moves(table, ada, bob, "f5d6c3d3");
  CHECK(last_chips(bob) == wire::Chips{20, 30, 20, 0, 1500});  // leaving would cost all 20
  CHECK(last_chips(ada) == wire::Chips{20, 30, 20, 0, 1500});
  table.resign(bob.id, bob.link);
  CHECK(balance(world, bob, 20) == 0);
  CHECK(ledger(world, bob)[0].delta == -20);
  CHECK(ledger(world, bob)[0].balance_after == 0);
  CHECK(balance(world, ada, 20) == 50);  // the winner is paid the whole stake
  // Broke, Bob loses again: an entry of 0, still not below.
  table.rematch(ada.id, ada.link);
  table.rematch(bob.id, bob.link);
  win_game(table, ada, bob, bob);
  CHECK(balance(world, bob, 20) == 0);
  CHECK(ledger(world, bob)[0].delta == 0);
  CHECK(ledger(world, bob)[0].reason == ChipReason::MatchLost);
}

STORE_TEST_CASE(
    "chips: wins pay at most 1,500 a UTC day, the win that crosses it in full, and it comes back at midnight") {
  TableWorld world(backend);
  world.unix_now = kNoon;
  ChipPlayer ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};
  {
    // 1,480 won earlier today.
    auto transaction = world.store->begin();
    transaction->add_chips(
        ChipEntry{ada.id, 1480, kStart + 1480, ChipReason::MatchWon, "EARLY2", 1, "EARLY2/1", kNoon - 3600});
    REQUIRE_FALSE(transaction->commit());
  }
  Table table = seat_two_with_chips(world, ada, bob);
  CHECK(last_chips(ada) == wire::Chips{kStart + 1480, 30, 0, 1480, 1500});
  ada_beats_bob(table, ada, bob);  // 1,480 + 30 crosses the limit: paid in full
  CHECK(balance(world, ada) == kStart + 1510);
  CHECK(ledger(world, ada)[0].delta == 30);
  CHECK(last_chips(ada)->won_today == 1510);

  world.unix_now = server::utc_day(kNoon).to - 1;  // 23:59:59, the same day
  ada_beats_bob(table, ada, bob);
  CHECK(balance(world, ada) == kStart + 1510);
  const ChipEntry limited = ledger(world, ada)[0];
  CHECK(limited.delta == 0);
  CHECK(limited.reason == ChipReason::LimitReached);
  CHECK(limited.balance_after == kStart + 1510);
  CHECK(balance(world, bob) == kStart - 60);  // losses are not limited

  world.unix_now = server::utc_day(kNoon).to;  // 00:00 UTC: the allowance is back
  ada_beats_bob(table, ada, bob);
  CHECK(balance(world, ada) == kStart + 1540);
  CHECK(ledger(world, ada)[0].reason == ChipReason::MatchWon);
  CHECK(last_chips(ada)->won_today == 30);
  CHECK(ledger(world, ada).size() == 4);
  CHECK(world.unix_now - kNoon == kSecondsPerDay / 2);
}

STORE_TEST_CASE("chips: a commit the store refuses pays nothing, and a match is never paid twice") {
  TableWorld world(backend);
  ChipPlayer ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};

  SUBCASE("the store refuses the change that decides the match") {
    FailingStore refusing(*world.store);
    server::TableServices services = chip_services(world);
    services.store = &refusing;
    world.randoms = {0};
    Table table = open_table(services, ada);
    table.join(bob.row(), bob.link);
    play_moves(table, ada, bob, "f5d6c3d3");
    refusing.failing = true;
    table.resign(bob.id, bob.link);
    CHECK(FakeLink::only<wire::Error>(bob.link->take()).at(0).code == ErrorCode::ServerError);
    CHECK(table.phase() == TablePhase::Playing);
    CHECK(ledger(world, ada).empty());
    CHECK(ledger(world, bob).empty());
    refusing.failing = true;
    table.leave(bob.id, bob.link);  // leaving, refused too
    CHECK(ledger(world, bob).empty());
    CHECK(table.seat_of(bob.id) == 1);
    refusing.failing = false;
    table.resign(bob.id, bob.link);
    CHECK(balance(world, ada) == kStart + 30);
    CHECK(balance(world, bob) == kStart - 30);
    CHECK(ledger(world, ada).size() == 1);
  }
  SUBCASE("an entry already in the ledger for this match refuses the whole change") {
    Table table = seat_two_with_chips(world, ada, bob);
    play_moves(table, ada, bob, "f5d6c3d3");
    // The key this match was given (the test's generator gives 0s).
    const std::string key = "K7M2QX/1/" + std::to_string(world.unix_now) + "/0000000000000000";
    {
      auto transaction = world.store->begin();
      transaction->add_chips(ChipEntry{ada.id, 30, kStart + 30, ChipReason::MatchWon, "K7M2QX", 1, key, 0});
      REQUIRE_FALSE(transaction->commit());
    }
    table.resign(bob.id, bob.link);
    CHECK(FakeLink::only<wire::Error>(bob.link->take()).at(0).code == ErrorCode::ServerError);
    CHECK(balance(world, ada) == kStart + 30);  // once, not twice
    CHECK(ledger(world, bob).empty());          // nor did Bob pay
  }
}

STORE_TEST_CASE("chips: a table back after a restart still knows the match's moves and key") {
  TableWorld world(backend);
  ChipPlayer ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};
  online::TableOptions options;
  options.match_length = 3;
  {
    Table table = seat_two_with_chips(world, ada, bob, options);
    win_game(table, ada, bob, bob, "f5d6c3");  // 3 moves
    table.next_game(ada.id, ada.link);
    table.next_game(bob.id, bob.link);
    play_moves(table, ada, bob, "f5");  // the 4th
  }
  const auto stored = world.store->load_tables();
  REQUIRE(stored);
  REQUIRE(stored.value->size() == 1);
  CHECK(stored.value->front().row.earlier_moves == 3);
  server::StoreError error;
  std::optional<Table> table = Table::restore(chip_services(world), stored.value->front(), error);
  REQUIRE_MESSAGE(table, error.message);
  table->start();
  table->attach(ada.id, ada.link, std::nullopt);
  CHECK(last_chips(ada) == wire::Chips{kStart, 45, 45, 0, 1500});
  table->leave(ada.id, ada.link);
  CHECK(balance(world, ada) == kStart - 45);
  CHECK(ledger(world, ada)[0].match_key == stored.value->front().row.match_key);
}

STORE_TEST_CASE("chips: off without --chips: no messages, no ledger, get-chips refused, no chips on the card") {
  TableWorld world(backend);
  ChipPlayer ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};
  world.randoms = {0};
  Table table = open_table(chip_services(world, std::nullopt), ada);
  table.join(bob.row(), bob.link);
  play_moves(table, ada, bob, "f5d6c3d3");
  table.leave(bob.id, bob.link);
  CHECK(ada.link->take_only<wire::Chips>().empty());
  CHECK(bob.link->take_only<wire::Chips>().empty());
  CHECK(ledger(world, ada).empty());
  CHECK(ledger(world, bob).empty());
  const auto stored = world.store->load_tables();
  REQUIRE(stored);
  CHECK(stored.value->front().row.match_key.empty());

  server::Lobby lobby{world.services(), inline_hosts(world)};
  const server::HostTokenVerifier tokens{std::string("a-key-of-sixteen-bytes")};
  for (const std::optional<int> start : {std::optional<int>{}, std::optional<int>{kStart}}) {
    const server::ClientServices services{
        &lobby, world.store.get(), &tokens, [&world] { return world.now; }, [&world] { return world.unix_now; },
        {},     nullptr,           start};
    auto link = std::make_shared<FakeLink>();
    server::ClientSession session(services, link);
    session.on_message(online::encode_client_message(online::client::Hello{}));
    const std::string player = link->take_only<wire::Welcome>().at(0).player;
    session.on_message(online::encode_client_message(online::client::GetChips{}));
    session.on_message(online::encode_client_message(online::client::GetPlayer{}));
    const auto sent = link->take();
    const auto cards = FakeLink::only<wire::PlayerCard>(sent);
    REQUIRE(cards.size() == 1);
    if (!start) {
      CHECK(FakeLink::only<wire::Error>(sent).at(0).code == ErrorCode::ChipsOff);
      CHECK_FALSE(cards[0].chips);
      const auto api = server::answer_api(*world.store, "/api/players/" + player, world.unix_now);
      CHECK_FALSE(nlohmann::json::parse(api.body).contains("chips"));
    } else {
      const auto ledgers = FakeLink::only<wire::ChipsLedger>(sent);
      REQUIRE(ledgers.size() == 1);
      CHECK(ledgers[0] == wire::ChipsLedger{kStart, {}});
      CHECK(cards[0].chips == kStart);
      const auto api = server::answer_api(*world.store, "/api/players/" + player, world.unix_now, start);
      CHECK(nlohmann::json::parse(api.body)["chips"] == kStart);
    }
  }
}

STORE_TEST_CASE("chips: get-chips lists the ledger, the newest first") {
  TableWorld world(backend);
  ChipPlayer ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};
  {
    auto transaction = world.store->begin();
    for (const ChipPlayer* person : {&ada, &bob}) transaction->put_player({person->id, person->name, "", 0});
    REQUIRE_FALSE(transaction->commit());
  }
  Table table = seat_two_with_chips(world, ada, bob);
  ada_beats_bob(table, ada, bob);
  play_moves(table, ada, bob, "f5d6c3d3");
  table.leave(ada.id, ada.link);
  const auto answer = server::chips_ledger_of(*world.store, kStart, ada.id, world.unix_now);
  REQUIRE(answer);
  CHECK(answer.value->balance == kStart);
  REQUIRE(answer.value->entries.size() == 2);
  CHECK(answer.value->entries[0] == wire::ChipLedgerEntry{-30, kStart, ChipReason::Left, "K7M2QX", 2, world.unix_now});
  CHECK(answer.value->entries[1] ==
        wire::ChipLedgerEntry{30, kStart + 30, ChipReason::MatchWon, "K7M2QX", 1, world.unix_now});
}
