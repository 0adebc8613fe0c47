#include "pattern_fit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <sstream>

#include "ai/evaluation.h"
#include "engine/notation.h"

namespace reversi::training {
namespace {

struct Sample {
  std::array<std::int32_t, ai::kPatternInstances> index;
  std::array<int, ai::kScalarWeights> scalars;
  float target;
  bool held_out;
};

// The weights of one phase, fitted to its samples.
struct PhaseFit {
  std::vector<double> patterns = std::vector<double>(ai::kPatternWeights, 0.0);
  std::array<double, ai::kScalarWeights> scalars{};

  double predict(const Sample& sample) const {
    double value = 0;
    for (int k = 0; k < ai::kScalarWeights; ++k) value += scalars[k] * sample.scalars[k];
    for (const std::int32_t index : sample.index) value += patterns[index];
    return value;
  }
};

// A stage fitted to fewer positions than this takes a neighbour's weights.
constexpr std::size_t kFewestPhaseSamples = 1000;

// Every sample moves its pattern weights at once: each takes a share.
constexpr double kRate = 0.7 / ai::kPatternInstances, kScalarRate = 0.1;

PhaseReport fit_phase(const std::vector<Sample>& samples, const FitOptions& options, int phase, PhaseFit& fit) {
  std::vector<double> occurrences(ai::kPatternWeights, 0.0), gradient(ai::kPatternWeights);
  std::array<double, ai::kScalarWeights> norm{};
  norm.fill(1.0);
  for (const Sample& sample : samples) {
    if (sample.held_out) continue;
    for (const std::int32_t index : sample.index) occurrences[index] += 1;
    for (int k = 0; k < ai::kScalarWeights; ++k) norm[k] += double(sample.scalars[k]) * sample.scalars[k];
  }
  PhaseReport report;
  for (int epoch = 0; epoch < options.epochs; ++epoch) {
    std::fill(gradient.begin(), gradient.end(), 0.0);
    std::array<double, ai::kScalarWeights> scalar_gradient{};
    double squared = 0, held_out = 0;
    report.trained = report.held_out = 0;
    for (const Sample& sample : samples) {
      const double error = sample.target - fit.predict(sample);
      if (sample.held_out) {
        held_out += error * error;
        ++report.held_out;
        continue;
      }
      squared += error * error;
      ++report.trained;
      for (const std::int32_t index : sample.index) gradient[index] += error;
      for (int k = 0; k < ai::kScalarWeights; ++k) scalar_gradient[k] += error * sample.scalars[k];
    }
    // Each weight moves by its mean error over the samples it occurs in,
    // shrunk towards zero when it occurs rarely.
    for (int w = 0; w < ai::kPatternWeights; ++w)
      fit.patterns[w] += kRate * (gradient[w] - options.shrink * fit.patterns[w]) / (occurrences[w] + options.shrink);
    for (int k = 0; k < ai::kScalarWeights; ++k) fit.scalars[k] += kScalarRate * scalar_gradient[k] / norm[k];
    report.trained_rms = std::sqrt(squared / std::max<std::size_t>(1, report.trained)) / ai::kDiscScale;
    report.held_out_rms = std::sqrt(held_out / std::max<std::size_t>(1, report.held_out)) / ai::kDiscScale;
    if (options.log && (epoch % 50 == 0 || epoch == options.epochs - 1))
      std::fprintf(options.log, "phase %2d epoch %3d: rms error %.2f discs (held out %.2f) on %zu + %zu positions\n",
                   phase, epoch, report.trained_rms, report.held_out_rms, report.trained, report.held_out);
  }
  return report;
}

}  // namespace

std::string read_labelled_positions(const std::string& path, std::vector<LabelledPosition>& positions) {
  std::ifstream in(path);
  if (!in) return "cannot read " + path;
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.empty()) continue;
    std::istringstream fields(line);
    std::string squares, side;
    int margin = 0;
    if (!(fields >> squares >> side >> margin) || margin < -64 || margin > 64)
      return path + " line " + std::to_string(line_number) + ": not \"<64 chars> X|O <margin>\"";
    const auto position = parse_position(squares + " " + side);
    if (!position) return path + " line " + std::to_string(line_number) + ": " + position.error;
    positions.push_back(LabelledPosition{position.value->board, static_cast<float>(margin * ai::kDiscScale)});
  }
  return "";
}

