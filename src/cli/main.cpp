// reversi-cli: the engine and the computer opponent from a terminal.
#include <cstdio>
#include <cstring>
#include <string>

#include "cli/commands.h"

namespace {

struct Command {
  const char* name;
  const char* usage;
  int (*run)(int argc, char** argv);
};

const Command kCommands[] = {
    {"perft", "perft DEPTH [--position \"<64 chars> X|O\"] [--json]   count leaves of the move tree",
     reversi::cli::run_perft},
    {"solve", "solve FILE [--from N] [--count N] [--json]   exact scores of every OBF position, checked",
     reversi::cli::run_solve},
    {"move",
     "move --level easy|medium|hard (--position \"<64 chars> X|O\" | --transcript f5d6...) [--seconds S] [--seed N] "
     "[--json]   the computer's move and its search report",
     reversi::cli::run_move},
    {"match",
     "match PLAYER_A PLAYER_B --games N [--seed S] [--seconds S] [--b-seconds S] [--json]   self-play from varied "
     "openings (players: easy|medium|hard|\"engine:COMMAND LINE\", an NBoard engine)",
     reversi::cli::run_match},
    {"bench", "bench [--json]   fixed search workload: node-count signature and speed", reversi::cli::run_bench},
    {"bot",
     "bot --server http://HOST:PORT [--server ...] (--create [--match N] [--clock S | --game-clock M+I] "
     "[--computer-seat LEVEL] | "
     "--join "
     "CODE) "
     "--level LEVEL [--name NAME] [--delay S] [--give-up-after S] [--json]   plays online at a reversi-server "
     "table",
     reversi::cli::run_bot},
    {"nboard",
     "nboard [--seconds S] [--cpu-time] [--move-seconds] [--player easy|medium|hard]   Hard (or PLAYER) as an engine "
     "speaking NBoard's protocol on stdin/stdout",
     reversi::cli::run_nboard},
};

int print_usage(FILE* out) {
  std::fprintf(out, "usage: reversi-cli COMMAND [options]\n\ncommands:\n");
  for (const Command& command : kCommands) std::fprintf(out, "  %s\n", command.usage);
  return out == stderr ? 2 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return print_usage(stderr);
  if (!std::strcmp(argv[1], "help") || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h"))
    return print_usage(stdout);
  for (const Command& command : kCommands)
    if (!std::strcmp(argv[1], command.name)) return command.run(argc - 2, argv + 2);
  std::fprintf(stderr, "reversi-cli: unknown command '%s'\n\n", argv[1]);
  return print_usage(stderr);
}
