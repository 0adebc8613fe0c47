#include "server/moderation.h"

#include <algorithm>
#include <cstdio>

#include "server/table_host.h"

namespace reversi::server {

using messages::ErrorCode;
namespace online = messages::online;
namespace wire = messages::online::server;

namespace {

void refuse(const LinkPtr& to, ErrorCode code, const std::string& reason, const char* request) {
  if (to) to->send(online::encode_server_message(wire::Error{code, reason, request}));
}

// Sittings older than this are forgotten when the list grows.
constexpr std::int64_t kSittingKeptSeconds = 24 * 3600;

}  // namespace

Moderation::Moderation(ModerationStore& store, ChatFilter filter) : store_(store), filter_(std::move(filter)) {}

StoreStatus Moderation::load() {
  const auto pairs = store_.load_avoidances();
  if (!pairs) return pairs.error;
  std::vector<std::pair<std::string, std::string>> new_pairs;
  std::function<void(const std::string&, const std::string&)> listener;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [reporter, reported] : *pairs.value) {
      reports_.emplace(reporter, reported);
      if (avoided_[reporter].insert(reported).second) new_pairs.emplace_back(reporter, reported);
      avoided_[reported].insert(reporter);
    }
    listener = avoidance_listener_;
  }
  if (listener)
    for (const auto& [first, second] : new_pairs) listener(first, second);
  return std::nullopt;
}

void Moderation::set_avoidance_listener(
    std::function<void(const std::string& first, const std::string& second)> listener) {
  std::lock_guard lock(mutex_);
  avoidance_listener_ = std::move(listener);
}

StoreResult<std::vector<std::string>> Moderation::mutes_of(const std::string& player) {
  {
    std::lock_guard lock(mutex_);
    if (const auto found = mutes_.find(player); found != mutes_.end()) return {found->second, {}};
  }
  StoreResult<std::vector<std::string>> loaded = store_.load_mutes(player);
  if (!loaded) return loaded;
  std::lock_guard lock(mutex_);
  mutes_[player] = *loaded.value;  // kept while the player is connected
  return loaded;
}

StoreStatus Moderation::set_mute(const std::string& player, const std::string& target, bool muted, std::int64_t unix) {
  if (StoreStatus failed = store_.set_mute(player, target, muted, unix)) return failed;
  std::lock_guard lock(mutex_);
  const auto found = mutes_.find(player);
  if (found == mutes_.end()) return std::nullopt;  // read from the store when next wanted
  std::vector<std::string>& list = found->second;
  const auto at = std::find(list.begin(), list.end(), target);
  if (muted && at == list.end()) list.push_back(target);
  if (!muted && at != list.end()) list.erase(at);
  return std::nullopt;
}

bool Moderation::muted(const std::string& listener, const std::string& writer) {
  if (listener == writer) return false;
  const StoreResult<std::vector<std::string>> list = mutes_of(listener);
  return list && std::find(list.value->begin(), list.value->end(), writer) != list.value->end();
}

bool Moderation::reported(const std::string& reporter, const std::string& reported) const {
  std::lock_guard lock(mutex_);
  return reports_.count({reporter, reported}) > 0;
}

bool Moderation::avoided(const std::string& first, const std::string& second) const {
  std::lock_guard lock(mutex_);
  const auto found = avoided_.find(first);
  return found != avoided_.end() && found->second.count(second) > 0;
}

bool Moderation::has_avoidances(const std::string& player) const {
  std::lock_guard lock(mutex_);
  return avoided_.count(player) > 0;
}

void Moderation::remember_sitting(const std::string& player, Sitting sitting) {
  std::lock_guard lock(mutex_);
  if (sittings_.size() > 10000)
    for (auto at = sittings_.begin(); at != sittings_.end();)
      at = at->second.ended_unix + kSittingKeptSeconds < sitting.ended_unix ? sittings_.erase(at) : std::next(at);
  sittings_[player] = std::move(sitting);
}

std::optional<Sitting> Moderation::last_sitting(const std::string& player) const {
  std::lock_guard lock(mutex_);
  const auto found = sittings_.find(player);
  if (found == sittings_.end()) return std::nullopt;
  return found->second;
}

