// PostgresStore (postgres_store.h): what PostgreSQL does its own way. The
// SQL, the readers and the writes are SqlStore's (sql_store.h), the schema
// is postgres_schema.cpp's.
#include "server/postgres_store.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <variant>

#include "server/player_names.h"
#include "server/postgres_connection.h"

namespace reversi::server {
namespace {

// SqlParams as libpq takes them: text.
PgParams pg_params(const SqlParams& params) {
  PgParams converted;
  for (const SqlValue& value : params.values()) {
    if (const auto* text = std::get_if<std::string>(&value))
      converted.add(*text);
    else if (const auto* number = std::get_if<std::int64_t>(&value))
      converted.add(*number);
    else if (const auto* real = std::get_if<double>(&value))
      converted.add(*real);
    else if (const auto* flag = std::get_if<bool>(&value))
      converted.add(*flag);
    else
      converted.add_null();
  }
  return converted;
}

// A result's rows, which libpq has read whole.
class PgRows final : public SqlRows {
 public:
  explicit PgRows(PgResult result) : result_(std::move(result)) {}
  bool next() override { return ++row_ < result_.rows(); }
  StoreStatus status() const override { return std::nullopt; }
  int changed() const override { return result_.changed(); }
  std::string text(int column) const override { return result_.text(row_, column); }
  bool is_null(int column) const override { return result_.is_null(row_, column); }
  std::int64_t integer(int column) const override { return result_.integer(row_, column); }
  double real(int column) const override { return result_.real(row_, column); }
  bool boolean(int column) const override { return result_.boolean(row_, column); }

 private:
  PgResult result_;
  int row_ = -1;  // before the first row
};

}  // namespace

// BEGIN at construction, COMMIT at commit(). A failed write rolls the
// transaction back at once: PostgreSQL refuses every later statement of an
// aborted transaction, and the reads a table makes before commit() must go on.
class PostgresTransaction final : public SqlTransaction {
 public:
  explicit PostgresTransaction(PostgresStore& store) : store_(store), lock_(store.mutex_) {
    StoreError error;
    connection_ = store_.connection(error);
    if (!connection_) {
      error_ = error;
      return;
    }
    error_ = run(connection_, "BEGIN", "begin");
    if (!error_) store_.in_transaction_ = true;
  }
  ~PostgresTransaction() override { roll_back(); }

  StoreStatus commit() override {
    if (finished_) return StoreError{"commit: the transaction is already finished"};
    check_leases();
    if (!error_) {
      error_ = run(connection_, "COMMIT", "commit");
      store_.in_transaction_ = false;
    }
    roll_back();
    finished_ = true;
    return error_;
  }

 private:
  std::optional<std::int64_t> write(const char* what, const char* sql, const SqlParams& params) override {
    const std::optional<PgResult> done = write_pg(what, sql, pg_params(params));
    if (!done) return std::nullopt;
    return done->rows() > 0 ? done->integer(0, 0) : 0;
  }

  // The result, or nullopt once this transaction has failed.
  std::optional<PgResult> write_pg(const char* what, const char* sql, const PgParams& params) {
    if (error_ || finished_) return std::nullopt;
    PgResult result = execute(connection_, sql, params);
    if (result.ok()) return result;
    error_ = pg_error(result, what);
    roll_back();
    return std::nullopt;
  }

  // With several nodes: a table is written only by the node holding its lease.
  void writing_table(const std::string& code) override {
    if (!store_.fence_node_.empty() && std::find(fenced_.begin(), fenced_.end(), code) == fenced_.end())
      fenced_.push_back(code);
  }

  // Before the commit, each table written is still this node's. FOR SHARE
  // holds the lease row until the commit: a node taking the table over
  // waits for it, then reads what this one wrote.
  void check_leases() {
    for (const std::string& code : fenced_) {
      const std::optional<PgResult> held =
          write_pg("check the table's lease", "SELECT 1 FROM table_leases WHERE code = $1 AND node = $2 FOR SHARE",
                   PgParams().add(code).add(store_.fence_node_));
      if (!held) return;
      if (held->rows() == 0) {
        error_ = StoreError{"table " + code + " is played by another node now"};
        roll_back();
        return;
      }
    }
  }

  void roll_back() {
    if (!store_.in_transaction_) return;
    run(connection_, "ROLLBACK", "rollback");
    store_.in_transaction_ = false;
  }

