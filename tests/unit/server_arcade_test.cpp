// The arcade's record: points, milestones and levels from games played at
// real tables (an injected clock and an in-memory store), leaderboards by
// UTC week, month and year with their tie rule, the player's card and
// history, and the HTTP API's answers.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "server/arcade.h"
#include "server/forget_player.h"
#include "server/table.h"
#include "server_test_support.h"

using namespace reversi;
using namespace reversi::testing;
using messages::TablePhase;
using online::GameOutcome;
using online::Milestone;
using online::Period;
using server::SeatRow;
using server::Table;
using Json = nlohmann::json;

namespace {

constexpr const char* kDrawnGame =
    "e6d6c4f4c6c5f6c7d7g6g4e7b6f3g7g8e2f5f8a6e3b5h8c3d8f2b8h5a4a5b3f7h6c8g3h3d3e8g1h7b4e1b7d2c2a8c1b2a2a3a1b1g2d1a7g5"
    "f1h1h4h2";

// Five moves each, the fewest that make a game count (fair points); black to move after it.
const std::string kOpening = std::string(kDrawnGame).substr(0, 4 * online::kRatedMovesEach);

// 2026-12-01 12:00:00 UTC, a Tuesday.
constexpr std::int64_t kTuesday = 1'796'126'400;
constexpr std::int64_t kDay = 86'400;
// 2026-12-09, the Wednesday after: its week and the one before are both in December.
constexpr std::int64_t kWednesday = kTuesday + 8 * kDay;

struct Person {
  std::string id;
  std::string name;
  std::shared_ptr<FakeLink> link = std::make_shared<FakeLink>();
  SeatRow row() const { return SeatRow{id, name, std::nullopt}; }
};

void keep_players(TableWorld& world, std::initializer_list<const Person*> people) {
  auto transaction = world.store->begin();
  for (const Person* person : people) transaction->put_player({person->id, person->name, "", 0});
  REQUIRE_FALSE(transaction->commit());
}

// A table of `host` that `guest` joins; randoms[0] = 0 makes the host black.
Table seat_two(TableWorld& world, const Person& host, const Person& guest, online::TableOptions options = {}) {
  world.randoms = {0};
  server::StoreError error;
  std::optional<Table> table = Table::open(world.services(), "K7M2QX", host.row(), options, false, error);
  REQUIRE_MESSAGE(table, error.message);
  table->start();
  table->attach(host.id, host.link, std::nullopt);
  table->join(guest.row(), guest.link);
  return std::move(*table);
}

const Person& mover(const Table& table, const Person& host, const Person& guest) {
  return table.session()->seat_of(table.session()->game().side_to_move()) == Seat::First ? host : guest;
}

void play(Table& table, const Person& host, const Person& guest, const std::string& moves) {
  for (std::size_t at = 0; at + 1 < moves.size(); at += 2) {
    const Person& who = mover(table, host, guest);
    const int ply = static_cast<int>(table.session()->game().record().cursor());
    table.play(who.id, square(moves.substr(at, 2).c_str()), ply, who.link);
    REQUIRE(FakeLink::only<wire::Error>(who.link->take()).empty());
  }
}

std::vector<wire::MilestoneReached> milestones_sent(const Person& person) {
  return person.link->take_only<wire::MilestoneReached>();
}

server::PlayerTally tally(TableWorld& world, const Person& person) {
  const auto found = world.store->tally(person.id);
  REQUIRE(found);
  return *found.value;
}

int week_points(TableWorld& world, const Person& person) {
  const server::PeriodBounds week = server::period_bounds(Period::Week, world.unix_now);
  const auto points = world.store->points(person.id, week.from, week.to);
  REQUIRE(points);
  return *points.value;
}

// No points for either, no game in Ada's tally, no milestone told.
void check_counts_for_nobody(TableWorld& world, const Person& ada, const Person& bob) {
  CHECK(week_points(world, ada) == 0);
  CHECK(week_points(world, bob) == 0);
  CHECK(tally(world, ada).games == 0);
  CHECK(milestones_sent(ada).empty());
}

}  // namespace

