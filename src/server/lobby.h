// The server's directory: which tables exist (each owned by its own
// TableHost), who is seated where, the open tables list and who watches
// it, and the seat-transfer codes. Thread-safe (one mutex); it never calls
// into a table while holding its lock, only hands work to the table's host.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/open_tables_list.h"
#include "server/table.h"
#include "server/table_host.h"

namespace reversi::server {

class Cluster;

// Builds a table with the services its host completes (timers, searches).
using MakeTable = std::function<std::optional<Table>(const TableServices& services)>;
// Creates a host that owns the table `make` builds, on the host's thread.
// When `make` gives nothing the host owns no table and runs no work.
using HostFactory = std::function<HostPtr(TableServices shared, MakeTable make)>;

class Lobby : public SeatedTables {
 public:
  // `shared`: the services every table has (store, clocks, random, windows);
  // the lobby fills in its own (changed, claim_player, new_code).
  Lobby(TableServices shared, HostFactory factory);
  ~Lobby();
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;

  // Start-up: every stored table comes back. Returns how many, or the error.
  StoreResult<std::size_t> restore_tables();
  // One stored table comes back here (a node taking over another's).
  void restore_table(const StoredTable& table);

  // With several nodes (cluster.h), before any table is opened or restored.
  void set_cluster(Cluster* cluster) { cluster_ = cluster; }
  // A table of another node changed (its summary, published by `node`).
  void remote_changed(const std::string& node, const TableSummary& summary);
  // The node playing a table this node does not: nothing when unknown.
  std::optional<std::string> remote_node(const std::string& code) const;
  // The node offering a seat-transfer code, when another one does.
  std::optional<std::string> remote_transfer_node(const std::string& code) const;
  // The tables played here, as last summed up (for a node that asks).
  std::vector<TableSummary> local_summaries() const;
  // Another node holds the table's lease now (`node`, when known): it is no
  // longer played here, and nothing about it is told (its new node tells).
  void hand_over(const std::string& code, const std::optional<std::string>& node);

  // Opens a table for `owner`; its first `table` message (or the refusal)
  // goes to `link`. False with `error_code` when the owner has a seat elsewhere.
  bool open_table(const SeatRow& owner, const messages::online::TableOptions& options, bool is_private,
                  const LinkPtr& link);
  HostPtr find_table(const std::string& code) const;
  std::optional<std::string> table_of(const std::string& player) const;
  HostPtr host_of(const std::string& player) const override;
  HostPtr find_transfer(const std::string& code) const;

  // `player`: the watcher, whose list leaves out the tables of players they
  // reported or who reported them (Moderation::avoided). The watcher gets
  // the whole list now (open-tables), then only what changes in it
  // (open-tables-changed); watching again sends the whole list again.
  void watch(const LinkPtr& link, const std::string& player = "");
  void unwatch(const LinkPtr& link);
  // The whole list as `watcher` would get it now.
  std::string open_tables_message(const std::string& watcher = "") const;
  // A report made `first` and `second` avoid each other: their lists lose
  // the other's tables now.
  void avoidances_changed(const std::string& first, const std::string& second);

  std::size_t table_count() const;

 private:
  void table_changed(const TableSummary& summary);
  // `node` empty: a table of this node.
  void apply_summary(const TableSummary& summary, const std::string& node);
  struct Watcher {
    LinkPtr link;
    std::string player;
    OpenTablesList::Holding holding;  // what the watcher's list names now
  };
  bool claim_player(const std::string& player, const std::string& code);
  std::string unused_code() const;  // under the lock
  OpenTablesList::Hidden hidden_from(const std::string& watcher) const;
  // Sends the watchers `which` picks what changed in their lists, and lets
  // `lock` (the lobby's) go.
  void send_list_changes(std::unique_lock<std::mutex>& lock, const std::function<bool(const Watcher&)>& which);

  TableServices shared_;
  HostFactory factory_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, HostPtr> tables_;
  std::unordered_map<std::string, std::string> player_tables_;        // player -> table code
  std::unordered_map<std::string, std::set<std::string>> seated_at_;  // table code -> players
  std::unordered_map<std::string, std::string> transfers_;            // transfer code -> table code
  std::unordered_map<std::string, std::string> table_transfers_;      // table code -> transfer code
  OpenTablesList open_tables_;
  std::vector<Watcher> watchers_;
  // Taken before the lobby's lock is let go and held while the lists are
  // sent: a watcher's changes reach it in the order they were worked out.
  std::mutex list_sending_;
  Cluster* cluster_ = nullptr;
  std::unordered_map<std::string, TableSummary> summaries_;     // tables of this node, as last told
  std::unordered_map<std::string, std::string> remote_tables_;  // table code -> the node playing it
  std::set<std::string> handed_over_;  // tables this node gave up: what they still say is stale
};

}  // namespace reversi::server
