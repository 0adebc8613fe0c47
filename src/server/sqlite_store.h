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

#include "server/store.h"

struct sqlite3;

namespace reversi::server {

class SqliteStore final : public Store {
 public:
  // Opens (or creates) the database and its schema; `error` says why not.
  static std::unique_ptr<SqliteStore> open(const std::string& path, StoreError& error);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  std::unique_ptr<StoreTransaction> begin() override;
  StoreResult<std::optional<PlayerRow>> find_player(std::string_view id) override;
  StoreResult<std::vector<StoredTable>> load_tables() override;
  StoreResult<std::vector<Square>> load_moves(const std::string& code, int match_number, int game_number) override;
  StoreResult<PlayerTally> tally(const std::string& player, const std::string& opponent = "") override;
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
