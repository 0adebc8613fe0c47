// The Store in one SQLite file, in WAL mode: readers never wait for the
// writer, and a commit survives the process being killed (synchronous=NORMAL:
// only a power cut can lose the last commits). One connection, used by one
// thread at a time (a mutex), which SQLite serialises anyway for writers.
#pragma once

#include <mutex>
#include <string>

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

 private:
  explicit SqliteStore(sqlite3* database) : database_(database) {}
  friend class SqliteTransaction;
  sqlite3* database_;
  std::recursive_mutex mutex_;  // held by a transaction from begin() to its end; reads nest
};

}  // namespace reversi::server
