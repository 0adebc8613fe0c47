// The Game: validation, passes, undo/redo, resignation, results, the
// empty-centre start and game transcripts.
#include <doctest/doctest.h>

#include "engine/notation.h"
#include "game/game.h"
#include "game/game_transcript.h"
#include "game_test_support.h"

using namespace reversi;

namespace {
using testing::kBlackPassesAfter8;
using testing::sq;

// Black wipes white out in 9 moves.
constexpr const char* kWipeOut = "c4c3e6d6c6b4a4c5c2";

Game two_humans_after(const char* transcript) {
  Game game;
  const std::string text = transcript;
  for (std::size_t i = 0; i + 1 < text.size(); i += 2) {
    const CommandResult verdict = game.play(sq(text.substr(i, 2).c_str()));
    REQUIRE_MESSAGE(verdict, verdict.message);
  }
  return game;
}

int count_kind(const std::vector<GameEvent>& events, EventKind kind) {
  int count = 0;
  for (const GameEvent& event : events) count += event.kind == kind ? 1 : 0;
  return count;
}
}  // namespace

TEST_CASE("game: refused commands give a reason and change nothing") {
  Game game;
  game.play(sq("f5"));
  game.take_events();
  const Position before = game.position();
  const std::vector<Square> moves = game.moves();

  CHECK(game.play(sq("d4")).error == CommandError::Occupied);
  CHECK(game.play(sq("d4")).message == "d4 is already taken.");
  CHECK(game.play(sq("a1")).error == CommandError::TrapsNothing);
  CHECK(game.play(sq("a1")).message == "a1 traps no black discs.");
  CHECK(game.play(64).error == CommandError::InvalidSquare);
  CHECK(game.play(-1).error == CommandError::InvalidSquare);
  CHECK(game.play_for(Color::Black, sq("f6")).error == CommandError::NotYourTurn);
  CHECK(game.play_computer_move(sq("f6"), game.position()).error == CommandError::NotYourTurn);
  CHECK(game.position() == before);
  CHECK(game.moves() == moves);
  CHECK(game.take_events().empty());
  CHECK(game.play_for(Color::White, sq("f6")));
}

TEST_CASE("game: a human cannot move for the computer, and stale computer answers are refused") {
  Game game(GameSetup{Player::computer(Strength::Easy), Player::human(), StartVariant::StandardCross});
  CHECK(game.computer_to_move());
  const CommandResult refused = game.play(sq("f5"));
  CHECK(refused.error == CommandError::ComputerThinking);
  CHECK(refused.message == "Wait for the computer to move.");
  CHECK(game.moves().empty());

  const Position searched = game.position();
  CHECK(game.play_computer_move(sq("f5"), searched));
  CHECK(game.play(sq("f6")));
  // An answer for the old position arrives late: refused, nothing changes.
  CHECK(game.play_computer_move(sq("e6"), searched).error == CommandError::StalePosition);
  CHECK(game.moves() == std::vector<Square>{sq("f5"), sq("f6")});
}

TEST_CASE("game: a side without a move passes automatically and the pass is announced") {
  Game game = two_humans_after(kBlackPassesAfter8);
  const std::vector<GameEvent> events = game.take_events();
  REQUIRE(events.size() == 9);
  CHECK(events.back().kind == EventKind::Passed);
  CHECK(events.back().color == Color::Black);
  CHECK(game.side_to_move() == Color::White);
  CHECK(game.moves().size() == 9);
  CHECK(game.moves().back() == kPass);
  CHECK(game.last_move() == sq("a3"));  // passes are not "last moves"
  CHECK(game.transcript() == kBlackPassesAfter8);
  CHECK_FALSE(game.is_over());
  // The engine's replay agrees on where the pass falls.
  const ReplayResult replay = replay_transcript(kBlackPassesAfter8);
  REQUIRE(replay);
  CHECK(replay.replay->moves == game.moves());
  CHECK(replay.replay->final_position == game.position());
}

TEST_CASE("game: undo and redo step over passes with the move that caused them") {
  Game game = two_humans_after(kBlackPassesAfter8);
  REQUIRE(game.play(sq("c5")));  // white moves again after black's pass
  const Position end = game.position();
  game.take_events();

  REQUIRE(game.undo());  // takes back c5 only
  CHECK(game.side_to_move() == Color::White);
  CHECK(game.moves().size() == 9);
  REQUIRE(game.undo());  // takes back a3 and black's pass together
  CHECK(game.moves().size() == 7);
  CHECK(game.side_to_move() == Color::White);
  CHECK(game.last_move() == sq("a1"));

  REQUIRE(game.redo());  // a3 and the pass come back together
  CHECK(game.moves().size() == 9);
  CHECK(game.moves().back() == kPass);
  REQUIRE(game.redo());
  CHECK(game.position() == end);
  CHECK(game.redo().error == CommandError::NothingToRedo);
  const std::vector<GameEvent> events = game.take_events();
  CHECK(count_kind(events, EventKind::Undone) == 2);
  CHECK(count_kind(events, EventKind::Redone) == 2);
}

TEST_CASE("game: a new move after undo discards the redo tail") {
  Game game = two_humans_after("f5d6c3");
  REQUIRE(game.undo());
  CHECK(game.can_redo());
  REQUIRE(game.play(sq("c5")));
  CHECK_FALSE(game.can_redo());
  CHECK(game.record().all().size() == 3);
  CHECK(game.transcript() == "f5d6c5");
  CHECK(game.undo());
  CHECK(game.undo());
  CHECK(game.undo());
  CHECK(game.undo().error == CommandError::NothingToUndo);
  CHECK(game.position() == Position::start());
}

