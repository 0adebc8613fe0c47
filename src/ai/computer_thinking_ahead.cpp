// Thinking on the opponent's time: the exact ponder near the end (for the
// app and the CLI) and the midgame think-ahead (for reversi-cli nboard).
#include <algorithm>

#include "ai/computer_state.h"
#include "ai/evaluation.h"
#include "ai/midgame_search.h"

namespace reversi {

using ai::Deadline;
using ai::EndgameSolver;
using ai::MidgameSearch;

bool Computer::ponder(const Board& board, double seconds) {
  State& state = *state_;
  if (state.pondered != board) {
    state.pondered = board;
    state.ponder_solved = false;
    state.ponder_children_left = legal_moves(board);
    // Entries from before this position are older: the table replaces them
    // first. Later slices keep the generation, so they keep each other's.
    state.endgame_table.next_generation();
  }
  if (board.empty_count() > kPonderEmpties || is_game_over(board)) return true;
  const double started = state.clock();
  Deadline deadline(state.clock, started + std::max(0.0, seconds), kClockInterval);
  EndgameSolver solver(state.endgame_table, deadline);
  const bool finished = state.ponder_slice(board, solver);
  state.record_solver_run(solver.nodes(), started, deadline);
  return finished;
}

// First the position itself, which proves the best replies and bounds the
// others; then the position after each of the opponent's moves in turn, so
// that the reply to any move is already solved exactly. False when `solver`
// runs out of time first.
bool Computer::State::ponder_slice(const Board& board, EndgameSolver& solver) {
  if (!ponder_solved) {
    const Square best = solver.solve(board).move;
    if (solver.aborted()) return false;
    ponder_solved = true;
    ponder_best = best;
  }
  while (ponder_children_left) {
    // The opponent's best move first: it is the likeliest.
    const Bitboard best = ponder_best < 64 ? ponder_children_left & bit(ponder_best) : 0;
    const Square square = first_square(best ? best : ponder_children_left);
    const Board child = after_move(board, square, flips_for(board.player, board.opponent, square));
    solver.solve(child);
    if (solver.aborted()) return false;
    ponder_children_left &= ~bit(square);
  }
  return true;
}

bool Computer::State::follows_ponder(const Board& board) const {
  if (!pondered || !ponder_solved) return false;
  if (after_pass(*pondered) == board) return true;
  for (Bitboard moves = legal_moves(*pondered); moves; moves &= moves - 1) {
    const Square square = first_square(moves);
    if (after_move(*pondered, square, flips_for(pondered->player, pondered->opponent, square)) == board) return true;
  }
  return false;
}

bool Computer::think_ahead(const Board& board, double seconds) {
  State& state = *state_;
  if (!legal_moves(board)) return true;
  if (state.thought != board) {
    state.thought = board;
    state.thought_depth = 0;
    state.thought_move = kNoMove;
    // Later slices keep the generation, so they keep each other's entries.
    state.midgame_table.next_generation();
  }
  const int deepest = std::min(board.empty_count(), kThinkAheadDepth);
  if (state.thought_depth >= deepest) return true;
  Deadline deadline(state.clock, state.clock() + std::max(0.0, seconds), kClockInterval);
  MidgameSearch search(ai::Evaluation::Pattern, &state.midgame_table, deadline, state.probable_cuts);
  // From the first ply again: the depths done before come back from the
  // table at once, and so do the finished parts of the one cut short.
  for (int depth = 1; depth <= deepest; ++depth) {
    const MidgameSearch::Result result = search.search_root(board, depth, state.thought_move);
    if (search.aborted()) break;
    state.thought_move = result.move;
    state.thought_depth = std::max(state.thought_depth, depth);
  }
  return state.thought_depth >= deepest;
}

}  // namespace reversi
