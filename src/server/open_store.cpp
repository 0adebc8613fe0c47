#include "server/open_store.h"

#include "server/postgres_store.h"
#include "server/sqlite_store.h"

namespace reversi::server {

bool is_postgres_uri(std::string_view database) {
  return database.rfind("postgresql://", 0) == 0 || database.rfind("postgres://", 0) == 0;
}

std::unique_ptr<Store> open_store(const std::string& database, StoreError& error) {
  if (is_postgres_uri(database)) return PostgresStore::open(database, error);
  return SqliteStore::open(database, error);
}

}  // namespace reversi::server
