// A connection's chat, mutes and reports, and what a ban does to it. The
// line is checked, rate-limited and masked here, before the table sees it;
// its refusals do not count toward closing the connection (they are not
// abuse of the connection, and a player typing fast should not be cut off).
#include <algorithm>

#include "server/client_session.h"

namespace reversi::server {

using messages::ErrorCode;
namespace online = messages::online;
namespace client = messages::online::client;

bool ClientSession::banned_now() {
  if (!services_.moderation || !player_) return false;
  const StoreResult<bool> banned = services_.moderation->is_banned(*player_);
  return banned && *banned.value;
}

void ClientSession::close_banned(std::string_view request) {
  refuse_and_close(ErrorCode::Banned, "You are banned from this server.", request);
}

void ClientSession::chat(const std::string& text) {
  const std::optional<std::string> code = services_.lobby->table_of(*player_);
  HostPtr host = code ? services_.lobby->find_table(*code) : nullptr;
  if (!host && passed_on(code, "chat")) return;
  if (!host) return refuse(ErrorCode::NotSeated, "You have no seat at a table.", "chat");
  Moderation* moderation = services_.moderation;
  if (!moderation) return refuse(ErrorCode::BadChat, "Chat is not available on this server.", "chat");
  const auto checked = checked_chat_line(text);
  if (const auto* refusal = std::get_if<ChatRefusal>(&checked))
    return refuse(ErrorCode::BadChat, refusal->reason, "chat");
  const std::string& line = std::get<std::string>(checked);
  if (const std::optional<double> wait = moderation->chat_limits().wait(*player_, services_.clock()))
    return refuse(ErrorCode::RateLimited, too_fast_reason(*wait), "chat");
  run_at(host, "chat", [player = *player_, line, shown = moderation->filter().mask(line), self = self_](Table& table) {
    table.chat(player, line, shown, self);
  });
}

void ClientSession::mute(const client::Mute& mute) {
  Moderation* moderation = services_.moderation;
  if (!moderation) return refuse(ErrorCode::BadMessage, "Muting is not available on this server.", "mute");
  if (mute.player == *player_) return refuse(ErrorCode::BadMessage, "You cannot mute yourself.", "mute");
  if (mute.muted) {
    const StoreResult<std::optional<PlayerRow>> found = services_.store->find_player(mute.player);
    if (!found) return refuse(ErrorCode::ServerError, "The server could not look that player up. Try again.", "mute");
    if (!*found.value) return refuse(ErrorCode::NoSuchPlayer, "There is no such player.", "mute");
    const StoreResult<std::vector<std::string>> muted = moderation->mutes_of(*player_);
    if (muted && muted.value->size() >= kMostMutes &&
        std::find(muted.value->begin(), muted.value->end(), mute.player) == muted.value->end())
      return refuse(ErrorCode::BadMessage, "You can mute at most 500 players.", "mute");
  }
  if (moderation->set_mute(*player_, mute.player, mute.muted, services_.unix_clock()))
    return refuse(ErrorCode::ServerError, "The server could not keep that. Try again.", "mute");
  const StoreResult<std::vector<std::string>> muted = moderation->mutes_of(*player_);
  if (!muted) return refuse(ErrorCode::ServerError, "The server could not read your mutes. Try again.", "mute");
  // Every connection of this player hears it: muting is everywhere.
  const std::string answer = online::encode_server_message(online::server::Mutes{*muted.value});
  for (const LinkPtr& link : moderation->connections_of(*player_)) link->send(answer);
}

void ClientSession::report(const client::Report& report) {
  Moderation* moderation = services_.moderation;
  if (!moderation) return refuse(ErrorCode::NoSuchPlayer, "Reports are not taken on this server.", "report");
  const std::optional<std::string> code = services_.lobby->table_of(*player_);
  if (HostPtr host = code ? services_.lobby->find_table(*code) : nullptr)
    return run_at(host, "report",
                  [player = *player_, report, self = self_](Table& table) { table.report(player, report, self); });
  if (passed_on(code, "report")) return;
  moderation->report(*player_, report, std::nullopt, self_, services_.unix_clock());
}

}  // namespace reversi::server
