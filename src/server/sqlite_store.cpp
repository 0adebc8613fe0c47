#include "server/sqlite_store.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "engine/notation.h"
#include "server/arcade.h"
#include "server/forget_player.h"
#include "server/sqlite_statement.h"
#include "server/store_sql.h"

namespace reversi::server {
namespace {

using messages::kColours;
using messages::kEndReasons;
using messages::kStrengths;
using messages::kTablePhases;
using messages::kVariants;
using messages::parse_spelling;
using messages::spell;

// The schema, one migration a version; PRAGMA user_version says which
// versions a file has. A file is brought up to date at start-up, each
// migration in a transaction of its own with the version it reaches, so a
// crash mid-way leaves the file at the last whole version. Migrations are
// never edited once released: a change is a new one at the end.
struct Migration {
  int version;
  const char* sql;
};
constexpr Migration kMigrations[] = {
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
    // Chat and moderation (sqlite_moderation.cpp): each table's chat, gone
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
};

// store_sql.h's shared SQL with SQLite's numbered parameters: $1 becomes ?1
// (none of that SQL holds a $ in a string).
std::string sqlite_numbered(const char* shared) {
  std::string sql = shared;
  std::replace(sql.begin(), sql.end(), '$', '?');
  return sql;
}

template <class Enum, std::size_t N>
Enum read_enum(const messages::Spelling<Enum> (&table)[N], const std::string& text, Enum fallback, bool& ok) {
  const std::optional<Enum> value = parse_spelling(table, text);
  if (!value) ok = false;
  return value.value_or(fallback);
}

}  // namespace

class SqliteTransaction final : public StoreTransaction {
 public:
  explicit SqliteTransaction(SqliteStore& store) : store_(store), lock_(store.mutex_) {
    error_ = run(store_.database_, "BEGIN IMMEDIATE", "begin");
  }
  ~SqliteTransaction() override {
    if (!finished_) run(store_.database_, "ROLLBACK", "rollback");
  }

  void put_player(const PlayerRow& player) override {
    const NameKeys keys = name_keys(player.name);
    write("save player",
          "INSERT INTO players (id, name, secret_hash, created_unix, seen_unix, name_skeleton, name_folded) VALUES "
          "(?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(id) DO UPDATE SET name = excluded.name, secret_hash = "
          "excluded.secret_hash, created_unix = excluded.created_unix, seen_unix = MAX(seen_unix, "
          "excluded.seen_unix), name_skeleton = excluded.name_skeleton, name_folded = excluded.name_folded",
          [&](Statement& statement) {
            statement.bind(1, player.id).bind(2, player.name).bind(3, player.secret_hash);
            statement.bind(4, player.created_unix).bind(5, std::max(player.created_unix, player.seen_unix));
            statement.bind(6, keys.skeleton).bind(7, keys.folded);
          });
  }

  void mark_seen(const std::string& player, std::int64_t unix) override {
    write("mark player seen", "UPDATE players SET seen_unix = MAX(seen_unix, ?2) WHERE id = ?1",
          [&](Statement& statement) { statement.bind(1, player).bind(2, unix); });
  }

