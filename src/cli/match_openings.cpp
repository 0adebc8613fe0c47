#include "cli/match_openings.h"

#include <fstream>
#include <sstream>

namespace reversi::cli {
namespace {

class FreshPlayer final : public Player {
 public:
  FreshPlayer(std::string name, const PlayerOptions& options, std::unique_ptr<Player> first)
      : name_(std::move(name)), options_(options), player_(std::move(first)) {}

  SearchReport choose_move(const Board& board, const SearchLimits& limits) override {
    player_ = make_player(name_, options_);
    if (clock_) player_->set_clock(clock_);
    return player_->choose_move(board, limits);
  }
  const std::string& name() const override { return player_->name(); }
  void set_clock(ClockSource clock) override { clock_ = std::move(clock); }

 private:
  std::string name_;
  PlayerOptions options_;
  std::unique_ptr<Player> player_;
  ClockSource clock_;
};

}  // namespace

Parsed<std::vector<Opening>> parse_openings(std::string_view text) {
  using Result = Parsed<std::vector<Opening>>;
  std::vector<Opening> openings;
  int number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++number;
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string_view::npos || line[start] == '#') continue;
    line.remove_prefix(start);
    const std::string_view transcript = line.substr(0, line.find_first_of(" \t\r#"));
    const ReplayResult replayed = replay_transcript(transcript);
    if (!replayed) return Result::failure("line " + std::to_string(number) + ": " + replayed.message());
    if (is_game_over(replayed.replay->final_position.board))
      return Result::failure("line " + std::to_string(number) + ": the game is over after " + std::string(transcript));
    openings.push_back(replayed.replay->moves);
  }
  if (openings.empty()) return Result::failure("no openings");
  return Result::success(std::move(openings));
}

Parsed<std::vector<Opening>> read_openings_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) return Parsed<std::vector<Opening>>::failure("cannot read " + path);
  std::ostringstream text;
  text << file.rdbuf();
  auto openings = parse_openings(text.str());
  if (!openings) openings.error = path + ": " + openings.error;
  return openings;
}

std::unique_ptr<Player> make_fresh_player(const std::string& name, const PlayerOptions& options) {
  auto first = make_player(name, options);
  if (!first) return nullptr;
  return std::make_unique<FreshPlayer>(name, options, std::move(first));
}

}  // namespace reversi::cli
