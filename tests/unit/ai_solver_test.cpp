#include <doctest/doctest.h>

#include <random>
#include <string>

#include "ai/bit_kernels.h"
#include "ai/computer.h"
#include "ai/endgame_solver.h"
#include "ai/stability.h"
#include "ai_test_support.h"
#include "engine/notation.h"
#include "test_support.h"

using namespace reversi;

namespace {

using testing::published_best_score;

}  // namespace

TEST_CASE("ai: the solver's flip kernel agrees with the engine") {
  std::mt19937_64 random(7);
  for (int trial = 0; trial < 300; ++trial) {
    const Board board = testing::random_position(random, static_cast<int>(random() % 60));
    for (Square square = 0; square < 64; ++square) {
      if (!(board.empties() & bit(square))) continue;
      CHECK(ai::flips_at(board.player, board.opponent, square) == flips_for(board.player, board.opponent, square));
    }
  }
}

TEST_CASE("ai: the last-square flip count agrees with the engine") {
  std::mt19937_64 random(11);
  for (int trial = 0; trial < 2000; ++trial) {
    const Bitboard player = random();
    const Square square = static_cast<Square>(random() % 64);
    const Bitboard mine = player & ~bit(square), theirs = ~player & ~bit(square);
    CHECK(ai::last_flip_count(mine, square) == count_bits(flips_for(mine, theirs, square)));
  }
}

TEST_CASE("ai: solve_exact matches the published scores of FFO #1-#19") {
  const auto lines = testing::read_lines(testing::shared_path("positions/fforum-1-19.obf"));
  REQUIRE(lines.size() == 19);
  Computer computer(32);
  int number = 0;
  for (const std::string& line : lines) {
    ++number;
    const auto position = parse_position(line);
    REQUIRE_MESSAGE(position, position.error);
    const SearchReport report = computer.solve_exact(position.value->board);
    INFO("FFO #" << number << ": " << line);
    CHECK(report.exact);
    CHECK(report.depth == position.value->board.empty_count());
    CHECK(report.score == published_best_score(line));
    // The move it names must really achieve that score.
    const Board& board = position.value->board;
    REQUIRE(report.move < 64);
    const Board next = after_move(board, report.move, flips_for(board.player, board.opponent, report.move));
    CHECK(-computer.solve_exact(next).score == report.score);
  }
}

TEST_CASE("ai: solve_exact matches published scores where shallow searches order the top nodes") {
  // FFO #23 (18 empties), #24 (19) and #29 (20): from 18 empties the solver
  // orders moves by midgame searches, which must never change a score.
  const auto lines = testing::read_lines(testing::shared_path("positions/fforum-20-39.obf"));
  REQUIRE(lines.size() == 20);
  Computer computer(32);
  for (const int number : {23, 24, 29}) {
    const std::string& line = lines[static_cast<std::size_t>(number - 20)];
    const auto position = parse_position(line);
    REQUIRE_MESSAGE(position, position.error);
    INFO("FFO #" << number << ": " << line);
    CHECK(position.value->board.empty_count() >= 18);
    const SearchReport report = computer.solve_exact(position.value->board);
    CHECK(report.exact);
    CHECK(report.score == published_best_score(line));
  }
}

TEST_CASE("ai: a timed solve reads its clock inside the ordering searches too") {
  // FFO #49 (26 empties): the root's moves are ordered by 6-ply searches,
  // which alone take far more nodes than the budget allows here.
  const auto lines = testing::read_lines(testing::shared_path("positions/fforum-40-59.obf"));
  REQUIRE(lines.size() >= 10);
  const auto position = parse_position(lines[9]);
  REQUIRE_MESSAGE(position, position.error);
  REQUIRE(position.value->board.empty_count() == 26);
  double now = 0;
  int readings = 0;
  auto clock = [&] {
    ++readings;
    return now += 0.001;
  };
  constexpr std::uint64_t kInterval = 1024;
  ai::Deadline deadline(clock, 0.02, kInterval);  // spent after 20 readings
  ai::TranspositionTable table(4);
  ai::EndgameSolver solver(table, deadline);
  solver.solve(position.value->board);
  CHECK(solver.aborted());
  CHECK(readings == 20);
  // Every reading covers at most one interval of the solver's own nodes or
  // of an ordering search's.
  CHECK(solver.nodes() <= 2 * 20 * kInterval + 64);
}

