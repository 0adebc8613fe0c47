#include "cli/players.h"

namespace reversi::cli {
namespace {

class ComputerPlayer final : public Player {
 public:
  ComputerPlayer(Strength strength, const PlayerOptions& options)
      : computer_(options.table_megabytes), strength_(strength), name_(strength_name(strength)) {
    computer_.set_probable_cuts(options.probable_cuts);
  }
  SearchReport choose_move(const Board& board, const SearchLimits& limits) override {
    return computer_.choose_move(board, strength_, limits);
  }
  bool ponder(const Board& board, double seconds) override { return computer_.ponder(board, seconds); }
  bool think_ahead(const Board& board, double seconds) override {
    return strength_ != Strength::Hard || computer_.think_ahead(board, seconds);
  }
  const std::string& name() const override { return name_; }
  void set_clock(ClockSource clock) override { computer_.set_clock(std::move(clock)); }

 private:
  Computer computer_;
  Strength strength_;
  std::string name_;
};

}  // namespace

std::unique_ptr<Player> make_player(std::string_view name, const PlayerOptions& options) {
  if (const auto strength = parse_strength(name)) return std::make_unique<ComputerPlayer>(*strength, options);
  return nullptr;
}

}  // namespace reversi::cli
