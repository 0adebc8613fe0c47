// The part of ClientSession (client_session.h) about a player's devices and
// data: link codes that sign another device in as the same player
// (docs/protocol.md, "One player on several devices"), and deleting the
// player's data (forget_player.h).
#include <cstdio>

#include "server/client_session.h"
#include "server/forget_player.h"
#include "server/secrets.h"

namespace reversi::server {

using messages::ErrorCode;
namespace online = messages::online;

std::optional<PlayerRow> ClientSession::claim_link(const std::string& code, std::string& new_secret) {
  const double now = services_.clock();
  if (services_.link_attempts && !services_.link_attempts->open(now)) {
    refuse_and_close(ErrorCode::RateLimited, "Too many link codes were tried just now. Wait a minute, then try again.",
                     "hello");
    return std::nullopt;
  }
  const StoreResult<std::optional<std::string>> claimed =
      services_.store->claim_device_link(code, services_.unix_clock());
  if (!claimed) {
    refuse_and_close(ErrorCode::ServerError, "The server could not check that code just now. Try again.", "hello");
    return std::nullopt;
  }
  const StoreResult<std::optional<PlayerRow>> found =
      *claimed.value ? services_.store->find_player(**claimed.value) : StoreResult<std::optional<PlayerRow>>{};
  if (*claimed.value && !found) {
    refuse_and_close(ErrorCode::ServerError, "The server could not check that code just now. Try again.", "hello");
    return std::nullopt;
  }
  if (!*claimed.value || !*found.value) {
    if (services_.link_attempts) services_.link_attempts->failed(now);
    refuse_and_close(ErrorCode::NoSuchCode,
                     "That link code is unknown, used or expired. Ask your other device for a new one.", "hello");
    return std::nullopt;
  }
  // This device gets a secret of its own; the first device keeps its own.
  new_secret = random_hex(32);  // 256 bits
  std::unique_ptr<StoreTransaction> transaction = services_.store->begin();
  transaction->add_device_secret(found.value->value().id, sha256_hex(new_secret), services_.unix_clock());
  if (transaction->commit()) {
    refuse_and_close(ErrorCode::ServerError, "The server could not link this device. Ask for a new code.", "hello");
    return std::nullopt;
  }
  return found.value->value();
}

void ClientSession::link_device() {
  if (player_->rfind("h_", 0) == 0)
    return refuse(ErrorCode::NotAvailable,
                  "Your arcade signs you in on every device, so there is nothing to link: open the game there.",
                  "link-device");
  std::string code;
  while (code.size() < online::kLinkCodeLength) code += random_code();
  code.resize(online::kLinkCodeLength);
  std::unique_ptr<StoreTransaction> transaction = services_.store->begin();
  const std::int64_t now = services_.unix_clock();
  transaction->put_device_link(code, *player_, now, now + online::kLinkCodeSeconds);
  if (transaction->commit())
    return refuse(ErrorCode::ServerError, "The server could not make a code just now. Try again.", "link-device");
  self_->send(online::encode_server_message(online::server::LinkCode{code, online::kLinkCodeSeconds}));
}

void ClientSession::delete_player() {
  if (services_.lobby->table_of(*player_))
    return refuse(ErrorCode::AlreadySeated, "Leave your table first; then your data can be deleted.", "delete-player");
  const StoreResult<Deletion> deleted = server::delete_player(*services_.store, *player_);
  if (!deleted)
    return refuse(ErrorCode::ServerError, "Your data could not be deleted just now, so nothing changed. Try again.",
                  "delete-player");
  if (*deleted.value == Deletion::Seated)  // a table another node plays, stored with this seat
    return refuse(ErrorCode::AlreadySeated, "Leave your table first; then your data can be deleted.", "delete-player");
  if (*deleted.value == Deletion::NoSuchPlayer)  // deleted from another device a moment ago
    return refuse_and_close(ErrorCode::BadSecret, "That player id and secret do not match.", "delete-player");
  std::fprintf(stderr, "reversi-server: player %s deleted their data\n", player_->c_str());
  self_->send(online::encode_server_message(online::server::PlayerDeleted{}));
  closing_ = true;
  self_->close();
}

}  // namespace reversi::server
