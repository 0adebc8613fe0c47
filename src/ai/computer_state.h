// The inside of a Computer (src/ai/computer.h), shared by the files that
// implement it: computer.cpp (choosing moves, solving) and
// computer_thinking_ahead.cpp (pondering and thinking ahead).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "ai/computer.h"
#include "ai/endgame_solver.h"
#include "ai/search_clock.h"
#include "ai/transposition_table.h"

namespace reversi {

// How often (in nodes) a timed search reads the clock: about every 0.1-0.5 ms.
inline constexpr std::uint64_t kClockInterval = 1024;

double steady_seconds();

struct Computer::State {
  explicit State(std::size_t megabytes)
      : midgame_table(std::max<std::size_t>(1, megabytes / 2)),
        endgame_table(std::max<std::size_t>(1, megabytes / 2)) {}
  ai::TranspositionTable midgame_table;
  ai::TranspositionTable endgame_table;
  ClockSource clock = steady_seconds;
  bool probable_cuts = true;
  // The position last pondered and whether its solve finished.
  std::optional<Board> pondered;
  bool ponder_solved = false;
  Square ponder_best = kNoMove;       // the opponent's best move there
  Bitboard ponder_children_left = 0;  // the opponent's moves whose positions are not solved yet
  // The solver's nodes per second on this machine, from its runs so far
  // (0 until one lasted kRateSampleSeconds): whether an exact solve fits in
  // Hard's time depends on it.
  double solver_rate = 0;
  // The position think_ahead last deepened, how deep it got and its best move.
  std::optional<Board> thought;
  int thought_depth = 0;
  Square thought_move = kNoMove;
  void record_solver_run(std::uint64_t nodes, double started, const ai::Deadline& deadline);
  bool ponder_slice(const Board& board, ai::EndgameSolver& solver);

  // Whether `board` is one move (or a pass) away from a pondered position
  // that was solved, so the endgame table holds most of its own solve.
  bool follows_ponder(const Board& board) const;

  // A solve of `board` (any side to move, passes included) within `deadline`;
  // nullopt when it ran out.
  std::optional<int> exact_value(const Board& board, ai::Deadline& deadline);

  SearchReport easy(const Board& board, const SearchLimits& limits);
  SearchReport medium(const Board& board);
  SearchReport hard(const Board& board, const SearchLimits& limits, double started);
  SearchReport solve(const Board& board, ai::Deadline& deadline, Square first_move, int guess, bool has_guess);
};

}  // namespace reversi
