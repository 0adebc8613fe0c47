// The subcommands of reversi-cli. Each takes the arguments after its name and
// returns the process exit code (0 ok, 1 failure, 2 bad usage).
#pragma once

namespace reversi::cli {

int run_perft(int argc, char** argv);
int run_solve(int argc, char** argv);
int run_move(int argc, char** argv);
int run_match(int argc, char** argv);
int run_bench(int argc, char** argv);
int run_bot(int argc, char** argv);
int run_nboard(int argc, char** argv);

}  // namespace reversi::cli
