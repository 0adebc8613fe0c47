// The Session: solo undo, computer turns, the match, the move clock and events.
#include <doctest/doctest.h>

#include <memory>

#include "engine/notation.h"
#include "game/session.h"
#include "game_test_support.h"

using namespace reversi;
using reversi::testing::play_all;

namespace {
using testing::kBlackPassesAfter8;  // white then plays c5
using testing::sq;
using testing::two_players;

constexpr const char* kDrawnGame =
    "e6d6c4f4c6c5f6c7d7g6g4e7b6f3g7g8e2f5f8a6e3b5h8c3d8f2b8h5a4a5b3f7h6c8g3h3d3e8g1h7b4e1b7d2c2a8c1b2a2a3a1b1g2d1a7g5"
    "f1h1h4h2";

std::vector<EventKind> kinds_of(const std::vector<GameEvent>& events) {
  std::vector<EventKind> kinds;
  for (const GameEvent& event : events) kinds.push_back(event.kind);
  return kinds;
}

SessionOptions solo(ColourChoice colour) {
  SessionOptions options;
  options.mode = Mode::Solo;
  options.colour = colour;
  return options;
}
}  // namespace

TEST_CASE("game session: solo undo takes back the computer's replies and the human's move, through passes") {
  Session session(solo(ColourChoice::Black), 1);
  CHECK(session.human_colour() == Color::Black);
  CHECK(session.game().player(Color::White).is_computer());
  play_all(session, std::string(kBlackPassesAfter8) + "c5");  // black passed; the computer moved twice
  CHECK(session.game().side_to_move() == Color::Black);
  const Position end = session.game().position();
  session.poll_events();

  REQUIRE(session.undo());  // c5, black's pass, a3 (computer) and a1 (human) go
  CHECK(session.game().transcript() == "c4c3c2b2e6c1");
  CHECK(session.game().side_to_move() == Color::Black);
  CHECK_FALSE(session.waiting_for_computer());
  REQUIRE(session.undo());
  CHECK(session.game().transcript() == "c4c3c2b2");
  REQUIRE(session.redo());  // e6 and the computer's c1
  CHECK(session.game().transcript() == "c4c3c2b2e6c1");
  REQUIRE(session.redo());  // a1, a3, the pass and c5
  CHECK(session.game().position() == end);
  CHECK(kinds_of(session.poll_events()) ==
        std::vector<EventKind>{EventKind::Undone, EventKind::Undone, EventKind::Redone, EventKind::Redone});
}

TEST_CASE("game session: undo while the computer thinks takes back the human's move; the late answer is refused") {
  Session session(solo(ColourChoice::White), 1);  // the computer is black and opens
  CHECK(session.waiting_for_computer());
  CHECK_FALSE(session.human_to_move());
  CHECK(session.undo().error == CommandError::NothingToUndo);
  CHECK(session.play(sq("f5")).error == CommandError::ComputerThinking);
  REQUIRE(session.play_computer_move(sq("f5"), session.game().position()));
  CHECK(session.undo().error == CommandError::NothingToUndo);  // the human has not moved yet
  REQUIRE(session.play(sq("f6")));
  const Position searched = session.game().position();
  REQUIRE(session.undo());
  CHECK(session.game().transcript() == "f5");
  CHECK(session.play_computer_move(sq("e6"), searched).error == CommandError::NotYourTurn);
  REQUIRE(session.play(sq("d6")));
  CHECK(session.play_computer_move(sq("c5"), searched).error == CommandError::StalePosition);
}

TEST_CASE("game session: resign in solo is the human's, in two-player the side to move's") {
  Session solo_session(solo(ColourChoice::White), 3);
  REQUIRE(solo_session.resign());  // even while the computer (black) is to move
  CHECK(solo_session.game().result().outcome == Outcome::BlackWins);
  CHECK(solo_session.game().result().reason == EndReason::Resignation);
  CHECK(solo_session.match().winner() == Seat::Second);

  Session pair(two_players(), 3);
  REQUIRE(pair.play(sq("f5")));
  REQUIRE(pair.resign());
  CHECK(pair.game().result().outcome == Outcome::BlackWins);
  const std::vector<GameEvent> events = pair.poll_events();
  CHECK(kinds_of(events) == std::vector<EventKind>{EventKind::GameStarted, EventKind::MovePlayed, EventKind::GameOver,
                                                   EventKind::MatchOver});
  CHECK(events[2].result.reason == EndReason::Resignation);
  CHECK(events[3].match_winner == Seat::First);
}

