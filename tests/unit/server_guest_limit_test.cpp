// New guests per address: which address a connection counts under, and the
// sliding hour, on a clock of the test's own.
#include <doctest/doctest.h>

#include "server/guest_limit.h"

using namespace reversi::server;

TEST_CASE("server guest limit: the address is the peer's, or behind a local proxy the last forwarded one") {
  CHECK(client_address("203.0.113.7", "") == "203.0.113.7");
  // A client far away cannot choose its address by sending the header.
  CHECK(client_address("203.0.113.7", "198.51.100.1") == "203.0.113.7");
  // A proxy on this machine: the address it added, the last; earlier ones are the client's to write.
  CHECK(client_address("127.0.0.1", "198.51.100.1") == "198.51.100.1");
  CHECK(client_address("127.0.0.1", "10.9.9.9, 198.51.100.1") == "198.51.100.1");
  CHECK(client_address("127.0.0.1", "not an address,198.51.100.1") == "198.51.100.1");
  CHECK(client_address("::1", " 198.51.100.1 ") == "198.51.100.1");
  CHECK(client_address("127.0.0.53", "198.51.100.1") == "198.51.100.1");
  // A malformed header is ignored: the proxy itself is the address.
  CHECK(client_address("127.0.0.1", "198.51.100.1, junk") == "127.0.0.1");
  CHECK(client_address("127.0.0.1", "198.51.100.1:4242") == "127.0.0.1");
  CHECK(client_address("127.0.0.1", "999.1.1.1") == "127.0.0.1");
  CHECK(client_address("127.0.0.1", " , ") == "127.0.0.1");
  CHECK(client_address("127.0.0.1", "") == "127.0.0.1");
  // IPv6 counts by its /64; IPv4 written as IPv6 is IPv4.
  CHECK(client_address("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "") == "2001:db8:1:2::/64");
  CHECK(client_address("2001:db8:1:2::9", "") == client_address("2001:db8:1:2:ffff::1", ""));
  CHECK(client_address("2001:db8:1:3::9", "") != client_address("2001:db8:1:2::9", ""));
  CHECK(client_address("127.0.0.1", "[2001:db8::5]") == "2001:db8::/64");
  CHECK(client_address("::ffff:203.0.113.7", "") == "203.0.113.7");
  CHECK(client_address("::ffff:127.0.0.1", "198.51.100.1") == "198.51.100.1");
  CHECK(client_address("fe80::1%eth0", "") == "fe80::/64");
  CHECK(client_address("garbage", "") == "");
}

TEST_CASE("server guest limit: N guests an hour from one address, the window sliding") {
  GuestLimiter limiter(3);
  double now = 1000;
  CHECK(limiter.allow("198.51.100.1", now));
  now += 600;
  CHECK(limiter.allow("198.51.100.1", now));
  CHECK(limiter.allow("198.51.100.1", now));
  CHECK_FALSE(limiter.allow("198.51.100.1", now));
  CHECK(limiter.allow("198.51.100.2", now));  // another address has its own hour
  // A refusal counts nothing: asking again does not push the wait back.
  for (int index = 0; index < 10; ++index) CHECK_FALSE(limiter.allow("198.51.100.1", now + index));
  // An hour after the first guest, one more; the other two leave the window 10 minutes later.
  now = 1000 + 3599;
  CHECK_FALSE(limiter.allow("198.51.100.1", now));
  now = 1000 + 3600;
  CHECK(limiter.allow("198.51.100.1", now));
  CHECK_FALSE(limiter.allow("198.51.100.1", now));
  now = 1600 + 3600;
  CHECK(limiter.allow("198.51.100.1", now));
  CHECK(limiter.allow("198.51.100.1", now));
  CHECK_FALSE(limiter.allow("198.51.100.1", now));
}

TEST_CASE("server guest limit: 0 is no limit") {
  GuestLimiter limiter(0);
  for (int index = 0; index < 1000; ++index) CHECK(limiter.allow("198.51.100.1", 1));
  CHECK(limiter.addresses() == 0);
}

TEST_CASE("server guest limit: addresses whose hour is over are let go, and the map has a ceiling") {
  GuestLimiter limiter(2, 3600);
  for (int index = 0; index < 5000; ++index) REQUIRE(limiter.allow("a" + std::to_string(index), index * 0.01));
  CHECK(limiter.addresses() == 5000);  // all still in their hour
  // Two hours on, new addresses: once the map has doubled since the last
  // sweep (at 4096), the next sweep lets the old ones go.
  const double later = 2 * 3600;
  for (int index = 0; index < 4000; ++index) REQUIRE(limiter.allow("b" + std::to_string(index), later));
  CHECK(limiter.addresses() == 4000);

  // A flood from more addresses than the ceiling: the ones beyond it make no guest until room is found.
  GuestLimiter flooded(1, 3600);
  for (std::size_t index = 0; index < GuestLimiter::kMostAddresses; ++index)
    REQUIRE(flooded.allow("f" + std::to_string(index), 0));
  CHECK_FALSE(flooded.allow("one too many", 1));
  CHECK(flooded.addresses() == GuestLimiter::kMostAddresses);
  CHECK(flooded.allow("after the hour", 3601));  // the sweep found them all out of their window
  CHECK(flooded.addresses() == 1);
}
