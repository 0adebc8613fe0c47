// The review after a game (GameReview): which positions it asks the computer
// to value, how the answers become each move's loss, the evaluation line and
// each side's biggest mistakes, and how a kept review is checked against its
// game. Made with made-up values first, then with the real search.
#include "game/game_review.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ai/computer.h"
#include "game/game_transcript.h"
#include "game/results_record.h"
#include "game_test_support.h"
#include "messages/documents.h"
#include "messages/game_link.h"

using namespace reversi;

namespace {

// 56 moves of a standard game.
constexpr const char* kLongGame =
    "e6d6c4f4c6c5f6c7d7g6g4e7b6f3g7g8e2f5f8a6e3b5h8c3d8f2b8h5a4a5b3f7h6c8g3h3d3e8g1h7b4e1b7d2c2a8c1b2a2a3a1b1g2d1a7g5";

using testing::game_of;
using testing::values_for;

}  // namespace

TEST_CASE("review: asks for each position in turn and sums up the losses and the mistakes") {
  const Game game = game_of("f5d6c3d3c4f4");
  GameReview review(game);
  REQUIRE(review.size() == 6);
  CHECK(review.reviewable() == 6);
  CHECK_FALSE(review.black_lead_after(0));
  // Losses by move: Black 0, White 3, Black 5, White 1, Black 2, White 8.
  const int losses[] = {0, 3, 5, 1, 2, 8};
  for (std::size_t index = 0; index < 6; ++index) {
    const std::optional<Board> asked = review.next_question();
    REQUIRE(asked);
    CHECK(*asked == review.moves()[index].before.board);
    const Square played = review.moves()[index].played;
    // A stale answer (another board) and one without the move played change nothing.
    CHECK_FALSE(review.answer(Board{1, 2}, values_for(*asked, played, 4, 4 - losses[index])));
    std::vector<MoveValue> without_played = values_for(*asked, played, 4, 0);
    std::erase_if(without_played, [&](const MoveValue& value) { return value.move == played; });
    if (!without_played.empty()) CHECK_FALSE(review.answer(*asked, without_played));
    CHECK(review.valued() == index);
    REQUIRE(review.answer(*asked, values_for(*asked, played, 4, 4 - losses[index])));
  }
  CHECK_FALSE(review.next_question());
  CHECK(review.complete());
  CHECK(review.moves()[1].value->loss() == 3);
  CHECK(review.moves()[0].value->best == review.moves()[0].played);  // the best and played are equal: it is the best
  // From Black's side: +4 before the first move, then each move's value for its mover.
  CHECK(review.black_lead_after(0) == 4);
  CHECK(review.black_lead_after(1) == 4);
  CHECK(review.black_lead_after(2) == -1);
  CHECK(review.black_lead_after(3) == -1);
  CHECK(review.black_lead_after(6) == 4);  // White's 4 - 8 = -4, so Black leads by 4
  CHECK(review.mistakes(Color::Black) == std::vector<std::size_t>{2, 4});
  CHECK(review.mistakes(Color::White) == std::vector<std::size_t>{5, 1});  // a 1-disc loss is no mistake
  CHECK(review.total_loss(Color::Black) == 7);
  CHECK(review.total_loss(Color::White) == 12);
  CHECK(review.position_after(6) == game.position());
  CHECK(review.position_after(0) == Position::start());

  // Kept and restored, it is the same review; one that does not fit the game is refused.
  const std::vector<ReviewedMove> kept = review.kept();
  REQUIRE(kept.size() == 6);
  const std::optional<GameReview> restored = GameReview::restore(game, kept);
  REQUIRE(restored);
  CHECK(restored->complete());
  CHECK(restored->mistakes(Color::White) == review.mistakes(Color::White));
  CHECK_FALSE(GameReview::restore(game, std::span(kept).first(5)));
  std::vector<ReviewedMove> illegal = kept;
  illegal[0].best = square_at(0, 0);  // a1 is no move in the first position
  CHECK_FALSE(GameReview::restore(game, illegal));
  std::vector<ReviewedMove> negative = kept;
  negative[3].played_score = negative[3].best_score + 1;
  CHECK_FALSE(GameReview::restore(game, negative));
}

TEST_CASE("review: only three mistakes a side are shown, the biggest first") {
  const Game game = game_of(kLongGame);
  GameReview review(game);
  std::size_t index = 0;
  int black_moves = 0;
  while (const std::optional<Board> asked = review.next_question()) {
    const GameReview::Move& move = review.moves()[index];
    // Black's losses go 0, 1, ... 9, 0, 1, ... up its moves; White's are all 0.
    const int loss = move.colour == Color::Black ? black_moves++ % 10 : 0;
    REQUIRE(review.answer(*asked, values_for(*asked, move.played, 10, 10 - loss)));
    ++index;
  }
  CHECK(review.complete());
  const std::vector<std::size_t> black = review.mistakes(Color::Black);
  REQUIRE(black.size() == GameReview::kMistakesShown);
  CHECK(review.moves()[black[0]].value->loss() == 9);
  CHECK(review.moves()[black[1]].value->loss() == 9);
  CHECK(black[0] < black[1]);  // earlier first among equals
  CHECK(review.mistakes(Color::White).empty());
}