TEST_CASE("game session: a 3-game match swaps colours, ignores draws and ends at two wins") {
  Session session(two_players(3), 11);
  CHECK(session.match().target() == 2);
  CHECK(session.colour_of(Seat::First) == Color::Black);
  CHECK(session.next_game().error == CommandError::GameNotOver);

  play_all(session, kDrawnGame);  // game 1: a 32-32 draw
  REQUIRE(session.game().is_over());
  CHECK(session.game().result().outcome == Outcome::Draw);
  CHECK(session.match().draws() == 1);
  CHECK(session.match().wins(Seat::First) == 0);
  CHECK(session.match().wins(Seat::Second) == 0);

  REQUIRE(session.next_game());  // game 2: the first seat now plays white
  CHECK(session.game_number() == 2);
  CHECK(session.colour_of(Seat::First) == Color::White);
  REQUIRE(session.resign());  // black (the second seat) resigns
  CHECK(session.match().wins(Seat::First) == 1);

  REQUIRE(session.next_game());  // game 3: first seat black again; black resigns
  CHECK(session.colour_of(Seat::First) == Color::Black);
  REQUIRE(session.resign());
  CHECK(session.match().wins(Seat::Second) == 1);
  CHECK_FALSE(session.match().is_over());

  REQUIRE(session.next_game());  // game 4 (draws extend the match): first seat white resigns
  REQUIRE(session.play(sq("f5")));
  REQUIRE(session.resign());
  CHECK(session.match().wins(Seat::Second) == 2);
  CHECK(session.match().winner() == Seat::Second);
  CHECK(session.next_game().error == CommandError::MatchOver);
  const std::vector<GameEvent> events = session.poll_events();
  REQUIRE(events.size() >= 2);
  CHECK(events.back().kind == EventKind::MatchOver);
  CHECK(events.back().game_number == 4);
}

TEST_CASE("game session: undo after the end of a game takes its result back off the match score") {
  Session session(two_players(), 5);
  play_all(session, "c4c3e6d6c6b4a4c5c2");  // a wipe-out for black
  CHECK(session.match().winner() == Seat::First);
  REQUIRE(session.undo());
  CHECK(session.match().games_finished() == 0);
  CHECK_FALSE(session.match().is_over());
  REQUIRE(session.redo());
  CHECK(session.match().winner() == Seat::First);
  CHECK(session.match().games_finished() == 1);
}

TEST_CASE("game session: a random colour draw depends only on the seed") {
  int black = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Session first(solo(ColourChoice::Random), seed);
    const Session again(solo(ColourChoice::Random), seed);
    CHECK(first.human_colour() == again.human_colour());
    black += first.human_colour() == Color::Black ? 1 : 0;
  }
  CHECK(black > 5);  // both colours come up
  CHECK(black < 35);
}

TEST_CASE("game session: when a human's clock runs out, a move is asked for and played; pauses stop it") {
  double now = 100;
  SessionOptions options = two_players();
  options.clock_enabled = true;
  options.clock_seconds = 30;
  Session session(options, 1, [&] { return now; });
  CHECK(session.clock_running());
  now = 129;
  session.tick();
  CHECK(session.game().moves().empty());
  CHECK_FALSE(session.expired_move_wanted());
  CHECK(session.clock_remaining() == doctest::Approx(1));

  session.pause_clock();
  now = 500;
  session.tick();
  CHECK(session.game().moves().empty());
  CHECK(session.clock_remaining() == doctest::Approx(1));
  session.resume_clock();
  now = 501.5;
  session.tick();
  // Time is up: the board waits for a move to be found (the app asks its AI worker).
  REQUIRE(session.expired_move_wanted());
  CHECK(*session.expired_move_wanted() == Position::start());
  CHECK_FALSE(session.human_to_move());
  CHECK(session.play(sq("d3")).error == CommandError::TimeRanOut);
  CHECK(session.check_play(Seat::First, sq("d3")).error == CommandError::TimeRanOut);
  session.tick();  // asking again changes nothing
  CHECK(session.game().moves().empty());
  CHECK(session.play_expired_move(sq("d3"), Position{}).error == CommandError::None);
  REQUIRE(session.game().moves().size() == 1);
  CHECK(session.game().last_move() == sq("d3"));
  CHECK_FALSE(session.expired_move_wanted());
  std::vector<GameEvent> events = session.poll_events();
  REQUIRE(events.size() == 3);
  CHECK(events[1].kind == EventKind::ClockExpired);
  CHECK(events[1].color == Color::Black);
  CHECK(events[1].square == sq("d3"));
  CHECK(events[2].kind == EventKind::MovePlayed);

  // White's turn starts with a full 30 s; an answer that is no legal move still yields a legal move.
  CHECK(session.clock_remaining() == doctest::Approx(30));
  now = 520;
  REQUIRE(session.play(sq("c3")));
  now = 560;
  session.tick();
  const Position searched = *session.expired_move_wanted();
  CHECK(session.play_expired_move(sq("d3"), Position{}).error == CommandError::StalePosition);
  REQUIRE(session.play_expired_move(sq("d3"), searched));  // d3 is taken: the first legal square instead
  REQUIRE(session.game().moves().size() == 3);
  CHECK(session.game().last_move() != sq("d3"));
}

