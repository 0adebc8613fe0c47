// The trainer's data file and fit: the weights the build embeds are the
// checked-in data file, and a fit is reproducible to the bit.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "ai/pattern_eval.h"
#include "pattern_fit.h"
#include "selfplay_games.h"
#include "training_games.h"
#include "weights_file.h"

#ifndef REVERSI_PATTERN_WEIGHTS_FILE
#define REVERSI_PATTERN_WEIGHTS_FILE "src/ai/data/pattern_weights.v4.bin"
#endif

namespace reversi {
namespace {

training::WeightsFile small_weights() {
  training::WeightsFile weights;
  weights.pattern_set = 7;
  weights.phases = 2;
  weights.patterns_per_phase = 3;
  weights.scalars_per_phase = 1;
  weights.patterns = {1, -2, 32000, -32000, 0, 5};
  weights.scalars = {100000, -7};
  return weights;
}

TEST_CASE("training: the CRC-32 is zlib's") {
  const std::string text = "123456789";
  CHECK(training::crc32(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()) == 0xcbf43926u);
}

TEST_CASE("training: a weights file reads back as written, and damage is refused") {
  const training::WeightsFile weights = small_weights();
  std::vector<std::uint8_t> bytes = training::encode_weights(weights);
  REQUIRE(bytes.size() == 20 + 6 * 2 + 2 * 4);
  const auto decoded = training::decode_weights(bytes);
  REQUIRE_MESSAGE(decoded, decoded.error);
  CHECK(decoded.value->pattern_set == 7);
  CHECK(decoded.value->patterns == weights.patterns);
  CHECK(decoded.value->scalars == weights.scalars);

  std::vector<std::uint8_t> damaged = bytes;
  damaged[25] ^= 0x10;
  const auto refused = training::decode_weights(damaged);
  CHECK_FALSE(refused);
  CHECK(refused.error.find("checksum") != std::string::npos);
  damaged = bytes;
  damaged.pop_back();
  CHECK_FALSE(training::decode_weights(damaged));
  damaged = bytes;
  damaged[0] = 'X';
  CHECK_FALSE(training::decode_weights(damaged));
}

TEST_CASE("training: the embedded weights are the data file the build names") {
  const auto file = training::read_weights_file(REVERSI_PATTERN_WEIGHTS_FILE);
  REQUIRE_MESSAGE(file, file.error);
  REQUIRE(file.value->pattern_set == ai::kPatternSet);
  REQUIRE(file.value->phases == ai::kPatternPhases);
  REQUIRE(file.value->patterns_per_phase == ai::kPatternWeights);
  REQUIRE(file.value->scalars_per_phase == ai::kScalarWeights);
  const ai::PatternWeights& embedded = ai::trained_pattern_weights();
  const std::vector<std::int16_t> patterns(embedded.patterns, embedded.patterns + file.value->patterns.size());
  const std::vector<std::int32_t> scalars(embedded.scalars, embedded.scalars + file.value->scalars.size());
  CHECK(patterns == file.value->patterns);
  CHECK(scalars == file.value->scalars);
}

// A fit small enough for every test run: positions of 30 sampling games
// with 10 to 12 empties, labelled by the exact solver, 40 epochs.
std::vector<training::LabelledPosition> small_sample() {
  std::vector<training::LabelledPosition> positions;
  training::exact_endgame_samples(30, 11, 10, 12, [&](const Position& position, int margin) {
    positions.push_back(training::LabelledPosition{position.board, static_cast<float>(margin * 100)});
  });
  return positions;
}

TEST_CASE("training: a fit from the same seed and samples gives bit-identical weights") {
  const std::vector<training::LabelledPosition> positions = small_sample();
  REQUIRE(positions.size() > 40);
  CHECK(small_sample().size() == positions.size());
  training::FitOptions options;
  options.epochs = 40;
  options.phases = 10;  // as when the checksum was pinned (the shipped weights have 6), whatever the default
  std::vector<training::PhaseReport> reports;
  const std::vector<std::uint8_t> first =
      training::encode_weights(training::fit_pattern_weights(positions, options, &reports));
  const std::vector<std::uint8_t> second =
      training::encode_weights(training::fit_pattern_weights(small_sample(), options));
  CHECK(first == second);

  // The fit learned something: it is closer to the exact margins than
  // guessing a draw everywhere.
  double squared = 0;
  for (const training::LabelledPosition& position : positions) squared += double(position.target) * position.target;
  const double draw_rms = std::sqrt(squared / positions.size()) / 100;
  std::size_t trained = 0;
  for (const training::PhaseReport& report : reports) trained += report.trained;
  CHECK(trained > 0);
  for (const training::PhaseReport& report : reports)
    if (report.trained) CHECK(report.trained_rms < 0.8 * draw_rms);

  // The checksum pins the trainer's arithmetic: a change to the fit, the
  // features or the sampling games changes it (then update it here and
  // retrain the shipped weights with docs/tuning.md's recipe).
  const training::WeightsFile decoded = *training::decode_weights(first).value;
  INFO("CRC-32 " << training::payload_checksum(decoded));
  CHECK(training::payload_checksum(decoded) == 0xe9279274u);

  // With a quantum every pattern weight is the nearest multiple of it.
  options.quantum = 4;
  const training::WeightsFile rounded = training::fit_pattern_weights(positions, options);
  REQUIRE(rounded.patterns.size() == decoded.patterns.size());
  int moved = 0;
  for (std::size_t i = 0; i < rounded.patterns.size(); ++i) {
    CHECK(rounded.patterns[i] % 4 == 0);
    CHECK(std::abs(rounded.patterns[i] - decoded.patterns[i]) <= 2);
    moved += rounded.patterns[i] != decoded.patterns[i];
  }
  CHECK(moved > 0);
  CHECK(rounded.scalars == decoded.scalars);
}

// The recipe's two steps in small (docs/tuning.md): self-play games at the
// recipe's depth, then a fit with its options, run twice and pinned. The
// games are played by this build's Hard, so a change to the search or the
// shipped weights can move the checksum too, as it moves what the recipe
// makes (a refit of v2 on one game fewer did not: these four games stayed).
std::vector<std::uint8_t> small_recipe() {
  training::SelfplayOptions games;
  games.games = 4;
  games.seed = 1;
  std::vector<training::LabelledPosition> positions;
  training::selfplay_games(games, [&](const Position& position, int margin) {
    positions.push_back(training::LabelledPosition{position.board, static_cast<float>(margin * 100)});
  });
  training::FitOptions options;
  options.epochs = 20;
  options.phases = 6;   // the recipe's
  options.quantum = 4;  // and its rounding
  return training::encode_weights(training::fit_pattern_weights(positions, options));
}

TEST_CASE("training: the recipe in small, self-play then fit, gives the same bytes twice and pinned weights") {
  const std::vector<std::uint8_t> first = small_recipe();
  const std::vector<std::uint8_t> second = small_recipe();
  REQUIRE(first.size() == 20 + 6 * (ai::kPatternWeights * 2 + ai::kScalarWeights * 4));
  CHECK(first == second);
  const training::WeightsFile decoded = *training::decode_weights(first).value;
  for (const std::int16_t weight : decoded.patterns) REQUIRE(weight % 4 == 0);
  INFO("CRC-32 " << training::payload_checksum(decoded));
  CHECK(training::payload_checksum(decoded) == 0xb357f761u);
}

}  // namespace
}  // namespace reversi
