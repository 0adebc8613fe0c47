// SqliteStore (sqlite_store.h): what SQLite does its own way. The SQL, the
// readers and the writes are SqlStore's (sql_store.h), the schema is
// sqlite_schema.cpp's.
#include "server/sqlite_store.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "server/sqlite_statement.h"

namespace reversi::server {
namespace {

// store_sql.h's shared SQL as SQLite reads it: $1 becomes ?1, and byte
// order is SQLite's BINARY collation (none of that SQL holds a $ or the
// collation's name in a string).
std::string sqlite_sql(const char* shared) {
  std::string sql = shared;
  std::replace(sql.begin(), sql.end(), '$', '?');
  const std::string bytes = "COLLATE \"C\"";
  for (std::size_t at = sql.find(bytes); at != std::string::npos; at = sql.find(bytes, at))
    sql.replace(at, bytes.size(), "COLLATE BINARY");
  return sql;
}

void bind(Statement& statement, const SqlParams& params) {
  int index = 1;
  for (const SqlValue& value : params.values()) {
    if (const auto* text = std::get_if<std::string>(&value))
      statement.bind(index, *text);
    else if (const auto* number = std::get_if<std::int64_t>(&value))
      statement.bind(index, *number);
    else if (const auto* real = std::get_if<double>(&value))
      statement.bind(index, *real);
    else if (const auto* flag = std::get_if<bool>(&value))
      statement.bind(index, std::int64_t{*flag});  // flags are INTEGER columns, 0 or 1
    else
      statement.bind_null(index);
    ++index;
  }
}

// A statement's rows, read whole when it ran (as libpq gives them), so that
// no statement is left in progress while the next one, or a COMMIT, runs.
class SqliteRows final : public SqlRows {
 public:
  using Cell = std::variant<std::monostate, std::int64_t, double, std::string>;

  // Runs the statement to its end; the error, with `what` first, if it failed.
  StoreStatus run(sqlite3* database, Statement& statement, const std::string& what) {
    int step = 0;
    while ((step = statement.step()) == SQLITE_ROW) rows_.push_back(row_of(statement));
    if (step != SQLITE_DONE) return StoreError{last_error(database, what)};
    changed_ = sqlite3_changes(database);
    return std::nullopt;
  }
  bool next() override { return ++at_ < rows_.size(); }
  StoreStatus status() const override { return std::nullopt; }
  int changed() const override { return changed_; }
  std::string text(int column) const override {
    const Cell& cell = at(column);
    if (const auto* text = std::get_if<std::string>(&cell)) return *text;
    if (const auto* number = std::get_if<std::int64_t>(&cell)) return std::to_string(*number);
    return "";
  }
  bool is_null(int column) const override { return std::holds_alternative<std::monostate>(at(column)); }
  std::int64_t integer(int column) const override {
    const Cell& cell = at(column);
    if (const auto* number = std::get_if<std::int64_t>(&cell)) return *number;
    if (const auto* real = std::get_if<double>(&cell)) return static_cast<std::int64_t>(*real);
    if (const auto* text = std::get_if<std::string>(&cell)) return std::strtoll(text->c_str(), nullptr, 10);
    return 0;
  }
  double real(int column) const override {
    const Cell& cell = at(column);
    if (const auto* real = std::get_if<double>(&cell)) return *real;
    if (const auto* number = std::get_if<std::int64_t>(&cell)) return static_cast<double>(*number);
    if (const auto* text = std::get_if<std::string>(&cell)) return std::strtod(text->c_str(), nullptr);
    return 0;
  }
  bool boolean(int column) const override { return integer(column) != 0; }

 private:
  static std::vector<Cell> row_of(const Statement& statement) {
    std::vector<Cell> row;
    for (int column = 0; column < statement.columns(); ++column) {
      switch (statement.type(column)) {
        case SQLITE_NULL:
          row.emplace_back(std::monostate{});
          break;
        case SQLITE_INTEGER:
          row.emplace_back(statement.integer(column));
          break;
        case SQLITE_FLOAT:
          row.emplace_back(statement.real(column));
          break;
        default:
          row.emplace_back(statement.text(column));
      }
    }
    return row;
  }
  const Cell& at(int column) const { return rows_[at_][static_cast<std::size_t>(column)]; }

  std::vector<std::vector<Cell>> rows_;
  std::size_t at_ = static_cast<std::size_t>(-1);  // before the first row
  int changed_ = 0;
};

// Prepares, binds and runs one statement of store_sql.h's.
StoreResult<std::unique_ptr<SqlRows>> run_shared(sqlite3* database, const std::string& what, const char* sql,
                                                 const SqlParams& params) {
  Statement statement(database, sqlite_sql(sql).c_str());
  if (!statement.ok()) return {std::nullopt, {last_error(database, what)}};
  bind(statement, params);
  auto rows = std::make_unique<SqliteRows>();
  if (StoreStatus failed = rows->run(database, statement, what)) return {std::nullopt, *failed};
  return {std::unique_ptr<SqlRows>(std::move(rows)), {}};
}

}  // namespace

// BEGIN IMMEDIATE at construction (the write lock at once, so that no other
// connection's write can make this one fail half-way), COMMIT at commit().
class SqliteTransaction final : public SqlTransaction {
 public:
  explicit SqliteTransaction(SqliteStore& store) : store_(store), lock_(store.mutex_) {
    error_ = run(store_.database_, "BEGIN IMMEDIATE", "begin");
  }
  ~SqliteTransaction() override {
    if (!finished_) run(store_.database_, "ROLLBACK", "rollback");
  }

