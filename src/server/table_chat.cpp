// A table's chat and reports: the lines of the players seated now (stored,
// the last 50 kept here for chat-history), delivery that leaves out those
// who muted the writer, and what a report or a parting remembers. Chat
// writes are not part of the table's commits: a line is stored on its own,
// and a parting clears the chat even if the parting's commit then fails.
#include <algorithm>
#include <cstdio>

#include "server/moderation.h"
#include "server/table.h"

namespace reversi::server {

using messages::ErrorCode;
namespace online = messages::online;
namespace wire = messages::online::server;

namespace {

wire::Chat wire_chat(const ChatLine& line) {
  return wire::Chat{line.player, line.name, line.shown, line.at_unix, line.id};
}

}  // namespace

bool Table::closed_to(const std::string& player) const {
  return services_.moderation && services_.moderation->reported(state_.owner, player);
}

bool Table::load_chat() {
  if (chat_loaded_) return true;
  if (!services_.moderation) return false;
  const StoreResult<std::vector<ChatLine>> lines =
      services_.moderation->store().load_chat(state_.code, online::kChatHistoryLines);
  if (!lines) {
    std::fprintf(stderr, "reversi-server: table %s: %s\n", state_.code.c_str(), lines.error.message.c_str());
    return false;
  }
  chat_.assign(lines.value->begin(), lines.value->end());
  if (!chat_.empty()) last_chat_id_ = std::max(last_chat_id_, chat_.back().id);
  chat_loaded_ = true;
  return true;
}

void Table::chat(const std::string& player, const std::string& written, const std::string& shown, const LinkPtr& from) {
  const int seat = seat_or_refuse(player, from, "chat");
  if (seat < 0) return;
  if (!services_.moderation) return refuse(from, ErrorCode::BadChat, "Chat is not available on this server.", "chat");
  const std::int64_t at = services_.unix_clock ? services_.unix_clock() : 0;
  const ChatLine line{last_chat_id_ + 1, player, state_.seats[seat].name, written, shown, at};
  StoreStatus failed =
      load_chat() ? services_.moderation->store().add_chat(state_.code, line) : StoreError{"cannot read the chat"};
  if (failed) {
    std::fprintf(stderr, "reversi-server: table %s: %s (chat refused)\n", state_.code.c_str(), failed->message.c_str());
    return refuse(from, ErrorCode::ServerError, "The server could not keep your message. Try again.", "chat");
  }
  last_chat_id_ = line.id;
  chat_.push_back(line);
  while (chat_.size() > online::kChatHistoryLines) chat_.pop_front();
  const std::string text = online::encode_server_message(wire_chat(line));
  for (int listener = 0; listener < 2; ++listener)
    if (presence_[listener].link && !services_.moderation->muted(state_.seats[listener].player, player))
      presence_[listener].link->send(text);
}

void Table::send_chat_history(const std::string& player, const LinkPtr& to) {
  if (!services_.moderation || !to || !load_chat()) return;
  wire::ChatHistory history;
  for (const ChatLine& line : chat_)
    if (!services_.moderation->muted(player, line.player)) history.messages.push_back(wire_chat(line));
  to->send(online::encode_server_message(history));
}

bool Table::sitting_of(int seat, Sitting& out) {
  const SeatRow& opponent = state_.seats[1 - seat];
  if (opponent.player.empty() || state_.seats[seat].player.empty()) return false;
  out.player_name = state_.seats[seat].name;
  out.opponent = opponent.player;
  out.opponent_name = opponent.name;
  out.code = state_.code;
  out.transcript = state_.session ? state_.session->game().transcript() : "";
  const StoreResult<std::vector<ChatLine>> stored =
      services_.moderation->store().load_chat(state_.code, kReportedChatLines);
  out.chat = stored ? *stored.value : std::vector<ChatLine>(chat_.begin(), chat_.end());
  out.ended_unix = services_.unix_clock ? services_.unix_clock() : 0;
  return true;
}

void Table::report(const std::string& player, const online::client::Report& request, const LinkPtr& from) {
  if (!services_.moderation)
    return refuse(from, ErrorCode::NoSuchPlayer, "Reports are not taken on this server.", "report");
  std::optional<Sitting> live;
  const int seat = seat_of(player);
  if (Sitting sitting; seat >= 0 && sitting_of(seat, sitting)) live = std::move(sitting);
  services_.moderation->report(player, request, live, from, services_.unix_clock ? services_.unix_clock() : 0);
}

// The two players part: each remembers the other (a report may follow),
// and the next pair does not read what these two said.
void Table::end_sitting(int seat) {
  if (!services_.moderation) return;
  for (const int side : {seat, 1 - seat})
    if (Sitting sitting; sitting_of(side, sitting))
      services_.moderation->remember_sitting(state_.seats[side].player, std::move(sitting));
  chat_.clear();
  chat_loaded_ = true;
  if (StoreStatus failed = services_.moderation->store().clear_chat(state_.code))
    std::fprintf(stderr, "reversi-server: table %s: %s\n", state_.code.c_str(), failed->message.c_str());
}

}  // namespace reversi::server
