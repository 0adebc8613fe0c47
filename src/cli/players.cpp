#include "cli/players.h"

#include <cctype>

#include "ai/frozen_v1/hard_v1.h"

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

class HardV1Player final : public Player {
 public:
  explicit HardV1Player(const PlayerOptions& options) : hard_(options.table_megabytes) {}
  SearchReport choose_move(const Board& board, const SearchLimits& limits) override {
    return hard_.choose_move(board, limits);
  }
  const std::string& name() const override { return name_; }
  void set_clock(ClockSource clock) override { hard_.set_clock(std::move(clock)); }

 private:
  frozen_v1::HardV1 hard_;
  std::string name_ = "hard-v1";
};

}  // namespace

std::unique_ptr<Player> make_player(std::string_view name, const PlayerOptions& options) {
  std::string lower;
  for (const char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "hard-v1") return std::make_unique<HardV1Player>(options);
  if (const auto strength = parse_strength(lower)) return std::make_unique<ComputerPlayer>(*strength, options);
  return nullptr;
}

}  // namespace reversi::cli