  StoreStatus commit() override {
    if (finished_) return StoreError{"commit: the transaction is already finished"};
    if (!error_) error_ = run(store_.database_, "COMMIT", "commit");
    if (error_) run(store_.database_, "ROLLBACK", "rollback");
    finished_ = true;
    return error_;
  }

 private:
  std::optional<std::int64_t> write(const char* what, const char* sql, const SqlParams& params) override {
    if (error_ || finished_) return std::nullopt;
    StoreResult<std::unique_ptr<SqlRows>> done = run_shared(store_.database_, what, sql, params);
    if (!done) {
      error_ = done.error;
      return std::nullopt;
    }
    SqlRows& rows = **done.value;
    return rows.next() ? rows.integer(0) : 0;
  }

  SqliteStore& store_;
  std::unique_lock<std::recursive_mutex> lock_;
  StoreStatus error_;
  bool finished_ = false;
};

namespace {

// Opens one connection with the pragmas every connection needs.
sqlite3* open_connection(const std::string& path, StoreError& error) {
  sqlite3* database = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
  if (sqlite3_open_v2(path.c_str(), &database, flags, nullptr) != SQLITE_OK) {
    error.message = "cannot open the database '" + path + "': " + (database ? sqlite3_errmsg(database) : "no memory");
    sqlite3_close(database);
    return nullptr;
  }
  sqlite3_busy_timeout(database, 5000);  // a backup or the checkpointer may hold a lock for a moment
  for (const char* pragma : {"PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON",
                             "PRAGMA wal_autocheckpoint = 0"})
    if (StoreStatus failed = run(database, pragma, pragma)) {
      error = *failed;
      sqlite3_close(database);
      return nullptr;
    }
  return database;
}

// How often the checkpointer copies the WAL back into the database.
constexpr std::chrono::milliseconds kCheckpointInterval{250};

}  // namespace

std::unique_ptr<SqliteStore> SqliteStore::open(const std::string& path, StoreError& error) {
  sqlite3* database = open_connection(path, error);
  if (!database) return nullptr;
  StoreStatus failed = migrate_sqlite(database);
  if (failed) {
    error = *failed;
    sqlite3_close(database);
    return nullptr;
  }
  if (path == ":memory:") return std::unique_ptr<SqliteStore>(new SqliteStore(database, nullptr));  // no WAL there
  sqlite3* checkpointer = open_connection(path, error);
  if (!checkpointer) {
    sqlite3_close(database);
    return nullptr;
  }
  return std::unique_ptr<SqliteStore>(new SqliteStore(database, checkpointer));
}

SqliteStore::SqliteStore(sqlite3* database, sqlite3* checkpointer) : database_(database), checkpointer_(checkpointer) {
  if (checkpointer_) checkpoint_thread_ = std::thread([this] { checkpoint_loop(); });
}

void SqliteStore::checkpoint_loop() {
  std::unique_lock lock(checkpoint_mutex_);
  while (!stopping_) {
    checkpoint_wake_.wait_for(lock, kCheckpointInterval, [this] { return stopping_; });
    if (stopping_) break;
    lock.unlock();
    // PASSIVE: copies what it can without making a writer wait.
    sqlite3_wal_checkpoint_v2(checkpointer_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    lock.lock();
  }
}

SqliteStore::~SqliteStore() {
  {
    std::lock_guard lock(checkpoint_mutex_);
    stopping_ = true;
  }
  checkpoint_wake_.notify_all();
  if (checkpoint_thread_.joinable()) checkpoint_thread_.join();
  sqlite3_close(checkpointer_);  // a no-op for nullptr
  // The last connection to close checkpoints everything and removes the WAL.
  sqlite3_close(database_);
}

std::unique_ptr<StoreTransaction> SqliteStore::begin() { return std::make_unique<SqliteTransaction>(*this); }

StoreResult<std::unique_ptr<SqlRows>> SqliteStore::query(const std::string& what, const char* sql,
                                                         const SqlParams& params) {
  return run_shared(database_, what, sql, params);
}

StoreStatus SqliteStore::begin_own() { return run(database_, "BEGIN IMMEDIATE", "begin"); }

StoreStatus SqliteStore::end_own(bool commit) {
  StoreStatus failed = commit ? run(database_, "COMMIT", "commit") : std::nullopt;
  if (failed || !commit) run(database_, "ROLLBACK", "rollback");
  return failed;
}

}  // namespace reversi::server
