// Depth-limited principal-variation search over an evaluation, for Medium
// (fixed 4 plies, no table) and Hard (iterative deepening with a table and
// probable cut-offs).
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
  // borrowed and outlive the search. With `probable_cuts` the search is
  // selective (Multi-ProbCut), as Hard's is: a node whose shallow search
  // lands far outside the window is cut without the full search, so the
  // search reaches 2-3 plies deeper in the same time. A search that reaches
  // the end of the game is never cut this way, so it stays exact.
  MidgameSearch(Evaluation evaluation, TranspositionTable* table, Deadline& deadline, bool probable_cuts = false)
      : evaluation_(evaluation), table_(table), deadline_(deadline), probable_cuts_(probable_cuts) {}

  struct Result {
    Square move = kNoMove;
    int score = 0;     // on the evaluation scale (see evaluation.h)
    int searched = 0;  // root moves searched in full, in order, before any stop
  };

  // Searches `depth` plies below `board`, which must have a legal move;
  // `first_move` (the previous iteration's best) is tried first. When
  // aborted() the result covers only the first `searched` moves: the best
  // of those at this depth, or nothing when `searched` is 0.
  Result search_root(const Board& board, int depth, Square first_move = kNoMove);

  std::uint64_t nodes() const { return nodes_; }
  bool aborted() const { return deadline_.has_expired(); }

 private:
  int search(Bitboard player, Bitboard opponent, int alpha, int beta, int depth, bool passed);
  // The bound a probable cut-off proves for the null window (alpha,
  // alpha + 1), or kNoCut.
  int probable_cut(Bitboard player, Bitboard opponent, int alpha, int depth);

  Evaluation evaluation_;
  TranspositionTable* table_;
  Deadline& deadline_;
  bool probable_cuts_;
  std::uint64_t nodes_ = 0;
};

// Multi-ProbCut: the depth of the shallow search that predicts a search of
// `depth` plies, and how far the two values spread apart (one standard
// deviation, hundredths of a disc), measured by `reversi-train spreads`.
int probcut_shallow_depth(int depth);
int probcut_spread(int depth);

// Converts a search score to discs for reports (proven wins keep their margin).
int score_in_discs(int score);

}  // namespace reversi::ai
