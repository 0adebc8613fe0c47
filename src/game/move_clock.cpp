#include "game/move_clock.h"

#include <algorithm>

namespace reversi {

void MoveClock::start_turn(double now) {
  running_ = true;
  started_at_ = now;
  used_ = 0;
}

void MoveClock::stop() {
  running_ = false;
  used_ = 0;
}

void MoveClock::pause(double now) {
  if (paused_) return;
  if (running_) used_ += std::max(0.0, now - started_at_);
  paused_ = true;
}

void MoveClock::resume(double now) {
  if (!paused_) return;
  paused_ = false;
  started_at_ = now;
}

double MoveClock::remaining(double now) const {
  if (!running_) return limit_;
  const double used = used_ + (paused_ ? 0.0 : std::max(0.0, now - started_at_));
  return std::max(0.0, limit_ - used);
}

}  // namespace reversi
