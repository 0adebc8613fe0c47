// A copy of the Hard path of src/ai/computer.cpp as it was for Hard v1 (its
// pondering left out: matches between engines do not ponder). Frozen: see
// hard_v1.h.
#include "ai/frozen_v1/hard_v1.h"

#include <algorithm>
#include <chrono>

#include "ai/frozen_v1/bit_kernels.h"
#include "ai/frozen_v1/endgame_solver.h"
#include "ai/frozen_v1/evaluation.h"
#include "ai/frozen_v1/midgame_search.h"
#include "ai/frozen_v1/pattern_eval.h"
#include "ai/frozen_v1/transposition_table.h"

namespace reversi::frozen_v1 {
namespace {

// Hard always solves exactly from this many empties (a few milliseconds).
constexpr int kAlwaysSolveEmpties = 12;
// From this many empties solve_exact prepares with a midgame search.
constexpr int kPreparedSolveEmpties = 16;
// The preparing search stops this many plies short of the end.
constexpr int kPreparedSolveShallower = 14;
// How often (in nodes) a timed search reads the clock.
constexpr std::uint64_t kClockInterval = 1024;
// Until the solver has run, its node rate is guessed as this many times the
// midgame search's.
constexpr double kSolverToMidgameRate = 5.0;
// Solver runs shorter than this say little about its node rate.
constexpr double kRateSampleSeconds = 0.02;

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Whether an exact solve of `empties` is expected to fit in the time left
// (about 2.3 times the nodes per extra empty, 0.85 M at 18).
bool solve_may_fit(int empties, double seconds_left, double nodes_per_second) {
  if (empties <= 14) return true;
  double expected_nodes = 0.85e6;
  for (int e = 18; e < empties; ++e) expected_nodes *= 2.3;
  for (int e = empties; e < 18; ++e) expected_nodes /= 2.3;
  return expected_nodes < nodes_per_second * seconds_left;
}

}  // namespace

struct HardV1::State {
  explicit State(std::size_t megabytes)
      : midgame_table(std::max<std::size_t>(1, megabytes / 2)),
        endgame_table(std::max<std::size_t>(1, megabytes / 2)) {}
  TranspositionTable midgame_table;
  TranspositionTable endgame_table;
  ClockSource clock = steady_seconds;
  double solver_rate = 0;  // the solver's measured nodes per second, 0 until measured

