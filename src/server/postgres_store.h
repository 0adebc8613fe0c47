// The Store in a PostgreSQL database (chosen with --database postgresql://…),
// beside the embedded SQLite one (sqlite_store.h) and answering the same
// interfaces the same way: one connection, used by one thread at a time (a
// mutex held by a transaction from begin() to its end, so that the reads a
// table makes while committing see its own writes, as on SQLite). A broken
// connection is opened again at the next call; the call that found it broken
// fails with PostgreSQL's words.
#pragma once

#include <mutex>
#include <string>

#include "server/moderation_store.h"
#include "server/store.h"

struct pg_conn;

namespace reversi::server {

class PgParams;
class PgResult;

class PostgresStore final : public Store, public ModerationStore {
 public:
  // Connects with a libpq URI and brings the schema up to date
  // (postgres_schema.cpp); `error` says why not.
  static std::unique_ptr<PostgresStore> open(const std::string& uri, StoreError& error);
  ~PostgresStore() override;
  PostgresStore(const PostgresStore&) = delete;
  PostgresStore& operator=(const PostgresStore&) = delete;

  std::unique_ptr<StoreTransaction> begin() override;
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
  ModerationStore* moderation() override { return this; }
  // With several nodes (cluster.h): every later write of a table commits
  // only while `node` holds the table's lease, else fails the transaction.
  void fence(const std::string& node) { fence_node_ = node; }
  StoreResult<ChipTotals> chip_totals(const std::string& player, std::int64_t from, std::int64_t to) override;
  StoreResult<std::vector<ChipEntry>> chip_ledger(const std::string& player, std::size_t size) override;

  // Chat and moderation (postgres_moderation.cpp).
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

 private:
  explicit PostgresStore(pg_conn* connection);
  // The connection, opened again first when it broke; nullptr under the error.
  pg_conn* connection(StoreError& error);
  // One statement on the connection (inside the open transaction, if any); the caller holds the lock.
  StoreResult<PgResult> query(const std::string& what, const char* sql, const PgParams& params);
  // Every table, or the one with `code`.
  StoreResult<std::vector<StoredTable>> load_tables_where(const std::optional<std::string>& code);
  friend class PostgresTransaction;
  pg_conn* connection_;
  std::recursive_mutex mutex_;   // held by a transaction from begin() to its end; reads nest
  bool in_transaction_ = false;  // a broken connection is not reopened under an open transaction
  std::string fence_node_;       // set once, before any table is played
};

// Brings a database up to the schema this build knows, each migration in a
// transaction of its own (postgres_schema.cpp).
StoreStatus migrate_postgres(pg_conn* connection);

}  // namespace reversi::server