TEST_CASE("arcade: weeks are ISO weeks from Monday, months and years calendar ones, all in UTC") {
  using server::period_bounds;
  using server::utc_date;
  const auto week = period_bounds(Period::Week, kTuesday);
  CHECK(utc_date(week.from) == "2026-11-30");  // Monday
  CHECK(utc_date(week.to) == "2026-12-07");
  CHECK(week.to - week.from == 7 * kDay);
  // The last second of Sunday is still this week; midnight starts the next.
  CHECK(period_bounds(Period::Week, week.to - 1).from == week.from);
  CHECK(period_bounds(Period::Week, week.to).from == week.to);
  CHECK(period_bounds(Period::Week, week.from).from == week.from);
  // 2027-01-01 is a Friday: its ISO week began in 2026.
  const std::int64_t new_year_2027 = 1'798'761'600;
  CHECK(utc_date(new_year_2027) == "2027-01-01");
  CHECK(utc_date(period_bounds(Period::Week, new_year_2027).from) == "2026-12-28");
  const auto month = period_bounds(Period::Month, kTuesday);
  CHECK(utc_date(month.from) == "2026-12-01");
  CHECK(utc_date(month.to) == "2027-01-01");
  CHECK(utc_date(period_bounds(Period::Month, month.from - 1).from) == "2026-11-01");
  // February of a leap year.
  const std::int64_t leap_february = 1'835'481'600;  // 2028-03-01
  CHECK(utc_date(period_bounds(Period::Month, leap_february - 1).from) == "2028-02-01");
  CHECK(period_bounds(Period::Month, leap_february - 1).to == leap_february);
  const auto year = period_bounds(Period::Year, kTuesday);
  CHECK(utc_date(year.from) == "2026-01-01");
  CHECK(year.to == new_year_2027);
  CHECK(period_bounds(Period::Year, new_year_2027 - 1).from == year.from);
  CHECK(period_bounds(Period::Year, new_year_2027).from == new_year_2027);
}

STORE_TEST_CASE("arcade: points and milestones over whole games between people") {
  TableWorld world(backend);
  world.unix_now = kTuesday;
  Person ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};
  keep_players(world, {&ada, &bob});

  SUBCASE("a drawn game: 4 points each, and the first game with a person") {
    Table table = seat_two(world, ada, bob);
    play(table, ada, bob, kDrawnGame);
    REQUIRE(table.session()->game().is_over());
    CHECK(week_points(world, ada) == 4);
    CHECK(week_points(world, bob) == 4);
    const auto reached = milestones_sent(ada);
    REQUIRE(reached.size() == 1);
    CHECK(reached[0].milestone == Milestone::FirstGame);
    CHECK(reached[0].level == 2);
    CHECK(tally(world, bob).reached.size() == 1);
    CHECK(tally(world, bob).wins == 0);
  }
  SUBCASE("resigning is a loss for the one who resigns and a win for the other") {
    Table table = seat_two(world, ada, bob);  // Ada black
    play(table, ada, bob, kOpening);
    table.resign(ada.id, ada.link);
    const std::vector<online::ServerMessage> sent = bob.link->take();
    CHECK_FALSE(FakeLink::only<wire::GameOver>(sent).at(0).unrated);
    CHECK(week_points(world, ada) == 1);
    CHECK(week_points(world, bob) == 10);
    const auto bobs = FakeLink::only<wire::MilestoneReached>(sent);
    REQUIRE(bobs.size() == 2);
    CHECK(bobs[0].milestone == Milestone::FirstGame);
    CHECK(bobs[1].milestone == Milestone::FirstWin);
    CHECK(bobs[1].level == 3);
  }
  SUBCASE("leaving mid-game counts as resigning, and the leaver is still told their milestone") {
    Table table = seat_two(world, ada, bob);
    play(table, ada, bob, std::string(kDrawnGame).substr(0, kOpening.size() + 2));
    table.leave(bob.id, bob.link);
    CHECK(week_points(world, ada) == 10);
    CHECK(week_points(world, bob) == 1);
    CHECK(milestones_sent(bob).size() == 1);
  }
  SUBCASE("not coming back within the grace window loses the game") {
    Table table = seat_two(world, ada, bob);
    play(table, ada, bob, kOpening);
    table.detach(bob.link);
    world.advance(table, 41);
    CHECK(week_points(world, ada) == 10);
    CHECK(week_points(world, bob) == 1);
  }
  SUBCASE("a game resigned before each side made five moves is kept, unrated: no points, no milestones") {
    Table table = seat_two(world, ada, bob);                         // Ada black
    play(table, ada, bob, kOpening.substr(0, kOpening.size() - 2));  // Bob has made four moves
    table.resign(bob.id, bob.link);
    const auto over = FakeLink::only<wire::GameOver>(ada.link->take());
    REQUIRE(over.size() == 1);
    CHECK(over[0].unrated == online::Unrated::Short);
    check_counts_for_nobody(world, ada, bob);
    const auto history = world.store->history(ada.id, 10);
    REQUIRE(history);
    REQUIRE(history.value->size() == 1);
    CHECK_FALSE(history.value->front().rated);
    CHECK(history.value->front().outcome == GameOutcome::Win);
    CHECK(history.value->front().points == 0);
  }
  SUBCASE("a game aborted before both moved counts for nothing") {
    Table table = seat_two(world, ada, bob);
    play(table, ada, bob, "f5");
    table.leave(ada.id, ada.link);
    check_counts_for_nobody(world, ada, bob);
    const auto history = world.store->history(ada.id, 10);
    REQUIRE(history);
    CHECK(history.value->empty());
  }
}

