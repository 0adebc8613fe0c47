// Which store a --database value means: a libpq URI (postgresql://… or
// postgres://…) is a PostgreSQL database (postgres_store.h); anything else is
// the path of a SQLite file (sqlite_store.h), the embedded default.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "server/store.h"

namespace reversi::server {

bool is_postgres_uri(std::string_view database);

// Opens the store and brings its schema up to date; nullptr with `error` set when it cannot.
std::unique_ptr<Store> open_store(const std::string& database, StoreError& error);

}  // namespace reversi::server