  void put_table(const TableRow& table) override {
    write("save table",
          // An upsert, not INSERT OR REPLACE: a replace deletes the row first, and with it its moves.
          "INSERT INTO tables (code, owner, private, match_length, clock, start, seat0_player, seat0_name, "
          "seat0_computer, seat1_player, seat1_name, seat1_computer, phase, seq, has_match, match_number, "
          "first_colour, finished, game_number, forfeited, forfeit_reason, random_state, updated_unix, match_key, "
          "earlier_moves) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
          "?19, ?20, ?21, ?22, ?23, ?24, ?25) ON CONFLICT(code) DO UPDATE SET owner = excluded.owner, private = "
          "excluded.private, match_length = excluded.match_length, clock = excluded.clock, start = "
          "excluded.start, seat0_player = excluded.seat0_player, seat0_name = excluded.seat0_name, "
          "seat0_computer = excluded.seat0_computer, seat1_player = excluded.seat1_player, seat1_name = "
          "excluded.seat1_name, seat1_computer = excluded.seat1_computer, phase = excluded.phase, seq = "
          "excluded.seq, has_match = excluded.has_match, match_number = excluded.match_number, "
          "first_colour = excluded.first_colour, finished = excluded.finished, game_number = "
          "excluded.game_number, forfeited = excluded.forfeited, forfeit_reason = excluded.forfeit_reason, "
          "random_state = excluded.random_state, updated_unix = excluded.updated_unix, match_key = "
          "excluded.match_key, earlier_moves = excluded.earlier_moves",
          [&](Statement& statement) {
            statement.bind(1, table.code).bind(2, table.owner).bind(3, std::int64_t{table.is_private});
            statement.bind(4, std::int64_t{table.options.match_length}).bind(5, table.options.clock);
            statement.bind(6, spell(kVariants, table.options.start));
            for (int seat = 0; seat < 2; ++seat) {
              const SeatRow& row = table.seats[seat];
              statement.bind(7 + 3 * seat, row.player).bind(8 + 3 * seat, row.name);
              if (row.computer)
                statement.bind(9 + 3 * seat, spell(kStrengths, *row.computer));
              else
                statement.bind_null(9 + 3 * seat);
            }
            statement.bind(13, spell(kTablePhases, table.phase)).bind(14, std::int64_t{table.seq});
            statement.bind(15, std::int64_t{table.has_match}).bind(16, std::int64_t{table.match_number});
            statement.bind(17, spell(kColours, table.first_colour)).bind(18, table.finished);
            statement.bind(19, std::int64_t{table.game_number});
            if (table.forfeited)
              statement.bind(20, spell(kColours, *table.forfeited));
            else
              statement.bind_null(20);
            statement.bind(21, spell(kEndReasons, table.forfeit_reason));
            statement.bind(22, static_cast<std::int64_t>(table.random_state)).bind(23, table.updated_unix);
            statement.bind(24, table.match_key).bind(25, std::int64_t{table.earlier_moves});
          });
  }

  void add_move(const std::string& code, int match_number, int game_number, int index, Square square) override {
    write("save move", "INSERT OR REPLACE INTO moves VALUES (?1, ?2, ?3, ?4, ?5)", [&](Statement& statement) {
      statement.bind(1, code).bind(2, std::int64_t{match_number}).bind(3, std::int64_t{game_number});
      statement.bind(4, std::int64_t{index}).bind(5, square_name(square));
    });
  }

  void delete_table(const std::string& code) override {
    write("delete moves", "DELETE FROM moves WHERE code = ?1", [&](Statement& statement) { statement.bind(1, code); });
    write("delete table", "DELETE FROM tables WHERE code = ?1", [&](Statement& statement) { statement.bind(1, code); });
  }

  void add_game(const GameRecord& game) override {
    write("save game",
          "INSERT INTO games (code, match_number, game_number, black, black_name, black_computer, white, white_name, "
          "white_computer, result, reason, black_count, white_count, transcript, rated, ended_unix) VALUES (?1, ?2, "
          "?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
          [&](Statement& statement) {
            statement.bind(1, game.code).bind(2, std::int64_t{game.match_number});
            statement.bind(3, std::int64_t{game.game_number});
            int index = 4;
            for (const GameSide* side : {&game.black, &game.white}) {
              statement.bind(index, side->player).bind(index + 1, side->name);
              if (side->computer)
                statement.bind(index + 2, spell(kStrengths, *side->computer));
              else
                statement.bind_null(index + 2);
              index += 3;
            }
            statement.bind(10, game.winner ? spell(kColours, *game.winner) : std::string_view("draw"));
            statement.bind(11, spell(kEndReasons, game.reason));
            statement.bind(12, std::int64_t{game.black_count}).bind(13, std::int64_t{game.white_count});
            statement.bind(14, game.transcript).bind(15, std::int64_t{game.rated()}).bind(16, game.ended_unix);
          });
    if (error_ || finished_) return;
    const std::int64_t id = sqlite3_last_insert_rowid(store_.database_);
    for (const Color colour : {Color::Black, Color::White}) {
      const GameSide& side = colour == Color::Black ? game.black : game.white;
      const GameSide& other = colour == Color::Black ? game.white : game.black;
      if (side.computer) continue;
      const messages::online::GameOutcome outcome = outcome_for(game.winner, colour);
      write("save score", "INSERT INTO scores VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", [&](Statement& statement) {
        statement.bind(1, side.player).bind(2, id).bind(3, other.player);
        statement.bind(4, spell(messages::online::kGameOutcomes, outcome));
        statement.bind(5, std::int64_t{game.rated() ? points_for(outcome) : 0});
        statement.bind(6, std::int64_t{game.rated()}).bind(7, game.ended_unix);
      });
    }
  }

