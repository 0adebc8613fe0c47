// reversi-train: makes the solver's pattern evaluation (src/ai/pattern_eval.h).
//
//   reversi-train samples --games N --seed S > samples.txt
//     Plays N games (a random start of 6-8 moves, then a 3-ply search with
//     one move in six drawn at random, for variety) and prints positions with
//     10 to 20 empties, each with its exact final margin, one per line: the
//     position in OBF form, then the margin for the side to move.
//   reversi-train fit FILE... > src/ai/pattern_weights.cpp
//     Fits the weights to the margins (least squares by gradient descent,
//     each weight's step scaled by how often it occurs) and prints them as a
//     C++ source file.
//
// Sampling is the slow part (exact solves): run several with different seeds
// in parallel and fit on all of their output. The shipped weights came from
//   reversi-train samples --games 11000 --seed 1 > one.txt   (about 20 min)
//   reversi-train samples --games 11000 --seed 2 > two.txt   (in parallel)
//   reversi-train fit one.txt two.txt > src/ai/pattern_weights.cpp
// 128,217 positions; rms error 9.0 discs on the held-out sixteenth, where the
// hand-written evaluation is 17.8 discs off.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "ai/computer.h"
#include "ai/evaluation.h"
#include "ai/midgame_search.h"
#include "ai/pattern_eval.h"
#include "ai/search_clock.h"
#include "engine/notation.h"

namespace {

using namespace reversi;

int usage() {
  std::fprintf(stderr,
               "usage: reversi-train samples --games N --seed S\n"
               "       reversi-train fit FILE...\n");
  return 2;
}

// Which empties counts are sampled, and how often (solving 18-20 empties
// costs far more than 10-14).
bool wanted(int empties, std::mt19937_64& random) {
  if (empties < 10 || empties > 20) return false;
  if (empties <= 14) return empties % 2 == 0;
  if (empties <= 16) return true;
  if (empties <= 18) return random() % 3 == 0;
  return random() % 12 == 0;
}

int run_samples(long long games, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  Computer solver(64);
  ai::Deadline unlimited;
  for (long long game = 0; game < games; ++game) {
    Position position = Position::start();
    const int opening = 6 + static_cast<int>(random() % 3);
    for (int ply = 0;; ++ply) {
      Bitboard moves = legal_moves(position.board);
      if (!moves) {
        position = play(position, kPass);
        moves = legal_moves(position.board);
        if (!moves) break;
      }
      const int empties = position.board.empty_count();
      if (wanted(empties, random)) {
        const SearchReport report = solver.solve_exact(position.board);
        std::printf("%s %d\n", format_position(position).c_str(), report.score);
      }
      if (empties <= 10) break;
      Square square;
      if (ply < opening || random() % 6 == 0) {
        square = nth_square(moves, static_cast<int>(random() % count_bits(moves)));
      } else {
        ai::MidgameSearch search(ai::Evaluation::Strong, nullptr, unlimited);
        square = search.search_root(position.board, 3).move;
      }
      position = play(position, square);
    }
    std::fflush(stdout);
  }
  return 0;
}

struct Sample {
  ai::PatternFeatures features;
  float target;
  float strong;  // the hand-written evaluation, for comparison
};

bool read_samples(const char* path, std::vector<Sample>& samples) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "reversi-train: cannot read %s\n", path);
    return false;
  }
  std::string squares, side;
  int score;
  while (in >> squares >> side >> score) {
    const auto position = parse_position(squares + " " + side);
    if (!position) {
      std::fprintf(stderr, "reversi-train: %s: %s\n", path, position.error.c_str());
      return false;
    }
    const Board& board = position.value->board;
    samples.push_back(Sample{ai::pattern_features(board), static_cast<float>(score * ai::kDiscScale),
                             static_cast<float>(ai::evaluate_strong(board))});
  }
  return true;
}

