// reversi-train: makes Hard's pattern evaluation (src/ai/pattern_eval.h).
// docs/tuning.md has the recipe that made the shipped weights.
//
//   reversi-train samples --games N --seed S > samples.txt
//     Plays N sampling games (tools/training_games.h) and prints positions
//     with 10 to 20 empties, each with its exact final margin, one per line:
//     the position in OBF form, then the margin for the side to move.
//   reversi-train selfplay --games N --seed S [--depth D] > games.txt
//     Plays N self-play games (tools/selfplay_games.h: Hard's search at D
//     plies, 6 by default, perfect play from 18 empties) and prints every
//     position after the random start with the game's final margin, in the
//     same form as samples.
//   reversi-train fit FILE... --out WEIGHTS.bin [--epochs N] [--phases P] [--shrink K] [--quantum Q]
//     Fits the weights to the margins of every FILE (tools/pattern_fit.h)
//     and writes the data file the build embeds (src/ai/data/*.bin); with
//     --quantum the pattern weights are rounded to multiples of Q
//     hundredths of a disc, which compress better.
//
//   reversi-train bestmoves --positions N --seed S > positions.obf
//     Positions with 20-26 empties from varied openings, each with its best
//     moves proven by the exact solver (tools/best_move_positions.h), for
//     the best-move rate of bench/strength_bench.sh.
//
//   reversi-train check FILE... [--stages N] [--all]
//     The rms error of this build's evaluation against the labels of FILE,
//     by stage of the game, on the positions a fit holds out (every 16th;
//     --all: every one), to compare weights on the same positions.
//
//   reversi-train depths --games N --seed S [--depth D] > depths.txt
//     Plays games the same way and prints positions with 20 to 52 empties
//     (one ply in five), each with the values of Hard's search at every depth
//     from 1 to D (10 by default).
//   reversi-train spreads FILE...
//     How far the value at each depth strays from that of the shallower
//     search predicting it: the spreads of Hard's probable cut-offs
//     (src/ai/midgame_search.cpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ai/evaluation.h"
#include "ai/midgame_search.h"
#include "ai/search_clock.h"
#include "ai/transposition_table.h"
#include "best_move_positions.h"
#include "pattern_fit.h"
#include "selfplay_games.h"
#include "training_games.h"
#include "weights_file.h"

