// reversi-cli nboard: Hard as an engine for NBoard and other Othello GUIs
// and tournament managers, speaking NBoard's protocol on stdin and stdout
// until "quit" or the end of the input (README: Playing it from other
// programs). It ponders whenever the GUI is quiet.
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli_support.h"
#include "cli/commands.h"
#include "cli/line_input.h"
#include "cli/nboard_session.h"

namespace reversi::cli {
namespace {

constexpr const char* kUsage = "nboard [--seconds S]";

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
  for (int i = 0; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "--seconds" && i + 1 < argc) {
      const auto seconds = parse_seconds(argv[++i]);
      if (!seconds || *seconds <= 0)
        return usage_error("nboard", std::string("bad --seconds '") + argv[i] + "'", kUsage);
      options.seconds = *seconds;
    } else {
      return usage_error("nboard", "unexpected argument '" + option + "'", kUsage);
    }
  }
  NboardSession session(options, std::cout, std::cerr);
  DescriptorLineInput input(0);
  return run_nboard_loop(input, session, std::cerr);
}

}  // namespace reversi::cli
