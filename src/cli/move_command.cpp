// reversi-cli move: what a given player plays in a given position, or in
// every position of an OBF file (one computer for all of them, as the
// browser's AI worker keeps one for a whole game). Where the file publishes
// move scores (the FFO suites; bench/data/best-moves-20-26.obf), it also
// counts how often the move played keeps the best published score.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "cli/cli_lines.h"
#include "cli/cli_support.h"
#include "cli/commands.h"
#include "cli/players.h"

namespace reversi::cli {
namespace {
constexpr const char* kMoveUsage =
    "move --level easy|medium|hard (--position \"<64 chars> X|O\" | --transcript f5d6... | --file FILE) "
    "[--seconds S] [--depth N] [--cpu-time] [--seed N] [--ponder S] [--json]";
constexpr const char* kOnePosition = "give one of --position, --transcript or --file, once";

void print_report(const SearchReport& report, const std::string& level, const Position& position, bool json) {
  if (json) {
    lines::print(lines::MoveAnswer{report, level, format_position(position)});
  } else {
    std::printf("%s plays %s: score %+d (%s), depth %d, %llu nodes, %.3f s\n", level.c_str(),
                move_name(report.move).c_str(), report.score, report.exact ? "exact" : "estimate", report.depth,
                static_cast<unsigned long long>(report.nodes), report.seconds);
  }
  std::fflush(stdout);
}

// With --ponder each position is the player's turn, as the browser sees it:
// the computer ponders it in the app's slices while the player "thinks",
// then the player plays a legal move drawn by lot and the computer replies.
// The position it replies to, after pondering `position` for up to
// `ponder_seconds`; `solved` tells whether the ponder finished.
Position after_pondering(Player& computer, const Position& position, double ponder_seconds, std::mt19937_64& random,
                         bool& solved) {
  solved = false;
  constexpr double kSlice = Computer::kPonderSliceSeconds;
  for (double spent = 0; spent < ponder_seconds && !solved; spent += kSlice)
    solved = computer.ponder(position.board, std::min(kSlice, ponder_seconds - spent));
  const Bitboard moves = legal_moves(position.board);
  if (!moves) return Position{after_pass(position.board), other(position.side_to_move)};
  const Square square = nth_square(moves, static_cast<int>(random() % count_bits(moves)));
  const Bitboard flips = flips_for(position.board.player, position.board.opponent, square);
  return Position{after_move(position.board, square, flips), other(position.side_to_move)};
}

// Whether `move` keeps the best of the scores `line` publishes; nullopt
// when it publishes none.
std::optional<bool> keeps_best_score(const std::string& line, Square move) {
  const std::vector<PublishedScore> scores = published_scores(line);
  if (scores.empty()) return std::nullopt;
  int best = -65;
  for (const PublishedScore& score : scores) best = std::max(best, score.score);
  for (const PublishedScore& score : scores)
    if (score.move == move) return score.score == best;
  return false;  // not listed: the lists give at least every best move
}

// Every position of `path` in turn; at the end how many were exact, the
// median and longest time per move, and how often the move kept the best
// published score.
int run_file(const char* path, Player& computer, const SearchLimits& limits, double ponder_seconds, bool json) {
  const auto entries = read_obf_file(path);
  if (!entries) {
    std::fprintf(stderr, "move: %s\n", entries.error.c_str());
    return 1;
  }
  std::vector<double> seconds;
  int exact = 0, ponders_solved = 0, scored = 0, kept_best = 0;
  std::mt19937_64 random(limits.seed);  // the player's moves, as `match` draws its openings
  for (const ObfEntry& entry : *entries.value) {
    Position position = entry.position;
    if (ponder_seconds > 0) {
      bool solved = false;
      position = after_pondering(computer, position, ponder_seconds, random, solved);
      ponders_solved += solved;
      if (is_game_over(position.board)) continue;
    }
    const SearchReport report = computer.choose_move(position.board, limits);
    print_report(report, computer.name(), position, json);
    seconds.push_back(report.seconds);
    exact += report.exact;
    // After a ponder the player has moved: the file's scores are for another position.
    if (const auto best = ponder_seconds > 0 ? std::nullopt : keeps_best_score(entry.text, report.move)) {
      ++scored;
      kept_best += *best;
    }
  }
  // A 95 % interval for the best-move rate (normal approximation).
  const double rate = scored ? double(kept_best) / scored : 0;
  const double rate_ci = scored ? 1.96 * std::sqrt(rate * (1 - rate) / scored) : 0;
  std::sort(seconds.begin(), seconds.end());
  const double median = seconds.empty() ? 0 : seconds[seconds.size() / 2];
  const double longest = seconds.empty() ? 0 : seconds.back();
  if (json) {
    lines::MoveTotal total{static_cast<int>(seconds.size()), exact, median, longest, std::nullopt, std::nullopt};
    if (ponder_seconds > 0) total.ponders_solved = ponders_solved;
    if (scored) total.best_moves = lines::MoveTotal::BestMoves{scored, kept_best, 100 * rate, 100 * rate_ci};
    lines::print(total);
  } else {
    std::printf("total: %zu positions, %d exact, %.3f s median, %.3f s max", seconds.size(), exact, median, longest);
    if (ponder_seconds > 0) std::printf(", %d of %zu ponders solved", ponders_solved, entries.value->size());
    if (scored) std::printf(", best move %d of %d (%.1f%% +- %.1f)", kept_best, scored, 100 * rate, 100 * rate_ci);
    std::printf("\n");
  }
  return 0;
}
}  // namespace

int run_move(int argc, char** argv) {
  std::unique_ptr<Player> level;
  std::optional<Position> position;
  SearchLimits limits;
  bool json = false, cpu_time = false;  // --cpu-time: the budget is processor time
  const char* file = nullptr;
  double ponder_seconds = 0;
  for (int i = 0; i < argc; ++i) {
    const std::string option = argv[i];
    const bool has_value = i + 1 < argc;
    if (option == "--json") {
      json = true;
    } else if (option == "--cpu-time") {
      cpu_time = true;
    } else if (option == "--level" && has_value) {
      level = make_player(argv[++i]);
      if (!level) return usage_error("move", std::string("unknown level '") + argv[i] + "'", kMoveUsage);
    } else if (option == "--position" && has_value) {
      if (position || file) return usage_error("move", kOnePosition, kMoveUsage);
      const auto parsed = parse_position(argv[++i]);
      if (!parsed) return usage_error("move", "bad position: " + parsed.error, kMoveUsage);
      position = *parsed.value;
    } else if (option == "--transcript" && has_value) {
      if (position || file) return usage_error("move", kOnePosition, kMoveUsage);
      const auto replayed = replay_transcript(argv[++i]);
      if (!replayed) return usage_error("move", "bad transcript: " + replayed.message(), kMoveUsage);
      position = replayed.replay->final_position;
    } else if (option == "--file" && has_value) {
      if (position || file) return usage_error("move", kOnePosition, kMoveUsage);
      file = argv[++i];
    } else if (option == "--seconds" && has_value) {
      const auto seconds = parse_seconds(argv[++i]);
      if (!seconds) return usage_error("move", std::string("bad --seconds '") + argv[i] + "'", kMoveUsage);
      limits.seconds = *seconds;
    } else if (option == "--depth" && has_value) {
      // Hard's midgame search stops at N plies (or the budget, whichever comes first).
      const auto depth = parse_integer(argv[++i], 1, 60);
      if (!depth) return usage_error("move", std::string("bad --depth '") + argv[i] + "' (1 to 60)", kMoveUsage);
      limits.max_depth = static_cast<int>(*depth);
    } else if (option == "--ponder" && has_value) {
      const auto seconds = parse_seconds(argv[++i]);
      if (!seconds) return usage_error("move", std::string("bad --ponder '") + argv[i] + "'", kMoveUsage);
      ponder_seconds = *seconds;
    } else if (option == "--seed" && has_value) {
      const auto seed = parse_integer(argv[++i], 0, (1LL << 62));
      if (!seed) return usage_error("move", std::string("bad --seed '") + argv[i] + "'", kMoveUsage);
      limits.seed = static_cast<std::uint64_t>(*seed);
    } else {
      return usage_error("move", "unexpected argument '" + option + "'", kMoveUsage);
    }
  }
  if (!level) return usage_error("move", "--level is missing", kMoveUsage);
  if (ponder_seconds > 0 && !file) return usage_error("move", "--ponder needs --file", kMoveUsage);
  if (cpu_time) level->set_clock(processor_seconds);
  if (file) return run_file(file, *level, limits, ponder_seconds, json);
  if (!position) position = Position::start();
  print_report(level->choose_move(position->board, limits), level->name(), *position, json);
  return 0;
}

}  // namespace reversi::cli