  void add_milestone(const std::string& player, messages::online::Milestone milestone,
                     std::int64_t reached_unix) override {
    write("save milestone", "INSERT OR IGNORE INTO milestones VALUES (?1, ?2, ?3)", [&](Statement& statement) {
      statement.bind(1, player).bind(2, spell(messages::online::kMilestones, milestone)).bind(3, reached_unix);
    });
  }

  void add_chips(const ChipEntry& entry) override {
    write("save chips",
          "INSERT INTO chips (player, delta, balance_after, reason, code, match_number, match_key, created_unix) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
          [&](Statement& statement) {
            statement.bind(1, entry.player).bind(2, std::int64_t{entry.delta});
            statement.bind(3, std::int64_t{entry.balance_after});
            statement.bind(4, spell(messages::online::kChipReasons, entry.reason)).bind(5, entry.code);
            statement.bind(6, std::int64_t{entry.match_number}).bind(7, entry.match_key);
            statement.bind(8, entry.created_unix);
          });
  }

  void forget_player(const std::string& player) override {
    for (const char* sql : forget_player_statements())
      write("forget player", sqlite_numbered(sql).c_str(), [&](Statement& statement) { statement.bind(1, player); });
  }

  void put_device_link(const std::string& code, const std::string& player, std::int64_t now_unix,
                       std::int64_t expires_unix) override {
    write("save link code", sqlite_numbered(sql::kDropDeviceLinks).c_str(),
          [&](Statement& statement) { statement.bind(1, player).bind(2, now_unix); });
    write("save link code", sqlite_numbered(sql::kPutDeviceLink).c_str(),
          [&](Statement& statement) { statement.bind(1, code).bind(2, player).bind(3, expires_unix); });
  }

  void add_device_secret(const std::string& player, const std::string& secret_hash,
                         std::int64_t created_unix) override {
    write("save device secret", sqlite_numbered(sql::kPutDeviceSecret).c_str(),
          [&](Statement& statement) { statement.bind(1, player).bind(2, secret_hash).bind(3, created_unix); });
  }

  StoreStatus commit() override {
    if (finished_) return StoreError{"commit: the transaction is already finished"};
    if (!error_) error_ = run(store_.database_, "COMMIT", "commit");
    if (error_) run(store_.database_, "ROLLBACK", "rollback");
    finished_ = true;
    return error_;
  }

 private:
  void write(const char* what, const char* sql, const std::function<void(Statement&)>& bind) {
    if (error_ || finished_) return;
    Statement statement(store_.database_, sql);
    if (!statement.ok()) {
      error_ = StoreError{last_error(store_.database_, what)};
      return;
    }
    bind(statement);
    if (statement.step() != SQLITE_DONE) error_ = StoreError{last_error(store_.database_, what)};
  }

