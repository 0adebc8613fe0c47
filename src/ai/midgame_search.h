// Depth-limited principal-variation search over an evaluation, for Medium
// (fixed 4 plies, no table) and Hard (iterative deepening with a table).
// A pass does not use up a ply; a finished game scores its exact margin.
#pragma once

#include <cstdint>

#include "ai/evaluation.h"
#include "ai/search_clock.h"
#include "ai/transposition_table.h"
#include "engine/board.h"

namespace reversi::ai {

class MidgameSearch {
 public:
  // `table` may be null (no transposition table); it and `deadline` are
  // borrowed and outlive the search.
  MidgameSearch(Evaluation evaluation, TranspositionTable* table, Deadline& deadline)
      : evaluation_(evaluation), table_(table), deadline_(deadline) {}

  struct Result {
    Square move = kNoMove;
    int score = 0;  // on the evaluation scale (see evaluation.h)
  };

  // Searches `depth` plies below `board`, which must have a legal move;
  // `first_move` (the previous iteration's best) is tried first. When
  // aborted() the result is incomplete and must not be used.
  Result search_root(const Board& board, int depth, Square first_move = kNoMove);

  std::uint64_t nodes() const { return nodes_; }
  bool aborted() const { return deadline_.has_expired(); }

 private:
  int search(Bitboard player, Bitboard opponent, int alpha, int beta, int depth, bool passed);

  Evaluation evaluation_;
  TranspositionTable* table_;
  Deadline& deadline_;
  std::uint64_t nodes_ = 0;
};

// Converts a search score to discs for reports (proven wins keep their margin).
int score_in_discs(int score);

}  // namespace reversi::ai
