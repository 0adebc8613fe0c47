// The timeline of one move on screen: the new disc drops in, then the trapped
// discs turn over one after another, nearest first.
#pragma once

#include <array>

#include "engine/board.h"

namespace reversi {

// How a square looks at one instant of the animation.
struct DiscPose {
  bool animated = false;  // false: draw the board as it is
  bool visible = true;    // the new disc before it lands
  Color face = Color::Black;
  float width = 1.0f;  // horizontal squash while turning (0..1)
  float lift = 0.0f;   // 0..1, how far the disc is raised while it turns or drops
};

class FlipAnimation {
 public:
  // `speed`: 1 normal, 2 fast, 0.5 slow; 0 means no animation at all.
  void start(Square placed, Color mover, Bitboard flips, double now, double speed);
  void finish() { active_ = false; }
  bool running(double now) const { return active_ && now < end_time_; }
  DiscPose pose(Square square, double now) const;
  double end_time() const { return end_time_; }

 private:
  bool active_ = false;
  Square placed_ = kNoMove;
  Color mover_ = Color::Black;
  double start_time_ = 0;
  double end_time_ = 0;
  double duration_ = 0;  // one disc's turn
  double drop_ = 0;      // the new disc's landing
  Bitboard flips_ = 0;
  std::array<float, 64> delay_{};  // when each flipped disc starts turning
};

}  // namespace reversi