int run_fit(int count, char** paths) {
  std::vector<Sample> samples;
  for (int i = 0; i < count; ++i)
    if (!read_samples(paths[i], samples)) return 1;
  if (samples.empty()) return usage();
  double strong_squared = 0;
  for (const Sample& sample : samples) strong_squared += (sample.target - sample.strong) * (sample.target - sample.strong);
  std::fprintf(stderr, "the hand-written evaluation: rms error %.2f discs\n",
               std::sqrt(strong_squared / samples.size()) / ai::kDiscScale);
  // Every 16th sample is held out to report how well the fit generalises.
  std::vector<double> weights(ai::kPatternWeights, 0.0), occurrences(ai::kPatternWeights, 0.0);
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (i % 16) for (const int index : samples[i].features.index) occurrences[index] += 1;
  double mobility = 0, parity = 0, bias = 0, mobility_norm = 1, parity_norm = 1;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (i % 16 == 0) continue;
    mobility_norm += samples[i].features.mobility * samples[i].features.mobility;
    parity_norm += samples[i].features.parity;
  }
  std::vector<double> gradient(ai::kPatternWeights);
  auto predict = [&](const Sample& sample) {
    double value = bias + mobility * sample.features.mobility + parity * sample.features.parity;
    for (const int index : sample.features.index) value += weights[index];
    return value;
  };
  // Every sample moves its 46 pattern weights at once: each takes a share.
  // kShrink: a weight seen in fewer than about 8 samples stays near zero.
  constexpr double kRate = 0.7 / ai::kPatternInstances, kScalarRate = 0.1, kShrink = 8.0;
  const int epochs = 300;
  for (int epoch = 0; epoch < epochs; ++epoch) {
    std::fill(gradient.begin(), gradient.end(), 0.0);
    double mobility_gradient = 0, parity_gradient = 0, bias_gradient = 0, squared = 0, held_out = 0;
    std::size_t trained = 0, tested = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
      const double error = samples[i].target - predict(samples[i]);
      if (i % 16 == 0) {
        held_out += error * error;
        ++tested;
        continue;
      }
      squared += error * error;
      ++trained;
      for (const int index : samples[i].features.index) gradient[index] += error;
      mobility_gradient += error * samples[i].features.mobility;
      parity_gradient += error * samples[i].features.parity;
      bias_gradient += error;
    }
    // Each weight moves by its mean error over the samples it occurs in,
    // shrunk towards zero when it occurs rarely.
    for (int w = 0; w < ai::kPatternWeights; ++w)
      weights[w] += kRate * (gradient[w] - kShrink * weights[w]) / (occurrences[w] + kShrink);
    mobility += kScalarRate * mobility_gradient / mobility_norm;
    parity += kScalarRate * parity_gradient / parity_norm;
    bias += kScalarRate * bias_gradient / trained;
    if (epoch % 25 == 0 || epoch == epochs - 1)
      std::fprintf(stderr, "epoch %3d: rms error %.2f discs (held out %.2f) on %zu + %zu positions\n", epoch,
                   std::sqrt(squared / trained) / ai::kDiscScale, std::sqrt(held_out / std::max<std::size_t>(1, tested)) / ai::kDiscScale,
                   trained, tested);
  }
  std::printf(
      "// Generated by tools/train_eval.cpp (reversi-train fit) from %zu positions\n"
      "// with exact margins; do not edit by hand. See src/ai/pattern_eval.h.\n"
      "#include \"ai/pattern_eval.h\"\n\n"
      "namespace reversi::ai {\n"
      "namespace {\n"
      "constexpr std::int16_t kWeights[kPatternWeights] = {\n",
      samples.size());
  for (int w = 0; w < ai::kPatternWeights; ++w) {
    const long value = std::lround(std::clamp(weights[w], -32000.0, 32000.0));
    std::printf("%ld,%s", value, (w % 20 == 19 || w == ai::kPatternWeights - 1) ? "\n" : "");
  }
  std::printf(
      "};\n"
      "}  // namespace\n\n"
      "const PatternWeights& endgame_pattern_weights() {\n"
      "  static constexpr PatternWeights kTrained{kWeights, %ld, %ld, %ld};\n"
      "  return kTrained;\n"
      "}\n\n"
      "}  // namespace reversi::ai\n",
      std::lround(mobility), std::lround(parity), std::lround(bias));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && !std::strcmp(argv[1], "fit")) return argc > 2 ? run_fit(argc - 2, argv + 2) : usage();
  if (argc >= 2 && !std::strcmp(argv[1], "samples")) {
    long long games = 0;
    std::uint64_t seed = 1;
    for (int i = 2; i + 1 < argc; i += 2) {
      if (!std::strcmp(argv[i], "--games")) games = std::atoll(argv[i + 1]);
      else if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(argv[i + 1], nullptr, 10);
      else return usage();
    }
    return games > 0 ? run_samples(games, seed) : usage();
  }
  return usage();
}
