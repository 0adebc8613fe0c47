// reversi-cli match: self-play between two players from varied openings,
// each opening played twice with the colours swapped. A player is one of
// ours by name, or an external engine, "engine:COMMAND LINE", spoken to in
// NBoard's protocol (engine_player.h); an engine that gives no legal move
// in time loses that game by forfeit, reported by kind.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "ai/endgame_solver.h"
#include "cli/cli_lines.h"
#include "cli/cli_support.h"
#include "cli/commands.h"
#include "cli/engine_player.h"
#include "cli/ggf.h"
#include "cli/match_openings.h"
#include "cli/players.h"

namespace reversi::cli {
namespace {

// --b-without-cuts: B's Hard searches without probable cut-offs, to measure
// what they are worth. --b-seconds: B's budget per move when it differs from
// A's (`match hard hard --seconds 0.5 --b-seconds 1`: Hard with twice the time).
// --cpu-time: the budgets are processor time, which other work on a shared
// machine does not eat into (wall time by default, as in the app). An
// engine keeps its own budget and clock (reversi-cli nboard --seconds S);
// the side's budget here sets how long it may take before it forfeits.
// --openings FILE: the openings are the file's transcripts, one a line
// (bench/data/xot-openings-8.txt), in order, each played twice; --games
// defaults to all of them. --per-move: our players start afresh for every
// move, with empty tables and no thinking ahead, as one process per move would.
constexpr const char* kMatchUsage =
    "match PLAYER_A PLAYER_B (--games N | --openings FILE) [--seed S] [--seconds S] [--b-seconds S] [--cpu-time] "
    "[--b-without-cuts] [--per-move] [--json]"
    "   (players: easy|medium|hard|\"engine:COMMAND LINE\")";

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
  std::map<std::string, int> forfeits{{"illegal_move", 0}, {"bad_answer", 0}, {"exited", 0}, {"no_answer", 0}};
};

struct Side {
  Player& player;
  SearchLimits limits;
  SideRecord& record;
};

// A game lost by a player that gave no legal move (an external engine).
struct Forfeit {
  bool black;  // who lost
  PlayerFailure failure;
};
struct GameResult {
  int black_margin;
  std::optional<Forfeit> forfeit;
};

// A forfeit counts as a loss by 64 discs, the most a game can be lost by:
// failing can never look better than playing on.
constexpr int kForfeitMargin = 64;

// `mover`'s move in the game so far, timed; a failure when it gave none
// or one our rules refuse.
std::optional<PlayerFailure> next_move(Side& mover, const GgfGame& game, std::uint64_t seed, Square& move) {
  SearchLimits limits = mover.limits;
  limits.seed = seed;
  const Board& board = game.final_position.board;
  mover.player.follow_game(game);
  const double cpu_started = processor_seconds();
  const SearchReport report = mover.player.choose_move(board, limits);
  mover.record.think_seconds.push_back(report.seconds);
  if (mover.player.in_process())
    mover.record.longest_cpu_seconds = std::max(mover.record.longest_cpu_seconds, processor_seconds() - cpu_started);
  move = report.move;
  if (move == kNoMove) {
    if (auto failure = mover.player.failure()) return failure;
    return PlayerFailure{"bad_answer", mover.player.name() + " gave no move"};
  }
  if (move == kPass || !(legal_moves(board) & bit(move)))
    return PlayerFailure{"illegal_move", mover.player.name() + " played " +
                                             (move == kPass ? "a pass" : square_name(move)) +
                                             ", which is not legal in " + format_position(game.final_position)};
  return std::nullopt;
}

// Plays one game from `opening`: black's final margin, or the forfeit that ended it.
GameResult play_game(const std::vector<Square>& opening, Side black, Side white, std::uint64_t seed) {
  GgfGame game;
  for (const Square square : opening) {
    game.moves.push_back(square);
    game.final_position = play(game.final_position, square);
  }
  for (;;) {
    const Board& board = game.final_position.board;
    if (is_game_over(board)) break;
    Square move = kPass;
    const bool black_to_move = game.final_position.side_to_move == Color::Black;
    if (legal_moves(board)) {
      Side& mover = black_to_move ? black : white;
      seed += 0x9e3779b97f4a7c15ULL;
      if (auto failure = next_move(mover, game, seed, move)) {
        mover.player.forfeit();
        mover.record.forfeits[failure->kind] += 1;
        return GameResult{black_to_move ? -kForfeitMargin : kForfeitMargin, Forfeit{black_to_move, *failure}};
      }
    }
    game.moves.push_back(move);
    game.final_position = play(game.final_position, move);
  }
  const Position& end = game.final_position;
  const int mover_margin = ai::final_score(end.board.player, end.board.opponent);
  return GameResult{end.side_to_move == Color::Black ? mover_margin : -mover_margin, std::nullopt};
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

lines::MatchSide side_line(const Player& player, const SideRecord& record, const SearchLimits& limits, int games) {
  std::vector<double> times = record.think_seconds;
  std::sort(times.begin(), times.end());
  const double median = times.empty() ? 0 : times[times.size() / 2];
  double mean = 0;
  for (const double t : times) mean += t / static_cast<double>(times.size());
  const double longest = times.empty() ? 0 : times.back();
  const Estimate points = estimate(record.pair_points), margin = estimate(record.pair_margins);
  lines::MatchSide side;
  side.level = player.name();
  side.seconds = limits.seconds;
  side.wins = record.wins;
  side.draws = record.draws;
  side.losses = record.losses;
  side.average_margin = games ? static_cast<double>(record.margin_sum) / games : 0;
  side.margin_ci95 = margin.half_width;
  side.points_percent = games ? 100.0 * (record.wins + 0.5 * record.draws) / games : 0;
  side.points_ci95 = 100.0 * points.half_width;
  side.median_move_seconds = median;
  side.mean_move_seconds = mean;
  side.max_move_seconds = longest;
  // An engine in another process: its processor time is not ours to measure.
  if (player.in_process()) side.max_move_cpu_seconds = record.longest_cpu_seconds;
  side.forfeits = {record.forfeits.at("illegal_move"), record.forfeits.at("bad_answer"), record.forfeits.at("exited"),
                   record.forfeits.at("no_answer")};
  return side;
}

// "hard" (made afresh for each move when `per_move`), or "engine:COMMAND
// LINE" started now; nullptr after saying why not.
std::unique_ptr<Player> make_match_player(const std::string& name, const PlayerOptions& options, bool per_move) {
  if (name.rfind(kEnginePrefix, 0) != 0) {
    auto player = make_player(name, options);
    if (!player) usage_error("match", "unknown player '" + name + "'", kMatchUsage);
    if (player && per_move) return make_fresh_player(name, options);
    return player;
  }
  auto started = start_engine_player(std::string_view(name).substr(kEnginePrefix.size()));
  if (!started) {
    std::fprintf(stderr, "reversi-cli match: %s\n", started.error.c_str());
    return nullptr;
  }
  return std::move(*started.value);
}

// The forfeits by kind, for the text summary: "1 illegal move, 2 exited".
std::string forfeit_text(const nlohmann::json& forfeits) {
  std::string text;
  for (const auto& [kind, count] : forfeits.items()) {
    if (count.get<int>() == 0) continue;
    std::string words = kind;
    for (char& c : words) c = c == '_' ? ' ' : c;
    text += (text.empty() ? "" : ", ") + std::to_string(count.get<int>()) + " " + words;
  }
  return text.empty() ? "none" : text;
}

std::string cpu_text(const nlohmann::json& cpu) {
  if (cpu.is_null()) return "not measured: another process";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f s", cpu.get<double>());
  return text;
}

void print_summary(const nlohmann::json& summary, bool with_cuts) {
  std::printf("%d games, seed %llu%s; 95 %% intervals over the %zu openings\n", summary["games"].get<int>(),
              static_cast<unsigned long long>(summary["seed"].get<std::uint64_t>()),
              with_cuts ? "" : "; the second player without probable cut-offs", summary["openings"].get<std::size_t>());
  for (const char* side : {"a", "b"}) {
    const nlohmann::json& s = summary[side];
    const nlohmann::json& cpu = s["max_move_cpu_seconds"];
    std::printf(
        "  %-7s %.3f s/move  W/D/L %d/%d/%d  points %.1f%% +- %.1f  average margin %+.2f +- %.2f"
        "  move time median %.3f s, mean %.3f s, max %.3f s (cpu %s)  forfeits: %s\n",
        s["level"].get<std::string>().c_str(), s["seconds"].get<double>(), s["wins"].get<int>(), s["draws"].get<int>(),
        s["losses"].get<int>(), s["points_percent"].get<double>(), s["points_ci95"].get<double>(),
        s["average_margin"].get<double>(), s["margin_ci95"].get<double>(), s["median_move_seconds"].get<double>(),
        s["mean_move_seconds"].get<double>(), s["max_move_seconds"].get<double>(), cpu_text(cpu).c_str(),
        forfeit_text(s["forfeits"]).c_str());
  }
}

// A game's line (--json) and, for a forfeit, its message on stderr whatever
// the output: a failing engine must be seen.
void report_game(long long number, const std::vector<Square>& opening, const std::vector<std::string>& names,
                 bool first_is_black, const GameResult& result, bool json) {
  lines::MatchGame line{number,
                        format_transcript(opening),
                        names[first_is_black ? 0 : 1],
                        names[first_is_black ? 1 : 0],
                        result.black_margin,
                        std::nullopt};
  if (result.forfeit) {
    const bool first_lost = result.forfeit->black == first_is_black;
    const std::string& message = result.forfeit->failure.message;
    std::fprintf(stderr, "reversi-cli match: game %lld: %s loses by forfeit: %s\n", number,
                 names[first_lost ? 0 : 1].c_str(), message.c_str());
    line.forfeit = lines::MatchForfeit{first_lost ? "a" : "b", result.forfeit->failure.kind, message};
  }
  if (!json) return;
  lines::print(line);
  std::fflush(stdout);
}

// What the command line asks for.
struct MatchRequest {
  std::vector<std::string> names;
  long long games = -1;
  std::uint64_t seed = 1;
  SearchLimits limits_a;
  std::optional<double> b_seconds;
  bool json = false, cpu_time = false, per_move = false;
  std::string openings_path;
  PlayerOptions options_b;
};

// Reads the options into `request`; 0, or the usage error's exit status.
int parse_request(int argc, char** argv, MatchRequest& request) {
  for (int i = 0; i < argc; ++i) {
    const std::string option = argv[i];
    const bool has_value = i + 1 < argc;
    if (option == "--json") {
      request.json = true;
    } else if (option == "--b-without-cuts") {
      request.options_b.probable_cuts = false;
    } else if (option == "--cpu-time") {
      request.cpu_time = true;
    } else if (option == "--per-move") {
      request.per_move = true;
    } else if (option == "--openings" && has_value) {
      request.openings_path = argv[++i];
    } else if (option == "--games" && has_value) {
      const auto value = parse_integer(argv[++i], 1, 1000000);
      if (!value) return usage_error("match", std::string("bad --games '") + argv[i] + "'", kMatchUsage);
      request.games = *value;
    } else if (option == "--seed" && has_value) {
      const auto value = parse_integer(argv[++i], 0, 1LL << 62);
      if (!value) return usage_error("match", std::string("bad --seed '") + argv[i] + "'", kMatchUsage);
      request.seed = static_cast<std::uint64_t>(*value);
    } else if ((option == "--seconds" || option == "--b-seconds") && has_value) {
      const auto value = parse_seconds(argv[++i]);
      if (!value) return usage_error("match", "bad " + option + " '" + argv[i] + "'", kMatchUsage);
      (option == "--seconds" ? request.limits_a.seconds : request.b_seconds.emplace()) = *value;
    } else if (option[0] != '-' && request.names.size() < 2) {
      request.names.push_back(option);
    } else {
      return usage_error("match", "unexpected argument '" + option + "'", kMatchUsage);
    }
  }
  if (request.names.size() != 2) return usage_error("match", "two players are needed", kMatchUsage);
  if (request.games < 1 && request.openings_path.empty())
    return usage_error("match", "--games N is missing", kMatchUsage);
  return 0;
}

}  // namespace

int run_match(int argc, char** argv) {
  MatchRequest request;
  if (const int status = parse_request(argc, argv, request)) return status;
  const std::vector<std::string>& names = request.names;
  std::vector<Opening> openings;
  if (!request.openings_path.empty()) {
    auto read = read_openings_file(request.openings_path);
    if (!read) {
      std::fprintf(stderr, "reversi-cli match: %s\n", read.error.c_str());
      return 1;
    }
    openings = std::move(*read.value);
    if (request.games < 1) request.games = 2 * static_cast<long long>(openings.size());
  }
  const std::unique_ptr<Player> first = make_match_player(names[0], {}, request.per_move);
  if (!first) return names[0].rfind(kEnginePrefix, 0) == 0 ? 1 : 2;
  const std::unique_ptr<Player> second = make_match_player(names[1], request.options_b, request.per_move);
  if (!second) return names[1].rfind(kEnginePrefix, 0) == 0 ? 1 : 2;
  if (request.cpu_time) {
    first->set_clock(processor_seconds);
    second->set_clock(processor_seconds);
  }
  const SearchLimits limits_a = request.limits_a;
  SearchLimits limits_b = limits_a;
  if (request.b_seconds) limits_b.seconds = *request.b_seconds;

  std::mt19937_64 random(request.seed);
  SideRecord first_record, second_record;
  Opening opening;
  for (long long game = 0; game < request.games; ++game) {
    // Each opening twice: the first player has black, then white.
    const bool first_is_black = game % 2 == 0;
    if (first_is_black)
      opening =
          openings.empty() ? random_opening(random) : openings[static_cast<std::size_t>(game / 2) % openings.size()];
    const std::uint64_t game_seed = request.seed * 1000003 + static_cast<std::uint64_t>(game);
    const Side a{*first, limits_a, first_record}, b{*second, limits_b, second_record};
    const GameResult result =
        first_is_black ? play_game(opening, a, b, game_seed) : play_game(opening, b, a, game_seed);
    const int first_margin = first_is_black ? result.black_margin : -result.black_margin;
    add_result(first_record, first_margin, first_is_black);
    add_result(second_record, -first_margin, first_is_black);
    report_game(game + 1, opening, names, first_is_black, result, request.json);
  }
  const int played = static_cast<int>(request.games);
  const lines::MatchSummary summary{played,
                                    request.seed,
                                    first_record.pair_points.size(),
                                    request.openings_path,
                                    limits_a.seconds,
                                    !request.options_b.probable_cuts,
                                    request.cpu_time,
                                    request.per_move,
                                    side_line(*first, first_record, limits_a, played),
                                    side_line(*second, second_record, limits_b, played)};
  if (request.json)
    lines::print(summary);
  else
    print_summary(messages::fields::to_json(summary), request.options_b.probable_cuts);
  return 0;
}

}  // namespace reversi::cli
