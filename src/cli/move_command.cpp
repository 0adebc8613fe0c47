// reversi-cli move: what a given strength plays in a given position.
#include <cstdio>
#include <cstring>
#include <string>

#include "cli/cli_support.h"
#include "cli/commands.h"

namespace reversi::cli {
namespace {
constexpr const char* kUsage =
    "move --level easy|medium|hard (--position \"<64 chars> X|O\" | --transcript f5d6...) [--seconds S] "
    "[--seed N] [--json]";
}  // namespace

int run_move(int argc, char** argv) {
  std::optional<Strength> level;
  std::optional<Position> position;
  SearchLimits limits;
  bool json = false;
  for (int i = 0; i < argc; ++i) {
    const std::string option = argv[i];
    const bool has_value = i + 1 < argc;
    if (option == "--json") {
      json = true;
    } else if (option == "--level" && has_value) {
      level = parse_strength(argv[++i]);
      if (!level) return usage_error("move", std::string("unknown level '") + argv[i] + "'", kUsage);
    } else if (option == "--position" && has_value) {
      if (position) return usage_error("move", "give either --position or --transcript, once", kUsage);
      const auto parsed = parse_position(argv[++i]);
      if (!parsed) return usage_error("move", "bad position: " + parsed.error, kUsage);
      position = *parsed.value;
    } else if (option == "--transcript" && has_value) {
      if (position) return usage_error("move", "give either --position or --transcript, once", kUsage);
      const auto replayed = replay_transcript(argv[++i]);
      if (!replayed) return usage_error("move", "bad transcript: " + replayed.message(), kUsage);
      position = replayed.replay->final_position;
    } else if (option == "--seconds" && has_value) {
      const auto seconds = parse_seconds(argv[++i]);
      if (!seconds) return usage_error("move", std::string("bad --seconds '") + argv[i] + "'", kUsage);
      limits.seconds = *seconds;
    } else if (option == "--seed" && has_value) {
      const auto seed = parse_integer(argv[++i], 0, (1LL << 62));
      if (!seed) return usage_error("move", std::string("bad --seed '") + argv[i] + "'", kUsage);
      limits.seed = static_cast<std::uint64_t>(*seed);
    } else {
      return usage_error("move", "unexpected argument '" + option + "'", kUsage);
    }
  }
  if (!level) return usage_error("move", "--level is missing", kUsage);
  if (!position) position = Position::start();

  Computer computer;
  const SearchReport report = computer.choose_move(position->board, *level, limits);
  if (json) {
    nlohmann::json out = report_json(report);
    out["level"] = strength_name(*level);
    out["position"] = format_position(*position);
    print_json_line(out);
  } else {
    std::printf("%s plays %s: score %+d (%s), depth %d, %llu nodes, %.3f s\n", strength_name(*level),
                move_name(report.move).c_str(), report.score, report.exact ? "exact" : "estimate", report.depth,
                static_cast<unsigned long long>(report.nodes), report.seconds);
  }
  return 0;
}

}  // namespace reversi::cli
