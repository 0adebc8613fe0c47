// An online game clock, the Lichess way: each side has a bank of time for the
// whole game and gains an increment after each of its moves; the side whose
// bank runs out while it is to move loses ("flag fall"). Only the side to
// move runs down. Time is passed in (seconds from any origin), as with
// MoveClock, so tests drive it with plain numbers. The server owns one per
// timed game; clients only show what it reports.
#pragma once

#include <array>
#include <optional>

#include "engine/board.h"

namespace reversi {

class GameClock {
 public:
  // Both banks full: `initial` seconds each, `increment` after each move.
  GameClock(double initial, double increment);
  // The banks as stored (a table read back after a restart); nobody runs.
  static GameClock restored(double initial, double increment, std::array<double, 2> left);

  double initial() const { return initial_; }
  double increment() const { return increment_; }
  std::optional<Color> running() const { return running_; }
  bool held() const { return held_; }

  // From `now` it is `color`'s time that runs (nullopt: nobody's, as when the
  // computer is to move or the game is over). Time used so far is charged.
  void run(std::optional<Color> color, double now);
  // `mover` made a move at `now`: its time is charged, then it gains the
  // increment. Call run() next for the side that moves now.
  void moved(Color mover, double now);
  // Held still (the grace after a restart): time passes without charge.
  void hold(double now);
  void release(double now);

  // Seconds left in `color`'s bank at `now` (never below 0).
  double left(Color color, double now) const;
  // The side whose flag has fallen: it is running, not held, and out of time.
  std::optional<Color> flagged(double now) const;
  // When the running side's flag falls, if nothing else happens first.
  std::optional<double> flag_falls_at(double now) const;

 private:
  void charge(double now);

  double initial_;
  double increment_;
  std::array<double, 2> left_;  // by Color, at `since_` for the running side
  std::optional<Color> running_;
  bool held_ = false;
  double since_ = 0;  // when the running side's unpaid stretch began
};

}  // namespace reversi