TEST_CASE("game session: commands for a seat: turn, seat, legality, and the computer's seat") {
  Session pair(two_players(3), 4);
  const Seat black_seat = pair.seat_of(Color::Black);
  CHECK(pair.seat_to_move() == black_seat);
  CHECK(pair.check_play(other(black_seat), sq("f5")).error == CommandError::NotYourTurn);
  CHECK(pair.check_play(black_seat, sq("a1")).error == CommandError::TrapsNothing);
  CHECK(pair.check_play(black_seat, sq("d4")).error == CommandError::Occupied);
  CHECK(pair.check_play(black_seat, kPass).error == CommandError::InvalidSquare);
  CHECK(pair.play(other(black_seat), sq("f5")).error == CommandError::NotYourTurn);
  CHECK(pair.game().moves().empty());  // a refused command changes nothing
  REQUIRE(pair.play(black_seat, sq("f5")));
  CHECK(pair.seat_to_move() == other(black_seat));
  REQUIRE(pair.resign(black_seat));
  CHECK(pair.game().result().winner() == Color::White);
  CHECK(pair.match().wins(other(black_seat)) == 1);
  CHECK(pair.check_play(black_seat, sq("f6")).error == CommandError::GameOver);

  Session solo_game(solo(ColourChoice::White), 1);  // the computer (second seat) is black and opens
  CHECK(solo_game.is_computer(Seat::Second));
  CHECK(solo_game.check_play(Seat::Second, sq("f5")).error == CommandError::ComputerSeat);
  CHECK(solo_game.check_play(Seat::First, sq("f5")).error == CommandError::NotYourTurn);
}

TEST_CASE("game session: the clock never runs on the computer's turn, and solo placements are automatic") {
  double now = 0;
  SessionOptions options = solo(ColourChoice::Black);
  options.clock_enabled = true;
  options.variant = StartVariant::EmptyCentre;
  Session session(options, 9, [&] { return now; });
  REQUIRE(session.play(sq("d4")));
  CHECK(session.game().moves().size() == 2);  // the computer placed at once
  CHECK(session.play(sq("f5")).error == CommandError::NotCentre);
  REQUIRE(session.play(first_square(session.game().playable_squares())));
  CHECK(session.game().moves().size() == 4);
  CHECK_FALSE(session.game().in_placement_phase());
  CHECK(session.game().side_to_move() == Color::Black);
  CHECK(session.clock_running());
  REQUIRE(session.play(first_square(session.game().playable_squares())));
  CHECK(session.waiting_for_computer());
  CHECK_FALSE(session.clock_running());
  now = 1000;
  session.tick();  // nothing happens: only humans are timed
  CHECK(session.game().moves().size() == 5);
}

TEST_CASE("game session: playing on from an earlier move keeps the later ones to redo") {
  Session session(two_players(), 3);
  play_all(session, "f5d6c3d3c4");
  session.poll_events();
  REQUIRE(session.rewind_to(2));
  CHECK(session.game().transcript() == "f5d6");
  CHECK(session.game().can_redo());
  const std::vector<GameEvent> events = session.poll_events();
  REQUIRE(events.size() == 1);
  CHECK(events[0].kind == EventKind::Undone);
  CHECK(events[0].ply == 2);
  REQUIRE(session.redo());
  CHECK(session.game().transcript() == "f5d6c3");
  CHECK(session.rewind_to(9).error == CommandError::NothingToRedo);
  REQUIRE(session.rewind_to(0));
  CHECK(session.game().transcript().empty());
  REQUIRE(session.play(sq("d3")));  // a new move replaces the redo tail
  CHECK_FALSE(session.game().can_redo());
}
