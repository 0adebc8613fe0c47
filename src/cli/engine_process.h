// Another program run as a child process with pipes to its standard input
// and output: an external engine for `match` (engine_player.h). Natively
// only; the wasm build cannot start programs.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "cli/line_input.h"
#include "engine/notation.h"

namespace reversi::cli {

class EngineProcess {
 public:
  // Starts `arguments` (the program looked up on PATH), or says why not.
  static Parsed<std::unique_ptr<EngineProcess>> start(const std::vector<std::string>& arguments);
  // Asks the program to quit, and kills it if it has not within a second.
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // One line to the program; false when it no longer reads its input.
  bool send(const std::string& line);

  enum class Read { Line, TooLong, End, TimedOut };
  // The program's next line, waiting at most `seconds`; End once its output
  // is closed (it exited).
  Read read_line(std::string& line, double seconds);

  // Kills the program at once and waits for it: nothing it does can hold up
  // the caller any more. Returns how it ended ("exit status 1", "killed by
  // signal 9").
  std::string kill();

 private:
  EngineProcess(pid_t pid, int to_child, int from_child);
  // Waits for the program's end for up to `seconds`; how it ended, or
  // empty when it is still running.
  std::string reap(double seconds);

  pid_t pid_;
  int to_child_;
  DescriptorLineInput from_child_;
  int from_child_descriptor_;
  bool reaped_ = false;
  std::string ending_;
};

}  // namespace reversi::cli
