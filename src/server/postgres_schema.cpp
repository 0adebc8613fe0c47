// The PostgreSQL schema, numbered as the SQLite one (sqlite_schema.cpp): each
// version holds the same tables on both, in PostgreSQL's types (BIGINT for
// times and ids, BOOLEAN for flags, identity columns for AUTOINCREMENT). The
// version is the one row of schema_version. Each migration runs in a
// transaction of its own with the version it reaches, under an advisory lock
// so that servers starting together migrate one after another; a crash
// mid-way leaves the database at the last whole version. Migrations are never
// edited once released: a change is a new one at the end, here and in SQLite.
#include <iterator>
#include <string>

#include "server/postgres_connection.h"
#include "server/postgres_store.h"
#include "server/store_sql.h"

namespace reversi::server {
namespace {

constexpr sql::Migration kPostgresMigrations[] = {
    // `position` keeps the order tables were first stored in (SQLite's rowid),
    // which load_tables gives back among tables changed in the same second.
    {1, R"sql(
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  created_unix BIGINT NOT NULL
);
CREATE TABLE tables (
  code TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  private BOOLEAN NOT NULL,
  match_length INTEGER NOT NULL,
  clock DOUBLE PRECISION NOT NULL,
  start TEXT NOT NULL,
  seat0_player TEXT NOT NULL, seat0_name TEXT NOT NULL, seat0_computer TEXT,
  seat1_player TEXT NOT NULL, seat1_name TEXT NOT NULL, seat1_computer TEXT,
  phase TEXT NOT NULL,
  seq INTEGER NOT NULL,
  has_match BOOLEAN NOT NULL,
  match_number INTEGER NOT NULL,
  first_colour TEXT NOT NULL,
  finished TEXT NOT NULL,
  game_number INTEGER NOT NULL,
  forfeited TEXT,
  forfeit_reason TEXT NOT NULL,
  random_state BIGINT NOT NULL,
  updated_unix BIGINT NOT NULL,
  position BIGINT GENERATED ALWAYS AS IDENTITY
);
CREATE TABLE moves (
  code TEXT NOT NULL REFERENCES tables(code),
  match_number INTEGER NOT NULL,
  game_number INTEGER NOT NULL,
  move_index INTEGER NOT NULL,
  square TEXT NOT NULL,
  PRIMARY KEY (code, match_number, game_number, move_index)
);
)sql"},
    {2, R"sql(
CREATE TABLE games (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code TEXT NOT NULL,
  match_number INTEGER NOT NULL,
  game_number INTEGER NOT NULL,
  black TEXT NOT NULL, black_name TEXT NOT NULL, black_computer TEXT,
  white TEXT NOT NULL, white_name TEXT NOT NULL, white_computer TEXT,
  result TEXT NOT NULL,
  reason TEXT NOT NULL,
  black_count INTEGER NOT NULL,
  white_count INTEGER NOT NULL,
  transcript TEXT NOT NULL,
  rated BOOLEAN NOT NULL,
  ended_unix BIGINT NOT NULL
);
CREATE INDEX games_by_match ON games (code, match_number);
CREATE TABLE scores (
  player TEXT NOT NULL,
  game BIGINT NOT NULL REFERENCES games(id),
  opponent TEXT NOT NULL,
  outcome TEXT NOT NULL,
  points INTEGER NOT NULL,
  rated BOOLEAN NOT NULL,
  ended_unix BIGINT NOT NULL,
  PRIMARY KEY (player, game)
);
CREATE INDEX scores_by_time ON scores (ended_unix, player);
CREATE TABLE milestones (
  player TEXT NOT NULL,
  milestone TEXT NOT NULL,
  reached_unix BIGINT NOT NULL,
  PRIMARY KEY (player, milestone)
);
)sql"},
    {3, R"sql(
CREATE TABLE chat (
  code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  player TEXT NOT NULL,
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  shown TEXT NOT NULL,
  at_unix BIGINT NOT NULL,
  PRIMARY KEY (code, id)
);
CREATE TABLE mutes (
  player TEXT NOT NULL,
  muted TEXT NOT NULL,
  since_unix BIGINT NOT NULL,
  PRIMARY KEY (player, muted)
);
CREATE TABLE reports (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reporter TEXT NOT NULL, reporter_name TEXT NOT NULL,
  reported TEXT NOT NULL, reported_name TEXT NOT NULL,
  reason TEXT NOT NULL,
  note TEXT NOT NULL,
  code TEXT NOT NULL,
  transcript TEXT NOT NULL,
  chat TEXT NOT NULL,
  created_unix BIGINT NOT NULL,
  closed_unix BIGINT
);
CREATE TABLE avoidances (
  player TEXT NOT NULL,
  avoided TEXT NOT NULL,
  since_unix BIGINT NOT NULL,
  PRIMARY KEY (player, avoided)
);
CREATE TABLE bans (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player TEXT NOT NULL UNIQUE,
  reason TEXT NOT NULL,
  banned_unix BIGINT NOT NULL
);
)sql"},
    {4, R"sql(
ALTER TABLE tables ADD COLUMN match_key TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN earlier_moves INTEGER NOT NULL DEFAULT 0;
CREATE TABLE chips (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player TEXT NOT NULL,
  delta INTEGER NOT NULL,
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  reason TEXT NOT NULL,
  code TEXT NOT NULL,
  match_number INTEGER NOT NULL,
  match_key TEXT NOT NULL,
  created_unix BIGINT NOT NULL,
  UNIQUE (player, match_key, reason)
);
CREATE INDEX chips_by_player ON chips (player, created_unix);
)sql"},
    // Several nodes on one database (cluster.h): the node that plays each
    // table, until its lease runs out. Times are the database's own clock,
    // so the nodes' clocks never need to agree.
    {5, R"sql(
CREATE TABLE table_leases (
  code TEXT PRIMARY KEY,
  node TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX table_leases_by_node ON table_leases (node);
)sql"},
    {6, sql::kDeviceLinksSchema},
    // Look-alike names: as SQLite's version 7 (sqlite_schema.cpp). The rows
    // of before get their keys when the store opens (fill_name_keys).
    {7, R"sql(
ALTER TABLE players ADD COLUMN seen_unix BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN name_skeleton TEXT;
ALTER TABLE players ADD COLUMN name_folded TEXT;
UPDATE players SET seen_unix = GREATEST(created_unix,
  COALESCE((SELECT MAX(ended_unix) FROM scores WHERE scores.player = players.id), 0));
CREATE INDEX players_by_skeleton ON players (name_skeleton, seen_unix);
CREATE INDEX players_by_folded ON players (name_folded, seen_unix);
)sql"},
    {8, sql::kGameClockSchema},
};

// Any number, the same for every reversi-server: the migrations' lock.
constexpr const char* kLockMigrations = "SELECT pg_advisory_xact_lock(7236950)";

// Runs `body` in a transaction holding the migrations' lock; rolls back on failure.
template <class Body>
StoreStatus locked(PGconn* connection, const std::string& what, Body body) {
  if (StoreStatus failed = run(connection, "BEGIN", what)) return failed;
  StoreStatus failed = run(connection, kLockMigrations, what);
  if (!failed) failed = body();
  if (!failed) failed = run(connection, "COMMIT", what);
  if (failed) run(connection, "ROLLBACK", "rollback");
  return failed;
}

// The version, read under the lock; -1 with `error` set when it cannot be.
int read_version(PGconn* connection, StoreStatus& error) {
  const PgResult result = execute(connection, "SELECT version FROM schema_version");
  if (!result.ok() || result.rows() != 1) {
    error = result.ok() ? StoreError{"read the schema version: schema_version should hold one row"}
                        : pg_error(result, "read the schema version");
    return -1;
  }
  return static_cast<int>(result.integer(0, 0));
}

}  // namespace

StoreStatus migrate_postgres(PGconn* connection) {
  // Version 0: an empty database.
  StoreStatus failed = locked(connection, "create the schema version", [&]() -> StoreStatus {
    if (StoreStatus created = run(connection, "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
                                  "create the schema version"))
      return created;
    return run(connection, "INSERT INTO schema_version SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM schema_version)",
               "create the schema version");
  });
  if (failed) return failed;
  const int newest = std::end(kPostgresMigrations)[-1].version;
  for (const sql::Migration& migration : kPostgresMigrations) {
    const std::string what = "migrate the schema to version " + std::to_string(migration.version);
    failed = locked(connection, what, [&]() -> StoreStatus {
      StoreStatus error;
      const int found = read_version(connection, error);
      if (error) return error;
      if (found > newest)
        return StoreError{"the database has schema version " + std::to_string(found) + ", newer than this build's " +
                          std::to_string(newest) + ": run the newer reversi-server"};
      if (found >= migration.version) return std::nullopt;  // done before, or by another server meanwhile
      if (StoreStatus done = run(connection, migration.sql, what)) return done;
      return run(connection, "UPDATE schema_version SET version = $1", what, PgParams().add(migration.version));
    });
    if (failed) return failed;
  }
  return std::nullopt;
}

}  // namespace reversi::server
