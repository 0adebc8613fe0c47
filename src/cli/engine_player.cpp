#include "cli/engine_player.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <optional>

#include "cli/engine_process.h"

namespace reversi::cli {
namespace {

using Clock = std::chrono::steady_clock;

// How often a starting engine is pinged again until it answers.
constexpr double kStartPingSeconds = 1.0;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", seconds);
  return text;
}

// The move of an engine's answer to "go": "=== F5", "=== F5/-1.00/0.5" or
// "=== F5 -1.00 0.5" (engines write the eval and time either way), "PA"
// for a pass; nullopt when it names no square.
std::optional<Square> answered_move(std::string_view line) {
  line.remove_prefix(3);
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  std::string_view word = line.substr(0, line.find_first_of(" /"));
  if (word == "PA" || word == "pa" || word == "Pa") return kPass;
  const auto square = parse_square(word);
  if (!square || *square.value >= 64) return std::nullopt;
  return *square.value;
}

class EnginePlayer final : public Player {
 public:
  EnginePlayer(std::vector<std::string> arguments, double start_seconds)
      : arguments_(std::move(arguments)), start_seconds_(start_seconds) {
    const std::string& program = arguments_.front();
    name_ = std::string(kEnginePrefix) + program.substr(program.rfind('/') + 1);
  }

  // Starts the process and waits for its "pong"; empty, or what went wrong.
  std::string start();

  SearchReport choose_move(const Board& board, const SearchLimits& limits) override;
  const std::string& name() const override { return name_; }
  void set_clock(ClockSource /*clock*/) override {}  // the engine runs on its own clock
  void follow_game(const GgfGame& game) override { game_ = game; }
  std::optional<PlayerFailure> failure() const override { return failure_; }
  void forfeit() override { process_.reset(); }
  bool in_process() const override { return false; }

 private:
  // Kills the process and records why the move failed.
  SearchReport fail(const char* kind, const std::string& message) {
    if (process_) process_->kill();
    process_.reset();
    failure_ = PlayerFailure{kind, message};
    return SearchReport{};
  }

  std::vector<std::string> arguments_;
  double start_seconds_;
  std::unique_ptr<EngineProcess> process_;
  std::string name_;
  GgfGame game_;
  std::optional<PlayerFailure> failure_;
  int pings_ = 0;
};

// Engines that miss what arrives while they start up (Edax drops the lines
// that come before its input loop runs) are asked again, a ping a second;
// the answer to any of them will do.
std::string EnginePlayer::start() {
  auto started = EngineProcess::start(arguments_);
  if (!started) return started.error;
  process_ = std::move(*started.value);
  const int first_ping = pings_ + 1;
  const Clock::time_point begun = Clock::now();
  // Ends the process; how it ended, for the message.
  const auto give_up = [this] {
    const std::string ending = process_->kill();
    process_.reset();
    return ending;
  };
  const auto stopped_reading = [&] {
    return name_ + " stopped reading its input before answering \"ping\" (" + give_up() + ")";
  };
  if (!process_->send("nboard 2") || !process_->send("ping " + std::to_string(++pings_))) return stopped_reading();
  double next_ping = kStartPingSeconds;
  for (std::string line;;) {
    const EngineProcess::Read read =
        process_->read_line(line, std::min(start_seconds_, next_ping) - seconds_since(begun));
    if (read == EngineProcess::Read::Line && line.rfind("set myname ", 0) == 0 && line.size() > 11)
      name_ = std::string(kEnginePrefix) + line.substr(11);
    if (read == EngineProcess::Read::Line && line.rfind("pong ", 0) == 0) {
      for (int ping = first_ping; ping <= pings_; ++ping)
        if (line == "pong " + std::to_string(ping)) return {};
    }
    if (read == EngineProcess::Read::End) return name_ + " exited before answering \"ping\" (" + give_up() + ")";
    if (read != EngineProcess::Read::TimedOut) continue;
    if (seconds_since(begun) >= start_seconds_) {
      give_up();
      return name_ + " did not answer \"ping\" within " + seconds_text(start_seconds_);
    }
    if (!process_->send("ping " + std::to_string(++pings_))) return stopped_reading();
    next_ping += kStartPingSeconds;
  }
}

SearchReport EnginePlayer::choose_move(const Board& board, const SearchLimits& limits) {
  failure_.reset();
  if (!process_) {
    const std::string error = start();
    if (!error.empty()) return fail("exited", "it could not be started again: " + error);
  }
  GgfGame game = game_;
  if (game.final_position.board != board) {
    // Not told the game (or told another): the board alone, black to move.
    game.start = game.final_position = Position{board, Color::Black};
    game.moves.clear();
  }
  const double guard = engine_guard_seconds(limits.seconds);
  const Clock::time_point asked = Clock::now();
  // The ping first: whatever the engine wrote before its "pong" (a stray
  // second answer to an earlier "go") is not taken for this move.
  const std::string pong = "pong " + std::to_string(++pings_);
  if (!process_->send("ping " + std::to_string(pings_)) || !process_->send("set game " + format_ggf(game)) ||
      !process_->send("go"))
    return fail("exited", name_ + " no longer reads its input (" + process_->kill() + ")");
  bool ponged = false;
  for (std::string line;;) {
    switch (process_->read_line(line, guard - seconds_since(asked))) {
      case EngineProcess::Read::TimedOut:
        return fail("no_answer", name_ + " gave no move within " + seconds_text(guard));
      case EngineProcess::Read::End:
        return fail("exited", name_ + " exited while asked for a move (" + process_->kill() + ")");
      case EngineProcess::Read::TooLong:
        return fail("bad_answer", name_ + " answered with a line too long to read");
      case EngineProcess::Read::Line:
        break;
    }
    ponged = ponged || line == pong;
    // Status, search and other lines before the move are the engine's notes.
    if (!ponged || line.rfind("===", 0) != 0) continue;
    const std::optional<Square> move = answered_move(line);
    if (!move) return fail("bad_answer", name_ + " answered '" + line + "', which names no move");
    SearchReport report;
    report.move = *move;
    report.seconds = seconds_since(asked);
    return report;
  }
}

}  // namespace

Parsed<std::vector<std::string>> split_command_line(std::string_view command_line) {
  std::vector<std::string> words;
  std::optional<std::string> word;
  char quote = 0;
  for (const char c : command_line) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        *word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      if (!word) word.emplace();
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (word) words.push_back(std::move(*word));
      word.reset();
    } else {
      if (!word) word.emplace();
      *word += c;
    }
  }
  if (quote) return Parsed<std::vector<std::string>>::failure(std::string("a ") + quote + " is not closed");
  if (word) words.push_back(std::move(*word));
  return Parsed<std::vector<std::string>>::success(std::move(words));
}

Parsed<std::unique_ptr<Player>> start_engine_player(std::string_view command_line, double start_seconds) {
  using Result = Parsed<std::unique_ptr<Player>>;
  auto words = split_command_line(command_line);
  if (!words) return Result::failure("engine command line: " + words.error);
  if (words.value->empty()) return Result::failure("engine: with no command line after it");
  auto player = std::make_unique<EnginePlayer>(std::move(*words.value), start_seconds);
  const std::string error = player->start();
  if (!error.empty()) return Result::failure(error);
  return Result::success(std::move(player));
}

}  // namespace reversi::cli
