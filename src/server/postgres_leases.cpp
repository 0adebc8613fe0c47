#include "server/postgres_leases.h"

#include "server/postgres_connection.h"

namespace reversi::server {

std::unique_ptr<LeaseBook> LeaseBook::open(const std::string& uri, std::string node, double lease_seconds,
                                           StoreError& error) {
  PGconn* connection = PQconnectdb(uri.c_str());
  if (!connection || PQstatus(connection) != CONNECTION_OK) {
    error.message = "cannot connect to the PostgreSQL database for the table leases: " + connection_message(connection);
    PQfinish(connection);
    return nullptr;
  }
  return std::unique_ptr<LeaseBook>(new LeaseBook(connection, std::move(node), lease_seconds));
}

LeaseBook::LeaseBook(PGconn* connection, std::string node, double lease_seconds)
    : connection_(connection), node_(std::move(node)), lease_seconds_(lease_seconds) {}

LeaseBook::~LeaseBook() { PQfinish(connection_); }

PGconn* LeaseBook::connection(StoreError& error) {
  if (PQstatus(connection_) != CONNECTION_OK) PQreset(connection_);
  if (PQstatus(connection_) == CONNECTION_OK) return connection_;
  error.message = "the PostgreSQL database cannot be reached: " + connection_message(connection_);
  return nullptr;
}

StoreResult<bool> LeaseBook::acquire(const std::string& code) {
  std::lock_guard lock(mutex_);
  StoreError error;
  PGconn* open = connection(error);
  if (!open) return {std::nullopt, error};
  // One statement: of two nodes asking at once, one gets the row.
  const PgResult taken =
      execute(open,
              "INSERT INTO table_leases (code, node, expires_at) VALUES ($1, $2, clock_timestamp() + "
              "make_interval(secs => $3)) ON CONFLICT (code) DO UPDATE SET node = excluded.node, "
              "expires_at = excluded.expires_at WHERE table_leases.node = excluded.node OR "
              "table_leases.expires_at < clock_timestamp() RETURNING node",
              PgParams().add(code).add(node_).add(lease_seconds_));
  if (!taken.ok()) return {std::nullopt, pg_error(taken, "take the lease of table " + code)};
  return {taken.rows() == 1, {}};
}

StoreStatus LeaseBook::release(const std::string& code) {
  std::lock_guard lock(mutex_);
  StoreError error;
  PGconn* open = connection(error);
  if (!open) return error;
  return run(open, "DELETE FROM table_leases WHERE code = $1 AND node = $2", "give up the lease of table " + code,
             PgParams().add(code).add(node_));
}

StoreStatus LeaseBook::release_all() {
  std::lock_guard lock(mutex_);
  StoreError error;
  PGconn* open = connection(error);
  if (!open) return error;
  return run(open, "DELETE FROM table_leases WHERE node = $1", "give up the leases", PgParams().add(node_));
}

StoreResult<std::optional<std::string>> LeaseBook::holder(const std::string& code) {
  std::lock_guard lock(mutex_);
  StoreError error;
  PGconn* open = connection(error);
  if (!open) return {std::nullopt, error};
  const PgResult found = execute(
      open, "SELECT node FROM table_leases WHERE code = $1 AND expires_at > clock_timestamp()", PgParams().add(code));
  if (!found.ok()) return {std::nullopt, pg_error(found, "find who plays table " + code)};
  if (found.rows() == 0) return {std::optional<std::string>{}, {}};
  return {found.text(0, 0), {}};
}

StoreResult<std::vector<std::string>> LeaseBook::renew() {
  std::lock_guard lock(mutex_);
  StoreError error;
  PGconn* open = connection(error);
  if (!open) return {std::nullopt, error};
  const PgResult renewed = execute(
      open,
      "UPDATE table_leases SET expires_at = clock_timestamp() + make_interval(secs => $2) WHERE node = $1 RETURNING "
      "code",
      PgParams().add(node_).add(lease_seconds_));
  if (!renewed.ok()) return {std::nullopt, pg_error(renewed, "renew the table leases")};
  std::vector<std::string> codes;
  for (int row = 0; row < renewed.rows(); ++row) codes.push_back(renewed.text(row, 0));
  return {codes, {}};
}

StoreResult<std::vector<std::string>> LeaseBook::orphans() {
  std::lock_guard lock(mutex_);
  StoreError error;
  PGconn* open = connection(error);
  if (!open) return {std::nullopt, error};
  const PgResult found = execute(open,
                                 "SELECT t.code FROM tables t LEFT JOIN table_leases l ON l.code = t.code WHERE l.code "
                                 "IS NULL OR l.expires_at < clock_timestamp() OR l.node = $1 ORDER BY t.updated_unix, "
                                 "t.position",
                                 PgParams().add(node_));
  if (!found.ok()) return {std::nullopt, pg_error(found, "find the tables no node plays")};
  std::vector<std::string> codes;
  for (int row = 0; row < found.rows(); ++row) codes.push_back(found.text(row, 0));
  return {codes, {}};
}

}  // namespace reversi::server
