// The games reversi-train plays to collect positions: a random start, then a
// shallow search with a random move now and then, for variety.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "engine/notation.h"
#include "pattern_fit.h"

namespace reversi::training {

// Plays `games` sampling games from `seed`: a random start of 6-8 moves,
// then a 3-ply search with the hand-written evaluation and one move in six
// drawn at random. Before each move (passes made for the side that has none)
// `visit(position, random)` sees the position; a game ends when it returns
// false or when neither side can move.
void play_sampling_games(long long games, std::uint64_t seed,
                         const std::function<bool(const Position&, std::mt19937_64&)>& visit);

// Positions of the sampling games with `lowest` to `highest` empties (fewer
// of the costly high ones), each passed to `emit` with its exact final
// margin for the side to move, in discs.
void exact_endgame_samples(long long games, std::uint64_t seed, int lowest, int highest,
                           const std::function<void(const Position&, int margin)>& emit);

}  // namespace reversi::training
