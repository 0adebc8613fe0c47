// What the store code both dialects share (sql_store.h) asks of a dialect:
// a statement's parameters, given as values rather than in either library's
// binding calls, and the rows a statement gave back, read one at a time.
// SQLite's are in sqlite_store.cpp, PostgreSQL's in postgres_store.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "server/store.h"

namespace reversi::server {

// One parameter: NULL, a number, a flag or text. A flag is 0/1 on SQLite
// (INTEGER columns) and a BOOLEAN on PostgreSQL.
using SqlValue = std::variant<std::monostate, std::int64_t, double, bool, std::string>;

// A statement's $1, $2, … in order.
class SqlParams {
 public:
  SqlParams& add(std::string_view text) { return push(std::string(text)); }
  SqlParams& add(const char* text) { return push(std::string(text)); }
  SqlParams& add(const std::string& text) { return push(text); }
  SqlParams& add(std::int64_t number) { return push(number); }
  SqlParams& add(int number) { return push(std::int64_t{number}); }
  SqlParams& add(double number) { return push(number); }
  SqlParams& add(bool flag) { return push(flag); }
  SqlParams& add(const std::optional<std::string>& text) { return text ? push(*text) : push(std::monostate{}); }
  SqlParams& add_null() { return push(std::monostate{}); }
  const std::vector<SqlValue>& values() const { return values_; }

 private:
  // Made in place: a variant moved in would hold a string only sometimes,
  // which GCC 12 takes for one read uninitialised (-Wmaybe-uninitialized).
  template <class Value>
  SqlParams& push(Value&& value) {
    values_.emplace_back(std::forward<Value>(value));
    return *this;
  }
  std::vector<SqlValue> values_;
};

// The rows of one statement, before the first until next() moves on.
class SqlRows {
 public:
  virtual ~SqlRows() = default;
  // Moves to the next row; false after the last one, or when reading failed
  // (then status() says why).
  virtual bool next() = 0;
  virtual StoreStatus status() const = 0;
  // Rows an INSERT, UPDATE or DELETE touched.
  virtual int changed() const = 0;
  virtual std::string text(int column) const = 0;
  virtual bool is_null(int column) const = 0;
  virtual std::int64_t integer(int column) const = 0;
  virtual double real(int column) const = 0;
  virtual bool boolean(int column) const = 0;
};

}  // namespace reversi::server