TEST_CASE("ai: the solver equals plain minimax on random endgames of up to 10 empties") {
  std::mt19937_64 random(2024);
  Computer computer(4);
  ai::TranspositionTable table(1);
  ai::Deadline unlimited;
  for (int trial = 0; trial < 300; ++trial) {
    const int empties = 1 + static_cast<int>(random() % 10);
    const Board board = testing::random_position(random, empties);
    const int expected = testing::minimax(board);
    INFO(format_position(Position{board, Color::Black}));
    CHECK(computer.solve_exact(board).score == expected);
    // Windows that do not contain the score still bound it correctly.
    ai::EndgameSolver solver(table, unlimited);
    const int low = solver.search(board.player, board.opponent, expected - 1, expected + 1);
    CHECK(low == expected);
    const int above = solver.search(board.player, board.opponent, expected + 1, expected + 3);
    CHECK(above <= expected + 1);
    const int below = solver.search(board.player, board.opponent, expected - 3, expected - 1);
    CHECK(below >= expected - 1);
  }
}

TEST_CASE("ai: bounds one solver keeps between searches hold in every later window") {
  // One solver for all: its small table of 5-8 empty positions keeps the
  // bounds of earlier searches, some from other windows on the same board.
  std::mt19937_64 random(77);
  ai::TranspositionTable table(1);
  ai::Deadline unlimited;
  ai::EndgameSolver solver(table, unlimited);
  for (int trial = 0; trial < 150; ++trial) {
    const Board board = testing::random_position(random, 5 + static_cast<int>(random() % 6));
    const int expected = testing::minimax(board);
    INFO(format_position(Position{board, Color::Black}));
    for (int round = 0; round < 2; ++round) {
      // A fail-low gives an upper bound and a fail-high a lower one: each
      // between the window's edge and the score.
      const int above = solver.search(board.player, board.opponent, expected + 1, expected + 3);
      CHECK(above <= expected + 1);
      CHECK(above >= expected);
      const int below = solver.search(board.player, board.opponent, expected - 3, expected - 1);
      CHECK(below >= expected - 1);
      CHECK(below <= expected);
      // Null windows just below and at the score: a fail-high's lower bound
      // and a fail-low's upper bound, each the score itself.
      CHECK(solver.search(board.player, board.opponent, expected - 1, expected) == expected);
      CHECK(solver.search(board.player, board.opponent, expected, expected + 1) == expected);
      CHECK(solver.search(board.player, board.opponent, expected - 1, expected + 1) == expected);
      CHECK(solver.search(board.player, board.opponent, -65, 65) == expected);
    }
  }
}

TEST_CASE("ai: solve_exact reports a pass and a finished game") {
  // White has no move here but black does.
  const auto must_pass = parse_position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O");
  REQUIRE(must_pass);
  const SearchReport pass = Computer().solve_exact(must_pass.value->board);
  CHECK(pass.move == (legal_moves(must_pass.value->board) ? pass.move : kPass));
  const auto finished = parse_position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX- O");
  REQUIRE(finished);
  const SearchReport over = Computer().solve_exact(finished.value->board);
  CHECK(over.move == kNoMove);
  CHECK(over.score == -64);  // the empty square goes to the winner
}

TEST_CASE("ai: stable discs never change colour in random continuations") {
  std::mt19937_64 random(99);
  for (int trial = 0; trial < 200; ++trial) {
    Board board = testing::random_position(random, static_cast<int>(random() % 40));
    const Bitboard stable_player = ai::stable_discs(board.player, board.opponent);
    const Bitboard stable_opponent = ai::stable_discs(board.opponent, board.player);
    CHECK((stable_player & ~board.player) == 0);
    bool player_to_move = true;
    while (!is_game_over(board)) {
      const Bitboard moves = legal_moves(board);
      if (moves) {
        const Square square = nth_square(moves, static_cast<int>(random() % count_bits(moves)));
        board = after_move(board, square, flips_for(board.player, board.opponent, square));
      } else {
        board = after_pass(board);
      }
      player_to_move = !player_to_move;
      const Bitboard original_player_discs = player_to_move ? board.player : board.opponent;
      const Bitboard original_opponent_discs = player_to_move ? board.opponent : board.player;
      REQUIRE((stable_player & ~original_player_discs) == 0);
      REQUIRE((stable_opponent & ~original_opponent_discs) == 0);
    }
  }
}

TEST_CASE("ai: node counts are reproducible, so the bench count is a signature") {
  const auto lines = testing::read_lines(testing::shared_path("positions/fforum-1-19.obf"));
  REQUIRE(lines.size() >= 3);
  const Board board = parse_position(lines[2]).value->board;
  const SearchReport first = Computer(8).solve_exact(board);
  const SearchReport second = Computer(8).solve_exact(board);
  CHECK(first.nodes == second.nodes);
  CHECK(first.move == second.move);
  CHECK(first.nodes > 0);
}
