// Fitting the pattern evaluation (src/ai/pattern_eval.h) to labelled
// positions: least squares, one weight set per phase, by gradient descent
// with each weight's step scaled by how often it occurs.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "ai/pattern_eval.h"
#include "engine/board.h"
#include "weights_file.h"

namespace reversi::training {

// A position and the value the evaluation should give it, in hundredths of
// a disc for the side to move (an exact final margin, or a game's result).
struct LabelledPosition {
  Board board;
  float target;
};

// Reads "<64 chars> X|O <margin in discs>" lines (what `reversi-train
// samples` and `selfplay` print) and appends them; the error names the file
// and line.
std::string read_labelled_positions(const std::string& path, std::vector<LabelledPosition>& positions);

struct FitOptions {
  int phases = ai::kPatternPhases;  // weight sets, by stage of the game (ai::pattern_phase)
  int epochs = 300;
  int held_out_every = 16;   // every n-th position checks the fit instead of training it
  double shrink = 8.0;       // a weight seen in fewer than about this many positions stays near zero
  bool neighbours = false;   // each position also trains the stages next to its own (never as held out)
  int quantum = 1;           // pattern weights are written as multiples of this (hundredths of a disc)
  std::FILE* log = nullptr;  // progress lines (epoch, rms errors per phase), or none
};

// Rms errors in discs of the fitted weights, per phase.
struct PhaseReport {
  std::size_t trained = 0, held_out = 0;
  double trained_rms = 0, held_out_rms = 0;
};

// How far the build's own evaluation (ai::evaluate_pattern) is from the
// labels, by stage (`stages` equal stages of the game), over the positions a
// fit with `held_out_every` would hold out (all of them when 0): rms error in
// discs and count per stage.
std::vector<PhaseReport> check_evaluation(const std::vector<LabelledPosition>& positions, int stages,
                                          int held_out_every);

// Fits the weights of every phase to `positions` (finished games are left
// out: the search scores them exactly). The same positions and options give
// bit-identical weights.
WeightsFile fit_pattern_weights(const std::vector<LabelledPosition>& positions, const FitOptions& options,
                                std::vector<PhaseReport>* reports = nullptr);

}  // namespace reversi::training
