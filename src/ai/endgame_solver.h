// The exact endgame solver: negamax alpha-beta over the final disc margin,
// the empty squares going to the winner (the convention of the published
// endgame suites). Mostly null-window searches; principal-variation search
// at the root and along the principal line. Moves are ordered fastest-first
// (fewest replies); from 13 empties also by the pattern evaluation learned
// from exact endgame scores, and from 19 by shallow searches with it. The
// last six empties are searched without move generation, odd regions first.
#pragma once

#include <cstdint>
#include <memory>

#include "ai/search_clock.h"
#include "ai/transposition_table.h"
#include "engine/board.h"

namespace reversi::ai {

// Final margin of a finished game for the side to move, empties to the winner.
int final_score(Bitboard player, Bitboard opponent);

// A move in the solver's lists: its flips, the opponent's replies once the
// ordering has computed them, and its ordering key.
struct SolverMove {
  Bitboard flips;
  Bitboard replies;  // kUnknownMoves until ordered
  Square square;
  int key;  // lower is searched first
};

class EndgameSolver {
 public:
  // The solver borrows the table and the deadline; both outlive it.
  EndgameSolver(TranspositionTable& table, Deadline& deadline);

  struct Result {
    Square move = kNoMove;  // kPass or kNoMove as for the facade
    int score = 0;
  };

  // Solves `board`; `first_move` (if legal) is searched first and `guess`
  // centres an aspiration window. When aborted() the result means nothing.
  Result solve(const Board& board, Square first_move = kNoMove, int guess = 0, bool has_guess = false);

  // Exact score within (alpha, beta), fail-soft; used by the root and tests.
  int search(Bitboard player, Bitboard opponent, int alpha, int beta);

  std::uint64_t nodes() const { return nodes_; }
  bool aborted() const { return deadline_.has_expired(); }

 private:
  int principal_search(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, bool passed);
  int null_window_deep(Bitboard player, Bitboard opponent, int alpha, int empties, bool passed,
                       Bitboard known_moves = kUnknownMoves);
  int null_window_shallow(Bitboard player, Bitboard opponent, int alpha, Bitboard empty_squares, int empties,
                          bool passed);
  int last_three(Bitboard player, Bitboard opponent, int alpha, Bitboard empty_squares, bool passed);
  template <bool Passed>
  int last_two(Bitboard player, Bitboard opponent, int alpha, Square first, Square second);
  int last_move(Bitboard player, Bitboard opponent, Square square);
  int generate_ordered(Bitboard player, Bitboard opponent, Bitboard moves, Square first, SolverMove* list, int empties);
  int list_moves(Bitboard player, Bitboard opponent, Bitboard moves, SolverMove* list);
  void score_moves(Bitboard player, Bitboard opponent, SolverMove* list, int count, int empties);
  int child_estimate(const Board& child, Bitboard moves, int depth);

  // A bound on one position's score, for the positions below the main
  // table's reach: keyed by the whole board, in a table small enough to stay
  // in the processor's cache (a direct-mapped slot per board, overwritten).
  struct SmallEntry {
    Bitboard player = 0, opponent = 0;  // no position has an empty board
    int lower = 0, upper = 0;
    bool holds(Bitboard position_player, Bitboard position_opponent) const {
      return player == position_player && opponent == position_opponent;
    }
    // Whether the entry is the position's and its bounds settle it at
    // `alpha`; if so the bound is put in `score`.
    bool settles(Bitboard position_player, Bitboard position_opponent, int alpha, int& score) const {
      if (!holds(position_player, position_opponent)) return false;
      score = lower > alpha ? lower : upper;
      return lower > alpha || upper <= alpha;
    }
  };
  static constexpr int kSmallTableBits = 12;  // slots for each number of empties
  SmallEntry& small_entry(Bitboard player, Bitboard opponent, int empties);
  static void record(SmallEntry& entry, Bitboard player, Bitboard opponent, int alpha, int best);

  std::unique_ptr<SmallEntry[]> small_table_;
  TranspositionTable& table_;
  Deadline& deadline_;
  std::uint64_t nodes_ = 0;
};

}  // namespace reversi::ai