  void record_solver_run(std::uint64_t nodes, double started, const Deadline& deadline);
  SearchReport hard(const Board& board, const SearchLimits& limits, double started);
  SearchReport solve(const Board& board, Deadline& deadline, Square first_move, int guess, bool has_guess);
};

HardV1::HardV1(std::size_t table_megabytes) : state_(std::make_unique<State>(table_megabytes)) {}
HardV1::~HardV1() = default;

void HardV1::set_clock(ClockSource clock) { state_->clock = clock ? std::move(clock) : ClockSource(steady_seconds); }

void HardV1::State::record_solver_run(std::uint64_t nodes, double started, const Deadline& deadline) {
  const double seconds = clock() - started;
  if (seconds < kRateSampleSeconds) return;
  if (deadline.limited() && seconds > 2 * (deadline.stop_at() - started)) return;
  const double rate = static_cast<double>(nodes) / seconds;
  solver_rate = solver_rate > 0 ? (solver_rate + rate) / 2 : rate;
}

SearchReport HardV1::choose_move(const Board& board, const SearchLimits& limits) {
  const double started = state_->clock();
  SearchReport report;
  if (!legal_moves(board)) {
    if (!legal_moves(board.opponent, board.player)) {
      report.move = kNoMove;
      report.score = final_score(board.player, board.opponent);
      report.exact = true;
    } else {
      report.move = kPass;
    }
  } else {
    report = state_->hard(board, limits, started);
  }
  report.seconds = std::max(0.0, state_->clock() - started);
  return report;
}

SearchReport HardV1::solve_exact(const Board& board) {
  const double started = state_->clock();
  Deadline unlimited;
  const int empties = board.empty_count();
  Square first_move = kNoMove;
  int guess = 0;
  std::uint64_t nodes = 0;
  const bool prepare = empties >= kPreparedSolveEmpties && legal_moves(board);
  if (prepare) {
    state_->midgame_table.next_generation();
    MidgameSearch search(&state_->midgame_table, unlimited);
    MidgameSearch::Result result{};
    for (int depth = 1; depth <= empties - kPreparedSolveShallower; ++depth)
      result = search.search_root(board, depth, result.move);
    first_move = result.move;
    guess = score_in_discs(result.score);
    nodes = search.nodes();
  }
  SearchReport report = state_->solve(board, unlimited, first_move, guess, prepare);
  report.nodes += nodes;
  report.seconds = std::max(0.0, state_->clock() - started);
  return report;
}

SearchReport HardV1::deepen(const Board& board, int depth) {
  TranspositionTable table(16);
  Deadline unlimited;
  MidgameSearch search(&table, unlimited, /*probable_cuts=*/true);
  MidgameSearch::Result result{};
  for (int d = 1; d <= depth; ++d) result = search.search_root(board, d, result.move);
  SearchReport report;
  report.move = result.move;
  report.score = result.score;
  report.depth = depth;
  report.nodes = search.nodes();
  return report;
}

SearchReport HardV1::State::solve(const Board& board, Deadline& deadline, Square first_move, int guess,
                                  bool has_guess) {
  endgame_table.next_generation();
  const double started = clock();
  EndgameSolver solver(endgame_table, deadline);
  const EndgameSolver::Result result = solver.solve(board, first_move, guess, has_guess);
  record_solver_run(solver.nodes(), started, deadline);
  SearchReport report;
  report.move = result.move;
  report.score = result.score;
  report.depth = board.empty_count();
  report.exact = !solver.aborted();
  report.nodes = solver.nodes();
  return report;
}

// Iterative deepening until the budget is spent, keeping the best move of
// the last completed iteration; near the end, an exact solve when it fits.
SearchReport HardV1::State::hard(const Board& board, const SearchLimits& limits, double started) {
  const int empties = board.empty_count();
  if (empties <= kAlwaysSolveEmpties) {
    Deadline unlimited;
    return solve(board, unlimited, kNoMove, 0, false);
  }
  const Bitboard moves = legal_moves(board);
  if (count_bits(moves) == 1) {
    SearchReport report;
    report.move = first_square(moves);
    report.score = score_in_discs(evaluate_pattern(board, moves));
    return report;
  }

  const double budget = std::max(0.0, limits.seconds);
  const double stop_at = started + budget;
  SearchReport report;
  // With an exact solve in reach, the midgame search only prepares a
  // fallback and a first move to try.
  const bool may_solve = empties <= 24;
  const double midgame_stop_at = may_solve ? started + budget * (empties <= 20 ? 0.05 : 0.3) : stop_at;

  midgame_table.next_generation();
  MidgameSearch::Result best{first_square(moves), 0};
  std::uint64_t midgame_nodes = 0;
  auto deepen = [&](double until) {
    Deadline deadline(clock, until, kClockInterval);
    MidgameSearch search(&midgame_table, deadline, /*probable_cuts=*/true);
    for (int depth = report.depth + 1; depth <= empties; ++depth) {
      const MidgameSearch::Result result = search.search_root(board, depth, best.move);
      if (search.aborted()) break;
      best = result;
      report.depth = depth;
    }
    midgame_nodes += search.nodes();
    report.move = best.move;
    report.score = score_in_discs(best.score);
    report.exact = report.depth >= empties;
    report.nodes = midgame_nodes;
  };
  deepen(midgame_stop_at);

  if (may_solve && !report.exact) {
    const double now = clock();
    const double midgame_rate = static_cast<double>(midgame_nodes) / std::max(1e-6, now - started);
    const double rate = solver_rate > 0 ? solver_rate : midgame_rate * kSolverToMidgameRate;
    if (solve_may_fit(empties, stop_at - now, rate)) {
      Deadline deadline(clock, stop_at, kClockInterval);
      SearchReport solved = solve(board, deadline, best.move, report.score, true);
      solved.nodes += report.nodes;
      if (solved.exact) return solved;
      report.nodes = solved.nodes;
    } else {
      deepen(stop_at);
    }
  }
  return report;
}

}  // namespace reversi::frozen_v1