STORE_TEST_CASE("arcade: a game against the computer is practice: kept, without points or milestones") {
  TableWorld world(backend);
  world.unix_now = kTuesday;
  Person ada{"p_ada", "Ada"};
  keep_players(world, {&ada});
  server::StoreError error;
  std::optional<Table> table = Table::open(world.services(), "K7M2QX", ada.row(), {}, false, error);
  REQUIRE(table);
  table->start();
  table->attach(ada.id, ada.link, std::nullopt);
  table->seat_computer(ada.id, Strength::Hard, ada.link);
  for (int turn = 0; turn < 80 && table->phase() == TablePhase::Playing; ++turn) {
    world.run_searches();
    if (table->phase() != TablePhase::Playing) break;
    const Bitboard legal = legal_moves(table->session()->game().position().board);
    if (!table->session()->waiting_for_computer() && legal) {
      table->play(ada.id, first_square(legal), static_cast<int>(table->session()->game().record().cursor()), ada.link);
    }
  }
  REQUIRE(table->phase() == TablePhase::Over);
  CHECK(week_points(world, ada) == 0);
  CHECK(tally(world, ada).games == 0);
  CHECK(milestones_sent(ada).empty());
  const auto history = world.store->history(ada.id, 10);
  REQUIRE(history);
  REQUIRE(history.value->size() == 1);
  const wire::HistoryGame& game = history.value->front();
  CHECK_FALSE(game.rated);
  CHECK(game.points == 0);
  CHECK(game.computer == Strength::Hard);
  CHECK(game.own_count + game.opponent_count <= 64);
  CHECK(game.transcript == table->session()->game().transcript());
}