void Moderation::report(const std::string& reporter, const online::client::Report& request,
                        const std::optional<Sitting>& live, const LinkPtr& from, std::int64_t unix) {
  if (request.player == reporter) return refuse(from, ErrorCode::NoSuchPlayer, "You cannot report yourself.", "report");
  std::optional<Sitting> sitting = live && live->opponent == request.player ? live : last_sitting(reporter);
  if (!sitting || sitting->opponent != request.player)
    return refuse(from, ErrorCode::NoSuchPlayer,
                  "You can report only the player at your table, or the one you last played with.", "report");
  ReportRow row;
  row.reporter = reporter;
  row.reporter_name = sitting->player_name;
  row.reported = request.player;
  row.reported_name = sitting->opponent_name;
  row.reason = request.reason;
  row.note = request.note;
  row.code = sitting->code;
  row.transcript = sitting->transcript;
  row.chat = std::move(sitting->chat);
  row.created_unix = unix;
  const StoreResult<std::int64_t> stored = store_.add_report(row);
  if (!stored)
    return refuse(from, ErrorCode::ServerError, "The server could not keep your report. Try again.", "report");
  std::function<void(const std::string&, const std::string&)> listener;
  {
    std::lock_guard lock(mutex_);
    reports_.emplace(reporter, request.player);
    avoided_[reporter].insert(request.player);
    avoided_[request.player].insert(reporter);
    listener = avoidance_listener_;
  }
  if (from) from->send(online::encode_server_message(wire::Reported{request.player}));
  if (listener) listener(reporter, request.player);
}

void Moderation::connected(const std::string& player, const LinkPtr& link) {
  std::lock_guard lock(mutex_);
  connections_.emplace(player, link);
}

void Moderation::disconnected(const std::string& player, const LinkPtr& link) {
  std::lock_guard lock(mutex_);
  const auto [first, last] = connections_.equal_range(player);
  for (auto at = first; at != last;) {
    const LinkPtr held = at->second.lock();
    at = !held || held == link ? connections_.erase(at) : std::next(at);
  }
  if (!connections_.count(player)) mutes_.erase(player);  // read again at the next hello
}

std::vector<LinkPtr> Moderation::connections_of(const std::string& player) const {
  std::lock_guard lock(mutex_);
  std::vector<LinkPtr> links;
  const auto [first, last] = connections_.equal_range(player);
  for (auto at = first; at != last; ++at)
    if (LinkPtr link = at->second.lock()) links.push_back(std::move(link));
  return links;
}

StoreResult<bool> Moderation::is_banned(const std::string& player) {
  const StoreResult<std::optional<BanRow>> found = store_.find_ban(player);
  if (!found) return {std::nullopt, found.error};
  return {found.value->has_value(), {}};
}

bool Moderation::banned_at_last_poll(const std::string& player) const {
  std::lock_guard lock(mutex_);
  return banned_.count(player) > 0;
}

void Moderation::poll_bans(const SeatedTables& tables) {
  const StoreResult<std::vector<BanRow>> bans = store_.load_bans();
  if (!bans) {
    std::fprintf(stderr, "reversi-server: cannot read the bans: %s\n", bans.error.message.c_str());
    return;
  }
  std::set<std::string> now;
  for (const BanRow& ban : *bans.value) now.insert(ban.player);
  std::vector<std::string> fresh;
  {
    std::lock_guard lock(mutex_);
    for (const std::string& player : now)
      if (!banned_.count(player)) fresh.push_back(player);
    banned_ = std::move(now);
  }
  const std::string told =
      online::encode_server_message(wire::Error{ErrorCode::Banned, "You have been banned from this server.", ""});
  for (const std::string& player : fresh) {
    for (const LinkPtr& link : connections_of(player)) {
      link->send(told);
      link->close();
    }
    if (HostPtr host = tables.host_of(player))
      host->run([player](Table& table) { table.leave(player, nullptr); });  // as if they left: abort or resign
  }
}

}  // namespace reversi::server
