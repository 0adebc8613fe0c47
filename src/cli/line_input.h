// Lines from the GUI for a long-running engine (reversi-cli nboard): without
// blocking, so the engine can think while nobody writes, and never longer
// than a cap, so endless input cannot grow memory.
#pragma once

#include <istream>
#include <string>

namespace reversi::cli {

class LineInput {
 public:
  virtual ~LineInput() = default;
  enum class Status {
    Line,     // `line` holds the next line
    NotYet,   // nothing complete has arrived
    TooLong,  // a line over the cap arrived and was dropped
    End,      // the input is closed
  };
  virtual Status poll_line(std::string& line) = 0;
  // Blocks until poll_line has something other than NotYet to say.
  virtual void wait() = 0;
};

// Protocol lines carry whole games in GGF: a generous cap, but a cap.
inline constexpr std::size_t kMaxProtocolLineLength = 65536;

// The standard input (or any file descriptor): natively with poll(2); in
// the wasm build, which has no way to look without blocking, a plain read.
class DescriptorLineInput final : public LineInput {
 public:
  explicit DescriptorLineInput(int descriptor) : descriptor_(descriptor) {}
  Status poll_line(std::string& line) override;
  void wait() override;
  // Waits as wait() does for at most `seconds`; false when they ran out
  // first. Natively only: the wasm build cannot wait with a time limit.
  bool wait_for(double seconds);

 private:
  bool read_some(int timeout_milliseconds);
  int descriptor_;
  std::string buffer_;
  bool closed_ = false;
  bool skipping_ = false;  // dropping the rest of a line over the cap
};

// A scripted GUI for tests: the lines of `in`, each followed by
// `quiet_polls` polls that find nothing, in which the engine ponders.
class ScriptedLineInput final : public LineInput {
 public:
  ScriptedLineInput(std::istream& in, int quiet_polls) : in_(in), quiet_polls_(quiet_polls) {}
  Status poll_line(std::string& line) override;
  void wait() override { quiet_left_ = 0; }

 private:
  std::istream& in_;
  int quiet_polls_;
  int quiet_left_ = 0;
};

}  // namespace reversi::cli