  SqliteStore& store_;
  std::unique_lock<std::recursive_mutex> lock_;
  StoreStatus error_;
  bool finished_ = false;
};

namespace {

// Opens one connection with the pragmas every connection needs.
sqlite3* open_connection(const std::string& path, StoreError& error) {
  sqlite3* database = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
  if (sqlite3_open_v2(path.c_str(), &database, flags, nullptr) != SQLITE_OK) {
    error.message = "cannot open the database '" + path + "': " + (database ? sqlite3_errmsg(database) : "no memory");
    sqlite3_close(database);
    return nullptr;
  }
  sqlite3_busy_timeout(database, 5000);  // a backup or the checkpointer may hold a lock for a moment
  for (const char* pragma : {"PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON",
                             "PRAGMA wal_autocheckpoint = 0"})
    if (StoreStatus failed = run(database, pragma, pragma)) {
      error = *failed;
      sqlite3_close(database);
      return nullptr;
    }
  return database;
}

int schema_version(sqlite3* database) {
  Statement statement(database, "PRAGMA user_version");
  return statement.step() == SQLITE_ROW ? static_cast<int>(statement.integer(0)) : -1;
}

StoreStatus migrate(sqlite3* database) {
  const int found = schema_version(database);
  if (found < 0) return StoreError{last_error(database, "read the schema version")};
  const int newest = std::end(kMigrations)[-1].version;
  if (found > newest)
    return StoreError{"the database has schema version " + std::to_string(found) + ", newer than this build's " +
                      std::to_string(newest) + ": run the newer reversi-server"};
  for (const Migration& migration : kMigrations) {
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

// How often the checkpointer copies the WAL back into the database.
constexpr std::chrono::milliseconds kCheckpointInterval{250};

}  // namespace

std::unique_ptr<SqliteStore> SqliteStore::open(const std::string& path, StoreError& error) {
  sqlite3* database = open_connection(path, error);
  if (!database) return nullptr;
  StoreStatus failed = migrate(database);
  if (!failed) failed = fill_name_keys(database);
  if (failed) {
    error = *failed;
    sqlite3_close(database);
    return nullptr;
  }
  if (path == ":memory:") return std::unique_ptr<SqliteStore>(new SqliteStore(database, nullptr));  // no WAL there
  sqlite3* checkpointer = open_connection(path, error);
  if (!checkpointer) {
    sqlite3_close(database);
    return nullptr;
  }
  return std::unique_ptr<SqliteStore>(new SqliteStore(database, checkpointer));
}

SqliteStore::SqliteStore(sqlite3* database, sqlite3* checkpointer) : database_(database), checkpointer_(checkpointer) {
  if (checkpointer_) checkpoint_thread_ = std::thread([this] { checkpoint_loop(); });
}

void SqliteStore::checkpoint_loop() {
  std::unique_lock lock(checkpoint_mutex_);
  while (!stopping_) {
    checkpoint_wake_.wait_for(lock, kCheckpointInterval, [this] { return stopping_; });
    if (stopping_) break;
    lock.unlock();
    // PASSIVE: copies what it can without making a writer wait.
    sqlite3_wal_checkpoint_v2(checkpointer_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    lock.lock();
  }
}

SqliteStore::~SqliteStore() {
  {
    std::lock_guard lock(checkpoint_mutex_);
    stopping_ = true;
  }
  checkpoint_wake_.notify_all();
  if (checkpoint_thread_.joinable()) checkpoint_thread_.join();
  sqlite3_close(checkpointer_);  // a no-op for nullptr
  // The last connection to close checkpoints everything and removes the WAL.
  sqlite3_close(database_);
}

std::unique_ptr<StoreTransaction> SqliteStore::begin() { return std::make_unique<SqliteTransaction>(*this); }

StoreResult<std::optional<PlayerRow>> SqliteStore::find_player(std::string_view id) {
  std::lock_guard lock(mutex_);
  Statement statement(database_, "SELECT id, name, secret_hash, created_unix, seen_unix FROM players WHERE id = ?1");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "find player")}};
  statement.bind(1, id);
  const int step = statement.step();
  if (step == SQLITE_DONE) return {std::optional<PlayerRow>{}, {}};
  if (step != SQLITE_ROW) return {std::nullopt, {last_error(database_, "find player")}};
  PlayerRow row{statement.text(0), statement.text(1), statement.text(2), statement.integer(3), statement.integer(4)};
  return {std::optional<PlayerRow>{row}, {}};
}

StoreResult<std::optional<std::string>> SqliteStore::look_alike_name(const NameKeys& keys, const std::string& except,
                                                                     std::int64_t seen_since) {
  std::lock_guard lock(mutex_);
  Statement statement(database_,
                      "SELECT name FROM players WHERE (name_skeleton = ?1 OR name_folded = ?2) AND id <> ?3 AND "
                      "seen_unix >= ?4 ORDER BY seen_unix DESC, id LIMIT 1");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "look-alike names")}};
  statement.bind(1, keys.skeleton).bind(2, keys.folded).bind(3, except).bind(4, seen_since);
  const int step = statement.step();
  if (step == SQLITE_DONE) return {std::optional<std::string>{}, {}};
  if (step != SQLITE_ROW) return {std::nullopt, {last_error(database_, "look-alike names")}};
  return {std::optional<std::string>{statement.text(0)}, {}};
}

