// The computer opponent's public face: three strengths behind one call.
//
// A Computer owns all search state (transposition table, history, clock), so
// several can coexist and tests construct their own. Nothing here is global.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/board.h"

namespace reversi {

enum class Strength : std::uint8_t { Easy, Medium, Hard };

const char* strength_name(Strength strength);                   // "easy", "medium", "hard"
std::optional<Strength> parse_strength(std::string_view text);  // case-insensitive

// What a search found and what it cost.
struct SearchReport {
  Square move = kNoMove;  // kPass when the side to move must pass, kNoMove when the game is over
  int score = 0;          // for the side to move: exact final disc margin when `exact`, else an estimate in discs
  int depth = 0;          // plies searched (for an exact solve: the number of empty squares)
  bool exact = false;     // true when `score` is the proven final margin with perfect play
  std::uint64_t nodes = 0;
  double seconds = 0;
};

struct SearchLimits {
  double seconds = 0.5;    // Hard's thinking budget per move
  std::uint64_t seed = 0;  // tie-breaking for Easy (and any randomness); 0 = fixed default
  int max_depth =
      0;  // Hard's midgame search stops at this many plies (0: no limit); it still solves exactly when it can
};

// One legal move's worth for the side to move (hints): the final disc margin
// it leads to with best play as Hard sees it, proven when `exact`.
struct MoveValue {
  Square move = kNoMove;
  int score = 0;
  bool exact = false;
  bool operator==(const MoveValue&) const = default;
};

// Seconds since an arbitrary origin; injected so tests need not sleep.
using ClockSource = std::function<double()>;

class Computer {
 public:
  explicit Computer(std::size_t table_megabytes = 16);
  ~Computer();
  Computer(const Computer&) = delete;
  Computer& operator=(const Computer&) = delete;

  // The move `strength` chooses for the side to move of `board`, with its report.
  SearchReport choose_move(const Board& board, Strength strength, const SearchLimits& limits = {});

  // Exact final margin for the side to move with perfect play by both sides.
  SearchReport solve_exact(const Board& board);

  // Thinking on the opponent's time: spends up to `seconds` on the exact
  // solve of `board`, where the opponent is to move, and keeps what it
  // learns for Hard's reply to whichever move they make. Call it again for
  // more slices (the work carries over); it returns true once there is
  // nothing left to do: `board` is solved, too far from the end to solve
  // (more than kPonderEmpties empty squares), or finished.
  bool ponder(const Board& board, double seconds);
  static constexpr int kPonderEmpties = 24;
  // The slice length the app and the CLI use: short enough that a move made
  // meanwhile hardly waits for it.
  static constexpr double kPonderSliceSeconds = 0.05;

  // Thinking ahead in the midgame, for an engine that runs between moves
  // (reversi-cli nboard): spends up to `seconds` deepening Hard's search of
  // `board`, whoever is to move, so that the table holds what Hard's next
  // search there or one move later can reuse. Slices on the same position
  // carry on where the last stopped. Returns true once there is nothing left
  // to do: the search reached kThinkAheadDepth plies (or the end of the
  // game), or `board` has no move. The app does not call it.
  bool think_ahead(const Board& board, double seconds);
  static constexpr int kThinkAheadDepth = 24;

  // Hints: every legal move of `board` valued within about `seconds`, in
  // square order. Hard's search deepens over all of them together (each
  // move's value is from the last depth every move completed), and the
  // endgame is solved exactly when it fits. Empty when there is no move.
  std::vector<MoveValue> value_moves(const Board& board, double seconds);

  void set_clock(ClockSource clock);
  // Whether Hard's midgame search makes probable cut-offs (on unless turned
  // off; off only to measure what they are worth, as `match` can).
  void set_probable_cuts(bool on);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace reversi
