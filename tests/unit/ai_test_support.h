// Random positions and a reference minimax shared by the AI tests.
#pragma once

#include <cstdint>
#include <random>

#include "ai/endgame_solver.h"
#include "engine/board.h"

namespace reversi::testing {

// A position reached by random play from the start, stopping at `empties`
// empty squares or earlier if the game ends.
inline Board random_position(std::mt19937_64& random, int empties) {
  Board board = Board::start();
  while (board.empty_count() > empties && !is_game_over(board)) {
    const Bitboard moves = legal_moves(board);
    if (!moves) {
      board = after_pass(board);
      continue;
    }
    const Square square = nth_square(moves, static_cast<int>(random() % count_bits(moves)));
    board = after_move(board, square, flips_for(board.player, board.opponent, square));
  }
  return board;
}

// Plain negamax over the whole tree, the obvious way: the solver's referee.
inline int minimax(const Board& board, bool passed = false) {
  Bitboard moves = legal_moves(board);
  if (!moves) {
    if (passed) return ai::final_score(board.player, board.opponent);
    return -minimax(after_pass(board), true);
  }
  int best = -1000;
  for (; moves; moves &= moves - 1) {
    const Square square = first_square(moves);
    const int score = -minimax(after_move(board, square, flips_for(board.player, board.opponent, square)));
    if (score > best) best = score;
  }
  return best;
}

}  // namespace reversi::testing
