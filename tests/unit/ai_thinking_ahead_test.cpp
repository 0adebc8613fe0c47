// Thinking ahead in the midgame (Computer::think_ahead, for reversi-cli
// nboard) and Hard's depth cap (SearchLimits::max_depth).
#include <doctest/doctest.h>

#include <memory>
#include <random>

#include "ai/computer.h"
#include "ai_test_support.h"

namespace reversi {
namespace {

// A fake clock that moves forward by `step` seconds every time it is read.
ClockSource stepping_clock(double step) {
  auto now = std::make_shared<double>(0);
  return [=] { return *now += step; };
}

TEST_CASE("ai: Hard stops deepening at the depth cap, early") {
  std::mt19937_64 random(41);
  for (int trial = 0; trial < 10; ++trial) {
    const Board board = testing::random_position(random, 30 + static_cast<int>(random() % 20));
    if (count_bits(legal_moves(board)) < 2) continue;
    Computer computer(8);
    computer.set_clock(stepping_clock(1e-4));
    SearchLimits limits;
    limits.seconds = 100;  // a million readings: only the cap stops it
    limits.max_depth = 4;
    const SearchReport report = computer.choose_move(board, Strength::Hard, limits);
    CHECK(report.depth == 4);
    CHECK(report.seconds < 10);
    CHECK((legal_moves(board) & bit(report.move)) != 0);
  }
}

TEST_CASE("ai: thinking ahead leaves Hard's table ready for the position and the next one") {
  // On this clock a budget of 0.05 s is 500 readings, about half a million
  // nodes: Hard cold reaches some depth; after thinking ahead on the same
  // position, or on the one before the opponent's move, it gets deeper.
  std::mt19937_64 random(43);
  int positions = 0, deeper_here = 0, deeper_after_reply = 0;
  while (positions < 4) {
    const Board board = testing::random_position(random, 36 + static_cast<int>(random() % 12));
    const Bitboard moves = legal_moves(board);
    if (count_bits(moves) < 2 || board.empty_count() < 36) continue;
    ++positions;
    const SearchLimits limits{0.05, 0};
    Computer cold(16), warm(16);
    cold.set_clock(stepping_clock(1e-4));
    warm.set_clock(stepping_clock(1e-4));
    CHECK_FALSE(warm.think_ahead(board, 0.05));  // 24 plies take longer than a slice
    for (int slice = 1; slice < 8; ++slice) warm.think_ahead(board, 0.05);
    const SearchReport cold_report = cold.choose_move(board, Strength::Hard, limits);
    const SearchReport warm_report = warm.choose_move(board, Strength::Hard, limits);
    deeper_here += warm_report.depth > cold_report.depth;

    // The opponent's reply to the move Hard chose, after thinking ahead on
    // the position before it.
    Computer cold_reply(16), warm_reply(16);
    cold_reply.set_clock(stepping_clock(1e-4));
    warm_reply.set_clock(stepping_clock(1e-4));
    for (int slice = 0; slice < 8; ++slice) warm_reply.think_ahead(board, 0.05);
    const Board child = after_move(board, warm_report.move, flips_for(board.player, board.opponent, warm_report.move));
    if (!legal_moves(child)) continue;
    deeper_after_reply += warm_reply.choose_move(child, Strength::Hard, limits).depth >
                          cold_reply.choose_move(child, Strength::Hard, limits).depth;
  }
  INFO("deeper on the position " << deeper_here << " of 4, one move later " << deeper_after_reply);
  CHECK(deeper_here >= 3);
  CHECK(deeper_after_reply >= 3);
}

TEST_CASE("ai: thinking ahead has nothing to do without a move") {
  Computer computer(4);
  computer.set_clock(stepping_clock(1e-3));
  const Board full{~Bitboard{0} >> 1, Bitboard{1} << 63};
  CHECK(computer.think_ahead(full, 0.05));
}

}  // namespace
}  // namespace reversi
