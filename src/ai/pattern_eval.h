// The pattern evaluation: the value of a position for the side to move as a
// sum of learned weights, one per configuration of each of a few groups of
// squares (edges, corners, lines and diagonals, with their symmetric copies
// sharing weights), plus mobility, potential mobility and parity, with one
// weight set per stage of the game. The weights are fitted to the results
// of Hard's self-play games (docs/tuning.md has the recipe). Hard's midgame
// search evaluates with it, and the solver orders moves far from the end
// with it.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board.h"

namespace reversi::ai {

// The shapes, each with its number of squares and symmetric copies.
struct PatternShape {
  const char* name;
  int squares;
  int copies;
};
inline constexpr int kPatternShapes = 11;
inline constexpr std::array<PatternShape, kPatternShapes> kShapes = {{
    {"corner3x3", 9, 4},
    {"corner2x4", 8, 8},
    {"edge", 8, 4},
    {"line2", 8, 4},
    {"line3", 8, 4},
    {"line4", 8, 4},
    {"diagonal8", 8, 2},
    {"diagonal7", 7, 4},
    {"diagonal6", 6, 4},
    {"diagonal5", 5, 4},
    {"diagonal4", 4, 4},
}};
inline constexpr int kPatternInstances = 46;  // the sum of the copies

// 3^n: the configurations of a shape of n squares (empty, own, other's).
constexpr int configurations(int squares) {
  int count = 1;
  for (int i = 0; i < squares; ++i) count *= 3;
  return count;
}

// Where each shape's weights start in the flat weight table.
struct PatternLayout {
  std::array<int, kPatternShapes + 1> offset{};
};
constexpr PatternLayout make_pattern_layout() {
  PatternLayout layout;
  for (int shape = 0; shape < kPatternShapes; ++shape)
    layout.offset[shape + 1] = layout.offset[shape] + configurations(kShapes[shape].squares);
  return layout;
}
inline constexpr PatternLayout kPatternLayout = make_pattern_layout();
inline constexpr int kPatternWeights = kPatternLayout.offset[kPatternShapes];

// The learned weights, generated at build time from the data file
// src/ai/data/pattern_weights.v4.bin (tools/embed_weights.py checks its
// checksum and that it was fitted for these shapes; docs/tuning.md says how
// to regenerate it). Patterns in hundredths of a disc, then per phase the
// scalar weights: per move of mobility, for odd parity, a constant, and per
// square of potential mobility.
inline constexpr int kPatternSet = 1;     // the shapes above; another set needs new weights
inline constexpr int kPatternPhases = 6;  // weight sets by stage of the game, ten plies each
inline constexpr int kScalarWeights = 4;
enum ScalarWeight { kMobilityWeight, kParityWeight, kBiasWeight, kPotentialMobilityWeight };
struct PatternWeights {
  const std::int16_t* patterns;  // kPatternPhases x kPatternWeights
  const std::int32_t* scalars;   // kPatternPhases x kScalarWeights
};
const PatternWeights& trained_pattern_weights();

// Which of `phases` weight sets judges a position with `empties` empty
// squares: the 60 plies of a game cut into equal stages (the trainer fits
// files with other phase counts too, to compare them).
inline constexpr int pattern_phase(int empties, int phases) {
  const int played = 60 - (empties < 0 ? 0 : empties > 60 ? 60 : empties);
  const int phase = played * phases / 60;
  return phase < phases ? phase : phases - 1;
}
inline constexpr int pattern_phase(int empties) { return pattern_phase(empties, kPatternPhases); }

// The features of a position: for every pattern instance, the index of its
// configuration in a phase's weight table; and the values the scalar weights
// multiply (own moves minus the opponent's, 1 when the number of empty
// squares is odd, 1 for the constant, and the empty squares next to the
// opponent's discs less those next to one's own: potential mobility, the
// moves a side is likely to have later).
struct PatternFeatures {
  std::array<std::int32_t, kPatternInstances> index{};
  std::array<int, kScalarWeights> scalars{};
  int phase = 0;
  bool finished = false;  // neither side can move: the game is over
};
// `moves` are the side to move's legal moves when the caller knows them
// already (kUnknownMoves otherwise); the features count mobility with them.
PatternFeatures pattern_features(const Board& board, Bitboard moves = kUnknownMoves);

// The evaluation in hundredths of a disc for the side to move (finished
// games get finished_game_score).
int evaluate_pattern(const Board& board, Bitboard moves = kUnknownMoves);

}  // namespace reversi::ai