StoreResult<std::vector<Square>> SqliteStore::load_moves(const std::string& code, int match_number, int game_number) {
  std::lock_guard lock(mutex_);
  Statement statement(database_,
                      "SELECT square FROM moves WHERE code = ?1 AND match_number = ?2 AND game_number = ?3 "
                      "ORDER BY move_index");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "load moves")}};
  statement.bind(1, code).bind(2, std::int64_t{match_number}).bind(3, std::int64_t{game_number});
  std::vector<Square> moves;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW) {
    const Parsed<Square> square = parse_square(statement.text(0));
    if (!square) return {std::nullopt, {"load moves: table " + code + " has a bad square '" + statement.text(0) + "'"}};
    moves.push_back(*square.value);
  }
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "load moves")}};
  return {moves, {}};
}

StoreResult<std::vector<StoredTable>> SqliteStore::load_tables() {
  std::lock_guard lock(mutex_);
  Statement statement(database_, "SELECT * FROM tables ORDER BY updated_unix");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "load tables")}};
  std::vector<StoredTable> tables;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW) {
    TableRow row;
    bool ok = true;
    row.code = statement.text(0);
    row.owner = statement.text(1);
    row.is_private = statement.integer(2) != 0;
    row.options.match_length = static_cast<int>(statement.integer(3));
    row.options.clock = statement.real(4);
    row.options.start = read_enum(kVariants, statement.text(5), StartVariant::StandardCross, ok);
    for (int seat = 0; seat < 2; ++seat) {
      row.seats[seat].player = statement.text(6 + 3 * seat);
      row.seats[seat].name = statement.text(7 + 3 * seat);
      if (!statement.is_null(8 + 3 * seat))
        row.seats[seat].computer = read_enum(kStrengths, statement.text(8 + 3 * seat), Strength::Medium, ok);
    }
    row.phase = read_enum(kTablePhases, statement.text(12), messages::TablePhase::Waiting, ok);
    row.seq = static_cast<int>(statement.integer(13));
    row.has_match = statement.integer(14) != 0;
    row.match_number = static_cast<int>(statement.integer(15));
    row.first_colour = read_enum(kColours, statement.text(16), Color::Black, ok);
    row.finished = statement.text(17);
    row.game_number = static_cast<int>(statement.integer(18));
    if (!statement.is_null(19)) row.forfeited = read_enum(kColours, statement.text(19), Color::Black, ok);
    row.forfeit_reason = read_enum(kEndReasons, statement.text(20), EndReason::None, ok);
    row.random_state = static_cast<std::uint64_t>(statement.integer(21));
    row.updated_unix = statement.integer(22);
    row.match_key = statement.text(23);
    row.earlier_moves = static_cast<int>(statement.integer(24));
    if (!ok) return {std::nullopt, {"load tables: table " + row.code + " has a value this build cannot read"}};
    StoreResult<std::vector<Square>> moves = load_moves(row.code, row.match_number, row.game_number);
    if (!moves) return {std::nullopt, moves.error};
    tables.push_back(StoredTable{std::move(row), std::move(*moves.value)});
  }
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "load tables")}};
  return {tables, {}};
}

}  // namespace reversi::server

