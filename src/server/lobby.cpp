#include "server/lobby.h"

#include <algorithm>
#include <cstdio>

#include "server/cluster.h"
#include "server/moderation.h"
#include "server/secrets.h"

namespace reversi::server {

namespace online = messages::online;

Lobby::Lobby(TableServices shared, HostFactory factory) : shared_(std::move(shared)), factory_(std::move(factory)) {
  shared_.changed = [this](const TableSummary& summary) { table_changed(summary); };
  shared_.claim_player = [this](const std::string& player, const std::string& code) {
    return claim_player(player, code);
  };
  shared_.new_code = [this] {
    std::lock_guard lock(mutex_);
    return unused_code();
  };
  if (shared_.moderation)
    shared_.moderation->set_avoidance_listener(
        [this](const std::string& first, const std::string& second) { avoidances_changed(first, second); });
}

Lobby::~Lobby() {
  if (shared_.moderation) shared_.moderation->set_avoidance_listener({});
}

std::string Lobby::unused_code() const {
  for (;;) {  // 32^6 codes: a clash is rare, and drawing again is cheap
    std::string code = random_code();
    if (!tables_.count(code) && !transfers_.count(code) && !remote_tables_.count(code)) return code;
  }
}

namespace {
// What a table that could not be built tells the lobby: it is gone.
TableSummary closed_table(const std::string& code) {
  TableSummary closed;
  closed.code = code;
  closed.closed = true;
  return closed;
}
}  // namespace

StoreResult<std::size_t> Lobby::restore_tables() {
  StoreResult<std::vector<StoredTable>> stored = shared_.store->load_tables();
  if (!stored) return {std::nullopt, stored.error};
  for (const StoredTable& table : *stored.value) restore_table(table);
  return {stored.value->size(), {}};
}

void Lobby::restore_table(const StoredTable& table) {
  // Who sits where is known from the row at once, before the table is
  // built on its strand: a ban read right after start-up finds its player
  // here (Moderation::poll_bans), and so does a player coming back.
  bool seated = false;
  {
    std::lock_guard lock(mutex_);
    remote_tables_.erase(table.row.code);
    handed_over_.erase(table.row.code);  // played here again
    for (const SeatRow& seat : table.row.seats)
      if (!seat.player.empty()) {
        player_tables_[seat.player] = table.row.code;
        seated_at_[table.row.code].insert(seat.player);
        seated = true;
      }
  }
  HostPtr host = factory_(shared_, [table](const TableServices& services) -> std::optional<Table> {
    StoreError error;
    std::optional<Table> restored = Table::restore(services, table, error);
    if (!restored) {
      std::fprintf(stderr, "reversi-server: cannot restore %s\n", error.message.c_str());
      services.changed(closed_table(table.row.code));  // its players are free to sit elsewhere
    }
    return restored;
  });
  std::lock_guard lock(mutex_);
  if (!seated || seated_at_.count(table.row.code)) tables_[table.row.code] = host;  // not closed by a failed restore
}

bool Lobby::open_table(const SeatRow& owner, const online::TableOptions& options, bool is_private,
                       const LinkPtr& link) {
  std::string code;
  {
    std::lock_guard lock(mutex_);
    if (player_tables_.count(owner.player)) return false;
    code = unused_code();
    handed_over_.erase(code);
    player_tables_[owner.player] = code;
    seated_at_[code].insert(owner.player);
  }
  HostPtr host = factory_(shared_, [=, cluster = cluster_](const TableServices& services) -> std::optional<Table> {
    StoreError error;
    // With several nodes the code must be this node's before anything is stored under it.
    std::optional<Table> table;
    if (!cluster || cluster->acquire(code)) table = Table::open(services, code, owner, options, is_private, error);
    if (!table) {
      link->send(online::encode_server_message(online::server::Error{
          messages::ErrorCode::ServerError, "The server could not open a table. Try again.", "open-table"}));
      services.changed(closed_table(code));
    }
    return table;
  });
  {
    std::lock_guard lock(mutex_);
    if (seated_at_.count(code)) tables_[code] = host;  // not already closed by a failed open
  }
  host->run([owner, link](Table& table) { table.attach(owner.player, link, std::nullopt); });
  return true;
}

HostPtr Lobby::find_table(const std::string& code) const {
  std::lock_guard lock(mutex_);
  const auto found = tables_.find(code);
  return found == tables_.end() ? nullptr : found->second;
}

std::optional<std::string> Lobby::table_of(const std::string& player) const {
  std::lock_guard lock(mutex_);
  const auto found = player_tables_.find(player);
  if (found == player_tables_.end()) return std::nullopt;
  return found->second;
}

HostPtr Lobby::host_of(const std::string& player) const {
  const std::optional<std::string> code = table_of(player);
  return code ? find_table(*code) : nullptr;
}

HostPtr Lobby::find_transfer(const std::string& code) const {
  std::lock_guard lock(mutex_);
  const auto found = transfers_.find(code);
  if (found == transfers_.end()) return nullptr;
  const auto table = tables_.find(found->second);
  return table == tables_.end() ? nullptr : table->second;
}

bool Lobby::claim_player(const std::string& player, const std::string& code) {
  std::lock_guard lock(mutex_);
  const auto found = player_tables_.find(player);
  if (found != player_tables_.end() && found->second != code) return false;
  player_tables_[player] = code;
  seated_at_[code].insert(player);
  return true;
}

void Lobby::table_changed(const TableSummary& summary) {
  bool tell_cluster = false;
  {
    std::lock_guard lock(mutex_);
    // A table handed over may still finish what it was doing (a change the
    // store refused): another node plays it, and this word is not news.
    if (handed_over_.count(summary.code)) return;
    // A table that never got going here (its code was taken) was never told of.
    tell_cluster = cluster_ && (!summary.closed || summaries_.count(summary.code));
    if (summary.closed)
      summaries_.erase(summary.code);
    else
      summaries_[summary.code] = summary;
  }
  apply_summary(summary, "");
  if (!tell_cluster) return;
  cluster_->table_changed(summary);
  if (summary.closed) cluster_->release(summary.code);
}

void Lobby::remote_changed(const std::string& node, const TableSummary& summary) { apply_summary(summary, node); }

std::optional<std::string> Lobby::remote_node(const std::string& code) const {
  std::lock_guard lock(mutex_);
  const auto found = remote_tables_.find(code);
  if (found == remote_tables_.end()) return std::nullopt;
  return found->second;
}

std::optional<std::string> Lobby::remote_transfer_node(const std::string& code) const {
  std::lock_guard lock(mutex_);
  const auto found = transfers_.find(code);
  if (found == transfers_.end()) return std::nullopt;
  const auto table = remote_tables_.find(found->second);
  if (table == remote_tables_.end()) return std::nullopt;
  return table->second;
}

std::vector<TableSummary> Lobby::local_summaries() const {
  std::lock_guard lock(mutex_);
  std::vector<TableSummary> all;
  for (const auto& [code, summary] : summaries_) all.push_back(summary);
  return all;
}

void Lobby::hand_over(const std::string& code, const std::optional<std::string>& node) {
  HostPtr host;
  {
    std::lock_guard lock(mutex_);
    const auto found = tables_.find(code);
    if (found == tables_.end()) return;
    host = found->second;
    tables_.erase(found);
    summaries_.erase(code);
    handed_over_.insert(code);
    // Its players coming back here are relayed there at once, before its node says so.
    if (node) remote_tables_[code] = *node;
  }
  host->run([](Table& table) { table.hand_over(); });
}

void Lobby::apply_summary(const TableSummary& summary, const std::string& node) {
  std::unique_lock lock(mutex_);
  if (!node.empty()) {
    if (tables_.count(summary.code)) return;  // played here now: a late word from the node before
    if (summary.closed)
      remote_tables_.erase(summary.code);
    else
      remote_tables_[summary.code] = node;
  } else {
    remote_tables_.erase(summary.code);
  }
  // Seated players: exactly those the table names now.
  std::set<std::string>& seated = seated_at_[summary.code];
  for (const std::string& player : seated)
    if (player != summary.players[0] && player != summary.players[1]) {
      const auto found = player_tables_.find(player);
      if (found != player_tables_.end() && found->second == summary.code) player_tables_.erase(found);
    }
  seated.clear();
  for (const std::string& player : summary.players)
    if (!player.empty()) {
      seated.insert(player);
      player_tables_[player] = summary.code;
    }
  // Transfer codes.
  if (const auto old = table_transfers_.find(summary.code); old != table_transfers_.end()) {
    transfers_.erase(old->second);
    table_transfers_.erase(old);
  }
  if (summary.transfer_code && !summary.closed) {
    transfers_[*summary.transfer_code] = summary.code;
    table_transfers_[summary.code] = *summary.transfer_code;
  }
  if (summary.closed) {
    tables_.erase(summary.code);
    seated_at_.erase(summary.code);
  }
  // The open tables list: its watchers hear what changed in theirs.
  if (open_tables_.update(summary.code, summary.listed)) send_list_changes(lock, [](const Watcher&) { return true; });
}

void Lobby::avoidances_changed(const std::string& first, const std::string& second) {
  std::unique_lock lock(mutex_);
  send_list_changes(lock, [&](const Watcher& watcher) { return watcher.player == first || watcher.player == second; });
}

OpenTablesList::Hidden Lobby::hidden_from(const std::string& watcher) const {
  Moderation* moderation = shared_.moderation;
  if (!moderation || watcher.empty() || !moderation->has_avoidances(watcher)) return {};
  return [moderation, watcher](const std::string& host) { return moderation->avoided(watcher, host); };
}

void Lobby::send_list_changes(std::unique_lock<std::mutex>& lock, const std::function<bool(const Watcher&)>& which) {
  std::vector<std::pair<LinkPtr, std::string>> to_tell;  // and the message for each
  // Watchers who avoid no one mostly hold the same list: the change is
  // worked out once for those.
  std::optional<OpenTablesList::Holding> shared_before;
  OpenTablesList::Holding shared_after;
  std::optional<std::string> shared_message;
  for (Watcher& watcher : watchers_) {
    if (!which(watcher)) continue;
    const OpenTablesList::Hidden hidden = hidden_from(watcher.player);
    if (!hidden && shared_before && watcher.holding == *shared_before) {
      watcher.holding = shared_after;
      if (shared_message) to_tell.emplace_back(watcher.link, *shared_message);
      continue;
    }
    OpenTablesList::Holding before = hidden ? OpenTablesList::Holding{} : watcher.holding;
    const auto change = open_tables_.changes(watcher.holding, hidden);
    std::optional<std::string> message;
    if (change) message = online::encode_server_message(*change);
    if (!hidden) {
      shared_before = std::move(before);
      shared_after = watcher.holding;
      shared_message = message;
    }
    if (message) to_tell.emplace_back(watcher.link, std::move(*message));
  }
  std::lock_guard sending(list_sending_);
  lock.unlock();
  for (const auto& [link, message] : to_tell) link->send(message);
}

void Lobby::watch(const LinkPtr& link, const std::string& player) {
  std::unique_lock lock(mutex_);
  auto found =
      std::find_if(watchers_.begin(), watchers_.end(), [&](const Watcher& watcher) { return watcher.link == link; });
  if (found == watchers_.end()) found = watchers_.insert(watchers_.end(), Watcher{link, player, {}});
  found->player = player;
  const std::string message = online::encode_server_message(open_tables_.whole(found->holding, hidden_from(player)));
  std::lock_guard sending(list_sending_);
  lock.unlock();
  link->send(message);
}

void Lobby::unwatch(const LinkPtr& link) {
  std::lock_guard lock(mutex_);
  std::erase_if(watchers_, [&](const Watcher& watcher) { return watcher.link == link; });
}

std::string Lobby::open_tables_message(const std::string& watcher) const {
  std::lock_guard lock(mutex_);
  OpenTablesList::Holding holding;
  return online::encode_server_message(open_tables_.whole(holding, hidden_from(watcher)));
}

std::size_t Lobby::table_count() const {
  std::lock_guard lock(mutex_);
  return tables_.size();
}

}  // namespace reversi::server
