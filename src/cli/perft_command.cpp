#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "cli/cli_lines.h"
#include "cli/commands.h"
#include "engine/move_kernels.h"
#include "engine/notation.h"
#include "engine/perft.h"

namespace reversi::cli {

int run_perft(int argc, char** argv) {
  int depth = -1;
  bool json = false;
  Position position = Position::start();
  for (int i = 0; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--json")) {
      json = true;
    } else if (!std::strcmp(argv[i], "--position") && i + 1 < argc) {
      const auto parsed = parse_position(argv[++i]);
      if (!parsed) {
        std::fprintf(stderr, "perft: bad position: %s\n", parsed.error.c_str());
        return 2;
      }
      position = *parsed.value;
    } else {
      char* end = nullptr;
      const long value = std::strtol(argv[i], &end, 10);
      if (*end || value < 0 || value > 20) {
        std::fprintf(stderr, "perft: DEPTH must be a number from 0 to 20, not '%s'\n", argv[i]);
        return 2;
      }
      depth = static_cast<int>(value);
    }
  }
  if (depth < 0) {
    std::fprintf(stderr, "usage: reversi-cli perft DEPTH [--position \"<64 chars> X|O\"] [--json]\n");
    return 2;
  }
  const auto started = std::chrono::steady_clock::now();
  const std::uint64_t leaves = perft(position.board, depth);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const double per_second = seconds > 0 ? leaves / seconds : 0;
  if (json)
    lines::print(
        lines::Perft{depth, leaves, seconds, static_cast<std::uint64_t>(std::llround(per_second)), move_kernel_name()});
  else
    std::printf("perft %d: %llu leaves in %.3f s (%.1f M leaves/s, %s move kernel)\n", depth,
                static_cast<unsigned long long>(leaves), seconds, per_second / 1e6, move_kernel_name());
  return 0;
}

}  // namespace reversi::cli