namespace reversi::server {

namespace online = messages::online;

StoreResult<PlayerTally> SqliteStore::tally(const std::string& player, const std::string& opponent) {
  std::lock_guard lock(mutex_);
  PlayerTally tally;
  Statement counts(database_,
                   "SELECT COUNT(*), COALESCE(SUM(outcome = 'win'), 0), COUNT(DISTINCT opponent), "
                   "COALESCE(SUM(opponent = ?2), 0) FROM scores WHERE player = ?1 AND rated = 1");
  if (!counts.ok()) return {std::nullopt, {last_error(database_, "tally")}};
  counts.bind(1, player).bind(2, opponent);
  if (counts.step() != SQLITE_ROW) return {std::nullopt, {last_error(database_, "tally")}};
  tally.games = static_cast<int>(counts.integer(0));
  tally.wins = static_cast<int>(counts.integer(1));
  tally.opponents = static_cast<int>(counts.integer(2));
  tally.played_with = counts.integer(3) > 0;
  Statement reached(database_, "SELECT milestone, reached_unix FROM milestones WHERE player = ?1");
  if (!reached.ok()) return {std::nullopt, {last_error(database_, "milestones")}};
  reached.bind(1, player);
  int step = 0;
  while ((step = reached.step()) == SQLITE_ROW) {
    // A milestone this build does not know (a newer server wrote it) is left out.
    if (const std::optional<online::Milestone> milestone = parse_spelling(online::kMilestones, reached.text(0)))
      tally.reached.push_back({*milestone, reached.integer(1)});
  }
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "milestones")}};
  std::sort(tally.reached.begin(), tally.reached.end(),
            [](const auto& a, const auto& b) { return a.milestone < b.milestone; });
  return {tally, {}};
}

StoreResult<std::optional<std::string>> SqliteStore::claim_device_link(const std::string& code, std::int64_t now_unix) {
  std::lock_guard lock(mutex_);
  Statement statement(database_, sqlite_numbered(sql::kClaimDeviceLink).c_str());
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "use link code")}};
  statement.bind(1, code).bind(2, now_unix);
  const int step = statement.step();
  if (step == SQLITE_DONE) return {std::optional<std::string>{}, {}};
  if (step != SQLITE_ROW) return {std::nullopt, {last_error(database_, "use link code")}};
  std::optional<std::string> player = statement.text(0);
  if (statement.step() != SQLITE_DONE) return {std::nullopt, {last_error(database_, "use link code")}};
  return {std::move(player), {}};
}

StoreResult<std::vector<std::string>> SqliteStore::device_secret_hashes(const std::string& player) {
  std::lock_guard lock(mutex_);
  Statement statement(database_, sqlite_numbered(sql::kDeviceSecrets).c_str());
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "device secrets")}};
  statement.bind(1, player);
  std::vector<std::string> hashes;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW) hashes.push_back(statement.text(0));
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "device secrets")}};
  return {std::move(hashes), {}};
}

StoreResult<std::optional<std::string>> SqliteStore::seated_at(const std::string& player) {
  std::lock_guard lock(mutex_);
  Statement statement(database_, "SELECT code FROM tables WHERE seat0_player = ?1 OR seat1_player = ?1 LIMIT 1");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "find the player's table")}};
  statement.bind(1, player);
  const int step = statement.step();
  if (step == SQLITE_DONE) return {std::optional<std::string>{}, {}};
  if (step != SQLITE_ROW) return {std::nullopt, {last_error(database_, "find the player's table")}};
  return {std::optional<std::string>{statement.text(0)}, {}};
}

StoreResult<int> SqliteStore::rated_games_between(const std::string& a, const std::string& b, std::int64_t from,
                                                  std::int64_t to) {
  std::lock_guard lock(mutex_);
  // Each game has one score row a player: `a`'s rows name `b` as the opponent.
  Statement statement(database_,
                      "SELECT COUNT(*) FROM scores WHERE player = ?1 AND opponent = ?2 AND rated = 1 AND "
                      "ended_unix >= ?3 AND ended_unix < ?4");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "games between")}};
  statement.bind(1, a).bind(2, b).bind(3, from).bind(4, to);
  if (statement.step() != SQLITE_ROW) return {std::nullopt, {last_error(database_, "games between")}};
  return {static_cast<int>(statement.integer(0)), {}};
}

