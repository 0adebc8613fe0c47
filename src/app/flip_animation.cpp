#include "app/flip_animation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace reversi {

void FlipAnimation::start(Square placed, Color mover, Bitboard flips, double now, double speed) {
  if (speed <= 0) {
    active_ = false;
    return;
  }
  active_ = true;
  placed_ = placed;
  mover_ = mover;
  flips_ = flips;
  start_time_ = now;
  drop_ = 0.14 / speed;
  duration_ = 0.22 / speed;
  // Rings outwards from the new disc; all of it well under a second even for
  // a move that flips a dozen discs.
  const int flipped = count_bits(flips);
  const double stagger = flipped > 1 ? std::min(0.07, 0.45 / (flipped - 1)) / speed : 0;
  int order = 0;
  std::array<int, 64> distance{};
  for (Bitboard rest = flips; rest; rest &= rest - 1) {
    const Square square = first_square(rest);
    distance[square] =
        std::max(std::abs(column_of(square) - column_of(placed)), std::abs(row_of(square) - row_of(placed)));
  }
  double last = drop_;
  for (int ring = 1; ring < 8; ++ring) {
    for (Bitboard rest = flips; rest; rest &= rest - 1) {
      const Square square = first_square(rest);
      if (distance[square] != ring) continue;
      delay_[square] = static_cast<float>(drop_ * 0.6 + order * stagger);
      last = std::max(last, static_cast<double>(delay_[square]) + duration_);
      ++order;
    }
  }
  end_time_ = now + last;
}

DiscPose FlipAnimation::pose(Square square, double now) const {
  DiscPose pose;
  if (!active_ || now >= end_time_) return pose;
  const double t = now - start_time_;
  if (square == placed_) {
    pose.animated = true;
    pose.face = mover_;
    const double progress = std::clamp(t / drop_, 0.0, 1.0);
    pose.lift = static_cast<float>(1.0 - progress);
    return pose;
  }
  if (!(flips_ & bit(square))) return pose;
  pose.animated = true;
  const double progress = std::clamp((t - delay_[square]) / duration_, 0.0, 1.0);
  // First half: the old face narrows to an edge; second half: the new face opens.
  pose.face = progress < 0.5 ? other(mover_) : mover_;
  pose.width = static_cast<float>(std::fabs(std::cos(progress * 3.14159265358979)));
  pose.lift = static_cast<float>(std::sin(progress * 3.14159265358979));
  return pose;
}

}  // namespace reversi
