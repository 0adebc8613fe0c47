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
//   reversi-train depths --games N --seed S [--depth D] > depths.txt
//     Plays games the same way and prints positions with 20 to 52 empties
//     (one ply in five), each with the values of Hard's search at every depth
//     from 1 to D (10 by default).
//   reversi-train spreads FILE...
//     How far the value at each depth strays from that of the shallower
//     search predicting it: the spreads of Hard's probable cut-offs
//     (src/ai/midgame_search.cpp). 40 games per seed take about a minute.
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
#include <sstream>
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
               "       reversi-train fit FILE...\n"
               "       reversi-train depths --games N --seed S [--depth D]\n"
               "       reversi-train spreads FILE...\n");
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

// The moves of the sampling games: a random start of 6-8 moves, then a 3-ply
// search with one move in six drawn at random.
Square sampling_move(const Position& position, Bitboard moves, int ply, int opening, std::mt19937_64& random) {
  if (ply < opening || random() % 6 == 0) return nth_square(moves, static_cast<int>(random() % count_bits(moves)));
  ai::Deadline unlimited;
  ai::MidgameSearch search(ai::Evaluation::Strong, nullptr, unlimited);
  return search.search_root(position.board, 3).move;
}

// Plays `games` sampling games from `seed`. Before each move (passes made
// for the side that has none) `visit(position, random)` sees the position;
// the game ends when it returns false or when neither side can move.
template <typename Visit>
void play_sampling_games(long long games, std::uint64_t seed, Visit&& visit) {
  std::mt19937_64 random(seed);
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
      if (!visit(position, random)) break;
      position = play(position, sampling_move(position, moves, ply, opening, random));
    }
    std::fflush(stdout);
  }
}

int run_samples(long long games, std::uint64_t seed) {
  Computer solver(64);
  play_sampling_games(games, seed, [&](const Position& position, std::mt19937_64& random) {
    const int empties = position.board.empty_count();
    if (wanted(empties, random)) {
      const SearchReport report = solver.solve_exact(position.board);
      std::printf("%s %d\n", format_position(position).c_str(), report.score);
    }
    return empties > 10;
  });
  return 0;
}

// Hard's search values of midgame positions at every depth from 1 to
// `deepest`, one position per line: its empties, then the values in
// hundredths of a disc. The probable cut-offs of src/ai/midgame_search.cpp
// come from how far a shallow value strays from a deeper one.
int run_depths(long long games, std::uint64_t seed, int deepest) {
  play_sampling_games(games, seed, [&](const Position& position, std::mt19937_64& random) {
    const int empties = position.board.empty_count();
    if (empties < 20) return false;
    if (empties <= 52 && random() % 5 == 0) {
      ai::TranspositionTable table(16);
      ai::Deadline unlimited;
      ai::MidgameSearch search(ai::Evaluation::Pattern, &table, unlimited);
      std::printf("%d", empties);
      Square best = kNoMove;
      for (int depth = 1; depth <= deepest; ++depth) {
        const auto result = search.search_root(position.board, depth, best);
        best = result.move;
        std::printf(" %d", result.score);
      }
      std::printf("\n");
      std::fflush(stdout);
    }
    return true;
  });
  return 0;
}

// How far each depth's value strays from its shallow predictor's, over the
// positions `depths` printed: the spreads behind Multi-ProbCut.
int run_spreads(int count, char** paths) {
  std::vector<std::vector<int>> rows;
  for (int i = 0; i < count; ++i) {
    std::ifstream in(paths[i]);
    if (!in) {
      std::fprintf(stderr, "reversi-train: cannot read %s\n", paths[i]);
      return 1;
    }
    for (std::string line; std::getline(in, line);) {
      std::istringstream fields(line);
      std::vector<int> values;
      for (int value; fields >> value;) values.push_back(value);
      if (!fields.eof()) {
        std::fprintf(stderr, "reversi-train: %s: not a line of whole numbers: %s\n", paths[i], line.c_str());
        return 1;
      }
      if (values.size() >= 2) rows.push_back(std::move(values));
    }
  }
  std::printf("%zu positions\ndepth shallow positions   mean spread (hundredths of a disc)\n", rows.size());
  for (int depth = 3;; ++depth) {
    const int shallow = ai::probcut_shallow_depth(depth);
    double sum = 0, squares = 0;
    long n = 0;
    for (const std::vector<int>& row : rows) {
      if (static_cast<int>(row.size()) <= depth) continue;
      const int deep = row[depth], near = row[shallow];
      // Proven results, and positions so lopsided (over 50 discs) that no
      // window comes near them.
      if (std::abs(deep) >= 50 * ai::kDiscScale || std::abs(near) >= 50 * ai::kDiscScale) continue;
      sum += deep - near;
      squares += static_cast<double>(deep - near) * (deep - near);
      ++n;
    }
    if (n < 2) break;
    const double mean = sum / n;
    std::printf("%5d %7d %9ld %6.0f %6.0f\n", depth, shallow, n, mean, std::sqrt(squares / n - mean * mean));
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

// The options of `samples` and `depths`; false on anything else.
struct GameOptions {
  long long games = 0;
  std::uint64_t seed = 1;
  int depth = 10;  // depths only
};
bool parse_game_options(int argc, char** argv, bool takes_depth, GameOptions& options) {
  for (int i = 2; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--games")) {
      options.games = std::atoll(argv[i + 1]);
    } else if (!std::strcmp(argv[i], "--seed")) {
      options.seed = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (takes_depth && !std::strcmp(argv[i], "--depth")) {
      options.depth = std::atoi(argv[i + 1]);
    } else {
      return false;
    }
  }
  return argc % 2 == 0 && options.games > 0 && options.depth > 0;
}

}  // namespace

int main(int argc, char** argv) {
  const char* command = argc >= 2 ? argv[1] : "";
  if (!std::strcmp(command, "fit")) return argc > 2 ? run_fit(argc - 2, argv + 2) : usage();
  if (!std::strcmp(command, "spreads")) return argc > 2 ? run_spreads(argc - 2, argv + 2) : usage();
  const bool depths = !std::strcmp(command, "depths");
  GameOptions options;
  if (!depths && std::strcmp(command, "samples")) return usage();
  if (!parse_game_options(argc, argv, depths, options)) return usage();
  return depths ? run_depths(options.games, options.seed, options.depth) : run_samples(options.games, options.seed);
}