std::vector<PhaseReport> check_evaluation(const std::vector<LabelledPosition>& positions, int stages,
                                          int held_out_every) {
  std::vector<PhaseReport> reports(stages);
  std::vector<double> squared(stages, 0.0);
  std::size_t count = 0;
  for (const LabelledPosition& position : positions) {
    if (is_game_over(position.board)) continue;
    if (held_out_every > 0 && count++ % held_out_every != 0) continue;
    const int stage = ai::pattern_phase(position.board.empty_count(), stages);
    const double error = position.target - ai::evaluate_pattern(position.board);
    squared[stage] += error * error;
    ++reports[stage].held_out;
  }
  for (int stage = 0; stage < stages; ++stage)
    reports[stage].held_out_rms =
        std::sqrt(squared[stage] / std::max<std::size_t>(1, reports[stage].held_out)) / ai::kDiscScale;
  return reports;
}

WeightsFile fit_pattern_weights(const std::vector<LabelledPosition>& positions, const FitOptions& options,
                                std::vector<PhaseReport>* reports) {
  std::vector<std::vector<Sample>> by_phase(options.phases);
  std::size_t count = 0;
  for (const LabelledPosition& position : positions) {
    const ai::PatternFeatures features = ai::pattern_features(position.board);
    if (features.finished) continue;
    const bool held_out = options.held_out_every > 0 && count++ % options.held_out_every == 0;
    const int phase = ai::pattern_phase(position.board.empty_count(), options.phases);
    by_phase[phase].push_back(Sample{features.index, features.scalars, position.target, held_out});
    if (options.neighbours && !held_out)
      for (const int next : {phase - 1, phase + 1})
        if (next >= 0 && next < options.phases)
          by_phase[next].push_back(Sample{features.index, features.scalars, position.target, false});
  }
  WeightsFile weights;
  weights.pattern_set = ai::kPatternSet;
  weights.phases = options.phases;
  weights.patterns_per_phase = ai::kPatternWeights;
  weights.scalars_per_phase = ai::kScalarWeights;
  if (reports) reports->assign(options.phases, PhaseReport{});
  std::vector<PhaseFit> fits(options.phases);
  std::vector<bool> fitted(options.phases, false);
  for (int phase = 0; phase < options.phases; ++phase) {
    const PhaseReport report = fit_phase(by_phase[phase], options, phase, fits[phase]);
    if (reports) (*reports)[phase] = report;
    fitted[phase] = report.trained >= kFewestPhaseSamples;
  }
  for (int phase = 0; phase < options.phases; ++phase) {
    // A stage with too few positions (the first moves of the self-play
    // games are random) borrows the weights of the nearest stage that has
    // enough, a later one first.
    int source = phase;
    for (int distance = 1; !fitted[source] && distance < options.phases; ++distance) {
      if (phase + distance < options.phases && fitted[phase + distance])
        source = phase + distance;
      else if (phase - distance >= 0 && fitted[phase - distance])
        source = phase - distance;
    }
    const PhaseFit& fit = fits[source];
    // Rounded to the nearest multiple of the quantum (halves away from zero).
    for (const double value : fit.patterns)
      weights.patterns.push_back(static_cast<std::int16_t>(
          std::lround(std::clamp(value, -32000.0, 32000.0) / options.quantum) * options.quantum));
    for (const double value : fit.scalars)
      weights.scalars.push_back(static_cast<std::int32_t>(std::lround(std::clamp(value, -1e6, 1e6))));
  }
  return weights;
}

}  // namespace reversi::training
