// The time budget of one search: reads the injected clock every so many
// nodes (reading it on every node would cost more than the search).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>

namespace reversi::ai {

class Deadline {
 public:
  // No limit: the clock is never read.
  Deadline() = default;
  Deadline(std::function<double()> clock, double stop_at, std::uint64_t check_interval = 4096)
      : clock_(std::move(clock)), stop_at_(stop_at), interval_(check_interval), limited_(true) {}

  // True once the budget is spent; `nodes` is the searcher's running count.
  bool expired(std::uint64_t nodes) {
    if (!limited_ || expired_) return expired_;
    if (nodes < next_check_) return false;
    next_check_ = nodes + interval_;
    expired_ = clock_() >= stop_at_;
    return expired_;
  }
  bool has_expired() const { return expired_; }
  // The same clock and stop time for a nested search that counts its own
  // nodes from zero (the count decides when the clock is read).
  Deadline restarted() const {
    Deadline copy = *this;
    copy.next_check_ = 0;
    return copy;
  }
  double stop_at() const { return stop_at_; }
  bool limited() const { return limited_; }

 private:
  std::function<double()> clock_;
  double stop_at_ = std::numeric_limits<double>::infinity();
  std::uint64_t interval_ = 4096;
  std::uint64_t next_check_ = 0;
  bool limited_ = false;
  bool expired_ = false;
};

}  // namespace reversi::ai
