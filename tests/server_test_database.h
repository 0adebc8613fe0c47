// The store's two backends in the server's unit tests. STORE_TEST_CASE runs
// its body once on SQLite (in memory) and once on PostgreSQL, each case in a
// schema of its own, created empty and dropped after it, in the database
// REVERSI_TEST_POSTGRES names (a libpq URI; scripts/test starts a throwaway
// cluster and sets it, scripts/test-postgres does it by hand). Without it the
// PostgreSQL cases fail, so no run can lose them unseen; a developer without
// PostgreSQL leaves them out, with doctest counting them as skipped, by
// --test-suite-exclude=postgresql. Include doctest (or define REQUIRE and
// REQUIRE_MESSAGE) first.
#pragma once

#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace reversi::testing {

enum class Backend { Sqlite, Postgres };

// A fresh, empty database of one backend, for one test case.
class TestDatabase {
 public:
  // `sqlite_path`: the SQLite file, for a case that opens the store twice.
  explicit TestDatabase(Backend backend, std::string sqlite_path = ":memory:") {
    if (backend == Backend::Sqlite) {
      location_ = std::move(sqlite_path);
      return;
    }
    const char* server = std::getenv("REVERSI_TEST_POSTGRES");
    REQUIRE_MESSAGE(server,
                    "REVERSI_TEST_POSTGRES is not set: run scripts/test, or scripts/test-postgres run COMMAND, or "
                    "leave the PostgreSQL cases out with --test-suite-exclude=postgresql");
    base_ = server;
    static std::atomic<int> cases{0};
    schema_ = "test_" + std::to_string(getpid()) + "_" + std::to_string(++cases);
    const std::string failed =
        execute(base_, "DROP SCHEMA IF EXISTS " + schema_ + " CASCADE; CREATE SCHEMA " + schema_);
    REQUIRE_MESSAGE(failed.empty(), failed);
    // Every connection of the case finds its tables in the schema, and is
    // named after it (cut_connections).
    location_ = base_ + (base_.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema_ +
                "&application_name=" + schema_;
  }
  ~TestDatabase() {
    if (schema_.empty()) return;
    // No REQUIRE in a destructor: a failure here is only a schema left behind.
    if (const std::string failed = execute(base_, "DROP SCHEMA " + schema_ + " CASCADE"); !failed.empty())
      std::fprintf(stderr, "test database: %s left behind: %s\n", schema_.c_str(), failed.c_str());
  }
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;

  // What --database would be given.
  const std::string& location() const { return location_; }

  // PostgreSQL: statements on a connection of their own in the case's
  // schema, for tests that look under the store; fails the test when refused.
  void run(const std::string& sql) const {
    const std::string failed = execute(location_, sql);
    REQUIRE_MESSAGE(failed.empty(), failed);
  }

  // PostgreSQL: ends the case's other connections from the server's side,
  // as a restart of PostgreSQL would.
  void cut_connections() const {
    run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '" + schema_ +
        "' AND pid <> pg_backend_pid()");
  }

 private:
  // PostgreSQL's message, or "" when the statements ran.
  static std::string execute(const std::string& uri, const std::string& sql) {
    PGconn* connection = PQconnectdb(uri.c_str());
    std::string failed;
    if (PQstatus(connection) != CONNECTION_OK) {
      failed = PQerrorMessage(connection);
    } else {
      PGresult* result = PQexec(connection, ("SET client_min_messages = warning; " + sql).c_str());
      if (PQresultStatus(result) != PGRES_COMMAND_OK && PQresultStatus(result) != PGRES_TUPLES_OK)
        failed = PQresultErrorMessage(result);
      PQclear(result);
    }
    PQfinish(connection);
    return failed;
  }

  std::string base_;
  std::string schema_;
  std::string location_;
};

}  // namespace reversi::testing

// A test case run on each backend: "NAME [sqlite]", and "NAME [postgresql]"
// in test suite "postgresql". The body is given `backend`.
#define STORE_TEST_CASE(name) REVERSI_STORE_TEST_CASE(name, DOCTEST_ANONYMOUS(REVERSI_STORE_CASE_))
#define REVERSI_STORE_TEST_CASE(name, body)                                                                          \
  static void body(reversi::testing::Backend backend);                                                               \
  TEST_CASE(name " [sqlite]") { body(reversi::testing::Backend::Sqlite); }                                           \
  TEST_CASE(name " [postgresql]" * doctest::test_suite("postgresql")) { body(reversi::testing::Backend::Postgres); } \
  static void body([[maybe_unused]] reversi::testing::Backend backend)