STORE_TEST_CASE("arcade: three different people, five wins and twenty-five wins; the level counts milestones") {
  TableWorld world(backend);
  world.unix_now = kTuesday;
  Person ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"}, cy{"p_cy", "Cy"}, di{"p_di", "Di"};
  // Four more, so that no pair plays more than its daily five.
  Person eve{"p_eve", "Eve"}, fay{"p_fay", "Fay"}, gus{"p_gus", "Gus"}, hal{"p_hal", "Hal"};
  keep_players(world, {&ada, &bob, &cy, &di, &eve, &fay, &gus, &hal});
  std::vector<Milestone> adas;
  int level = 1;
  auto win_against = [&](const Person& other) {
    Table table = seat_two(world, ada, other);  // Ada black
    play(table, ada, other, kOpening);
    table.resign(other.id, other.link);
    for (const wire::MilestoneReached& reached : milestones_sent(ada)) {
      adas.push_back(reached.milestone);
      CHECK(reached.level == level + 1);
      level = reached.level;
    }
    table.leave(other.id, other.link);
    table.leave(ada.id, ada.link);
  };
  win_against(bob);
  CHECK(adas == std::vector<Milestone>{Milestone::FirstGame, Milestone::FirstWin});
  win_against(bob);  // the same person again: still two opponents short
  win_against(cy);
  CHECK(adas.size() == 2);
  win_against(di);
  CHECK(adas.back() == Milestone::ThreeOpponents);
  win_against(bob);  // the fifth win
  CHECK(adas.back() == Milestone::FiveWins);
  CHECK(level == 5);
  const Person* others[] = {&eve, &fay, &gus, &hal};
  for (int game = 5; game < 24; ++game) win_against(*others[game % 4]);
  CHECK(adas.size() == 4);
  win_against(di);
  CHECK(adas.back() == Milestone::TwentyFiveWins);
  CHECK(level == 6);
  CHECK(tally(world, ada).wins == 25);
  CHECK(week_points(world, ada) == 250);
  CHECK(week_points(world, fay) == 5);  // five losses, a point each
  // The card says the same.
  const auto card = server::player_card_of(*world.store, ada.id, world.unix_now);
  REQUIRE(card);
  REQUIRE(*card.value);
  CHECK((*card.value)->level == 6);
  CHECK((*card.value)->milestones.size() == 5);
  CHECK((*card.value)->week == 250);
  CHECK((*card.value)->games == 25);
}

namespace {

// A rated game between two players, stored directly with its time.
void record_game(TableWorld& world, const std::string& black, const std::string& white, std::optional<Color> winner,
                 std::int64_t when) {
  server::GameRecord game;
  game.code = "LBOARD";
  game.black = {black, black, std::nullopt};
  game.white = {white, white, std::nullopt};
  game.winner = winner;
  game.black_count = winner == Color::White ? 20 : 40;
  game.white_count = 64 - game.black_count;
  game.transcript = "f5d6";
  game.ended_unix = when;
  auto transaction = world.store->begin();
  transaction->add_game(game);
  REQUIRE_FALSE(transaction->commit());
}

std::vector<std::string> ranking(const wire::Leaderboard& board) {
  std::vector<std::string> players;
  for (const wire::LeaderboardEntry& entry : board.entries) players.push_back(entry.player);
  return players;
}

}  // namespace

