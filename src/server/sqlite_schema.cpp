// The SQLite schema, one migration a version; PRAGMA user_version says which
// versions a file has. A file is brought up to date at start-up, each
// migration in a transaction of its own with the version it reaches, so a
// crash mid-way leaves the file at the last whole version. Migrations are
// never edited once released: a change is a new one at the end, here and in
// PostgreSQL (postgres_schema.cpp), whose versions hold the same tables.
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "server/player_names.h"
#include "server/sqlite_statement.h"
#include "server/sqlite_store.h"
#include "server/store_sql.h"

namespace reversi::server {
namespace {

constexpr sql::Migration kSqliteMigrations[] = {
    {1, R"sql(
CREATE TABLE IF NOT EXISTS players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  created_unix INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
  code TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  private INTEGER NOT NULL,
  match_length INTEGER NOT NULL,
  clock REAL NOT NULL,
  start TEXT NOT NULL,
  seat0_player TEXT NOT NULL, seat0_name TEXT NOT NULL, seat0_computer TEXT,
  seat1_player TEXT NOT NULL, seat1_name TEXT NOT NULL, seat1_computer TEXT,
  phase TEXT NOT NULL,
  seq INTEGER NOT NULL,
  has_match INTEGER NOT NULL,
  match_number INTEGER NOT NULL,
  first_colour TEXT NOT NULL,
  finished TEXT NOT NULL,
  game_number INTEGER NOT NULL,
  forfeited TEXT,
  forfeit_reason TEXT NOT NULL,
  random_state INTEGER NOT NULL,
  updated_unix INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
  code TEXT NOT NULL REFERENCES tables(code),
  match_number INTEGER NOT NULL,
  game_number INTEGER NOT NULL,
  move_index INTEGER NOT NULL,
  square TEXT NOT NULL,
  PRIMARY KEY (code, match_number, game_number, move_index)
) WITHOUT ROWID;
)sql"},
    // The record: every finished online game, each player's share of it
    // (points, only between people), and the milestones reached.
    {2, R"sql(
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
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
  rated INTEGER NOT NULL,
  ended_unix INTEGER NOT NULL
);
CREATE INDEX games_by_match ON games (code, match_number);
CREATE TABLE scores (
  player TEXT NOT NULL,
  game INTEGER NOT NULL REFERENCES games(id),
  opponent TEXT NOT NULL,
  outcome TEXT NOT NULL,
  points INTEGER NOT NULL,
  rated INTEGER NOT NULL,
  ended_unix INTEGER NOT NULL,
  PRIMARY KEY (player, game)
) WITHOUT ROWID;
CREATE INDEX scores_by_time ON scores (ended_unix, player);
CREATE TABLE milestones (
  player TEXT NOT NULL,
  milestone TEXT NOT NULL,
  reached_unix INTEGER NOT NULL,
  PRIMARY KEY (player, milestone)
) WITHOUT ROWID;
)sql"},
    // Chat and moderation (sql_moderation.cpp): each table's chat, gone
    // with the table; mutes; reports with their own copy of the chat and
    // game; the avoidance each report makes; bans, numbered so that a
    // running server sees new ones by polling.
    {3, R"sql(
CREATE TABLE chat (
  code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  player TEXT NOT NULL,
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  shown TEXT NOT NULL,
  at_unix INTEGER NOT NULL,
  PRIMARY KEY (code, id)
) WITHOUT ROWID;
CREATE TABLE mutes (
  player TEXT NOT NULL,
  muted TEXT NOT NULL,
  since_unix INTEGER NOT NULL,
  PRIMARY KEY (player, muted)
) WITHOUT ROWID;
CREATE TABLE reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reporter TEXT NOT NULL, reporter_name TEXT NOT NULL,
  reported TEXT NOT NULL, reported_name TEXT NOT NULL,
  reason TEXT NOT NULL,
  note TEXT NOT NULL,
  code TEXT NOT NULL,
  transcript TEXT NOT NULL,
  chat TEXT NOT NULL,
  created_unix INTEGER NOT NULL,
  closed_unix INTEGER
);
CREATE TABLE avoidances (
  player TEXT NOT NULL,
  avoided TEXT NOT NULL,
  since_unix INTEGER NOT NULL,
  PRIMARY KEY (player, avoided)
) WITHOUT ROWID;
CREATE TABLE bans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  player TEXT NOT NULL UNIQUE,
  reason TEXT NOT NULL,
  banned_unix INTEGER NOT NULL
);
)sql"},
    // Chips: the ledger, one row per change of a player's chips, and what a
    // table needs to decide them after a restart (the match's key, the moves
    // of its earlier games).
    {4, R"sql(
ALTER TABLE tables ADD COLUMN match_key TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN earlier_moves INTEGER NOT NULL DEFAULT 0;
CREATE TABLE chips (
  id INTEGER PRIMARY KEY,
  player TEXT NOT NULL,
  delta INTEGER NOT NULL,
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  reason TEXT NOT NULL,
  code TEXT NOT NULL,
  match_number INTEGER NOT NULL,
  match_key TEXT NOT NULL,
  created_unix INTEGER NOT NULL,
  UNIQUE (player, match_key, reason)
);
CREATE INDEX chips_by_player ON chips (player, created_unix);
)sql"},
    // The table leases of several nodes (cluster.h). Several nodes need
    // PostgreSQL; the table is here so that each version is the same
    // tables on both backends, and stays empty.
    {5, R"sql(
CREATE TABLE table_leases (
  code TEXT PRIMARY KEY,
  node TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX table_leases_by_node ON table_leases (node);
)sql"},
    {6, sql::kDeviceLinksSchema},
    // Look-alike names (player_names.h): each name's two keys, and when its
    // player was last seen (a hello or a new name), so that only the names
    // of the last 30 days are compared. The keys need ICU, so the rows of
    // before are given theirs when the store opens (fill_name_keys); the
    // last seen of those rows is the latest of their creation and games.
    {7, R"sql(
ALTER TABLE players ADD COLUMN seen_unix INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN name_skeleton TEXT;
ALTER TABLE players ADD COLUMN name_folded TEXT;
UPDATE players SET seen_unix = MAX(created_unix,
  COALESCE((SELECT MAX(ended_unix) FROM scores WHERE scores.player = players.id), 0));
CREATE INDEX players_by_skeleton ON players (name_skeleton, seen_unix);
CREATE INDEX players_by_folded ON players (name_folded, seen_unix);
)sql"},
    {8, sql::kGameClockSchema},
};