TEST_CASE("review: the empty-centre placements are not valued") {
  const Game game = game_of("d4e4d5e5f4");
  GameReview review(game);
  CHECK(review.size() == 5);
  CHECK(review.reviewable() == 1);
  CHECK_FALSE(review.moves()[0].reviewable);
  CHECK(review.next_question() == review.moves()[4].before.board);
  CHECK_FALSE(review.black_lead_after(0));
}

TEST_CASE("review: with the real search, the end of a game is proven and the last value is the final margin") {
  Game game = game_of(kLongGame);
  while (!game.is_over()) REQUIRE(game.apply_any(first_square(game.playable_squares())));
  GameReview review(game);
  Computer computer(16);
  while (const std::optional<Board> asked = review.next_question()) {
    const std::vector<MoveValue> values = computer.value_moves(*asked, 0.02);
    REQUIRE(review.answer(*asked, values));
  }
  CHECK(review.complete());
  for (const GameReview::Move& move : review.moves()) {
    const int empties_after = 64 - count_bits(move.before.board.player | move.before.board.opponent) - 1;
    if (empties_after <= 12) CHECK(move.value->exact);
    CHECK(move.value->loss() >= 0);
  }
  const GameResult result = game.result();
  const std::optional<int> final_lead = review.black_lead_after(review.size());
  REQUIRE(final_lead);
  CHECK(*final_lead == result.black_discs - result.white_discs);
}

TEST_CASE("review: kept with its game in the record, and a damaged review costs only itself") {
  const Game game = game_of("f5d6c3d3c4f4");
  GameReview review(game);
  while (const std::optional<Board> asked = review.next_question())
    REQUIRE(review.answer(*asked, values_for(*asked, review.moves()[review.valued()].played, 2, 0)));
  FinishedGame finished;
  finished.mode = Mode::TwoPlayers;
  finished.transcript = game.transcript();
  finished.result = GameResult{Outcome::BlackWins, EndReason::Resignation, 0, 0};
  finished.result.black_discs = game.disc_count(Color::Black);
  finished.result.white_discs = game.disc_count(Color::White);
  ResultsRecord record;
  record.add(finished);
  CHECK(record.keep_review(finished.transcript, review.kept()));
  CHECK_FALSE(record.keep_review(finished.transcript, review.kept()));  // it has one already
  CHECK_FALSE(record.keep_review("f5", review.kept()));
  const std::string text = messages::record_to_json(record);
  auto loaded = messages::record_from_json(text);
  REQUIRE(loaded);
  CHECK(loaded.value->recent.front().review == review.kept());

  // A review whose best square is no move there: the game loads without it.
  std::string damaged = text;
  const std::size_t at = damaged.find("\"review\":[[\"");
  REQUIRE(at != std::string::npos);
  damaged.replace(at + 12, 2, "a1");
  auto reloaded = messages::record_from_json(damaged);
  REQUIRE(reloaded);
  CHECK(reloaded.value->recent.size() == 1);
  CHECK(reloaded.value->recent.front().review.empty());
}

TEST_CASE("review: a shared link carries the moves and a check that finds a changed or cut link") {
  const Game game = game_of("f5d6c3d3c4f4");
  const std::string query = messages::review_query(game);
  CHECK(query == "review=f5d6c3d3c4f4&check=" + messages::review_check("f5d6c3d3c4f4"));
  CHECK(messages::review_check("f5d6c3d3c4f4").size() == 8);
  CHECK(messages::review_check("f5d6c3d3c4f4") != messages::review_check("f5d6c3d3c4f5"));
  const Parsed<Game> opened = messages::game_from_review_link("f5d6c3d3c4f4", messages::review_check("f5d6c3d3c4f4"));
  REQUIRE(opened);
  CHECK(opened.value->position() == game.position());

  const std::string check = messages::review_check("f5d6c3d3c4f4");
  CHECK(messages::game_from_review_link("f5d6c3d3c4", check).error.find("changed or cut short") != std::string::npos);
  CHECK(messages::game_from_review_link("f5d6c3d3c4f4", "").error.find("lost its check") != std::string::npos);
  CHECK(messages::game_from_review_link("f5f5", messages::review_check("f5f5")).error.find("not a game (move 2") !=
        std::string::npos);
  CHECK(messages::game_from_review_link("", messages::review_check("")).error.find("no moves") != std::string::npos);
  CHECK(messages::game_from_review_link(std::string(2000, 'a'), "00000000").error.find("longer") != std::string::npos);
  for (const std::string& error :
       {messages::game_from_review_link("f5", "").error, messages::game_from_review_link("f5", "deadbeef").error})
    CHECK(error.find("Nothing was opened.") != std::string::npos);
}