TEST_CASE("game: the last move and its flips are exposed for animation") {
  Game game = two_humans_after("f5");
  CHECK(game.last_move() == sq("f5"));
  CHECK(game.last_flips() == bit(sq("e5")));
  REQUIRE(game.play(sq("d6")));
  CHECK(game.last_flips() == bit(sq("d5")));
  CHECK(Game().last_move() == kNoMove);
  // The flip-count hint for a move not yet played.
  CHECK(game.flips_if_played(sq("c3")) == bit(sq("d4")));
  CHECK(game.flips_if_played(sq("a1")) == 0);
  CHECK(game.flips_if_played(kPass) == 0);
}

TEST_CASE("game: a wipe-out ends the game and the side with no discs has lost") {
  Game game = two_humans_after(kWipeOut);
  CHECK(game.is_over());
  const GameResult result = game.result();
  CHECK(result.outcome == Outcome::BlackWins);
  CHECK(result.reason == EndReason::NoMoves);
  CHECK(result.black_discs == 13);
  CHECK(result.white_discs == 0);
  CHECK(result.winner() == Color::Black);
  const std::vector<GameEvent> events = game.take_events();
  REQUIRE_FALSE(events.empty());
  CHECK(events.back().kind == EventKind::GameOver);
  CHECK(events.back().result == result);
  CHECK(game.play(sq("a1")).error == CommandError::GameOver);
  CHECK(game.playable_squares() == 0);
  // Undo reopens a finished game.
  CHECK(game.undo());
  CHECK_FALSE(game.is_over());
}

TEST_CASE("game: resigning gives the game to the opponent and is final") {
  Game game = two_humans_after("f5d6");
  REQUIRE(game.resign(Color::Black));
  const GameResult result = game.result();
  CHECK(result.outcome == Outcome::WhiteWins);
  CHECK(result.reason == EndReason::Resignation);
  CHECK(result.black_discs == 3);
  CHECK(result.white_discs == 3);
  CHECK(game.resigned() == Color::Black);
  CHECK(game.play(sq("c3")).error == CommandError::GameOver);
  CHECK(game.undo().error == CommandError::NothingToUndo);
  CHECK(game.resign(Color::White).error == CommandError::GameOver);
  CHECK(game.take_events().back().kind == EventKind::GameOver);
}

TEST_CASE("game: empty-centre start places four discs on the centre, flipping nothing, then plays normally") {
  Game game(GameSetup{Player::human(), Player::human(), StartVariant::EmptyCentre});
  CHECK(game.position().board == Board{0, 0});
  CHECK(game.in_placement_phase());
  CHECK(game.playable_squares() == centre_squares());
  CHECK_FALSE(game.is_over());  // an empty board is not a finished game here

  CHECK(game.play(sq("f5")).error == CommandError::NotCentre);
  REQUIRE(game.play(sq("d4")));
  CHECK(game.play(sq("d4")).error == CommandError::Occupied);
  REQUIRE(game.play(sq("e4")));
  REQUIRE(game.play(sq("d5")));  // black d5 next to white e4: still nothing flips
  CHECK(game.last_flips() == 0);
  REQUIRE(game.play(sq("e5")));
  CHECK_FALSE(game.in_placement_phase());
  CHECK(game.side_to_move() == Color::Black);
  CHECK(game.position().discs_of(Color::Black) == (bit(sq("d4")) | bit(sq("d5"))));
  CHECK(game.position().discs_of(Color::White) == (bit(sq("e4")) | bit(sq("e5"))));

  // Normal play from here: a centre-free square that traps, with flips.
  CHECK(game.play(sq("c3")).error == CommandError::TrapsNothing);
  REQUIRE(game.play(sq("f4")));
  CHECK(game.last_flips() == bit(sq("e4")));
  CHECK(game.transcript() == "d4e4d5e5f4");

  // Undo goes back into the placement phase.
  REQUIRE(game.undo());
  REQUIRE(game.undo());
  CHECK(game.in_placement_phase());
  CHECK(game.playable_squares() == bit(sq("e5")));
}

TEST_CASE("game transcripts: the variant is recognised and games round-trip") {
  CHECK(detect_variant("f5d6c3") == StartVariant::StandardCross);
  CHECK(detect_variant("") == StartVariant::StandardCross);
  CHECK(detect_variant("E4d4d5e5") == StartVariant::EmptyCentre);

  for (const char* text : {"d4e4d5e5f4", kBlackPassesAfter8, kWipeOut, "e4 d5; 1. d4"}) {
    const Parsed<Game> game = game_from_transcript(text);
    REQUIRE_MESSAGE(game, game.error);
    const Parsed<Game> again = game_from_transcript(game.value->transcript());
    REQUIRE_MESSAGE(again, again.error);
    CHECK(again.value->position() == game.value->position());
    CHECK(again.value->moves() == game.value->moves());
    CHECK(again.value->setup().variant == game.value->setup().variant);
  }
  const Parsed<Game> wiped = game_from_transcript(std::string(kWipeOut) + "a1");
  CHECK_FALSE(wiped);
  CHECK(wiped.error == "move 10 ('a1'): The game is over.");
  CHECK(game_from_transcript("d4e4f5").error ==
        "move 3 ('f5'): The first four discs go on the centre squares d4, e4, d5 and e5.");
  CHECK(game_from_transcript("f5zz").error.find("move 2 ('zz')") == 0);
}
