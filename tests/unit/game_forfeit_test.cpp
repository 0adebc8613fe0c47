// What online play adds to the game layer: forfeits for leaving
// (EndReason::Abandoned) and whether both players have moved yet.
#include <doctest/doctest.h>

#include "game/session.h"
#include "game_test_support.h"
#include "messages/spelling.h"

using namespace reversi;
using reversi::testing::play_all;

namespace {
using testing::two_players;
}  // namespace

TEST_CASE("game forfeit: an abandoned game is won by the other seat and scored in the match") {
  Session session(two_players(3), 1);
  play_all(session, "f5d6");
  session.poll_events();
  REQUIRE(session.forfeit(Seat::First, EndReason::Abandoned));
  const GameResult result = session.game().result();
  CHECK(result.reason == EndReason::Abandoned);
  CHECK(result.winner() == Color::White);  // the first seat played black in game 1
  CHECK(session.match().wins(Seat::Second) == 1);
  const std::vector<GameEvent> events = session.poll_events();
  REQUIRE(events.size() == 1);
  CHECK(events[0].kind == EventKind::GameOver);
  CHECK(events[0].result.reason == EndReason::Abandoned);
  CHECK_FALSE(session.forfeit(Seat::Second, EndReason::Resignation));  // already over
}

TEST_CASE("game forfeit: only resigning and abandoning forfeit a game") {
  Session session(two_players(), 1);
  CHECK(session.forfeit(Seat::First, EndReason::NoMoves).error == CommandError::GameNotOver);
  CHECK_FALSE(session.game().is_over());
  REQUIRE(session.forfeit(Seat::Second, EndReason::Resignation));
  CHECK(session.game().result().reason == EndReason::Resignation);
  CHECK(messages::spell(messages::kEndReasons, EndReason::Abandoned) == "abandoned");
}

TEST_CASE("game forfeit: both players have moved once each colour has played a square") {
  Session session(two_players(), 1);
  CHECK_FALSE(session.both_have_moved());
  play_all(session, "f5");
  CHECK_FALSE(session.both_have_moved());
  play_all(session, "d6");
  CHECK(session.both_have_moved());
}
