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

#include "server/sql_store.h"

struct pg_conn;

namespace reversi::server {

class PostgresStore final : public SqlStore {
 public:
  // Connects with a libpq URI and brings the schema up to date
  // (postgres_schema.cpp); `error` says why not.
  static std::unique_ptr<PostgresStore> open(const std::string& uri, StoreError& error);
  ~PostgresStore() override;
  PostgresStore(const PostgresStore&) = delete;
  PostgresStore& operator=(const PostgresStore&) = delete;

  std::unique_ptr<StoreTransaction> begin() override;
  // With several nodes (cluster.h): every later write of a table commits
  // only while `node` holds the table's lease, else fails the transaction.
  void fence(const std::string& node) { fence_node_ = node; }

 protected:
  StoreResult<std::unique_ptr<SqlRows>> query(const std::string& what, const char* sql,
                                              const SqlParams& params) override;
  // `position` keeps the order tables were first stored in (postgres_schema.cpp).
  const char* stored_order_column() const override { return "position"; }
  StoreStatus begin_own() override;
  StoreStatus end_own(bool commit) override;

 private:
  explicit PostgresStore(pg_conn* connection);
  // The connection, opened again first when it broke; nullptr under the error.
  pg_conn* connection(StoreError& error);
  friend class PostgresTransaction;
  pg_conn* connection_;
  bool in_transaction_ = false;  // a broken connection is not reopened under an open transaction
  std::string fence_node_;       // set once, before any table is played
};

// Brings a database up to the schema this build knows, each migration in a
// transaction of its own (postgres_schema.cpp).
StoreStatus migrate_postgres(pg_conn* connection);

}  // namespace reversi::server
