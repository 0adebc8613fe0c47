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

#include "server/sql_store.h"

struct sqlite3;

namespace reversi::server {

class SqliteStore final : public SqlStore {
 public:
  // Opens (or creates) the database and its schema; `error` says why not.
  static std::unique_ptr<SqliteStore> open(const std::string& path, StoreError& error);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  std::unique_ptr<StoreTransaction> begin() override;

 protected:
  StoreResult<std::unique_ptr<SqlRows>> query(const std::string& what, const char* sql,
                                              const SqlParams& params) override;
  const char* stored_order_column() const override { return "rowid"; }
  StoreStatus begin_own() override;
  StoreStatus end_own(bool commit) override;

 private:
  SqliteStore(sqlite3* database, sqlite3* checkpointer);
  void checkpoint_loop();
  friend class SqliteTransaction;
  sqlite3* database_;
  sqlite3* checkpointer_;  // a second connection, only for checkpoints
  std::mutex checkpoint_mutex_;
  std::condition_variable checkpoint_wake_;
  bool stopping_ = false;
  std::thread checkpoint_thread_;
};

// Brings a file up to the schema this build knows (sqlite_schema.cpp).
StoreStatus migrate_sqlite(sqlite3* database);

}  // namespace reversi::server
