// The nickname rules, checked on the server: 2 to 20 characters after
// trimming, of letters (any script), digits, single spaces, - _ . and '.
#pragma once

#include <string>
#include <string_view>
#include <variant>

namespace reversi::server {

struct NameRefusal {
  std::string reason;  // a sentence for the player
};

// The trimmed name, or why it is refused.
std::variant<std::string, NameRefusal> checked_name(std::string_view text);

// "Guest 4821": a new guest's name (four random digits).
std::string guest_name();

}  // namespace reversi::server
