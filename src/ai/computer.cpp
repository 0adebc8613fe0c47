#include "ai/computer.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>
#include <string>

#include "ai/bit_kernels.h"
#include "ai/computer_state.h"
#include "ai/endgame_solver.h"
#include "ai/evaluation.h"
#include "ai/midgame_search.h"
#include "ai/search_clock.h"
#include "ai/transposition_table.h"

namespace reversi {
namespace {

using ai::Deadline;
using ai::EndgameSolver;
using ai::MidgameSearch;

// Hard always solves exactly from this many empties (a few milliseconds).
constexpr int kAlwaysSolveEmpties = 12;
// Medium looks exactly this many plies ahead.
constexpr int kMediumDepth = 4;
// From this many empties solve_exact prepares with a midgame search.
constexpr int kPreparedSolveEmpties = 16;
// The preparing search stops this many plies short of the end: a deeper one
// (empties - 10) cost more than it saved once the solver ordered its own top
// nodes by search (FFO #40-#44: 249 M -> 226 M nodes; #45-#47: 775 M -> 721 M).
// 17 rather than 14 (2026-12-07): the search itself costs a fifth as much,
// and its guess and move did the solve no harm (FFO #40-#49: 934 M -> 783 M
// nodes with it; 16 and 18 gave 894 M and 905 M, 15 789 M). How much the
// solve costs hangs on the root window more than on the guess's quality
// (#49: 196 M or 293 M nodes for windows one disc apart).
constexpr int kPreparedSolveShallower = 17;
// ... and goes no deeper than this: without probable cut-offs, at some 4 M
// nodes a second, a 20-ply one from 34 empties was most of FFO #59's 1,090 s
// (24 s with 16 plies). 12 plies made #53 (28 empties) 15 % slower, so up to
// 30 empties nothing changes. With probable cut-offs (2026-12-07) it costs
// little even there: #59 (won by every disc) 16.6 s, the same with 14 or 18
// plies.
constexpr int kPreparedSolveDeepest = 16;
// Until the solver has run here, its node rate is guessed from the midgame
// search's over Hard's first 5 % of a move at 20 empties: 3.7-4.3 M/s
// natively against 15-22 M/s for the solver, 2.4-3.5 against 12-18 in wasm.
constexpr double kSolverToMidgameRate = 5.0;
// Solver runs shorter than this say little about its node rate.
constexpr double kRateSampleSeconds = 0.02;

std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Whether Hard should try an exact solve in the time left: the solver's
// median cost on positions from played games (3-ply searches with a random
// move now and then: 0.84 M nodes at 18 empties, 4.6 M at 20, so about 2.3x
// per extra empty) against the solver's node rate.
bool solve_may_fit(int empties, double seconds_left, double nodes_per_second) {
  if (empties <= 14) return true;
  double expected_nodes = 0.85e6;  // a typical 18-empties solve
  for (int e = 18; e < empties; ++e) expected_nodes *= 2.3;
  for (int e = empties; e < 18; ++e) expected_nodes /= 2.3;
  return expected_nodes < nodes_per_second * seconds_left;
}

}  // namespace

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

const char* strength_name(Strength strength) {
  switch (strength) {
    case Strength::Easy:
      return "easy";
    case Strength::Medium:
      return "medium";
    case Strength::Hard:
      return "hard";
  }
  return "?";
}

std::optional<Strength> parse_strength(std::string_view text) {
  std::string lower;
  for (const char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "easy") return Strength::Easy;
  if (lower == "medium") return Strength::Medium;
  if (lower == "hard") return Strength::Hard;
  return std::nullopt;
}

Computer::Computer(std::size_t table_megabytes) : state_(std::make_unique<State>(table_megabytes)) {}
Computer::~Computer() = default;

void Computer::State::record_solver_run(std::uint64_t nodes, double started, const Deadline& deadline) {
  const double seconds = clock() - started;
  if (seconds < kRateSampleSeconds) return;
  // A timed run that overran its budget twice over was stopped from outside
  // (a device asleep, a tab frozen): its rate is not the solver's.
  if (deadline.limited() && seconds > 2 * (deadline.stop_at() - started)) return;
  const double rate = static_cast<double>(nodes) / seconds;
  // Rates differ from position to position: an even blend with the past.
  solver_rate = solver_rate > 0 ? (solver_rate + rate) / 2 : rate;
}

void Computer::set_clock(ClockSource clock) { state_->clock = clock ? std::move(clock) : ClockSource(steady_seconds); }

void Computer::set_probable_cuts(bool on) { state_->probable_cuts = on; }

SearchReport Computer::choose_move(const Board& board, Strength strength, const SearchLimits& limits) {
  const double started = state_->clock();
  SearchReport report;
  if (!legal_moves(board)) {
    if (!legal_moves(board.opponent, board.player)) {
      report.move = kNoMove;
      report.score = ai::final_score(board.player, board.opponent);
      report.exact = true;
    } else {
      report.move = kPass;
    }
  } else if (strength == Strength::Easy) {
    report = state_->easy(board, limits);
  } else if (strength == Strength::Medium) {
    report = state_->medium(board);
  } else {
    report = state_->hard(board, limits, started);
  }
  report.seconds = std::max(0.0, state_->clock() - started);
  return report;
}

SearchReport Computer::solve_exact(const Board& board) {
  const double started = state_->clock();
  Deadline unlimited;
  // A midgame search first gives the root a first move to try and a score
  // to aim its window at. It evaluates with the learned patterns, which are
  // closer to exact scores than the hand-written evaluation (FFO #40-#44:
  // 117.8 M nodes in all, against 128.2 M). It cuts probably-bad moves as
  // Hard's own search does: its guess and first move are no worse for it
  // (FFO #40-#49 754.0 M nodes against 754.2 M; #50-#52 902 M against 887 M)
  // and it costs far less from 30 empties (#59 16.6 s against 23.9 s).
  const int empties = board.empty_count();
  Square first_move = kNoMove;
  int guess = 0;
  std::uint64_t nodes = 0;
  const bool prepare = empties >= kPreparedSolveEmpties && legal_moves(board);
  if (prepare) {
    state_->midgame_table.next_generation();
    MidgameSearch search(ai::Evaluation::Pattern, &state_->midgame_table, unlimited, true);
    MidgameSearch::Result result{};
    const int deepest = std::min(empties - kPreparedSolveShallower, kPreparedSolveDeepest);
    for (int depth = 1; depth <= deepest; ++depth) result = search.search_root(board, depth, result.move);
    first_move = result.move;
    guess = ai::score_in_discs(result.score);
    nodes = search.nodes();
  }
  SearchReport report = state_->solve(board, unlimited, first_move, guess, prepare);
  report.nodes += nodes;
  report.seconds = std::max(0.0, state_->clock() - started);
  return report;
}

// Greedy: the most discs turned now; equal moves are drawn by lot, seeded by
// the caller's seed and the position so a game replays identically.
SearchReport Computer::State::easy(const Board& board, const SearchLimits& limits) {
  Square best[32];
  int count = 0, most = -1;
  for (Bitboard moves = legal_moves(board); moves; moves &= moves - 1) {
    const Square square = first_square(moves);
    const int flipped = count_bits(ai::flips_at(board.player, board.opponent, square));
    if (flipped > most) count = 0, most = flipped;
    if (flipped == most) best[count++] = square;
  }
  const std::uint64_t draw = mix64((limits.seed ? limits.seed : 0x5eed) ^ hash_of(board));
  SearchReport report;
  report.move = best[draw % static_cast<std::uint64_t>(count)];
  report.score = most;  // the greedy "score" is the number of discs turned
  report.depth = 1;
  report.nodes = static_cast<std::uint64_t>(count_bits(legal_moves(board)));
  return report;
}

SearchReport Computer::State::medium(const Board& board) {
  Deadline unlimited;
  MidgameSearch search(ai::Evaluation::Basic, nullptr, unlimited);
  const MidgameSearch::Result result = search.search_root(board, kMediumDepth);
  SearchReport report;
  report.move = result.move;
  report.score = ai::score_in_discs(result.score);
  report.depth = kMediumDepth;
  report.nodes = search.nodes();
  return report;
}

SearchReport Computer::State::solve(const Board& board, Deadline& deadline, Square first_move, int guess,
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
// The search evaluates with the patterns learned from exact endgame scores:
// at 0.1 s a move they took 72 % of the points from the same search with the
// hand-written evaluation over 100 games (78 % when used from 30 empties on).
// Its probable cut-offs (see midgame_search.cpp) take it 2-3 plies deeper in
// the same time.
SearchReport Computer::State::hard(const Board& board, const SearchLimits& limits, double started) {
  const int empties = board.empty_count();
  if (empties <= kAlwaysSolveEmpties) {
    Deadline unlimited;
    return solve(board, unlimited, kNoMove, 0, false);
  }
  const Bitboard moves = legal_moves(board);
  if (count_bits(moves) == 1) {
    SearchReport report;
    report.move = first_square(moves);
    report.score = ai::score_in_discs(ai::evaluate_pattern(board, moves));
    return report;
  }

  const double budget = std::max(0.0, limits.seconds);
  const double stop_at = started + budget;
  // After a solved ponder the endgame table holds most of this solve: it
  // goes first, and only if it cannot finish in 70 % of the budget does the
  // midgame search use the rest.
  const bool after_ponder = follows_ponder(board);
  SearchReport report;
  std::uint64_t solve_nodes = 0;
  if (after_ponder) {
    Deadline deadline(clock, started + budget * 0.7, kClockInterval);
    SearchReport solved = solve(board, deadline, kNoMove, 0, false);
    if (solved.exact) return solved;
    solve_nodes = solved.nodes;
  }
  // With an exact solve in reach, the midgame search only prepares a
  // fallback and a first move to try. From 20 empties down the solve gets
  // 95 % of the budget: at 85 %, 98 of 160 cold replies at 19-20 empties
  // were exact in wasm, at 95 % 109.
  const bool may_solve = empties <= 24 && !after_ponder;
  const double midgame_stop_at = may_solve ? started + budget * (empties <= 20 ? 0.05 : 0.3) : stop_at;

  midgame_table.next_generation();
  const int deepest = limits.max_depth > 0 ? std::min(empties, limits.max_depth) : empties;
  MidgameSearch::Result best{first_square(moves), 0};
  std::uint64_t midgame_nodes = solve_nodes;
  // Deepens from the last completed depth until `deadline` passes.
  auto deepen = [&](double until) {
    Deadline deadline(clock, until, kClockInterval);
    MidgameSearch search(ai::Evaluation::Pattern, &midgame_table, deadline, probable_cuts);
    for (int depth = report.depth + 1; depth <= deepest; ++depth) {
      const MidgameSearch::Result result = search.search_root(board, depth, best.move);
      if (search.aborted()) {
        // The unfinished depth searched the last best move first: if that
        // and any others were searched in full, their best is the better
        // judgement, whether the same move (with a deeper score) or one
        // that has just beaten it.
        if (result.searched > 0) best = result;
        break;
      }
      best = result;
      report.depth = depth;
    }
    midgame_nodes += search.nodes();
    report.move = best.move;
    report.score = ai::score_in_discs(best.score);
    report.exact = report.depth >= empties;  // searched to the end of every line
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

}  // namespace reversi
