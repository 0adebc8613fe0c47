// Hints (Computer::value_moves): every legal move valued, exactly near the
// end of the game, by the same search and solver as Hard's move.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>

#include "ai/computer.h"
#include "ai/endgame_solver.h"
#include "ai_test_support.h"
#include "engine/notation.h"
#include "test_support.h"

using namespace reversi;

namespace {

using testing::published_best_score;

int best_of(const std::vector<MoveValue>& values) {
  return std::max_element(values.begin(), values.end(),
                          [](const MoveValue& a, const MoveValue& b) { return a.score < b.score; })
      ->score;
}

}  // namespace

TEST_CASE("ai: hints value each legal move exactly near the end, and each value is the solver's") {
  std::mt19937_64 random(23);
  Computer computer(16);
  int checked = 0;
  for (int trial = 0; trial < 40 && checked < 12; ++trial) {
    const Board board = testing::random_position(random, 9 + static_cast<int>(random() % 4));
    if (!can_move(board)) continue;
    ++checked;
    const std::vector<MoveValue> values = computer.value_moves(board, 0.0);
    REQUIRE(values.size() == static_cast<std::size_t>(count_bits(legal_moves(board))));
    Bitboard seen = 0;
    for (const MoveValue& value : values) {
      CHECK(value.exact);
      REQUIRE(value.move < 64);
      CHECK((legal_moves(board) & bit(value.move)) != 0);
      seen |= bit(value.move);
      // The move's value is what the position after it is worth, turned round.
      const Board next = after_move(board, value.move, flips_for(board.player, board.opponent, value.move));
      const int after = can_move(next)               ? computer.solve_exact(next).score
                        : can_move(after_pass(next)) ? -computer.solve_exact(after_pass(next)).score
                                                     : ai::final_score(next.player, next.opponent);
      CHECK(value.score == -after);
    }
    CHECK(seen == legal_moves(board));
    CHECK(best_of(values) == computer.solve_exact(board).score);
  }
  CHECK(checked >= 10);
}

TEST_CASE("ai: hints, with time enough, solve a 14-empties FFO position and its best value is the published score") {
  const auto lines = testing::read_lines(testing::shared_path("positions/fforum-1-19.obf"));
  REQUIRE(!lines.empty());
  const auto position = parse_position(lines[0]);
  REQUIRE_MESSAGE(position, position.error);
  Computer computer(16);
  computer.set_clock([] { return 0.0; });  // time stands still: every solve finishes
  const std::vector<MoveValue> values = computer.value_moves(position.value->board, 1.0);
  REQUIRE(!values.empty());
  for (const MoveValue& value : values) CHECK(value.exact);
  CHECK(best_of(values) == published_best_score(lines[0]));
}

TEST_CASE("ai: hints in the opening are estimates, alike for the four symmetric first moves") {
  Computer computer(16);
  const std::vector<MoveValue> values = computer.value_moves(Board::start(), 0.05);
  REQUIRE(values.size() == 4);
  for (const MoveValue& value : values) {
    CHECK_FALSE(value.exact);
    CHECK(value.score >= -64);
    CHECK(value.score <= 64);
    // The four are mirror images: alike but for what the shared table lets
    // each search reuse from the others.
    CHECK(std::abs(value.score - values[0].score) <= 3);
  }
  CHECK(computer.value_moves(Board{0, 0}, 0.1).empty());  // no move at all
}
