// Where a connection comes from, and how many new guests each address may
// make: a script that says hello without a player over and over would
// otherwise fill the database with guests (and farm their points). Kept in
// memory, per server process: with several nodes each node counts its own.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace reversi::server {

// The address a connection is counted under: the TCP peer, except that a
// peer on loopback is a reverse proxy on this machine, whose word for the
// client is the last address of X-Forwarded-For (the one it added itself;
// any before it the client may have written); a header whose last entry is
// not an address is ignored. IPv6 addresses count by
// their /64, the block one home or host is given ("2001:db8:1:2::/64");
// IPv4 ones (also written as ::ffff:a.b.c.d) whole. "" when `peer` is not
// an address.
std::string client_address(std::string_view peer, std::string_view forwarded_for);

// At most `per_window` new guests from one address in any window of
// `window_seconds` (a sliding window, on a steady clock in seconds). Safe to
// call from several threads. Memory is bounded: each address keeps at most
// `per_window` times; addresses whose times have all left the window are
// dropped whenever the map has doubled since the last sweep; and at most
// kMostAddresses are held: beyond that (guests made from that many
// addresses within one window is a flood) a new address makes no guest
// until a sweep finds room.
class GuestLimiter {
 public:
  static constexpr std::size_t kMostAddresses = 100'000;

  // `per_window` 0: no limit.
  explicit GuestLimiter(int per_window, double window_seconds = 3600);
  // True, and the guest counted, when `address` has made fewer than the
  // limit within the window before `now`; false (nothing counted) when not.
  bool allow(const std::string& address, double now);
  // Addresses held (for tests of the pruning).
  std::size_t addresses() const;

 private:
  void sweep(double now);

  const int per_window_;
  const double window_seconds_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::deque<double>> recent_;  // each address's guests, oldest first
  std::size_t next_sweep_;
  std::optional<double> last_sweep_;
};

}  // namespace reversi::server
