// The optional per-move clock: each human turn gets a fixed number of
// seconds. Time is always passed in (seconds from any origin), so the clock
// never reads wall time itself and tests drive it with plain numbers.
#pragma once

namespace reversi {

inline constexpr double kDefaultMoveSeconds = 45.0;

class MoveClock {
 public:
  explicit MoveClock(double seconds_per_move = kDefaultMoveSeconds) : limit_(seconds_per_move) {}

  double limit() const { return limit_; }
  bool running() const { return running_; }
  bool paused() const { return paused_; }

  // A new turn starts with the full allowance (still paused if paused).
  void start_turn(double now);
  // No turn is being timed (computer to move, game over).
  void stop();
  void pause(double now);
  void resume(double now);

  // Seconds left in the current turn (the full limit when not running).
  double remaining(double now) const;
  bool expired(double now) const { return running_ && !paused_ && remaining(now) <= 0; }

 private:
  double limit_;
  bool running_ = false;
  bool paused_ = false;
  double started_at_ = 0;  // when the unpaused stretch began
  double used_ = 0;        // seconds used before the current stretch
};

}  // namespace reversi