STORE_TEST_CASE("arcade: leaderboards count each period's points, and ties are broken by wins, then time") {
  TableWorld world(backend);
  const std::int64_t monday = server::period_bounds(Period::Week, kWednesday).from;
  // Last week (a Sunday, still in this month and year): Cy beats Di.
  record_game(world, "p_cy", "p_di", Color::Black, monday - 10);
  // This week: Ada beats Bob; later Bob beats Di; Ada and Di draw.
  record_game(world, "p_ada", "p_bob", Color::Black, monday + 100);
  record_game(world, "p_bob", "p_di", Color::Black, monday + 200);
  record_game(world, "p_ada", "p_di", std::nullopt, monday + 300);

  const auto week = server::leaderboard_of(*world.store, Period::Week, kWednesday, "");
  REQUIRE(week);
  CHECK(week.value->from == "2026-12-07");
  CHECK(week.value->to == "2026-12-14");
  // Ada 14 (win + draw), Bob 11 (loss + win), Di 5 (loss + draw).
  REQUIRE(ranking(*week.value) == std::vector<std::string>{"p_ada", "p_bob", "p_di"});
  CHECK(week.value->entries[0].points == 14);
  CHECK(week.value->entries[0].rank == 1);
  CHECK(week.value->entries[2].points == 5);

  // The month (and the year) also hold last Sunday's game: Cy 10, Di 6.
  const auto month = server::leaderboard_of(*world.store, Period::Month, kWednesday, "");
  REQUIRE(month);
  REQUIRE(ranking(*month.value) == std::vector<std::string>{"p_ada", "p_bob", "p_cy", "p_di"});
  CHECK(month.value->entries[2].points == 10);
  CHECK(month.value->entries[3].points == 6);

  // Next Monday the week is empty again; the month still holds everything.
  const auto next_week = server::leaderboard_of(*world.store, Period::Week, monday + 7 * kDay, "");
  REQUIRE(next_week);
  CHECK(next_week.value->entries.empty());
  // On 1 January the month and the year start again.
  const std::int64_t new_year = server::period_bounds(Period::Year, kWednesday).to;
  const auto january = server::leaderboard_of(*world.store, Period::Month, new_year, "");
  const auto new_year_board = server::leaderboard_of(*world.store, Period::Year, new_year, "");
  REQUIRE(january);
  REQUIRE(new_year_board);
  CHECK(january.value->entries.empty());
  CHECK(new_year_board.value->entries.empty());
  const auto old_year = server::leaderboard_of(*world.store, Period::Year, new_year - 1, "");
  REQUIRE(old_year);
  CHECK(old_year.value->entries.size() == 4);

  SUBCASE("equal points: more wins first") {
    // Eve: a win (10). Fay: two draws and two losses (4+4+1+1 = 10).
    record_game(world, "p_eve", "p_x1", Color::Black, monday + 400);
    record_game(world, "p_fay", "p_x2", std::nullopt, monday + 50);
    record_game(world, "p_fay", "p_x3", std::nullopt, monday + 60);
    record_game(world, "p_fay", "p_x4", Color::White, monday + 70);
    record_game(world, "p_fay", "p_x5", Color::White, monday + 80);
    const auto board = server::leaderboard_of(*world.store, Period::Week, kWednesday, "");
    REQUIRE(board);
    const auto players = ranking(*board.value);
    const auto eve = std::find(players.begin(), players.end(), "p_eve");
    const auto fay = std::find(players.begin(), players.end(), "p_fay");
    REQUIRE(eve != players.end());
    REQUIRE(fay != players.end());
    CHECK(eve + 1 == fay);
  }
  SUBCASE("equal points and wins: who got there first") {
    record_game(world, "p_gus", "p_x1", Color::Black, monday + 900);
    record_game(world, "p_hal", "p_x2", Color::Black, monday + 800);
    const auto board = server::leaderboard_of(*world.store, Period::Week, kWednesday, "");
    REQUIRE(board);
    const auto players = ranking(*board.value);
    CHECK(std::find(players.begin(), players.end(), "p_hal") < std::find(players.begin(), players.end(), "p_gus"));
  }
}

STORE_TEST_CASE("arcade: the top 100, and the asker's own rank when outside it") {
  TableWorld world(backend);
  const std::int64_t monday = server::period_bounds(Period::Week, kTuesday).from;
  // 101 winners, each beaten opponent a loser with one point.
  for (int player = 0; player < 101; ++player)
    record_game(world, "p_w" + std::to_string(player), "p_l" + std::to_string(player), Color::Black, monday + player);
  const auto board = server::leaderboard_of(*world.store, Period::Week, kTuesday, "p_l7");
  REQUIRE(board);
  CHECK(board.value->entries.size() == 100);
  CHECK(board.value->entries.front().player == "p_w0");  // the earliest of the equal winners
  CHECK(board.value->entries.back().rank == 100);
  REQUIRE(board.value->you);
  CHECK(board.value->you->player == "p_l7");
  CHECK(board.value->you->points == 1);
  CHECK(board.value->you->rank > 101);
  const auto inside = server::leaderboard_of(*world.store, Period::Week, kTuesday, "p_w3");
  REQUIRE(inside);
  CHECK_FALSE(inside.value->you);  // already on the list
}

