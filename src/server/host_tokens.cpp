#include "server/host_tokens.h"

#include <nlohmann/json.hpp>

#include "messages/codec.h"
#include "server/player_names.h"
#include "server/secrets.h"

namespace reversi::server {

std::string HostTokenVerifier::sign(std::string_view key, std::string_view payload_json) {
  const std::string payload = base64url_encode(payload_json);
  return payload + "." + base64url_encode(hmac_sha256(key, payload));
}

std::variant<HostPlayer, TokenRefusal> HostTokenVerifier::verify(std::string_view token, double now_unix) const {
  if (!key_) return TokenRefusal{"This server takes no host tokens."};
  const std::size_t dot = token.find('.');
  if (dot == std::string_view::npos || token.find('.', dot + 1) != std::string_view::npos)
    return TokenRefusal{"The sign-in token is not PAYLOAD.SIGNATURE."};
  const std::string_view payload = token.substr(0, dot);
  const std::optional<std::string> signature = base64url_decode(token.substr(dot + 1));
  if (!signature || !equal_in_constant_time(*signature, hmac_sha256(*key_, payload)))
    return TokenRefusal{"The sign-in token's signature is wrong."};
  const std::optional<std::string> json = base64url_decode(payload);
  if (!json) return TokenRefusal{"The sign-in token's payload is not base64url."};
  const messages::Decoded<messages::Json> object = messages::parse_object(*json, 2048, "token");
  if (!object) return TokenRefusal{"The sign-in token's payload is not a JSON object."};
  messages::FieldReader reader(*object.value, "token");
  std::string player, name;
  double expiry = 0;
  reader.read("player", player, 64);
  reader.read("name", name, 200);
  reader.read("exp", expiry, 0, 1e12);
  if (!reader.ok()) return TokenRefusal{reader.error().message};
  if (player.empty() || player.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") !=
                            std::string::npos)
    return TokenRefusal{"The sign-in token's player id should be letters, digits, - _ and ."};
  if (expiry <= now_unix) return TokenRefusal{"The sign-in token has expired."};
  const auto checked = checked_name(name);
  const std::string* good_name = std::get_if<std::string>(&checked);
  return HostPlayer{"h_" + player, good_name ? *good_name : guest_name()};
}

}  // namespace reversi::server