  PostgresStore& store_;
  std::unique_lock<std::recursive_mutex> lock_;
  PGconn* connection_ = nullptr;
  StoreStatus error_;
  bool finished_ = false;
  std::vector<std::string> fenced_;  // the tables written, with a fence node
};

namespace {

// PostgreSQL's notices go to stderr from WARNING up; the NOTICEs the
// migrations' IF NOT EXISTS makes at every start are left out.
void print_warnings(void*, const PGresult* notice) {
  const char* severity = PQresultErrorField(notice, PG_DIAG_SEVERITY_NONLOCALIZED);
  const std::string level = severity ? severity : "";
  if (level == "NOTICE" || level == "INFO" || level == "DEBUG" || level == "LOG") return;
  std::fprintf(stderr, "reversi-server: PostgreSQL: %s", PQresultErrorMessage(notice));
}

// Gives the players stored before schema version 7 the look-alike keys of
// their names, which need ICU and so no migration's SQL can make. Nodes
// starting together may both do it: they write the same keys.
StoreStatus fill_name_keys(PGconn* connection) {
  const std::string what = "give the stored names their look-alike keys";
  const PgResult players = execute(connection, "SELECT id, name FROM players WHERE name_skeleton IS NULL");
  if (!players.ok()) return pg_error(players, what);
  if (players.rows() == 0) return std::nullopt;
  if (StoreStatus failed = run(connection, "BEGIN", what)) return failed;
  StoreStatus failed;
  for (int row = 0; row < players.rows() && !failed; ++row) {
    const NameKeys keys = name_keys(players.text(row, 1));
    failed = run(connection, "UPDATE players SET name_skeleton = $2, name_folded = $3 WHERE id = $1", what,
                 PgParams().add(players.text(row, 0)).add(keys.skeleton).add(keys.folded));
  }
  if (!failed) failed = run(connection, "COMMIT", what);
  if (failed) run(connection, "ROLLBACK", "rollback");
  return failed;
}

}  // namespace

std::unique_ptr<PostgresStore> PostgresStore::open(const std::string& uri, StoreError& error) {
  PGconn* connection = PQconnectdb(uri.c_str());
  if (connection) PQsetNoticeReceiver(connection, print_warnings, nullptr);  // kept across PQreset
  // The URI may hold a password: it is not repeated in the message.
  if (!connection || PQstatus(connection) != CONNECTION_OK) {
    error.message = "cannot connect to the PostgreSQL database: " + connection_message(connection);
    PQfinish(connection);
    return nullptr;
  }
  StoreStatus failed = migrate_postgres(connection);
  if (!failed) failed = fill_name_keys(connection);
  if (failed) {
    error = *failed;
    PQfinish(connection);
    return nullptr;
  }
  return std::unique_ptr<PostgresStore>(new PostgresStore(connection));
}

PostgresStore::PostgresStore(PGconn* connection) : connection_(connection) {}

PostgresStore::~PostgresStore() { PQfinish(connection_); }

PGconn* PostgresStore::connection(StoreError& error) {
  if (PQstatus(connection_) != CONNECTION_OK && !in_transaction_) PQreset(connection_);
  if (PQstatus(connection_) == CONNECTION_OK) return connection_;
  error.message = "the PostgreSQL database cannot be reached: " + connection_message(connection_);
  return nullptr;
}

std::unique_ptr<StoreTransaction> PostgresStore::begin() { return std::make_unique<PostgresTransaction>(*this); }

StoreResult<std::unique_ptr<SqlRows>> PostgresStore::query(const std::string& what, const char* sql,
                                                           const SqlParams& params) {
  StoreError error;
  PGconn* open = connection(error);
  if (!open) return {std::nullopt, {what + ": " + error.message}};
  PgResult result = execute(open, sql, pg_params(params));
  if (!result.ok()) return {std::nullopt, pg_error(result, what)};
  return {std::make_unique<PgRows>(std::move(result)), {}};
}

StoreStatus PostgresStore::begin_own() {
  // Inside a table's transaction its COMMIT would be this one's: refused, as SQLite refuses a nested BEGIN.
  if (in_transaction_) return StoreError{"begin: a transaction is already open on this thread"};
  StoreError error;
  PGconn* open = connection(error);
  if (!open) return StoreError{"begin: " + error.message};
  if (StoreStatus failed = run(open, "BEGIN", "begin")) return failed;
  in_transaction_ = true;
  return std::nullopt;
}

StoreStatus PostgresStore::end_own(bool commit) {
  StoreStatus failed = commit ? run(connection_, "COMMIT", "commit") : std::nullopt;
  if (failed || !commit) run(connection_, "ROLLBACK", "rollback");
  in_transaction_ = false;
  return failed;
}

}  // namespace reversi::server