int schema_version(sqlite3* database) {
  Statement statement(database, "PRAGMA user_version");
  return statement.step() == SQLITE_ROW ? static_cast<int>(statement.integer(0)) : -1;
}

StoreStatus migrate(sqlite3* database) {
  const int found = schema_version(database);
  if (found < 0) return StoreError{last_error(database, "read the schema version")};
  const int newest = std::end(kSqliteMigrations)[-1].version;
  if (found > newest)
    return StoreError{"the database has schema version " + std::to_string(found) + ", newer than this build's " +
                      std::to_string(newest) + ": run the newer reversi-server"};
  for (const sql::Migration& migration : kSqliteMigrations) {
    if (migration.version <= found) continue;
    const std::string what = "migrate the schema to version " + std::to_string(migration.version);
    if (StoreStatus failed = run(database, "BEGIN IMMEDIATE", what)) return failed;
    StoreStatus failed = run(database, migration.sql, what);
    if (!failed) failed = run(database, ("PRAGMA user_version = " + std::to_string(migration.version)).c_str(), what);
    if (!failed) failed = run(database, "COMMIT", what);
    if (failed) {
      run(database, "ROLLBACK", "rollback");
      return failed;
    }
  }
  return std::nullopt;
}

// Gives the players stored before schema version 7 the look-alike keys of
// their names, which need ICU and so no migration's SQL can make.
StoreStatus fill_name_keys(sqlite3* database) {
  const std::string what = "give the stored names their look-alike keys";
  std::vector<std::pair<std::string, std::string>> players;  // id, name
  {
    Statement statement(database, "SELECT id, name FROM players WHERE name_skeleton IS NULL");
    if (!statement.ok()) return StoreError{last_error(database, what)};
    int step = 0;
    while ((step = statement.step()) == SQLITE_ROW) players.emplace_back(statement.text(0), statement.text(1));
    if (step != SQLITE_DONE) return StoreError{last_error(database, what)};
  }
  if (players.empty()) return std::nullopt;
  if (StoreStatus failed = run(database, "BEGIN IMMEDIATE", what)) return failed;
  StoreStatus failed;
  for (const auto& [id, name] : players) {
    const NameKeys keys = name_keys(name);
    Statement update(database, "UPDATE players SET name_skeleton = ?2, name_folded = ?3 WHERE id = ?1");
    if (update.ok()) update.bind(1, id).bind(2, keys.skeleton).bind(3, keys.folded);
    if (!update.ok() || update.step() != SQLITE_DONE) {
      failed = StoreError{last_error(database, what)};
      break;
    }
  }
  if (!failed) failed = run(database, "COMMIT", what);
  if (failed) run(database, "ROLLBACK", "rollback");
  return failed;
}

}  // namespace

StoreStatus migrate_sqlite(sqlite3* database) {
  StoreStatus failed = migrate(database);
  if (!failed) failed = fill_name_keys(database);
  return failed;
}

}  // namespace reversi::server