StoreResult<int> SqliteStore::points(const std::string& player, std::int64_t from, std::int64_t to) {
  std::lock_guard lock(mutex_);
  Statement statement(database_,
                      "SELECT COALESCE(SUM(points), 0) FROM scores WHERE player = ?1 AND rated = 1 AND "
                      "ended_unix >= ?2 AND ended_unix < ?3");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "points")}};
  statement.bind(1, player).bind(2, from).bind(3, to);
  if (statement.step() != SQLITE_ROW) return {std::nullopt, {last_error(database_, "points")}};
  return {static_cast<int>(statement.integer(0)), {}};
}

StoreResult<std::vector<LeaderboardRow>> SqliteStore::leaderboard(std::int64_t from, std::int64_t to, std::size_t size,
                                                                  const std::string& player) {
  std::lock_guard lock(mutex_);
  Statement statement(
      database_,
      "WITH totals AS (SELECT player, SUM(points) AS points, SUM(outcome = 'win') AS wins, MAX(ended_unix) AS last "
      "FROM scores WHERE rated = 1 AND ended_unix >= ?1 AND ended_unix < ?2 GROUP BY player), "
      "ranked AS (SELECT *, ROW_NUMBER() OVER (ORDER BY points DESC, wins DESC, last ASC, player ASC) AS rank "
      "FROM totals) "
      "SELECT ranked.player, COALESCE(players.name, ''), ranked.points, ranked.wins, ranked.last, ranked.rank, "
      "(SELECT COUNT(*) FROM milestones WHERE milestones.player = ranked.player) "
      "FROM ranked LEFT JOIN players ON players.id = ranked.player "
      "WHERE ranked.rank <= ?3 OR ranked.player = ?4 ORDER BY ranked.rank");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "leaderboard")}};
  statement.bind(1, from).bind(2, to).bind(3, static_cast<std::int64_t>(size)).bind(4, player);
  std::vector<LeaderboardRow> rows;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW) {
    LeaderboardRow row;
    row.player = statement.text(0);
    row.name = statement.text(1);
    row.points = static_cast<int>(statement.integer(2));
    row.wins = static_cast<int>(statement.integer(3));
    row.last_unix = statement.integer(4);
    row.rank = static_cast<int>(statement.integer(5));
    row.level = level_of(static_cast<int>(statement.integer(6)));
    rows.push_back(std::move(row));
  }
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "leaderboard")}};
  return {rows, {}};
}

namespace {

// The columns of a history line: scores s joined with games g for s.player.
constexpr const char* kHistoryColumns =
    "SELECT g.code, g.match_number, g.game_number, g.black, g.black_name, g.black_computer, g.white, g.white_name, "
    "g.white_computer, s.outcome, g.reason, s.points, s.rated, g.black_count, g.white_count, g.transcript, "
    "g.ended_unix FROM scores s JOIN games g ON g.id = s.game ";

StoreResult<std::vector<online::server::HistoryGame>> read_history(sqlite3* database, Statement& statement,
                                                                   const std::string& player) {
  std::vector<online::server::HistoryGame> games;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW) {
    online::server::HistoryGame game;
    bool ok = true;
    game.code = statement.text(0);
    game.match_number = static_cast<int>(statement.integer(1));
    game.game_number = static_cast<int>(statement.integer(2));
    const bool black = statement.text(3) == player;
    game.color = black ? Color::Black : Color::White;
    const int other = black ? 6 : 3;
    game.opponent = statement.text(other);
    game.opponent_name = statement.text(other + 1);
    if (!statement.is_null(other + 2))
      game.computer = read_enum(kStrengths, statement.text(other + 2), Strength::Medium, ok);
    game.outcome = read_enum(online::kGameOutcomes, statement.text(9), online::GameOutcome::Draw, ok);
    game.reason = read_enum(kEndReasons, statement.text(10), EndReason::NoMoves, ok);
    game.points = static_cast<int>(statement.integer(11));
    game.rated = statement.integer(12) != 0;
    const int black_count = static_cast<int>(statement.integer(13));
    const int white_count = static_cast<int>(statement.integer(14));
    game.own_count = black ? black_count : white_count;
    game.opponent_count = black ? white_count : black_count;
    game.transcript = statement.text(15);
    game.ended_unix = statement.integer(16);
    if (!ok) return {std::nullopt, {"history: a game at table " + game.code + " has a value this build cannot read"}};
    games.push_back(std::move(game));
  }
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database, "history")}};
  return {games, {}};
}

}  // namespace

