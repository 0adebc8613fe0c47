// reversi-cli match: self-play between two strengths from varied openings,
// each opening played twice with the colours swapped.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ai/endgame_solver.h"
#include "cli/cli_support.h"
#include "cli/commands.h"

namespace reversi::cli {
namespace {

// --b-without-cuts: LEVEL_B's Hard searches without probable cut-offs, to
// measure what they are worth (`match hard hard ... --b-without-cuts`).
constexpr const char* kUsage = "match LEVEL_A LEVEL_B --games N [--seed S] [--seconds S] [--b-without-cuts] [--json]";

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
  long long margin_sum = 0;
  std::vector<double> think_seconds;
  double longest_cpu_seconds = 0;  // processor time of the slowest move: a loaded machine stretches wall time
};

// Plays one game; `black` and `white` are the two computers with their levels.
int play_game(const std::vector<Square>& opening, Computer& black, Strength black_level, Computer& white,
              Strength white_level, SearchLimits limits, SideRecord& black_record, SideRecord& white_record) {
  Board board = Board::start();
  bool black_to_move = true;
  for (const Square square : opening) {
    board = after_move(board, square, flips_for(board.player, board.opponent, square));
    black_to_move = !black_to_move;
  }
  for (int ply = 0; !is_game_over(board); ++ply) {
    if (!legal_moves(board)) {
      board = after_pass(board);
      black_to_move = !black_to_move;
      continue;
    }
    limits.seed += 0x9e3779b97f4a7c15ULL;
    const double cpu_started = processor_seconds();
    const SearchReport report = black_to_move ? black.choose_move(board, black_level, limits)
                                              : white.choose_move(board, white_level, limits);
    SideRecord& mover = black_to_move ? black_record : white_record;
    mover.think_seconds.push_back(report.seconds);
    mover.longest_cpu_seconds = std::max(mover.longest_cpu_seconds, processor_seconds() - cpu_started);
    board = after_move(board, report.move, flips_for(board.player, board.opponent, report.move));
    black_to_move = !black_to_move;
  }
  const int mover_margin = ai::final_score(board.player, board.opponent);
  return black_to_move ? mover_margin : -mover_margin;
}

void add_result(SideRecord& record, int margin) {
  record.wins += margin > 0;
  record.draws += margin == 0;
  record.losses += margin < 0;
  record.margin_sum += margin;
}

nlohmann::json side_json(const char* name, const SideRecord& record, int games) {
  std::vector<double> times = record.think_seconds;
  std::sort(times.begin(), times.end());
  const double median = times.empty() ? 0 : times[times.size() / 2];
  const double longest = times.empty() ? 0 : times.back();
  return nlohmann::json{{"level", name},
                        {"wins", record.wins},
                        {"draws", record.draws},
                        {"losses", record.losses},
                        {"average_margin", games ? static_cast<double>(record.margin_sum) / games : 0},
                        {"points_percent", games ? 100.0 * (record.wins + 0.5 * record.draws) / games : 0},
                        {"median_move_seconds", median},
                        {"max_move_seconds", longest},
                        {"max_move_cpu_seconds", record.longest_cpu_seconds}};
}

}  // namespace

int run_match(int argc, char** argv) {
  std::vector<Strength> levels;
  long long games = -1;
  std::uint64_t seed = 1;
  SearchLimits limits;
  bool json = false, b_without_cuts = false;
  for (int i = 0; i < argc; ++i) {
    const std::string option = argv[i];
    const bool has_value = i + 1 < argc;
    if (option == "--json") {
      json = true;
    } else if (option == "--b-without-cuts") {
      b_without_cuts = true;
    } else if (option == "--games" && has_value) {
      const auto value = parse_integer(argv[++i], 1, 1000000);
      if (!value) return usage_error("match", std::string("bad --games '") + argv[i] + "'", kUsage);
      games = *value;
    } else if (option == "--seed" && has_value) {
      const auto value = parse_integer(argv[++i], 0, 1LL << 62);
      if (!value) return usage_error("match", std::string("bad --seed '") + argv[i] + "'", kUsage);
      seed = static_cast<std::uint64_t>(*value);
    } else if (option == "--seconds" && has_value) {
      const auto value = parse_seconds(argv[++i]);
      if (!value) return usage_error("match", std::string("bad --seconds '") + argv[i] + "'", kUsage);
      limits.seconds = *value;
    } else if (option[0] != '-' && levels.size() < 2) {
      const auto level = parse_strength(option);
      if (!level) return usage_error("match", "unknown level '" + option + "'", kUsage);
      levels.push_back(*level);
    } else {
      return usage_error("match", "unexpected argument '" + option + "'", kUsage);
    }
  }
  if (levels.size() != 2) return usage_error("match", "two levels are needed", kUsage);
  if (games < 1) return usage_error("match", "--games N is missing", kUsage);

  std::mt19937_64 random(seed);
  Computer first(16), second(16);
  second.set_probable_cuts(!b_without_cuts);
  SideRecord first_record, second_record;
  std::vector<Square> opening;
  for (long long game = 0; game < games; ++game) {
    // Each opening twice: the first level has black, then white.
    const bool first_is_black = game % 2 == 0;
    if (first_is_black) opening = random_opening(random);
    limits.seed = seed * 1000003 + static_cast<std::uint64_t>(game);
    int black_margin;
    if (first_is_black)
      black_margin = play_game(opening, first, levels[0], second, levels[1], limits, first_record, second_record);
    else
      black_margin = play_game(opening, second, levels[1], first, levels[0], limits, second_record, first_record);
    const int first_margin = first_is_black ? black_margin : -black_margin;
    add_result(first_record, first_margin);
    add_result(second_record, -first_margin);
    if (json) {
      print_json_line({{"game", game + 1},
                       {"opening", format_transcript(opening)},
                       {"black", strength_name(levels[first_is_black ? 0 : 1])},
                       {"white", strength_name(levels[first_is_black ? 1 : 0])},
                       {"black_margin", black_margin}});
      std::fflush(stdout);
    }
  }
  const int played = static_cast<int>(games);
  const nlohmann::json summary{{"games", played},
                               {"seed", seed},
                               {"seconds", limits.seconds},
                               {"b_without_cuts", b_without_cuts},
                               {"a", side_json(strength_name(levels[0]), first_record, played)},
                               {"b", side_json(strength_name(levels[1]), second_record, played)}};
  if (json) {
    print_json_line(summary);
  } else {
    std::printf("%d games, seed %llu, Hard budget %.3f s per move%s\n", played, static_cast<unsigned long long>(seed),
                limits.seconds, b_without_cuts ? "; the second level without probable cut-offs" : "");
    for (const char* side : {"a", "b"}) {
      const nlohmann::json& s = summary[side];
      std::printf("  %-6s W/D/L %d/%d/%d  average margin %+.2f  points %.1f%%  move time median %.3f s, max %.3f s"
                  " (cpu %.3f s)\n",
                  s["level"].get<std::string>().c_str(), s["wins"].get<int>(), s["draws"].get<int>(),
                  s["losses"].get<int>(), s["average_margin"].get<double>(), s["points_percent"].get<double>(),
                  s["median_move_seconds"].get<double>(), s["max_move_seconds"].get<double>(),
                  s["max_move_cpu_seconds"].get<double>());
    }
  }
  return 0;
}

}  // namespace reversi::cli
