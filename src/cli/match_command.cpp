// reversi-cli match: self-play between two players from varied openings,
// each opening played twice with the colours swapped.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ai/endgame_solver.h"
#include "cli/cli_support.h"
#include "cli/commands.h"
#include "cli/players.h"

namespace reversi::cli {
namespace {

// --b-without-cuts: B's Hard searches without probable cut-offs, to measure
// what they are worth. --b-seconds: B's budget per move when it differs from
// A's (`match hard hard-v1 --seconds 0.5 --b-seconds 1`: v1 with twice the time).
// --cpu-time: the budgets are processor time, which other work on a shared
// machine does not eat into (wall time by default, as in the app).
constexpr const char* kUsage =
    "match PLAYER_A PLAYER_B --games N [--seed S] [--seconds S] [--b-seconds S] [--cpu-time] [--b-without-cuts] "
    "[--json]"
    "   (players: easy|medium|hard|hard-v1)";

// A random start of 6 to 8 moves that leaves the game open.
std::vector<Square> random_opening(std::mt19937_64& random) {
  for (;;) {
    const int length = 6 + static_cast<int>(random() % 3);
    Board board = Board::start();
    std::vector<Square> moves;
    for (int ply = 0; ply < length; ++ply) {
      const Bitboard legal = legal_moves(board);
      if (!legal) break;
      const Square square = nth_square(legal, static_cast<int>(random() % count_bits(legal)));
      moves.push_back(square);
      board = after_move(board, square, flips_for(board.player, board.opponent, square));
    }
    if (static_cast<int>(moves.size()) == length && !is_game_over(board)) return moves;
  }
}

struct SideRecord {
  int wins = 0, draws = 0, losses = 0;
  std::vector<double> pair_points, pair_margins;  // per opening: the mean over its two games
  long long margin_sum = 0;
  std::vector<double> think_seconds;
  double longest_cpu_seconds = 0;  // processor time of the slowest move: a loaded machine stretches wall time
};

struct Side {
  Player& player;
  SearchLimits limits;
  SideRecord& record;
};

// Plays one game from `opening`; returns black's final margin.
int play_game(const std::vector<Square>& opening, Side black, Side white, std::uint64_t seed) {
  Board board = Board::start();
  bool black_to_move = true;
  for (const Square square : opening) {
    board = after_move(board, square, flips_for(board.player, board.opponent, square));
    black_to_move = !black_to_move;
  }
  while (!is_game_over(board)) {
    if (!legal_moves(board)) {
      board = after_pass(board);
      black_to_move = !black_to_move;
      continue;
    }
    Side& mover = black_to_move ? black : white;
    seed += 0x9e3779b97f4a7c15ULL;
    SearchLimits limits = mover.limits;
    limits.seed = seed;
    const double cpu_started = processor_seconds();
    const SearchReport report = mover.player.choose_move(board, limits);
    mover.record.think_seconds.push_back(report.seconds);
    mover.record.longest_cpu_seconds = std::max(mover.record.longest_cpu_seconds, processor_seconds() - cpu_started);
    board = after_move(board, report.move, flips_for(board.player, board.opponent, report.move));
    black_to_move = !black_to_move;
  }
  const int mover_margin = ai::final_score(board.player, board.opponent);
  return black_to_move ? mover_margin : -mover_margin;
}

void add_result(SideRecord& record, int margin, bool pair_started) {
  record.wins += margin > 0;
  record.draws += margin == 0;
  record.losses += margin < 0;
  record.margin_sum += margin;
  const double points = margin > 0 ? 1.0 : margin == 0 ? 0.5 : 0.0;
  if (pair_started) {
    record.pair_points.push_back(points);
    record.pair_margins.push_back(margin);
  } else {
    record.pair_points.back() = (record.pair_points.back() + points) / 2;
    record.pair_margins.back() = (record.pair_margins.back() + margin) / 2;
  }
}

// The mean of `values` and the half-width of its 95 % confidence interval
// (normal approximation). The values are per opening, each the mean of the
// two games with the colours swapped, which are not independent.
struct Estimate {
  double mean = 0, half_width = 0;
};
Estimate estimate(const std::vector<double>& values) {
  Estimate result;
  const double n = static_cast<double>(values.size());
  if (n == 0) return result;
  for (const double v : values) result.mean += v / n;
  if (n < 2) return result;
  double squares = 0;
  for (const double v : values) squares += (v - result.mean) * (v - result.mean);
  result.half_width = 1.96 * std::sqrt(squares / (n - 1) / n);
  return result;
}

nlohmann::json side_json(const std::string& name, const SideRecord& record, const SearchLimits& limits, int games) {
  std::vector<double> times = record.think_seconds;
  std::sort(times.begin(), times.end());
  const double median = times.empty() ? 0 : times[times.size() / 2];
  const double longest = times.empty() ? 0 : times.back();
  const Estimate points = estimate(record.pair_points), margin = estimate(record.pair_margins);
  return nlohmann::json{{"level", name},
                        {"seconds", limits.seconds},
                        {"wins", record.wins},
                        {"draws", record.draws},
                        {"losses", record.losses},
                        {"average_margin", games ? static_cast<double>(record.margin_sum) / games : 0},
                        {"margin_ci95", margin.half_width},
                        {"points_percent", games ? 100.0 * (record.wins + 0.5 * record.draws) / games : 0},
                        {"points_ci95", 100.0 * points.half_width},
                        {"median_move_seconds", median},
                        {"max_move_seconds", longest},
                        {"max_move_cpu_seconds", record.longest_cpu_seconds}};
}

}  // namespace

int run_match(int argc, char** argv) {
  std::vector<std::string> names;
  long long games = -1;
  std::uint64_t seed = 1;
  SearchLimits limits_a;
  std::optional<double> b_seconds;
  bool json = false, cpu_time = false;
  PlayerOptions options_b;
  for (int i = 0; i < argc; ++i) {
    const std::string option = argv[i];
    const bool has_value = i + 1 < argc;
    if (option == "--json") {
      json = true;
    } else if (option == "--b-without-cuts") {
      options_b.probable_cuts = false;
    } else if (option == "--cpu-time") {
      cpu_time = true;
    } else if (option == "--games" && has_value) {
      const auto value = parse_integer(argv[++i], 1, 1000000);
      if (!value) return usage_error("match", std::string("bad --games '") + argv[i] + "'", kUsage);
      games = *value;
    } else if (option == "--seed" && has_value) {
      const auto value = parse_integer(argv[++i], 0, 1LL << 62);
      if (!value) return usage_error("match", std::string("bad --seed '") + argv[i] + "'", kUsage);
      seed = static_cast<std::uint64_t>(*value);
    } else if ((option == "--seconds" || option == "--b-seconds") && has_value) {
      const auto value = parse_seconds(argv[++i]);
      if (!value) return usage_error("match", "bad " + option + " '" + argv[i] + "'", kUsage);
      (option == "--seconds" ? limits_a.seconds : b_seconds.emplace()) = *value;
    } else if (option[0] != '-' && names.size() < 2) {
      names.push_back(option);
    } else {
      return usage_error("match", "unexpected argument '" + option + "'", kUsage);
    }
  }
  if (names.size() != 2) return usage_error("match", "two players are needed", kUsage);
  if (games < 1) return usage_error("match", "--games N is missing", kUsage);
  const std::unique_ptr<Player> first = make_player(names[0]), second = make_player(names[1], options_b);
  if (!first || !second) return usage_error("match", "unknown player '" + names[first ? 1 : 0] + "'", kUsage);
  if (cpu_time) {
    first->set_clock(processor_seconds);
    second->set_clock(processor_seconds);
  }
  SearchLimits limits_b = limits_a;
  if (b_seconds) limits_b.seconds = *b_seconds;

  std::mt19937_64 random(seed);
  SideRecord first_record, second_record;
  std::vector<Square> opening;
  for (long long game = 0; game < games; ++game) {
    // Each opening twice: the first player has black, then white.
    const bool first_is_black = game % 2 == 0;
    if (first_is_black) opening = random_opening(random);
    const std::uint64_t game_seed = seed * 1000003 + static_cast<std::uint64_t>(game);
    const Side a{*first, limits_a, first_record}, b{*second, limits_b, second_record};
    const int black_margin = first_is_black ? play_game(opening, a, b, game_seed) : play_game(opening, b, a, game_seed);
    const int first_margin = first_is_black ? black_margin : -black_margin;
    add_result(first_record, first_margin, first_is_black);
    add_result(second_record, -first_margin, first_is_black);
    if (json) {
      print_json_line({{"game", game + 1},
                       {"opening", format_transcript(opening)},
                       {"black", names[first_is_black ? 0 : 1]},
                       {"white", names[first_is_black ? 1 : 0]},
                       {"black_margin", black_margin}});
      std::fflush(stdout);
    }
  }
  const int played = static_cast<int>(games);
  const nlohmann::json summary{{"games", played},
                               {"seed", seed},
                               {"seconds", limits_a.seconds},
                               {"b_without_cuts", !options_b.probable_cuts},
                               {"cpu_time", cpu_time},
                               {"a", side_json(first->name(), first_record, limits_a, played)},
                               {"b", side_json(second->name(), second_record, limits_b, played)}};
  if (json) {
    print_json_line(summary);
    return 0;
  }
  std::printf(
      "%d games, seed %llu%s; 95 %% intervals over the %zu openings\n", played, static_cast<unsigned long long>(seed),
      options_b.probable_cuts ? "" : "; the second player without probable cut-offs", first_record.pair_points.size());
  for (const char* side : {"a", "b"}) {
    const nlohmann::json& s = summary[side];
    std::printf(
        "  %-7s %.3f s/move  W/D/L %d/%d/%d  points %.1f%% +- %.1f  average margin %+.2f +- %.2f"
        "  move time median %.3f s, max %.3f s (cpu %.3f s)\n",
        s["level"].get<std::string>().c_str(), s["seconds"].get<double>(), s["wins"].get<int>(), s["draws"].get<int>(),
        s["losses"].get<int>(), s["points_percent"].get<double>(), s["points_ci95"].get<double>(),
        s["average_margin"].get<double>(), s["margin_ci95"].get<double>(), s["median_move_seconds"].get<double>(),
        s["max_move_seconds"].get<double>(), s["max_move_cpu_seconds"].get<double>());
  }
  return 0;
}

}  // namespace reversi::cli