StoreResult<std::vector<online::server::HistoryGame>> SqliteStore::history(const std::string& player,
                                                                           std::size_t size) {
  std::lock_guard lock(mutex_);
  Statement statement(
      database_,
      (std::string(kHistoryColumns) + "WHERE s.player = ?1 ORDER BY g.ended_unix DESC, g.id DESC LIMIT ?2").c_str());
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "history")}};
  statement.bind(1, player).bind(2, static_cast<std::int64_t>(size));
  return read_history(database_, statement, player);
}

StoreResult<std::vector<online::server::HistoryGame>> SqliteStore::match_games(const std::string& player,
                                                                               const std::string& code,
                                                                               int match_number) {
  std::lock_guard lock(mutex_);
  Statement statement(database_, (std::string(kHistoryColumns) +
                                  "WHERE s.player = ?1 AND g.code = ?2 AND g.match_number = ?3 ORDER BY g.id")
                                     .c_str());
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "match games")}};
  statement.bind(1, player).bind(2, code).bind(3, std::int64_t{match_number});
  StoreResult<std::vector<online::server::HistoryGame>> games = read_history(database_, statement, player);
  if (!games) return games;
  // A code comes back into use once its table has closed: only the games
  // from the last first game on are this match's.
  std::vector<online::server::HistoryGame>& list = *games.value;
  const auto first = std::find_if(list.rbegin(), list.rend(), [](const auto& game) { return game.game_number == 1; });
  if (first != list.rend()) list.erase(list.begin(), std::prev(first.base()));
  return games;
}

}  // namespace reversi::server

namespace reversi::server {

StoreResult<ChipTotals> SqliteStore::chip_totals(const std::string& player, std::int64_t from, std::int64_t to) {
  std::lock_guard lock(mutex_);
  Statement statement(database_,
                      "SELECT COALESCE(SUM(delta), 0), COALESCE(SUM(CASE WHEN reason IN ('match-won', "
                      "'opponent-left') AND created_unix >= ?2 AND created_unix < ?3 THEN delta ELSE 0 END), 0) "
                      "FROM chips WHERE player = ?1");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "chips")}};
  statement.bind(1, player).bind(2, from).bind(3, to);
  if (statement.step() != SQLITE_ROW) return {std::nullopt, {last_error(database_, "chips")}};
  return {ChipTotals{statement.integer(0), statement.integer(1)}, {}};
}

StoreResult<std::vector<ChipEntry>> SqliteStore::chip_ledger(const std::string& player, std::size_t size) {
  std::lock_guard lock(mutex_);
  Statement statement(database_,
                      "SELECT delta, balance_after, reason, code, match_number, match_key, created_unix FROM chips "
                      "WHERE player = ?1 ORDER BY id DESC LIMIT ?2");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "chip ledger")}};
  statement.bind(1, player).bind(2, static_cast<std::int64_t>(size));
  std::vector<ChipEntry> entries;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW) {
    ChipEntry entry;
    bool ok = true;
    entry.player = player;
    entry.delta = static_cast<int>(statement.integer(0));
    entry.balance_after = static_cast<int>(statement.integer(1));
    entry.reason = read_enum(online::kChipReasons, statement.text(2), online::ChipReason::MatchWon, ok);
    entry.code = statement.text(3);
    entry.match_number = static_cast<int>(statement.integer(4));
    entry.match_key = statement.text(5);
    entry.created_unix = statement.integer(6);
    if (!ok) return {std::nullopt, {"chip ledger: an entry of " + player + " has a reason this build cannot read"}};
    entries.push_back(std::move(entry));
  }
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "chip ledger")}};
  return {entries, {}};
}

}  // namespace reversi::server
