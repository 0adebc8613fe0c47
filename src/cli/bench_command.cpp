// reversi-cli bench: a fixed workload whose node count is a signature of the
// search (any change to the search's behaviour changes it), and its speed.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "ai/midgame_search.h"
#include "ai/transposition_table.h"
#include "cli/cli_lines.h"
#include "cli/cli_support.h"
#include "cli/commands.h"

namespace reversi::cli {
namespace {

constexpr const char* kBenchUsage = "bench [--json]";

// Endgames from the FFO suite (#1, #3, #8, #13, #16, #19: 14-16 empties,
// and #21, #22, #23), solved exactly.
constexpr const char* kEndgames[] = {
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
    "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X",
    "---X-X--X-XXXX--XXXXOXXXXXXOOOOOXXOXXXO-XOXXXXO-XOOXXX--XOOXXO-- O",
    "--XXXXX--OOOXX---OOOXXXX-OXOXOXXOXXXOXXX--XOXOXX--OXOOO--OOOOO-- X",
    "-XXXXXX-X-XXXOO-XOXXXOOXXOOXXXOX-OOOXXXX--OOXXXX---OOO----XOX-O- X",
    "--OXXO--XOXXXX--XOOOOXXXXOOOXXXXX-OOOXXX--OOOOXX--XXOOO----XXOO- X",
    "--O-------OOX---OOOXXXO-OOOOXOXXXXXOOXOXXXXXXOOXX-XXXXOX--XXXX-- X",
    "OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOX--XOOXOO--XOOOOO--XXXX---- O",
    "--OOOO--X-OOOOO-XXOOXOXXXOXOXXXXXXXOXXXX-XXOXOXX--OXXX-X----X--- O",
};

// Openings searched to a fixed depth the way Hard searches (the learned
// patterns, probable cut-offs).
constexpr const char* kMidgames[] = {
    "---------------------------XO------OX--------------------------- X",
    "-------------------X-------XX------OX--------------------------- O",
    "-------------------XO------XO------OX--------------------------- X",
    "-----------------XX-------OOX-----OXXX---O-O-X------------------ O",
};
constexpr int kMidgameDepth = 12;

SearchReport solve_endgame(const Board& board) {
  Computer computer(16);  // fresh tables: the node count must not depend on history
  return computer.solve_exact(board);
}
SearchReport deepen_midgame(const Board& board) {
  ai::TranspositionTable table(16);
  ai::Deadline unlimited;
  ai::MidgameSearch search(ai::Evaluation::Pattern, &table, unlimited, /*probable_cuts=*/true);
  ai::MidgameSearch::Result result{};
  for (int depth = 1; depth <= kMidgameDepth; ++depth) result = search.search_root(board, depth, result.move);
  SearchReport report;
  report.move = result.move;
  report.score = result.score;
  report.nodes = search.nodes();
  return report;
}

}  // namespace

int run_bench(int argc, char** argv) {
  bool json = false;
  for (int i = 0; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--json")) {
      json = true;
    } else {
      return usage_error("bench", std::string("unexpected argument '") + argv[i] + "'", kBenchUsage);
    }
  }
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  auto record = [&](const char* kind, int index, std::uint64_t nodes, double seconds, int score) {
    total_nodes += nodes;
    total_seconds += seconds;
    if (json)
      lines::print(lines::BenchSearch{kind, index, nodes, seconds * 1000, score});
    else
      std::printf("%-8s %d: score %+5d %12llu nodes %8.1f ms\n", kind, index, score,
                  static_cast<unsigned long long>(nodes), seconds * 1000);
  };

  int index = 0;
  for (const char* text : kEndgames) {
    const Board board = parse_position(text).value->board;
    const auto started = std::chrono::steady_clock::now();
    const SearchReport report = solve_endgame(board);
    record("endgame", ++index, report.nodes,
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), report.score);
  }
  index = 0;
  for (const char* text : kMidgames) {
    const Board board = parse_position(text).value->board;
    const auto started = std::chrono::steady_clock::now();
    const SearchReport report = deepen_midgame(board);
    record("midgame", ++index, report.nodes,
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), report.score);
  }
  const double rate = total_seconds > 0 ? total_nodes / total_seconds : 0;
  if (json)
    lines::print(lines::BenchTotal{total_nodes, total_seconds, rate});
  else
    std::printf("bench signature %llu nodes, %.3f s, %.1f M nodes/s\n", static_cast<unsigned long long>(total_nodes),
                total_seconds, rate / 1e6);
  return 0;
}

}  // namespace reversi::cli
