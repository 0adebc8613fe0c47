// reversi-cli nboard: Hard (or another player, --player) as an engine for
// NBoard and other Othello GUIs and tournament managers, speaking NBoard's
// protocol on stdin and stdout until "quit" or the end of the input (README:
// Playing it from other programs). It ponders whenever the GUI is quiet.
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli_support.h"
#include "cli/commands.h"
#include "cli/line_input.h"
#include "cli/nboard_session.h"
#include "cli/players.h"

namespace reversi::cli {
namespace {

// --cpu-time: the budget is processor time, as in `match --cpu-time`, so
// that an engine playing a match on a shared machine is not weakened by
// other work.
// --move-seconds: each move's time on the player's clock to stderr (for
// bench/engine_match.sh, which reports it beside the match's wall time).
constexpr const char* kNboardUsage = "nboard [--seconds S] [--cpu-time] [--move-seconds] [--player easy|medium|hard]";

}  // namespace

int run_nboard_loop(LineInput& input, NboardSession& session, std::ostream& errors) {
  for (std::string line;;) {
    switch (input.poll_line(line)) {
      case LineInput::Status::Line:
        if (!session.handle_line(line)) return 0;
        break;
      case LineInput::Status::TooLong:
        errors << "reversi-cli nboard: ignoring a line longer than " << kMaxProtocolLineLength << " characters\n"
               << std::flush;
        break;
      case LineInput::Status::End:
        return 0;
      case LineInput::Status::NotYet:
        // Short slices: a command arriving meanwhile waits for one at most.
        if (!session.ponder(Computer::kPonderSliceSeconds)) input.wait();
        break;
    }
  }
}

int run_nboard(int argc, char** argv) {
  NboardOptions options;
  std::string player_name = "hard";
  bool cpu_time = false;
  for (int i = 0; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "--seconds" && i + 1 < argc) {
      const auto seconds = parse_seconds(argv[++i]);
      if (!seconds || *seconds <= 0)
        return usage_error("nboard", std::string("bad --seconds '") + argv[i] + "'", kNboardUsage);
      options.seconds = *seconds;
    } else if (option == "--cpu-time") {
      cpu_time = true;
    } else if (option == "--move-seconds") {
      options.log_move_seconds = true;
    } else if (option == "--player" && i + 1 < argc) {
      player_name = argv[++i];
    } else {
      return usage_error("nboard", "unexpected argument '" + option + "'", kNboardUsage);
    }
  }
  std::unique_ptr<Player> player = make_player(player_name, PlayerOptions{.table_megabytes = options.table_megabytes});
  if (!player) return usage_error("nboard", "unknown player '" + player_name + "'", kNboardUsage);
  NboardSession session(options, std::move(player), std::cout, std::cerr);
  if (cpu_time) session.set_clock(processor_seconds);
  DescriptorLineInput input(0);
  return run_nboard_loop(input, session, std::cerr);
}

}  // namespace reversi::cli
