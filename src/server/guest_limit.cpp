#include "server/guest_limit.h"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace reversi::server {
namespace {

struct Address {
  bool v6 = false;
  std::array<unsigned char, 16> bytes{};  // IPv4 in the first four
};

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// An IPv4 or IPv6 address in text (a zone "%eth0" and brackets left out);
// IPv4-mapped IPv6 becomes IPv4.
std::optional<Address> parse_address(std::string_view text) {
  text = trimmed(text);
  if (text.size() >= 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
  text = text.substr(0, text.find('%'));
  if (text.empty() || text.size() >= INET6_ADDRSTRLEN) return std::nullopt;
  const std::string copy(text);  // inet_pton wants a terminated string
  Address address;
  if (inet_pton(AF_INET, copy.c_str(), address.bytes.data()) == 1) return address;
  if (inet_pton(AF_INET6, copy.c_str(), address.bytes.data()) != 1) return std::nullopt;
  static constexpr unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  if (std::memcmp(address.bytes.data(), kMapped, sizeof kMapped) == 0) {
    std::memmove(address.bytes.data(), address.bytes.data() + 12, 4);
    std::fill(address.bytes.begin() + 4, address.bytes.end(), 0);
    return address;
  }
  address.v6 = true;
  return address;
}

bool is_loopback(const Address& address) {
  if (!address.v6) return address.bytes[0] == 127;
  static constexpr unsigned char kLoopback[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
  return std::memcmp(address.bytes.data(), kLoopback, sizeof kLoopback) == 0;
}

std::string key_of(Address address) {
  char text[INET6_ADDRSTRLEN] = {};
  if (!address.v6) {
    inet_ntop(AF_INET, address.bytes.data(), text, sizeof text);
    return text;
  }
  std::fill(address.bytes.begin() + 8, address.bytes.end(), 0);  // the /64
  inet_ntop(AF_INET6, address.bytes.data(), text, sizeof text);
  return std::string(text) + "/64";
}

// Below this many addresses the map is never swept.
constexpr std::size_t kSmallestSweep = 1024;

}  // namespace

std::string client_address(std::string_view peer, std::string_view forwarded_for) {
  const std::optional<Address> from = parse_address(peer);
  if (!from) return "";
  if (is_loopback(*from) && !trimmed(forwarded_for).empty()) {
    const std::size_t comma = forwarded_for.rfind(',');
    const std::string_view last = comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
    if (const std::optional<Address> forwarded = parse_address(last)) return key_of(*forwarded);
  }
  return key_of(*from);
}

GuestLimiter::GuestLimiter(int per_window, double window_seconds)
    : per_window_(per_window), window_seconds_(window_seconds), next_sweep_(kSmallestSweep) {}

bool GuestLimiter::allow(const std::string& address, double now) {
  if (per_window_ <= 0) return true;
  std::lock_guard lock(mutex_);
  auto found = recent_.find(address);
  if (found == recent_.end()) {
    // Full, a sweep is tried at most once a second: each costs a pass over the map.
    const bool full = recent_.size() >= kMostAddresses;
    if (recent_.size() >= next_sweep_ && (!full || !last_sweep_ || now - *last_sweep_ >= 1)) sweep(now);
    if (recent_.size() >= kMostAddresses) return false;
    found = recent_.emplace(address, std::deque<double>{}).first;
  }
  std::deque<double>& times = found->second;
  while (!times.empty() && times.front() <= now - window_seconds_) times.pop_front();
  if (times.size() >= static_cast<std::size_t>(per_window_)) return false;
  times.push_back(now);
  return true;
}

std::size_t GuestLimiter::addresses() const {
  std::lock_guard lock(mutex_);
  return recent_.size();
}

void GuestLimiter::sweep(double now) {
  for (auto entry = recent_.begin(); entry != recent_.end();) {
    // Times are in order: the newest tells whether any is still in the window.
    if (entry->second.empty() || entry->second.back() <= now - window_seconds_)
      entry = recent_.erase(entry);
    else
      ++entry;
  }
  next_sweep_ = std::min(kMostAddresses, std::max(kSmallestSweep, 2 * recent_.size()));
  last_sweep_ = now;
}

}  // namespace reversi::server
