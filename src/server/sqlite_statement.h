// The SQLite helpers the store's files share (sqlite_store.cpp,
// sqlite_schema.cpp): a prepared statement that finalises itself, a
// statement run for its effect, and an error message with SQLite's words.
// Internal to the SQLite store.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "server/store.h"

namespace reversi::server {

inline std::string last_error(sqlite3* database, const std::string& what) {
  return what + ": " + sqlite3_errmsg(database);
}

// One prepared statement, finalised on scope exit.
class Statement {
 public:
  Statement(sqlite3* database, const char* sql) {
    if (sqlite3_prepare_v2(database, sql, -1, &statement_, nullptr) != SQLITE_OK) statement_ = nullptr;
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool ok() const { return statement_ != nullptr; }
  Statement& bind(int index, std::string_view text) {
    sqlite3_bind_text(statement_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind(int index, std::int64_t number) {
    sqlite3_bind_int64(statement_, index, number);
    return *this;
  }
  Statement& bind(int index, double number) {
    sqlite3_bind_double(statement_, index, number);
    return *this;
  }
  Statement& bind_null(int index) {
    sqlite3_bind_null(statement_, index);
    return *this;
  }
  // SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return statement_ ? sqlite3_step(statement_) : SQLITE_ERROR; }
  std::string text(int column) const {
    const unsigned char* value = sqlite3_column_text(statement_, column);
    return value ? reinterpret_cast<const char*>(value) : "";
  }
  bool is_null(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }
  int columns() const { return sqlite3_column_count(statement_); }
  // SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB or SQLITE_NULL.
  int type(int column) const { return sqlite3_column_type(statement_, column); }
  std::int64_t integer(int column) const { return sqlite3_column_int64(statement_, column); }
  double real(int column) const { return sqlite3_column_double(statement_, column); }

 private:
  sqlite3_stmt* statement_ = nullptr;
};

inline StoreStatus run(sqlite3* database, const char* sql, const std::string& what) {
  char* message = nullptr;
  if (sqlite3_exec(database, sql, nullptr, nullptr, &message) == SQLITE_OK) return std::nullopt;
  StoreError error{what + ": " + (message ? message : "unknown error")};
  sqlite3_free(message);
  return error;
}

}  // namespace reversi::server
