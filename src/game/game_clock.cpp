#include "game/game_clock.h"

#include <algorithm>

namespace reversi {

namespace {
int index_of(Color color) { return color == Color::Black ? 0 : 1; }
}  // namespace

GameClock::GameClock(double initial, double increment)
    : initial_(initial), increment_(increment), left_{initial, initial} {}

GameClock GameClock::restored(double initial, double increment, std::array<double, 2> left) {
  GameClock clock(initial, increment);
  clock.left_ = {std::max(0.0, left[0]), std::max(0.0, left[1])};
  return clock;
}

void GameClock::charge(double now) {
  if (running_ && !held_) {
    double& bank = left_[index_of(*running_)];
    bank = std::max(0.0, bank - std::max(0.0, now - since_));
  }
  since_ = now;
}

void GameClock::run(std::optional<Color> color, double now) {
  charge(now);
  running_ = color;
}

void GameClock::moved(Color mover, double now) {
  charge(now);
  left_[index_of(mover)] += increment_;
  running_.reset();
}

void GameClock::hold(double now) {
  charge(now);
  held_ = true;
}

void GameClock::release(double now) {
  charge(now);
  held_ = false;
}

double GameClock::left(Color color, double now) const {
  const double bank = left_[index_of(color)];
  if (running_ != color || held_) return bank;
  return std::max(0.0, bank - std::max(0.0, now - since_));
}

std::optional<Color> GameClock::flagged(double now) const {
  if (!running_ || held_ || left(*running_, now) > 0) return std::nullopt;
  return running_;
}

std::optional<double> GameClock::flag_falls_at(double now) const {
  if (!running_ || held_) return std::nullopt;
  return now + left(*running_, now);
}

}  // namespace reversi