STORE_TEST_CASE("arcade: the HTTP API answers the leaderboard and a player's card as JSON") {
  TableWorld world(backend);
  Person ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};
  keep_players(world, {&ada, &bob});
  record_game(world, "p_ada", "p_bob", Color::Black, kTuesday - 100);
  {
    auto transaction = world.store->begin();
    transaction->add_milestone("p_ada", Milestone::FirstGame, kTuesday - 100);
    transaction->add_milestone("p_ada", Milestone::FirstWin, kTuesday - 100);
    REQUIRE_FALSE(transaction->commit());
  }
  const server::ApiAnswer board = server::answer_api(*world.store, "/api/leaderboard?period=month", kTuesday);
  CHECK(board.status == 200);
  const Json json = Json::parse(board.body);
  CHECK(json["period"] == "month");
  CHECK_FALSE(json.contains("type"));
  REQUIRE(json["entries"].size() == 2);
  CHECK(json["entries"][0] == Json{{"rank", 1}, {"player", "p_ada"}, {"name", "Ada"}, {"points", 10}, {"level", 3}});
  CHECK(json["entries"][1]["points"] == 1);

  const server::ApiAnswer card = server::answer_api(*world.store, "/api/players/p_ada", kTuesday);
  CHECK(card.status == 200);
  const Json ada_json = Json::parse(card.body);
  CHECK(ada_json["player"] == "p_ada");
  CHECK(ada_json["name"] == "Ada");
  CHECK(ada_json["level"] == 3);
  CHECK(ada_json["milestones"].size() == 2);
  CHECK(ada_json["milestones"][1]["milestone"] == "first-win");
  CHECK(ada_json["points"] == Json{{"week", 10}, {"month", 10}, {"year", 10}});

  CHECK(server::answer_api(*world.store, "/api/leaderboard?period=decade", kTuesday).status == 400);
  CHECK(server::answer_api(*world.store, "/api/leaderboard", kTuesday).status == 200);  // this week
  CHECK(server::answer_api(*world.store, "/api/players/p_nobody", kTuesday).status == 404);
  CHECK(server::answer_api(*world.store, "/api/players/%27;drop", kTuesday).status == 400);
  CHECK(server::answer_api(*world.store, "/api/other", kTuesday).status == 404);
  CHECK(Json::parse(server::answer_api(*world.store, "/api/other", kTuesday).body).contains("error"));
}

STORE_TEST_CASE("arcade: the history lists a player's games, and a match's standings game by game") {
  TableWorld world(backend);
  world.unix_now = kTuesday;
  Person ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};
  keep_players(world, {&ada, &bob});
  online::TableOptions options;
  options.match_length = 3;
  Table table = seat_two(world, ada, bob, options);
  play(table, ada, bob, kOpening);
  table.resign(bob.id, bob.link);  // game 1: Ada wins
  world.unix_now += 60;
  table.next_game(ada.id, ada.link);
  table.next_game(bob.id, bob.link);
  REQUIRE(table.phase() == TablePhase::Playing);
  // Game 2: the colours swap, Bob is black.
  play(table, ada, bob, kDrawnGame);
  const auto match = world.store->match_games(ada.id, "K7M2QX", table.match_number());
  REQUIRE(match);
  REQUIRE(match.value->size() == 2);
  CHECK(match.value->at(0).outcome == GameOutcome::Win);
  CHECK(match.value->at(0).color == Color::Black);
  CHECK(match.value->at(0).points == 10);
  CHECK(match.value->at(0).opponent_name == "Bob");
  CHECK(match.value->at(1).outcome == GameOutcome::Draw);
  CHECK(match.value->at(1).color == Color::White);
  CHECK(match.value->at(1).transcript == kDrawnGame);
  const auto history = world.store->history(bob.id, 10);
  REQUIRE(history);
  REQUIRE(history.value->size() == 2);
  CHECK(history.value->at(0).outcome == GameOutcome::Draw);  // the newest first
  CHECK(history.value->at(1).outcome == GameOutcome::Loss);
  CHECK(history.value->at(1).reason == EndReason::Resignation);
  CHECK(history.value->at(1).points == 1);
}

