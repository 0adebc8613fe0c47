// The Store and ModerationStore both SQL backends answer, written once over
// the SQL they share (store_sql.h) and the rows and parameters they share
// (store_rows.h). A dialect (sqlite_store.h, postgres_store.h) gives what
// truly differs: how a statement runs and reads back (query, write), how a
// transaction begins and ends, and its schema.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "server/moderation_store.h"
#include "server/sql_rows.h"
#include "server/store.h"

namespace reversi::server {

class SqlStore : public Store, public ModerationStore {
 public:
  StoreResult<std::optional<PlayerRow>> find_player(std::string_view id) override;
  StoreResult<std::optional<std::string>> look_alike_name(const NameKeys& keys, const std::string& except,
                                                          std::int64_t seen_since) override;
  StoreResult<std::vector<StoredTable>> load_tables() override;
  StoreResult<std::optional<StoredTable>> load_table(const std::string& code) override;
  StoreResult<std::vector<Square>> load_moves(const std::string& code, int match_number, int game_number) override;
  StoreResult<PlayerTally> tally(const std::string& player, const std::string& opponent = "") override;
  StoreResult<std::optional<std::string>> seated_at(const std::string& player) override;
  StoreResult<std::optional<std::string>> claim_device_link(const std::string& code, std::int64_t now_unix) override;
  StoreResult<std::vector<std::string>> device_secret_hashes(const std::string& player) override;
  StoreResult<int> rated_games_between(const std::string& a, const std::string& b, std::int64_t from,
                                       std::int64_t to) override;
  StoreResult<int> points(const std::string& player, std::int64_t from, std::int64_t to) override;
  StoreResult<std::vector<LeaderboardRow>> leaderboard(std::int64_t from, std::int64_t to, std::size_t size,
                                                       const std::string& player) override;
  StoreResult<std::vector<messages::online::server::HistoryGame>> history(const std::string& player,
                                                                          std::size_t size) override;
  StoreResult<std::vector<messages::online::server::HistoryGame>> match_games(const std::string& player,
                                                                              const std::string& code,
                                                                              int match_number) override;
  StoreResult<ChipTotals> chip_totals(const std::string& player, std::int64_t from, std::int64_t to) override;
  StoreResult<std::vector<ChipEntry>> chip_ledger(const std::string& player, std::size_t size) override;
  ModerationStore* moderation() override { return this; }

  // Chat and moderation (sql_moderation.cpp). Each write is its own
  // transaction under the store's lock.
  StoreStatus add_chat(const std::string& code, const ChatLine& line) override;
  StoreStatus clear_chat(const std::string& code) override;
  StoreResult<std::vector<ChatLine>> load_chat(const std::string& code, std::size_t newest) override;
  StoreStatus set_mute(const std::string& player, const std::string& muted, bool on, std::int64_t unix) override;
  StoreResult<std::vector<std::string>> load_mutes(const std::string& player) override;
  StoreResult<std::int64_t> add_report(const ReportRow& report) override;
  StoreResult<std::vector<ReportRow>> load_reports(bool include_closed) override;
  StoreResult<bool> close_report(std::int64_t id, std::int64_t unix) override;
  StoreResult<std::vector<std::pair<std::string, std::string>>> load_avoidances() override;
  StoreResult<bool> put_ban(const std::string& player, const std::string& reason, std::int64_t unix) override;
  StoreResult<bool> delete_ban(const std::string& player) override;
  StoreResult<std::vector<BanRow>> load_bans() override;
  StoreResult<std::optional<BanRow>> find_ban(const std::string& player) override;

 protected:
  // One statement of store_sql.h's, run at once (inside the open transaction,
  // if any); its rows, or the error with `what` first. The caller holds mutex_.
  virtual StoreResult<std::unique_ptr<SqlRows>> query(const std::string& what, const char* sql,
                                                      const SqlParams& params) = 0;
  // The column that keeps the order tables were first stored in, which
  // load_tables gives back among tables changed in the same second.
  virtual const char* stored_order_column() const = 0;
  // A transaction of its own for several statements (add_report), refused
  // inside an open one; ended with its commit, or rolled back.
  virtual StoreStatus begin_own() = 0;
  virtual StoreStatus end_own(bool commit) = 0;

  // Held by a transaction from begin() to its end; reads nest.
  std::recursive_mutex mutex_;

 private:
  StoreResult<std::vector<StoredTable>> read_tables(const std::string& sql, const SqlParams& params);
  StoreResult<std::vector<messages::online::server::HistoryGame>> read_history(const char* what, const std::string& sql,
                                                                               const SqlParams& params,
                                                                               const std::string& player);
};

// The writes of a transaction on either backend. A dialect runs each
// statement (write) and begins and ends the transaction.
class SqlTransaction : public StoreTransaction {
 public:
  void put_player(const PlayerRow& player) override;
  void mark_seen(const std::string& player, std::int64_t unix) override;
  void put_table(const TableRow& table) override;
  void add_move(const std::string& code, int match_number, int game_number, int index, Square square) override;
  void delete_table(const std::string& code) override;
  void add_game(const GameRecord& game) override;
  void add_milestone(const std::string& player, messages::online::Milestone milestone,
                     std::int64_t reached_unix) override;
  void add_chips(const ChipEntry& entry) override;
  void forget_player(const std::string& player) override;
  void put_device_link(const std::string& code, const std::string& player, std::int64_t now_unix,
                       std::int64_t expires_unix) override;
  void add_device_secret(const std::string& player, const std::string& secret_hash, std::int64_t created_unix) override;

 protected:
  // Runs one statement of store_sql.h's in the transaction: the first column
  // of its first row (0 when it gave none), or nothing once the transaction
  // has failed (later writes are then skipped, and commit() says why).
  virtual std::optional<std::int64_t> write(const char* what, const char* sql, const SqlParams& params) = 0;
  // The rows of table `code` are about to be written.
  virtual void writing_table(const std::string& code) { (void)code; }
};

}  // namespace reversi::server