namespace {

using namespace reversi;

int usage() {
  std::fprintf(
      stderr,
      "usage: reversi-train samples --games N --seed S\n"
      "       reversi-train selfplay --games N --seed S [--depth D]\n"
      "       reversi-train fit FILE... --out WEIGHTS.bin [--epochs N] [--phases P] [--shrink K] [--quantum Q]\n"
      "       reversi-train check FILE... [--stages N] [--all]\n"
      "       reversi-train bestmoves --positions N --seed S\n"
      "       reversi-train depths --games N --seed S [--depth D]\n"
      "       reversi-train spreads FILE...\n");
  return 2;
}

int run_selfplay(const training::SelfplayOptions& options) {
  training::selfplay_games(options, [](const Position& position, int margin) {
    std::printf("%s %d\n", format_position(position).c_str(), margin);
  });
  std::fflush(stdout);
  return 0;
}

int run_samples(long long games, std::uint64_t seed) {
  training::exact_endgame_samples(games, seed, 10, 20, [](const Position& position, int margin) {
    std::printf("%s %d\n", format_position(position).c_str(), margin);
    std::fflush(stdout);
  });
  return 0;
}

// Hard's search values of midgame positions at every depth from 1 to
// `deepest`, one position per line: its empties, then the values in
// hundredths of a disc.
int run_depths(long long games, std::uint64_t seed, int deepest) {
  training::play_sampling_games(games, seed, [&](const Position& position, std::mt19937_64& random) {
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
  // The spread overall, and by stage: whether one spread per depth fits
  // the whole midgame.
  struct Range {
    int fewest, most;
  };
  constexpr Range kStages[] = {{0, 64}, {20, 32}, {33, 44}, {45, 64}};
  std::printf("%zu positions; spreads (hundredths of a disc) over all, then at 20-32, 33-44, 45+ empties\n",
              rows.size());
  std::printf("depth shallow positions   mean spread  spread@20-32 @33-44 @45+\n");
  for (int depth = 3;; ++depth) {
    const int shallow = ai::probcut_shallow_depth(depth);
    double mean_all = 0, spread[4] = {};
    long n_all = 0;
    for (int stage = 0; stage < 4; ++stage) {
      double sum = 0, squares = 0;
      long n = 0;
      for (const std::vector<int>& row : rows) {
        if (static_cast<int>(row.size()) <= depth || row[0] < kStages[stage].fewest || row[0] > kStages[stage].most)
          continue;
        const int deep = row[depth], near = row[shallow];
        // Proven results, and positions so lopsided (over 50 discs) that no
        // window comes near them.
        if (std::abs(deep) >= 50 * ai::kDiscScale || std::abs(near) >= 50 * ai::kDiscScale) continue;
        sum += deep - near;
        squares += static_cast<double>(deep - near) * (deep - near);
        ++n;
      }
      const double mean = n ? sum / n : 0;
      spread[stage] = n >= 2 ? std::sqrt(squares / n - mean * mean) : 0;
      if (stage == 0) mean_all = mean, n_all = n;
    }
    if (n_all < 2) break;
    std::printf("%5d %7d %9ld %6.0f %6.0f  %6.0f %6.0f %6.0f\n", depth, shallow, n_all, mean_all, spread[0], spread[1],
                spread[2], spread[3]);
  }
  return 0;
}

int run_fit(int argc, char** argv) {
  std::vector<std::string> paths;
  std::string out;
  training::FitOptions options;
  options.log = stderr;
  for (int i = 0; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--out") && i + 1 < argc) {
      out = argv[++i];
    } else if (!std::strcmp(argv[i], "--epochs") && i + 1 < argc) {
      options.epochs = std::atoi(argv[++i]);
      if (options.epochs < 1) return usage();
    } else if (!std::strcmp(argv[i], "--neighbours")) {
      options.neighbours = true;
    } else if (!std::strcmp(argv[i], "--shrink") && i + 1 < argc) {
      options.shrink = std::atof(argv[++i]);
      if (!(options.shrink >= 0)) return usage();
    } else if (!std::strcmp(argv[i], "--quantum") && i + 1 < argc) {
      options.quantum = std::atoi(argv[++i]);
      if (options.quantum < 1 || options.quantum > 100) return usage();
    } else if (!std::strcmp(argv[i], "--phases") && i + 1 < argc) {
      options.phases = std::atoi(argv[++i]);
      if (options.phases < 1 || options.phases > 60) return usage();
    } else if (argv[i][0] == '-') {
      return usage();
    } else {
      paths.push_back(argv[i]);
    }
  }
  if (paths.empty() || out.empty()) return usage();
  std::vector<training::LabelledPosition> positions;
  for (const std::string& path : paths) {
    const std::string error = training::read_labelled_positions(path, positions);
    if (!error.empty()) {
      std::fprintf(stderr, "reversi-train: %s\n", error.c_str());
      return 1;
    }
  }
  std::fprintf(stderr, "%zu positions\n", positions.size());
  const training::WeightsFile weights = training::fit_pattern_weights(positions, options);
  const std::string error = training::write_weights_file(out, weights);
  if (!error.empty()) {
    std::fprintf(stderr, "reversi-train: %s\n", error.c_str());
    return 1;
  }
  std::fprintf(stderr, "wrote %s: pattern set %d, %d phase(s), CRC-32 %08x\n", out.c_str(), weights.pattern_set,
               weights.phases, training::payload_checksum(weights));
  return 0;
}

// The options of `samples` and `depths`; false on anything else.
struct GameOptions {
  long long games = 0;
  std::uint64_t seed = 1;
  int depth = 10;  // depths and selfplay only
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

int run_check(int argc, char** argv) {
  std::vector<training::LabelledPosition> positions;
  int stages = 10, held_out_every = training::FitOptions{}.held_out_every;
  for (int i = 0; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--stages") && i + 1 < argc) {
      stages = std::atoi(argv[++i]);
      if (stages < 1 || stages > 60) return usage();
    } else if (!std::strcmp(argv[i], "--all")) {
      held_out_every = 0;
    } else if (argv[i][0] == '-') {
      return usage();
    } else if (const std::string error = training::read_labelled_positions(argv[i], positions); !error.empty()) {
      std::fprintf(stderr, "reversi-train: %s\n", error.c_str());
      return 1;
    }
  }
  if (positions.empty()) return usage();
  const std::vector<training::PhaseReport> reports = training::check_evaluation(positions, stages, held_out_every);
  std::printf("stage  empties  positions  rms error (discs)\n");
  for (int stage = 0; stage < stages; ++stage) {
    int most = 0, fewest = 60;
    for (int empties = 0; empties <= 60; ++empties)
      if (ai::pattern_phase(empties, stages) == stage)
        most = std::max(most, empties), fewest = std::min(fewest, empties);
    std::printf("%5d  %2d-%2d  %9zu  %6.2f\n", stage, fewest, most, reports[stage].held_out,
                reports[stage].held_out_rms);
  }
  return 0;
}

int run_best_moves(int argc, char** argv) {
  training::BestMoveOptions options;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--positions")) {
      options.positions = std::atoi(argv[i + 1]);
    } else if (!std::strcmp(argv[i], "--seed")) {
      options.seed = std::strtoull(argv[i + 1], nullptr, 10);
    } else {
      return usage();
    }
  }
  if (argc % 2 || options.positions < 1) return usage();
  training::best_move_positions(options, [](const std::string& line) {
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
  });
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const char* command = argc >= 2 ? argv[1] : "";
  if (!std::strcmp(command, "bestmoves")) return run_best_moves(argc, argv);
  if (!std::strcmp(command, "check")) return run_check(argc - 2, argv + 2);
  if (!std::strcmp(command, "fit")) return run_fit(argc - 2, argv + 2);
  if (!std::strcmp(command, "spreads")) return argc > 2 ? run_spreads(argc - 2, argv + 2) : usage();
  const bool depths = !std::strcmp(command, "depths"), selfplay = !std::strcmp(command, "selfplay");
  GameOptions options;
  if (!depths && !selfplay && std::strcmp(command, "samples")) return usage();
  if (selfplay) options.depth = training::SelfplayOptions{}.depth;
  if (!parse_game_options(argc, argv, depths || selfplay, options)) return usage();
  if (selfplay) {
    training::SelfplayOptions selfplay_options;
    selfplay_options.games = options.games;
    selfplay_options.seed = options.seed;
    selfplay_options.depth = options.depth;
    return run_selfplay(selfplay_options);
  }
  return depths ? run_depths(options.games, options.seed, options.depth) : run_samples(options.games, options.seed);
}
