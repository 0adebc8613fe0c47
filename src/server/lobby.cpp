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
  std::vector<std::pair<LinkPtr, std::string>> to_tell;  // and the message for each
  {
    std::lock_guard lock(mutex_);
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
    // The open tables list.
    bool list_changed = false;
    if (const auto order = listed_order_.find(summary.code); order != listed_order_.end()) {
      const auto entry = listed_.find(order->second);
      if (!summary.listed || !(entry->second == *summary.listed)) {
        listed_.erase(entry);
        listed_order_.erase(order);
        list_changed = true;
      }
    }
    if (summary.listed && !listed_order_.count(summary.code)) {
      listed_order_[summary.code] = next_order_;
      listed_[next_order_++] = *summary.listed;
      list_changed = true;
    }
    if (summary.closed) {
      tables_.erase(summary.code);
      seated_at_.erase(summary.code);
    }
    if (list_changed && !watchers_.empty()) {
      const std::string everyone = open_tables_message_locked("");
      for (const auto& [link, player] : watchers_)
        to_tell.emplace_back(link, shared_.moderation && shared_.moderation->has_avoidances(player)
                                       ? open_tables_message_locked(player)
                                       : everyone);
    }
  }
  for (const auto& [watcher, message] : to_tell) watcher->send(message);
}

void Lobby::watch(const LinkPtr& link, const std::string& player) {
  std::string message;
  {
    std::lock_guard lock(mutex_);
    const auto found =
        std::find_if(watchers_.begin(), watchers_.end(), [&](const auto& watcher) { return watcher.first == link; });
    if (found == watchers_.end()) watchers_.emplace_back(link, player);
    message = open_tables_message_locked(player);
  }
  link->send(message);
}

void Lobby::unwatch(const LinkPtr& link) {
  std::lock_guard lock(mutex_);
  watchers_.erase(
      std::remove_if(watchers_.begin(), watchers_.end(), [&](const auto& watcher) { return watcher.first == link; }),
      watchers_.end());
}

std::string Lobby::open_tables_message(const std::string& watcher) const {
  std::lock_guard lock(mutex_);
  return open_tables_message_locked(watcher);
}

std::string Lobby::open_tables_message_locked(const std::string& watcher) const {
  online::server::OpenTables open;
  const bool filtered = shared_.moderation && !watcher.empty() && shared_.moderation->has_avoidances(watcher);
  for (auto entry = listed_.rbegin(); entry != listed_.rend() && open.tables.size() < online::kMaxOpenTablesListed;
       ++entry)
    if (!filtered || !shared_.moderation->avoided(watcher, entry->second.host_player))
      open.tables.push_back(entry->second);
  return online::encode_server_message(open);
}

std::size_t Lobby::table_count() const {
  std::lock_guard lock(mutex_);
  return tables_.size();
}

}  // namespace reversi::server
