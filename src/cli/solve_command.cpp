// reversi-cli solve: exact scores for every position of an OBF file, checked
// against the scores the file publishes.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli/cli_lines.h"
#include "cli/cli_support.h"
#include "cli/commands.h"

namespace reversi::cli {
namespace {

constexpr const char* kSolveUsage = "solve FILE [--from N] [--count N] [--force] [--json]";

// An exact solve costs about 2.3 times as much per extra empty square: 20
// empties take a fraction of a second, 30 about an hour, 40 would take
// years. Deeper positions are refused unless --force says to try anyway.
constexpr int kMaxSolveEmpties = 36;

// The published score of the best move: "...X; A2:+38; C7:+36;" gives 38.
std::optional<int> published_score(const std::string& line) {
  const std::vector<PublishedScore> scores = published_scores(line);
  if (scores.empty()) return std::nullopt;
  return scores.front().score;
}

// Whether every position is shallow enough to solve (kMaxSolveEmpties);
// if not, says which is not.
bool all_within_reach(const std::vector<ObfEntry>& entries, const char* path) {
  for (const ObfEntry& entry : entries) {
    const int empties = entry.position.board.empty_count();
    if (empties > kMaxSolveEmpties) {
      std::fprintf(stderr,
                   "solve: position %d of %s has %d empty squares; an exact solve beyond %d would not finish "
                   "(--force tries anyway)\n",
                   entry.number, path, empties, kMaxSolveEmpties);
      return false;
    }
  }
  return true;
}

}  // namespace

int run_solve(int argc, char** argv) {
  const char* path = nullptr;
  bool json = false, force = false;
  long long from = 1, count = 1 << 30;
  for (int i = 0; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--json")) {
      json = true;
    } else if (!std::strcmp(argv[i], "--force")) {
      force = true;
    } else if ((!std::strcmp(argv[i], "--from") || !std::strcmp(argv[i], "--count")) && i + 1 < argc) {
      const bool is_from = !std::strcmp(argv[i], "--from");
      const auto value = parse_integer(argv[++i], is_from ? 1 : 0, 1 << 30);
      if (!value) return usage_error("solve", std::string("bad number '") + argv[i] + "'", kSolveUsage);
      (is_from ? from : count) = *value;
    } else if (argv[i][0] == '-' || path) {
      return usage_error("solve", std::string("unexpected argument '") + argv[i] + "'", kSolveUsage);
    } else {
      path = argv[i];
    }
  }
  if (!path) return usage_error("solve", "FILE is missing", kSolveUsage);
  const auto read = read_obf_file(path);
  if (!read) {
    std::fprintf(stderr, "solve: %s\n", read.error.c_str());
    return 1;
  }
  std::vector<ObfEntry> entries;
  for (const ObfEntry& entry : *read.value)
    if (entry.number >= from && entry.number < from + count) entries.push_back(entry);
  if (!force && !all_within_reach(entries, path)) return 2;

  Computer computer(64);
  int solved = 0, agreed = 0, with_published = 0;
  std::uint64_t total_nodes = 0;
  double total_seconds = 0, total_cpu_seconds = 0;
  for (const ObfEntry& entry : entries) {
    const Board& board = entry.position.board;
    const auto started = std::chrono::steady_clock::now();
    const double cpu_started = processor_seconds();
    const SearchReport report = computer.solve_exact(board);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    // Processor time too: on a shared machine the wall clock overstates it.
    const double cpu_seconds = processor_seconds() - cpu_started;
    total_cpu_seconds += cpu_seconds;
    const std::optional<int> expected = published_score(entry.text);
    ++solved;
    total_nodes += report.nodes;
    total_seconds += seconds;
    if (expected) ++with_published;
    if (expected && *expected == report.score) ++agreed;
    const double rate = seconds > 0 ? report.nodes / seconds : 0;
    if (json) {
      lines::print(lines::SolvedPosition{entry.number, board.empty_count(), report.move, report.score, report.nodes,
                                         seconds * 1000, cpu_seconds * 1000, rate, expected});
    } else {
      std::printf("#%-3d %2d empties  %-4s %+3d", entry.number, board.empty_count(), move_name(report.move).c_str(),
                  report.score);
      if (expected) std::printf(" (published %+3d%s)", *expected, *expected == report.score ? "" : " MISMATCH");
      std::printf("  %12llu nodes %9.1f ms (cpu %9.1f ms) %6.1f Mn/s\n", static_cast<unsigned long long>(report.nodes),
                  seconds * 1000, cpu_seconds * 1000, rate / 1e6);
    }
    std::fflush(stdout);
  }
  const double rate = total_seconds > 0 ? total_nodes / total_seconds : 0;
  if (json)
    lines::print(
        lines::SolveTotal{solved, agreed, with_published, total_nodes, total_seconds, total_cpu_seconds, rate});
  else
    std::printf("total: %d positions, %d/%d scores agree with the file, %llu nodes, %.3f s (cpu %.3f s), %.1f Mn/s\n",
                solved, agreed, with_published, static_cast<unsigned long long>(total_nodes), total_seconds,
                total_cpu_seconds, rate / 1e6);
  return agreed == with_published ? 0 : 1;
}

}  // namespace reversi::cli
