// The Store in one SQLite file, in WAL mode: readers never wait for the
// writer, and a commit survives the process being killed (synchronous=NORMAL:
// only a power cut can lose the last commits). One connection, used by one
// thread at a time (a mutex), which SQLite serialises anyway for writers.
// Checkpoints (copying the WAL into the database, with an fsync) run on a
// thread of their own: left to the committing thread they stalled one
// commit in a hundred by 6-10 ms (up to 100 ms), see docs/server.md.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "server/moderation_store.h"
#include "server/store.h"

struct sqlite3;

namespace reversi::server {

class SqliteStore final : public Store, public ModerationStore {
 public:
  // Opens (or creates) the database and its schema; `error` says why not.
  static std::unique_ptr<SqliteStore> open(const std::string& path, StoreError& error);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  std::unique_ptr<StoreTransaction> begin() override;
  StoreResult<std::optional<PlayerRow>> find_player(std::string_view id) override;
  StoreResult<std::optional<std::string>> look_alike_name(const NameKeys& keys, const std::string& except,
                                                          std::int64_t seen_since) override;
  StoreResult<std::vector<StoredTable>> load_tables() override;
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

  // Chat and moderation (sqlite_moderation.cpp).
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
  StoreResult<ChipTotals> chip_totals(const std::string& player, std::int64_t from, std::int64_t to) override;
  StoreResult<std::vector<ChipEntry>> chip_ledger(const std::string& player, std::size_t size) override;

 private:
  SqliteStore(sqlite3* database, sqlite3* checkpointer);
  void checkpoint_loop();
  friend class SqliteTransaction;
  sqlite3* database_;
  std::recursive_mutex mutex_;  // held by a transaction from begin() to its end; reads nest
  sqlite3* checkpointer_;       // a second connection, only for checkpoints
  std::mutex checkpoint_mutex_;
  std::condition_variable checkpoint_wake_;
  bool stopping_ = false;
  std::thread checkpoint_thread_;
};

}  // namespace reversi::server
