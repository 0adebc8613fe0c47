// Host tokens: a host page vouches for its own player with
// PAYLOAD.SIGNATURE, PAYLOAD the base64url of {"player", "name", "exp"} and
// SIGNATURE the base64url of HMAC-SHA256(key, PAYLOAD) (docs/protocol.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace reversi::server {

struct HostPlayer {
  std::string player;  // "h_" + the host's id
  std::string name;
};

struct TokenRefusal {
  std::string reason;
};

class HostTokenVerifier {
 public:
  // No key: every token is refused.
  explicit HostTokenVerifier(std::optional<std::string> key) : key_(std::move(key)) {}
  // Checks the signature (in constant time) and the expiry against `now_unix`.
  std::variant<HostPlayer, TokenRefusal> verify(std::string_view token, double now_unix) const;
  // What a host page would send (used by tests and tools).
  static std::string sign(std::string_view key, std::string_view payload_json);

 private:
  std::optional<std::string> key_;
};

}  // namespace reversi::server
