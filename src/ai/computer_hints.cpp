// Hints: what each legal move is worth (Computer::value_moves), by the same
// search and solver as Hard's move, so that the best-valued move is the one
// Hard would play given the same time.
#include <algorithm>
#include <optional>
#include <vector>

#include "ai/computer_state.h"
#include "ai/endgame_solver.h"
#include "ai/evaluation.h"
#include "ai/midgame_search.h"

namespace reversi {
namespace {

// With this many empty squares left after the move, every move is solved
// exactly without a deadline (a few milliseconds each, as Hard's own
// kAlwaysSolveEmpties).
constexpr int kSolveAllEmpties = 12;
// Up to this many, exact solves are tried in the time the midgame search
// leaves; each that finishes replaces its estimate.
constexpr int kTrySolveEmpties = 22;
// The share of the budget the midgame search gets when solves may follow.
constexpr double kMidgameShareBeforeSolves = 0.3;

}  // namespace

std::optional<int> Computer::State::exact_value(const Board& board, ai::Deadline& deadline) {
  if (!can_move(board)) {
    const Board passed = after_pass(board);
    if (!can_move(passed)) return ai::final_score(board.player, board.opponent);
    const std::optional<int> value = exact_value(passed, deadline);
    return value ? std::optional<int>(-*value) : std::nullopt;
  }
  const SearchReport report = solve(board, deadline, kNoMove, 0, false);
  return report.exact ? std::optional<int>(report.score) : std::nullopt;
}

std::vector<MoveValue> Computer::value_moves(const Board& board, double seconds) {
  State& state = *state_;
  const double started = state.clock();
  const double stop_at = started + std::max(0.0, seconds);
  std::vector<MoveValue> values;
  std::vector<Board> children;  // the position after each move, the opponent to move
  for (Bitboard moves = legal_moves(board); moves; moves &= moves - 1) {
    const Square square = first_square(moves);
    values.push_back(MoveValue{square, 0, false});
    children.push_back(after_move(board, square, flips_for(board.player, board.opponent, square)));
  }
  if (values.empty()) return values;
  const int empties = board.empty_count() - 1;  // after any of the moves

  if (empties <= kSolveAllEmpties) {
    ai::Deadline unlimited;
    for (std::size_t i = 0; i < values.size(); ++i) {
      values[i].score = -*state.exact_value(children[i], unlimited);
      values[i].exact = true;
    }
    return values;
  }

  // The midgame search, one depth at a time over all the moves together:
  // the values shown are all from the same depth.
  const bool may_solve = empties <= kTrySolveEmpties;
  state.midgame_table.next_generation();
  auto deepen = [&](ai::Deadline& deadline, int deepest) {
    ai::MidgameSearch search(ai::Evaluation::Pattern, &state.midgame_table, deadline, state.probable_cuts);
    // A position's value in discs for its side to move, searched `depth` plies.
    auto value_of = [&](const Board& position, int depth) {
      if (can_move(position)) return ai::score_in_discs(search.search_root(position, depth).score);
      const Board passed = after_pass(position);
      if (!can_move(passed)) return ai::final_score(position.player, position.opponent);
      return -ai::score_in_discs(search.search_root(passed, depth).score);
    };
    int completed = 0;
    for (int depth = 1; depth <= deepest; ++depth) {
      std::vector<int> scores(values.size());
      for (std::size_t i = 0; i < values.size() && !search.aborted(); ++i) scores[i] = -value_of(children[i], depth);
      if (search.aborted()) break;
      for (std::size_t i = 0; i < values.size(); ++i) {
        values[i].score = scores[i];
        values[i].exact = depth >= empties;  // every line searched to the end
      }
      completed = depth;
    }
    return completed;
  };
  ai::Deadline midgame(state.clock, may_solve ? started + seconds * kMidgameShareBeforeSolves : stop_at,
                       kClockInterval);
  if (deepen(midgame, empties) == 0) {
    ai::Deadline unlimited;  // one ply always: a handful of evaluations
    deepen(unlimited, 1);
  }

  if (may_solve) {
    // The most promising first: those are the ones a player weighs.
    std::vector<std::size_t> order(values.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return values[a].score > values[b].score; });
    ai::Deadline deadline(state.clock, stop_at, kClockInterval);
    for (const std::size_t i : order) {
      if (values[i].exact) continue;
      const std::optional<int> value = state.exact_value(children[i], deadline);
      if (!value) break;  // out of time: the rest keep their estimates
      values[i].score = -*value;
      values[i].exact = true;
    }
  }
  return values;
}

}  // namespace reversi
