// The libpq helpers the PostgreSQL store's files share (postgres_store.cpp,
// postgres_schema.cpp, postgres_leases.cpp): a result that clears
// itself, parameters sent as text, and an error message with PostgreSQL's
// words. libpq rather than libpqxx: Debian bookworm ships libpqxx 6.4, whose
// every call throws, while libpq returns statuses as sqlite3 does and the
// store turns them into values the same way. Internal to the PostgreSQL store.
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/store.h"

namespace reversi::server {

// One statement's result, cleared on scope exit. Columns come back as text.
class PgResult {
 public:
  explicit PgResult(PGresult* result) : result_(result, &PQclear) {}
  // A command ran, or rows came back.
  bool ok() const {
    const ExecStatusType status = PQresultStatus(result_.get());
    return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
  }
  int rows() const { return PQntuples(result_.get()); }
  std::string text(int row, int column) const { return PQgetvalue(result_.get(), row, column); }
  bool is_null(int row, int column) const { return PQgetisnull(result_.get(), row, column) != 0; }
  std::int64_t integer(int row, int column) const {
    return std::strtoll(PQgetvalue(result_.get(), row, column), nullptr, 10);
  }
  double real(int row, int column) const { return std::strtod(PQgetvalue(result_.get(), row, column), nullptr); }
  bool boolean(int row, int column) const { return PQgetvalue(result_.get(), row, column)[0] == 't'; }
  // Rows an INSERT, UPDATE or DELETE touched.
  int changed() const { return std::atoi(PQcmdTuples(result_.get())); }
  // The SQLSTATE of a failure ("23505": a unique key taken), "" on success.
  std::string state() const {
    const char* code = PQresultErrorField(result_.get(), PG_DIAG_SQLSTATE);
    return code ? code : "";
  }
  std::string message() const {
    std::string text = result_ ? PQresultErrorMessage(result_.get()) : "no memory";
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
  }

 private:
  std::unique_ptr<PGresult, decltype(&PQclear)> result_;
};

// A statement's $1, $2, … in order, as text (NULL for nullopt).
class PgParams {
 public:
  PgParams& add(std::string_view text) {
    values_.emplace_back(std::string(text));
    return *this;
  }
  PgParams& add(const char* text) { return add(std::string_view(text)); }
  PgParams& add(const std::string& text) { return add(std::string_view(text)); }
  PgParams& add(std::int64_t number) {
    values_.emplace_back(std::to_string(number));
    return *this;
  }
  PgParams& add(int number) { return add(std::int64_t{number}); }
  PgParams& add(bool flag) {
    values_.emplace_back(flag ? "true" : "false");
    return *this;
  }
  // Every double round-trips: 17 significant digits.
  PgParams& add(double number) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", number);
    values_.emplace_back(text);
    return *this;
  }
  PgParams& add(const std::optional<std::string>& text) {
    values_.push_back(text);
    return *this;
  }
  PgParams& add_null() {
    values_.emplace_back(std::nullopt);
    return *this;
  }
  std::vector<const char*> pointers() const {
    std::vector<const char*> pointers;
    for (const std::optional<std::string>& value : values_) pointers.push_back(value ? value->c_str() : nullptr);
    return pointers;
  }

 private:
  std::vector<std::optional<std::string>> values_;
};

// One statement with its parameters (no parameters: several statements may
// be sent at once, as the migrations are).
inline PgResult execute(PGconn* connection, const char* sql, const PgParams& params = {}) {
  const std::vector<const char*> values = params.pointers();
  if (values.empty()) return PgResult(PQexec(connection, sql));
  return PgResult(
      PQexecParams(connection, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0));
}

// libpq's words for the connection's last failure, without the newline it ends with.
inline std::string connection_message(PGconn* connection) {
  std::string message = connection ? PQerrorMessage(connection) : "no memory";
  while (!message.empty() && message.back() == '\n') message.pop_back();
  return message;
}

inline StoreError pg_error(const PgResult& result, const std::string& what) {
  return StoreError{what + ": " + result.message()};
}

// A statement run for its effect.
inline StoreStatus run(PGconn* connection, const char* sql, const std::string& what, const PgParams& params = {}) {
  const PgResult result = execute(connection, sql, params);
  if (result.ok()) return std::nullopt;
  return pg_error(result, what);
}

}  // namespace reversi::server
