// The review's bookkeeping alone (app/core/review_session.h): which game is
// open and where, one position asked of the worker at a time and asked again
// only after its patience, answers taken for their own position only, the
// next mistake, "Try again from here" and the status line, driven with
// made-up values instead of the AI worker.
#include "app/core/review_session.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "game/game_transcript.h"
#include "game_test_support.h"

using namespace reversi;

namespace {

constexpr const char* kShortGame = "f5d6c3d3c4f4";

using testing::game_of;
using testing::sq;
using testing::values_for;

// Answers every question of `session` in turn, the move at index i losing
// losses[i] discs; the last answer at `now`.
void value_all(ReviewSession& session, const std::vector<int>& losses, double now) {
  for (std::size_t index = 0; index < losses.size(); ++index) {
    const std::optional<Board> asked = session.question(false, now);
    REQUIRE(asked);
    const Square played = session.review().moves()[index].played;
    const ReviewSession::Answer answer = session.answer(*asked, values_for(*asked, played, 4, 4 - losses[index]), now);
    CHECK(answer == (index + 1 == losses.size() ? ReviewSession::Answer::Finished : ReviewSession::Answer::Taken));
  }
}

}  // namespace

TEST_SUITE("review session") {
  TEST_CASE("a game opens on its final position, steps within it, and closes without being forgotten") {
    ReviewSession session;
    CHECK(!session.started());
    CHECK(!session.shown());
    session.open(game_of(kShortGame), Strength::Medium, "Review: two players", false, {}, 5);
    REQUIRE(session.shown());
    CHECK(session.at() == 6);
    CHECK(session.title() == "Review: two players");
    CHECK(session.took() == -1);
    session.step(2);
    CHECK(session.at() == 2);
    session.step(99);
    CHECK(session.at() == 6);
    session.close();
    CHECK(!session.shown());
    CHECK(session.started());
  }

  TEST_CASE("the same game opened again goes on with its valuing; another game starts afresh") {
    ReviewSession session;
    session.open(game_of(kShortGame), Strength::Hard, "first", false, {}, 0);
    const std::optional<Board> asked = session.question(false, 0);
    REQUIRE(asked);
    REQUIRE(session.answer(*asked, values_for(*asked, session.review().moves()[0].played, 4, 4), 1) ==
            ReviewSession::Answer::Taken);
    session.close();
    session.open(game_of(kShortGame), Strength::Hard, "again", true, {}, 2);
    CHECK(session.review().valued() == 1);
    CHECK(session.title() == "again");
    CHECK(session.in_record());
    session.open(game_of("f5d6c3d3"), Strength::Hard, "another", false, {}, 3);
    CHECK(session.review().valued() == 0);
    CHECK(session.review().size() == 4);
  }

  TEST_CASE("a review kept in the record opens complete at once") {
    ReviewSession first;
    first.open(game_of(kShortGame), Strength::Hard, "", true, {}, 0);
    value_all(first, {0, 3, 5, 1, 2, 8}, 1);
    const std::vector<ReviewedMove> kept = first.review().kept();
    ReviewSession session;
    session.open(game_of(kShortGame), Strength::Hard, "", true, kept, 10);
    CHECK(session.review().complete());
    CHECK(session.took() == 0);
    CHECK(!session.question(false, 10));
    // Valued in the background, then opened with the copy the record kept:
    // it stays as valued, with the time it took.
    first.close();
    first.open(game_of(kShortGame), Strength::Hard, "shown", true, kept, 20);
    CHECK(first.took() == 1);
    CHECK(first.title() == "shown");
  }

  TEST_CASE("one position is asked at a time, after the hints, and again only once the patience has run out") {
    ReviewSession session;
    session.open(game_of(kShortGame), Strength::Hard, "", false, {}, 0);
    CHECK(!session.question(true, 0));  // hints first
    CHECK(!session.pending(0));
    const std::optional<Board> asked = session.question(false, 1);
    REQUIRE(asked);
    CHECK(*asked == session.review().moves()[0].before.board);
    CHECK(session.asked(*asked));
    CHECK(session.pending(1 + ReviewSession::kPatienceSeconds - 0.1));
    CHECK(!session.question(false, 2));
    CHECK(!session.pending(1 + ReviewSession::kPatienceSeconds));
    CHECK(session.question(false, 1 + ReviewSession::kPatienceSeconds) == asked);
    session.forget_question();  // the hints asked something else meanwhile
    CHECK(!session.asked(*asked));
    CHECK(session.question(false, 6) == asked);
  }

  TEST_CASE("an answer counts for its own position only, and the last one says how long the valuing took") {
    ReviewSession session;
    session.open(game_of(kShortGame), Strength::Hard, "", false, {}, 10);
    const std::optional<Board> asked = session.question(false, 10);
    REQUIRE(asked);
    const Square played = session.review().moves()[0].played;
    CHECK(session.answer(Board{1, 2}, values_for(*asked, played, 4, 4), 11) == ReviewSession::Answer::Refused);
    CHECK(session.asked(*asked));
    CHECK(session.answer(*asked, values_for(*asked, played, 4, 4), 11) == ReviewSession::Answer::Taken);
    CHECK(!session.pending(11));
    CHECK(session.took() == -1);
    session.step(0);
    std::vector<int> rest = {3, 5, 1, 2, 8};
    for (std::size_t index = 1; index <= rest.size(); ++index) {
      const std::optional<Board> next = session.question(false, 12);
      REQUIRE(next);
      const Square move = session.review().moves()[index].played;
      session.answer(*next, values_for(*next, move, 4, 4 - rest[index - 1]), 12.5);
    }
    CHECK(session.review().complete());
    CHECK(session.took() == doctest::Approx(2.5));
    CHECK(!session.question(false, 20));
  }

  TEST_CASE("next mistake goes through both sides' mistakes biggest first, and round again") {
    ReviewSession session;
    session.open(game_of(kShortGame), Strength::Hard, "", false, {}, 0);
    CHECK(!session.next_mistake());
    CHECK(!session.biggest_mistake(Color::Black));
    // Black's mistakes: moves 3 and 5 (indices 2, 4: 5 and 2 discs); White's:
    // moves 2 and 6 (indices 1, 5: 3 and 8 discs).
    value_all(session, {0, 3, 5, 1, 2, 8}, 1);
    CHECK(session.mistakes_by_size() == std::vector<std::size_t>{5, 2, 1, 4});
    session.step(0);  // not a mistake: the biggest first
    CHECK(session.next_mistake() == 5u);
    session.step(5);
    CHECK(session.next_mistake() == 2u);
    session.step(2);
    CHECK(session.next_mistake() == 1u);
    session.step(1);
    CHECK(session.next_mistake() == 4u);
    session.step(4);
    CHECK(session.next_mistake() == 5u);
    CHECK(session.biggest_mistake(Color::Black) == 2u);
    CHECK(session.biggest_mistake(std::nullopt) == 5u);
    CHECK(session.biggest_mistake(Color::White) == 5u);
  }

  TEST_CASE("the biggest mistake is offered only once the whole game is valued") {
    ReviewSession session;
    session.open(game_of(kShortGame), Strength::Hard, "", false, {}, 0);
    const std::optional<Board> first = session.question(false, 0);
    REQUIRE(first);
    session.answer(*first, values_for(*first, session.review().moves()[0].played, 4, -6), 0);
    CHECK(!session.review().complete());
    CHECK(!session.biggest_mistake(Color::Black));
  }

  TEST_CASE("try again plays on from the move shown, the player taking the side to move") {
    ReviewSession session;
    session.open(game_of(kShortGame), Strength::Easy, "", false, {}, 0);
    CHECK(!session.try_again());  // at the end there is nothing to try
    session.step(3);
    const std::optional<ReviewSession::TryAgain> again = session.try_again();
    REQUIRE(again);
    CHECK(again->transcript == "f5d6c3");
    CHECK(again->player == Color::White);
    CHECK(again->strength == Strength::Easy);
    CHECK(again->ply == 3);
    CHECK(again->played == session.review().moves()[3].played);
    CHECK(!again->value);  // not valued yet
    session.step(0);
    CHECK(session.try_again()->transcript.empty());
    CHECK(session.try_again()->player == Color::Black);
  }

  TEST_CASE("try again says what to find, and then whether it was found") {
    ReviewSession session;
    session.open(game_of(kShortGame), Strength::Hard, "", false, {}, 0);
    session.step(2);
    ReviewSession::TryAgain unvalued = *session.try_again();
    CHECK(ReviewSession::try_again_goal(unvalued) == "Your move as Black: find a better move than the game's c3.");
    CHECK(ReviewSession::try_again_verdict(unvalued, unvalued.played) == "c3 again, the game's move.");
    CHECK(ReviewSession::try_again_verdict(unvalued, sq("e6")).empty());

    value_all(session, {0, 3, 5, 1, 2, 8}, 1);
    session.step(2);
    const ReviewSession::TryAgain again = *session.try_again();
    REQUIRE(again.value);
    const Square best = again.value->best;
    const std::string best_name = square_name(best);
    CHECK(ReviewSession::try_again_goal(again) ==
          "Your move as Black: find a better move than the game's c3 (it gave away 5 discs).");
    CHECK(ReviewSession::try_again_verdict(again, best) ==
          "Found it: " + best_name + " (about +4) is the best move here.");
    CHECK(ReviewSession::try_again_verdict(again, sq("c3")) ==
          "c3 again, the game's move (about \u20131). Hard would play " + best_name + " (about +4).");
    const Square other = best == sq("e3") ? sq("c5") : sq("e3");
    CHECK(ReviewSession::try_again_verdict(again, other) == "You played " + square_name(other) + ". Hard would play " +
                                                                best_name +
                                                                " (about +4); the game's c3 was about \u20131.");

    session.step(0);  // the best move was played: the goal says so
    CHECK(ReviewSession::try_again_goal(*session.try_again()) ==
          "Your move as Black: the game's f5 was the best move here (about +4). Find it, or one as good.");
  }

  TEST_CASE("the status line says the move, its value against the best, its rank, and the end's sums") {
    ReviewSession session;
    session.open(game_of(kShortGame), Strength::Hard, "", false, {}, 0);
    session.step(0);
    CHECK(session.status() == "Move 1: Black played f5; its value is still being worked out.");
    value_all(session, {0, 3, 5, 1, 2, 8}, 1);
    CHECK(session.status() == "Move 1: Black played f5 (about +4), the best move.");
    session.step(2);
    CHECK(session.status() == "Move 3: Black played c3 (about \u20131): 5 discs worse than " +
                                  square_name(session.review().moves()[2].value->best) +
                                  " (about +4). Black's biggest mistake.");
    session.step(3);
    CHECK(session.status().find("1 disc worse") != std::string::npos);
    session.step(6);
    CHECK(session.status().starts_with("The end: Black "));
    CHECK(session.status().find("Given away against the best moves: Black 7 discs, White 12.") != std::string::npos);
  }
}