STORE_TEST_CASE("arcade: one pair earns from five games a UTC day; later ones are played and kept, unrated") {
  TableWorld world(backend);
  world.unix_now = kTuesday;
  Person ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"}, cy{"p_cy", "Cy"};
  keep_players(world, {&ada, &bob, &cy});
  // Ada beats Bob again and again, as two scripts farming points would.
  auto ada_beats = [&](const Person& other) {
    Table table = seat_two(world, ada, other);  // Ada black
    play(table, ada, other, kOpening);
    table.resign(other.id, other.link);
    const auto over = FakeLink::only<wire::GameOver>(ada.link->take());
    table.leave(other.id, other.link);
    table.leave(ada.id, ada.link);
    world.unix_now += 60;
    REQUIRE(over.size() == 1);
    return over[0].unrated;
  };
  for (int game = 0; game < online::kRatedGamesPerPairPerDay; ++game) CHECK_FALSE(ada_beats(bob));
  CHECK(week_points(world, ada) == 50);
  CHECK(ada_beats(bob) == online::Unrated::DailyLimit);
  CHECK(ada_beats(bob) == online::Unrated::DailyLimit);
  CHECK(week_points(world, ada) == 50);
  CHECK(week_points(world, bob) == 5);
  CHECK(tally(world, ada).wins == 5);
  // Another opponent is another pair.
  CHECK_FALSE(ada_beats(cy));
  CHECK(week_points(world, ada) == 60);
  // Every game is in the record.
  const auto history = world.store->history(ada.id, 30);
  REQUIRE(history);
  CHECK(history.value->size() == 8);
  CHECK_FALSE(history.value->at(1).rated);
  CHECK(history.value->at(1).opponent == bob.id);
  // Midnight UTC: the pair earns again.
  world.unix_now = kTuesday - kTuesday % kDay + kDay;
  CHECK_FALSE(ada_beats(bob));
  CHECK(week_points(world, ada) == 70);
}

STORE_TEST_CASE(
    "arcade: a deleted player is forgotten: points, milestones, leaderboards; the other side keeps the game") {
  TableWorld world(backend);
  world.unix_now = kTuesday;
  Person ada{"p_ada", "Ada"}, bob{"p_bob", "Bob"};
  keep_players(world, {&ada, &bob});
  {
    Table table = seat_two(world, ada, bob);  // Ada black
    play(table, ada, bob, kOpening);
    table.resign(bob.id, bob.link);
    // Refused while a seat is held: the table would still name them.
    const auto seated = server::delete_player(*world.store, ada.id);
    REQUIRE(seated);
    CHECK(*seated.value == server::Deletion::Seated);
    table.leave(bob.id, bob.link);
    table.leave(ada.id, ada.link);
  }
  REQUIRE(week_points(world, ada) == 10);
  const auto deleted = server::delete_player(*world.store, ada.id);
  REQUIRE(deleted);
  CHECK(*deleted.value == server::Deletion::Deleted);
  const auto found = world.store->find_player(ada.id);
  REQUIRE(found);
  CHECK_FALSE(*found.value);
  CHECK(week_points(world, ada) == 0);
  CHECK(tally(world, ada).reached.empty());
  CHECK(tally(world, ada).games == 0);
  const auto board = server::leaderboard_of(*world.store, Period::Week, world.unix_now, bob.id);
  REQUIRE(board);
  REQUIRE(board.value->entries.size() == 1);
  CHECK(board.value->entries[0].player == bob.id);
  // Bob's record keeps the game, under a name that is no longer Ada's.
  const auto history = world.store->history(bob.id, 10);
  REQUIRE(history);
  REQUIRE(history.value->size() == 1);
  CHECK(history.value->front().opponent_name == server::kForgottenName);
  CHECK(history.value->front().outcome == GameOutcome::Loss);
  CHECK(tally(world, bob).games == 1);
  // A second deletion finds nobody, and changes nothing.
  const auto again = server::delete_player(*world.store, ada.id);
  REQUIRE(again);
  CHECK(*again.value == server::Deletion::NoSuchPlayer);
  CHECK(tally(world, bob).games == 1);
}
