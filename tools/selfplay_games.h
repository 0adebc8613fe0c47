// Self-play games for fitting the evaluation at every stage of the game:
// Hard's midgame search at a fixed depth (no clock, so the games replay
// exactly), perfect play once the end is near, and every position labelled
// with the final margin of the game for its side to move.
#pragma once

#include <cstdint>
#include <functional>

#include "engine/notation.h"

namespace reversi::training {

struct SelfplayOptions {
  long long games = 1000;
  std::uint64_t seed = 1;
  int depth = 6;                            // plies of Hard's search (patterns, probable cut-offs) for each move
  int exact_empties = 18;                   // from here on both sides play perfectly (exact solves)
  int fewest_random = 6, most_random = 10;  // the game starts with this many random moves
  int random_one_in = 16;                   // later, until 24 empties, one move in this many is random
};

// Plays the games and passes every position from the end of the random
// start on to `emit`, with the game's final margin for the position's side
// to move, in discs (empties to the winner). The same options give the same
// positions.
void selfplay_games(const SelfplayOptions& options, const std::function<void(const Position&, int margin)>& emit);

}  // namespace reversi::training
