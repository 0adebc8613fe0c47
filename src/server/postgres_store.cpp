#include "server/postgres_store.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <iterator>
#include <string>

#include "engine/notation.h"
#include "server/arcade.h"
#include "server/forget_player.h"
#include "server/postgres_connection.h"
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
namespace online = messages::online;

template <class Enum, std::size_t N>
Enum read_enum(const messages::Spelling<Enum> (&table)[N], const std::string& text, Enum fallback, bool& ok) {
  const std::optional<Enum> value = parse_spelling(table, text);
  if (!value) ok = false;
  return value.value_or(fallback);
}

std::optional<std::string> spelled(const std::optional<Strength>& computer) {
  if (!computer) return std::nullopt;
  return std::string(spell(kStrengths, *computer));
}

}  // namespace

// BEGIN at construction, COMMIT at commit(). A failed write rolls the
// transaction back at once: PostgreSQL refuses every later statement of an
// aborted transaction, and the reads a table makes before commit() must go on.
class PostgresTransaction final : public StoreTransaction {
 public:
  explicit PostgresTransaction(PostgresStore& store) : store_(store), lock_(store.mutex_) {
    StoreError error;
    connection_ = store_.connection(error);
    if (!connection_) {
      error_ = error;
      return;
    }
    error_ = run(connection_, "BEGIN", "begin");
    if (!error_) store_.in_transaction_ = true;
  }
  ~PostgresTransaction() override { roll_back(); }

  void put_player(const PlayerRow& player) override {
    const NameKeys keys = name_keys(player.name);
    write("save player",
          "INSERT INTO players (id, name, secret_hash, created_unix, seen_unix, name_skeleton, name_folded) VALUES "
          "($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO UPDATE SET name = excluded.name, secret_hash = "
          "excluded.secret_hash, created_unix = excluded.created_unix, seen_unix = GREATEST(players.seen_unix, "
          "excluded.seen_unix), name_skeleton = excluded.name_skeleton, name_folded = excluded.name_folded",
          PgParams()
              .add(player.id)
              .add(player.name)
              .add(player.secret_hash)
              .add(player.created_unix)
              .add(std::max(player.created_unix, player.seen_unix))
              .add(keys.skeleton)
              .add(keys.folded));
  }

  void mark_seen(const std::string& player, std::int64_t unix) override {
    write("mark player seen", "UPDATE players SET seen_unix = GREATEST(seen_unix, $2) WHERE id = $1",
          PgParams().add(player).add(unix));
  }

  void put_table(const TableRow& table) override {
    fenced(table.code);
    PgParams params;
    params.add(table.code).add(table.owner).add(table.is_private).add(table.options.match_length);
    params.add(table.options.clock).add(spell(kVariants, table.options.start));
    for (const SeatRow& seat : table.seats) params.add(seat.player).add(seat.name).add(spelled(seat.computer));
    params.add(spell(kTablePhases, table.phase)).add(table.seq).add(table.has_match).add(table.match_number);
    params.add(spell(kColours, table.first_colour)).add(table.finished).add(table.game_number);
    if (table.forfeited)
      params.add(spell(kColours, *table.forfeited));
    else
      params.add_null();
    params.add(spell(kEndReasons, table.forfeit_reason)).add(static_cast<std::int64_t>(table.random_state));
    params.add(table.updated_unix).add(table.match_key).add(table.earlier_moves);
    write("save table",
          "INSERT INTO tables (code, owner, private, match_length, clock, start, seat0_player, seat0_name, "
          "seat0_computer, seat1_player, seat1_name, seat1_computer, phase, seq, has_match, match_number, "
          "first_colour, finished, game_number, forfeited, forfeit_reason, random_state, updated_unix, match_key, "
          "earlier_moves) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, "
          "$19, $20, $21, $22, $23, $24, $25) ON CONFLICT (code) DO UPDATE SET owner = excluded.owner, private = "
          "excluded.private, match_length = excluded.match_length, clock = excluded.clock, start = "
          "excluded.start, seat0_player = excluded.seat0_player, seat0_name = excluded.seat0_name, "
          "seat0_computer = excluded.seat0_computer, seat1_player = excluded.seat1_player, seat1_name = "
          "excluded.seat1_name, seat1_computer = excluded.seat1_computer, phase = excluded.phase, seq = "
          "excluded.seq, has_match = excluded.has_match, match_number = excluded.match_number, "
          "first_colour = excluded.first_colour, finished = excluded.finished, game_number = "
          "excluded.game_number, forfeited = excluded.forfeited, forfeit_reason = excluded.forfeit_reason, "
          "random_state = excluded.random_state, updated_unix = excluded.updated_unix, match_key = "
          "excluded.match_key, earlier_moves = excluded.earlier_moves",
          params);
  }

  void add_move(const std::string& code, int match_number, int game_number, int index, Square square) override {
    fenced(code);
    write("save move",
          "INSERT INTO moves VALUES ($1, $2, $3, $4, $5) ON CONFLICT (code, match_number, game_number, move_index) "
          "DO UPDATE SET square = excluded.square",
          PgParams().add(code).add(match_number).add(game_number).add(index).add(square_name(square)));
  }

  void delete_table(const std::string& code) override {
    fenced(code);
    write("delete moves", "DELETE FROM moves WHERE code = $1", PgParams().add(code));
    write("delete table", "DELETE FROM tables WHERE code = $1", PgParams().add(code));
  }

  void add_game(const GameRecord& game) override {
    PgParams params;
    params.add(game.code).add(game.match_number).add(game.game_number);
    for (const GameSide* side : {&game.black, &game.white})
      params.add(side->player).add(side->name).add(spelled(side->computer));
    params.add(game.winner ? spell(kColours, *game.winner) : std::string_view("draw"));
    params.add(spell(kEndReasons, game.reason)).add(game.black_count).add(game.white_count);
    params.add(game.transcript).add(game.rated()).add(game.ended_unix);
    const std::optional<PgResult> inserted =
        write("save game",
              "INSERT INTO games (code, match_number, game_number, black, black_name, black_computer, white, "
              "white_name, white_computer, result, reason, black_count, white_count, transcript, rated, ended_unix) "
              "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id",
              params);
    if (!inserted) return;
    const std::int64_t id = inserted->integer(0, 0);
    for (const Color colour : {Color::Black, Color::White}) {
      const GameSide& side = colour == Color::Black ? game.black : game.white;
      const GameSide& other = colour == Color::Black ? game.white : game.black;
      if (side.computer) continue;
      const online::GameOutcome outcome = outcome_for(game.winner, colour);
      write("save score", "INSERT INTO scores VALUES ($1, $2, $3, $4, $5, $6, $7)",
            PgParams()
                .add(side.player)
                .add(id)
                .add(other.player)
                .add(spell(online::kGameOutcomes, outcome))
                .add(game.rated() ? points_for(outcome) : 0)
                .add(game.rated())
                .add(game.ended_unix));
    }
  }

  void add_milestone(const std::string& player, online::Milestone milestone, std::int64_t reached_unix) override {
    write("save milestone", "INSERT INTO milestones VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
          PgParams().add(player).add(spell(online::kMilestones, milestone)).add(reached_unix));
  }

  void add_chips(const ChipEntry& entry) override {
    write("save chips",
          "INSERT INTO chips (player, delta, balance_after, reason, code, match_number, match_key, created_unix) "
          "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
          PgParams()
              .add(entry.player)
              .add(entry.delta)
              .add(entry.balance_after)
              .add(spell(online::kChipReasons, entry.reason))
              .add(entry.code)
              .add(entry.match_number)
              .add(entry.match_key)
              .add(entry.created_unix));
  }

  void forget_player(const std::string& player) override {
    for (const char* sql : forget_player_statements()) write("forget player", sql, PgParams().add(player));
  }

  void put_device_link(const std::string& code, const std::string& player, std::int64_t now_unix,
                       std::int64_t expires_unix) override {
    write("save link code", sql::kDropDeviceLinks, PgParams().add(player).add(now_unix));
    write("save link code", sql::kPutDeviceLink, PgParams().add(code).add(player).add(expires_unix));
  }

  void add_device_secret(const std::string& player, const std::string& secret_hash,
                         std::int64_t created_unix) override {
    write("save device secret", sql::kPutDeviceSecret, PgParams().add(player).add(secret_hash).add(created_unix));
  }

  StoreStatus commit() override {
    if (finished_) return StoreError{"commit: the transaction is already finished"};
    check_leases();
    if (!error_) {
      error_ = run(connection_, "COMMIT", "commit");
      store_.in_transaction_ = false;
    }
    roll_back();
    finished_ = true;
    return error_;
  }

 private:
  // The result, or nullopt once this transaction has failed.
  std::optional<PgResult> write(const char* what, const char* sql, const PgParams& params) {
    if (error_ || finished_) return std::nullopt;
    PgResult result = execute(connection_, sql, params);
    if (result.ok()) return result;
    error_ = pg_error(result, what);
    roll_back();
    return std::nullopt;
  }

  // With several nodes: a table is written only by the node holding its lease.
  void fenced(const std::string& code) {
    if (!store_.fence_node_.empty() && std::find(fenced_.begin(), fenced_.end(), code) == fenced_.end())
      fenced_.push_back(code);
  }

  // Before the commit, each table written is still this node's. FOR SHARE
  // holds the lease row until the commit: a node taking the table over
  // waits for it, then reads what this one wrote.
  void check_leases() {
    for (const std::string& code : fenced_) {
      const std::optional<PgResult> held =
          write("check the table's lease", "SELECT 1 FROM table_leases WHERE code = $1 AND node = $2 FOR SHARE",
                PgParams().add(code).add(store_.fence_node_));
      if (!held) return;
      if (held->rows() == 0) {
        error_ = StoreError{"table " + code + " is played by another node now"};
        roll_back();
        return;
      }
    }
  }

  void roll_back() {
    if (!store_.in_transaction_) return;
    run(connection_, "ROLLBACK", "rollback");
    store_.in_transaction_ = false;
  }

  PostgresStore& store_;
  std::unique_lock<std::recursive_mutex> lock_;
  PGconn* connection_ = nullptr;
  StoreStatus error_;
  bool finished_ = false;
  std::vector<std::string> fenced_;  // the tables written, with a fence node
};

namespace {

// PostgreSQL's notices go to stderr from WARNING up; the NOTICEs the
// migrations' IF NOT EXISTS makes at every start are left out.
void print_warnings(void*, const PGresult* notice) {
  const char* severity = PQresultErrorField(notice, PG_DIAG_SEVERITY_NONLOCALIZED);
  const std::string level = severity ? severity : "";
  if (level == "NOTICE" || level == "INFO" || level == "DEBUG" || level == "LOG") return;
  std::fprintf(stderr, "reversi-server: PostgreSQL: %s", PQresultErrorMessage(notice));
}

// Gives the players stored before schema version 7 the look-alike keys of
// their names, which need ICU and so no migration's SQL can make. Nodes
// starting together may both do it: they write the same keys.
StoreStatus fill_name_keys(PGconn* connection) {
  const std::string what = "give the stored names their look-alike keys";
  const PgResult players = execute(connection, "SELECT id, name FROM players WHERE name_skeleton IS NULL");
  if (!players.ok()) return pg_error(players, what);
  if (players.rows() == 0) return std::nullopt;
  if (StoreStatus failed = run(connection, "BEGIN", what)) return failed;
  StoreStatus failed;
  for (int row = 0; row < players.rows() && !failed; ++row) {
    const NameKeys keys = name_keys(players.text(row, 1));
    failed = run(connection, "UPDATE players SET name_skeleton = $2, name_folded = $3 WHERE id = $1", what,
                 PgParams().add(players.text(row, 0)).add(keys.skeleton).add(keys.folded));
  }
  if (!failed) failed = run(connection, "COMMIT", what);
  if (failed) run(connection, "ROLLBACK", "rollback");
  return failed;
}

}  // namespace

std::unique_ptr<PostgresStore> PostgresStore::open(const std::string& uri, StoreError& error) {
  PGconn* connection = PQconnectdb(uri.c_str());
  if (connection) PQsetNoticeReceiver(connection, print_warnings, nullptr);  // kept across PQreset
  // The URI may hold a password: it is not repeated in the message.
  if (!connection || PQstatus(connection) != CONNECTION_OK) {
    error.message = "cannot connect to the PostgreSQL database: " + connection_message(connection);
    PQfinish(connection);
    return nullptr;
  }
  StoreStatus failed = migrate_postgres(connection);
  if (!failed) failed = fill_name_keys(connection);
  if (failed) {
    error = *failed;
    PQfinish(connection);
    return nullptr;
  }
  return std::unique_ptr<PostgresStore>(new PostgresStore(connection));
}

PostgresStore::PostgresStore(PGconn* connection) : connection_(connection) {}

PostgresStore::~PostgresStore() { PQfinish(connection_); }

PGconn* PostgresStore::connection(StoreError& error) {
  if (PQstatus(connection_) != CONNECTION_OK && !in_transaction_) PQreset(connection_);
  if (PQstatus(connection_) == CONNECTION_OK) return connection_;
  error.message = "the PostgreSQL database cannot be reached: " + connection_message(connection_);
  return nullptr;
}

std::unique_ptr<StoreTransaction> PostgresStore::begin() { return std::make_unique<PostgresTransaction>(*this); }

StoreResult<PgResult> PostgresStore::query(const std::string& what, const char* sql, const PgParams& params) {
  StoreError error;
  PGconn* open = connection(error);
  if (!open) return {std::nullopt, {what + ": " + error.message}};
  PgResult result = execute(open, sql, params);
  if (!result.ok()) return {std::nullopt, pg_error(result, what)};
  return {std::move(result), {}};
}

StoreResult<std::optional<PlayerRow>> PostgresStore::find_player(std::string_view id) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("find player", "SELECT id, name, secret_hash, created_unix, seen_unix FROM players WHERE id = $1",
            PgParams().add(id));
  if (!found) return {std::nullopt, found.error};
  const PgResult& rows = *found.value;
  if (rows.rows() == 0) return {std::optional<PlayerRow>{}, {}};
  return {std::optional<PlayerRow>{
              PlayerRow{rows.text(0, 0), rows.text(0, 1), rows.text(0, 2), rows.integer(0, 3), rows.integer(0, 4)}},
          {}};
}

StoreResult<std::optional<std::string>> PostgresStore::look_alike_name(const NameKeys& keys, const std::string& except,
                                                                       std::int64_t seen_since) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("look-alike names",
            "SELECT name FROM players WHERE (name_skeleton = $1 OR name_folded = $2) AND id <> $3 AND seen_unix >= $4 "
            "ORDER BY seen_unix DESC, id COLLATE \"C\" LIMIT 1",
            PgParams().add(keys.skeleton).add(keys.folded).add(except).add(seen_since));
  if (!found) return {std::nullopt, found.error};
  if (found.value->rows() == 0) return {std::optional<std::string>{}, {}};
  return {std::optional<std::string>{found.value->text(0, 0)}, {}};
}

StoreResult<std::vector<Square>> PostgresStore::load_moves(const std::string& code, int match_number, int game_number) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found = query("load moves",
                                            "SELECT square FROM moves WHERE code = $1 AND match_number = $2 AND "
                                            "game_number = $3 ORDER BY move_index",
                                            PgParams().add(code).add(match_number).add(game_number));
  if (!found) return {std::nullopt, found.error};
  std::vector<Square> moves;
  for (int row = 0; row < found.value->rows(); ++row) {
    const std::string text = found.value->text(row, 0);
    const Parsed<Square> square = parse_square(text);
    if (!square) return {std::nullopt, {"load moves: table " + code + " has a bad square '" + text + "'"}};
    moves.push_back(*square.value);
  }
  return {moves, {}};
}

StoreResult<std::vector<StoredTable>> PostgresStore::load_tables() { return load_tables_where(std::nullopt); }

StoreResult<std::optional<StoredTable>> PostgresStore::load_table(const std::string& code) {
  StoreResult<std::vector<StoredTable>> found = load_tables_where(code);
  if (!found) return {std::nullopt, found.error};
  if (found.value->empty()) return {std::optional<StoredTable>{}, {}};
  return {std::move(found.value->front()), {}};
}

StoreResult<std::vector<StoredTable>> PostgresStore::load_tables_where(const std::optional<std::string>& code) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("load tables",
            "SELECT code, owner, private, match_length, clock, start, seat0_player, seat0_name, seat0_computer, "
            "seat1_player, seat1_name, seat1_computer, phase, seq, has_match, match_number, first_colour, finished, "
            "game_number, forfeited, forfeit_reason, random_state, updated_unix, match_key, earlier_moves FROM "
            "tables WHERE $1::text IS NULL OR code = $1 ORDER BY updated_unix, position",
            PgParams().add(code));
  if (!found) return {std::nullopt, found.error};
  const PgResult& rows = *found.value;
  std::vector<StoredTable> tables;
  for (int index = 0; index < rows.rows(); ++index) {
    TableRow row;
    bool ok = true;
    row.code = rows.text(index, 0);
    row.owner = rows.text(index, 1);
    row.is_private = rows.boolean(index, 2);
    row.options.match_length = static_cast<int>(rows.integer(index, 3));
    row.options.clock = rows.real(index, 4);
    row.options.start = read_enum(kVariants, rows.text(index, 5), StartVariant::StandardCross, ok);
    for (int seat = 0; seat < 2; ++seat) {
      row.seats[seat].player = rows.text(index, 6 + 3 * seat);
      row.seats[seat].name = rows.text(index, 7 + 3 * seat);
      if (!rows.is_null(index, 8 + 3 * seat))
        row.seats[seat].computer = read_enum(kStrengths, rows.text(index, 8 + 3 * seat), Strength::Medium, ok);
    }
    row.phase = read_enum(kTablePhases, rows.text(index, 12), messages::TablePhase::Waiting, ok);
    row.seq = static_cast<int>(rows.integer(index, 13));
    row.has_match = rows.boolean(index, 14);
    row.match_number = static_cast<int>(rows.integer(index, 15));
    row.first_colour = read_enum(kColours, rows.text(index, 16), Color::Black, ok);
    row.finished = rows.text(index, 17);
    row.game_number = static_cast<int>(rows.integer(index, 18));
    if (!rows.is_null(index, 19)) row.forfeited = read_enum(kColours, rows.text(index, 19), Color::Black, ok);
    row.forfeit_reason = read_enum(kEndReasons, rows.text(index, 20), EndReason::None, ok);
    row.random_state = static_cast<std::uint64_t>(rows.integer(index, 21));
    row.updated_unix = rows.integer(index, 22);
    row.match_key = rows.text(index, 23);
    row.earlier_moves = static_cast<int>(rows.integer(index, 24));
    if (!ok) return {std::nullopt, {"load tables: table " + row.code + " has a value this build cannot read"}};
    StoreResult<std::vector<Square>> moves = load_moves(row.code, row.match_number, row.game_number);
    if (!moves) return {std::nullopt, moves.error};
    tables.push_back(StoredTable{std::move(row), std::move(*moves.value)});
  }
  return {tables, {}};
}

StoreResult<PlayerTally> PostgresStore::tally(const std::string& player, const std::string& opponent) {
  std::lock_guard lock(mutex_);
  PlayerTally tally;
  const StoreResult<PgResult> counts =
      query("tally",
            "SELECT COUNT(*), COUNT(*) FILTER (WHERE outcome = 'win'), COUNT(DISTINCT opponent), COUNT(*) FILTER "
            "(WHERE opponent = $2) FROM scores WHERE player = $1 AND rated",
            PgParams().add(player).add(opponent));
  if (!counts) return {std::nullopt, counts.error};
  tally.games = static_cast<int>(counts.value->integer(0, 0));
  tally.wins = static_cast<int>(counts.value->integer(0, 1));
  tally.opponents = static_cast<int>(counts.value->integer(0, 2));
  tally.played_with = counts.value->integer(0, 3) > 0;
  const StoreResult<PgResult> reached =
      query("milestones", "SELECT milestone, reached_unix FROM milestones WHERE player = $1", PgParams().add(player));
  if (!reached) return {std::nullopt, reached.error};
  for (int row = 0; row < reached.value->rows(); ++row) {
    // A milestone this build does not know (a newer server wrote it) is left out.
    if (const std::optional<online::Milestone> milestone =
            parse_spelling(online::kMilestones, reached.value->text(row, 0)))
      tally.reached.push_back({*milestone, reached.value->integer(row, 1)});
  }
  std::sort(tally.reached.begin(), tally.reached.end(),
            [](const auto& a, const auto& b) { return a.milestone < b.milestone; });
  return {tally, {}};
}

StoreResult<std::optional<std::string>> PostgresStore::claim_device_link(const std::string& code,
                                                                         std::int64_t now_unix) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found = query("use link code", sql::kClaimDeviceLink, PgParams().add(code).add(now_unix));
  if (!found) return {std::nullopt, found.error};
  if (found.value->rows() == 0) return {std::optional<std::string>{}, {}};
  return {std::optional<std::string>{found.value->text(0, 0)}, {}};
}

StoreResult<std::vector<std::string>> PostgresStore::device_secret_hashes(const std::string& player) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found = query("device secrets", sql::kDeviceSecrets, PgParams().add(player));
  if (!found) return {std::nullopt, found.error};
  std::vector<std::string> hashes;
  for (int row = 0; row < found.value->rows(); ++row) hashes.push_back(found.value->text(row, 0));
  return {std::move(hashes), {}};
}

StoreResult<std::optional<std::string>> PostgresStore::seated_at(const std::string& player) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("find the player's table", "SELECT code FROM tables WHERE seat0_player = $1 OR seat1_player = $1 LIMIT 1",
            PgParams().add(player));
  if (!found) return {std::nullopt, found.error};
  if (found.value->rows() == 0) return {std::optional<std::string>{}, {}};
  return {std::optional<std::string>{found.value->text(0, 0)}, {}};
}

StoreResult<int> PostgresStore::rated_games_between(const std::string& a, const std::string& b, std::int64_t from,
                                                    std::int64_t to) {
  std::lock_guard lock(mutex_);
  // Each game has one score row a player: `a`'s rows name `b` as the opponent.
  const StoreResult<PgResult> found = query("games between",
                                            "SELECT COUNT(*) FROM scores WHERE player = $1 AND opponent = $2 AND "
                                            "rated AND ended_unix >= $3 AND ended_unix < $4",
                                            PgParams().add(a).add(b).add(from).add(to));
  if (!found) return {std::nullopt, found.error};
  return {static_cast<int>(found.value->integer(0, 0)), {}};
}

StoreResult<int> PostgresStore::points(const std::string& player, std::int64_t from, std::int64_t to) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found = query("points",
                                            "SELECT COALESCE(SUM(points), 0) FROM scores WHERE player = $1 AND "
                                            "rated AND ended_unix >= $2 AND ended_unix < $3",
                                            PgParams().add(player).add(from).add(to));
  if (!found) return {std::nullopt, found.error};
  return {static_cast<int>(found.value->integer(0, 0)), {}};
}

// Ties are broken by the player's id in byte order, as SQLite compares, whatever the database's collation.
StoreResult<std::vector<LeaderboardRow>> PostgresStore::leaderboard(std::int64_t from, std::int64_t to,
                                                                    std::size_t size, const std::string& player) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found = query(
      "leaderboard",
      "WITH totals AS (SELECT player, SUM(points) AS points, COUNT(*) FILTER (WHERE outcome = 'win') AS wins, "
      "MAX(ended_unix) AS last FROM scores WHERE rated AND ended_unix >= $1 AND ended_unix < $2 GROUP BY player), "
      "ranked AS (SELECT *, ROW_NUMBER() OVER (ORDER BY points DESC, wins DESC, last ASC, player COLLATE \"C\" ASC) "
      "AS rank FROM totals) "
      "SELECT ranked.player, COALESCE(players.name, ''), ranked.points, ranked.wins, ranked.last, ranked.rank, "
      "(SELECT COUNT(*) FROM milestones WHERE milestones.player = ranked.player) "
      "FROM ranked LEFT JOIN players ON players.id = ranked.player "
      "WHERE ranked.rank <= $3 OR ranked.player = $4 ORDER BY ranked.rank",
      PgParams().add(from).add(to).add(static_cast<std::int64_t>(size)).add(player));
  if (!found) return {std::nullopt, found.error};
  const PgResult& rows = *found.value;
  std::vector<LeaderboardRow> board;
  for (int index = 0; index < rows.rows(); ++index) {
    LeaderboardRow row;
    row.player = rows.text(index, 0);
    row.name = rows.text(index, 1);
    row.points = static_cast<int>(rows.integer(index, 2));
    row.wins = static_cast<int>(rows.integer(index, 3));
    row.last_unix = rows.integer(index, 4);
    row.rank = static_cast<int>(rows.integer(index, 5));
    row.level = level_of(static_cast<int>(rows.integer(index, 6)));
    board.push_back(std::move(row));
  }
  return {board, {}};
}

namespace {

// The columns of a history line: scores s joined with games g for s.player.
constexpr const char* kHistoryColumns =
    "SELECT g.code, g.match_number, g.game_number, g.black, g.black_name, g.black_computer, g.white, g.white_name, "
    "g.white_computer, s.outcome, g.reason, s.points, s.rated, g.black_count, g.white_count, g.transcript, "
    "g.ended_unix FROM scores s JOIN games g ON g.id = s.game ";

StoreResult<std::vector<online::server::HistoryGame>> read_history(const PgResult& rows, const std::string& player) {
  std::vector<online::server::HistoryGame> games;
  for (int index = 0; index < rows.rows(); ++index) {
    online::server::HistoryGame game;
    bool ok = true;
    game.code = rows.text(index, 0);
    game.match_number = static_cast<int>(rows.integer(index, 1));
    game.game_number = static_cast<int>(rows.integer(index, 2));
    const bool black = rows.text(index, 3) == player;
    game.color = black ? Color::Black : Color::White;
    const int other = black ? 6 : 3;
    game.opponent = rows.text(index, other);
    game.opponent_name = rows.text(index, other + 1);
    if (!rows.is_null(index, other + 2))
      game.computer = read_enum(kStrengths, rows.text(index, other + 2), Strength::Medium, ok);
    game.outcome = read_enum(online::kGameOutcomes, rows.text(index, 9), online::GameOutcome::Draw, ok);
    game.reason = read_enum(kEndReasons, rows.text(index, 10), EndReason::NoMoves, ok);
    game.points = static_cast<int>(rows.integer(index, 11));
    game.rated = rows.boolean(index, 12);
    const int black_count = static_cast<int>(rows.integer(index, 13));
    const int white_count = static_cast<int>(rows.integer(index, 14));
    game.own_count = black ? black_count : white_count;
    game.opponent_count = black ? white_count : black_count;
    game.transcript = rows.text(index, 15);
    game.ended_unix = rows.integer(index, 16);
    if (!ok) return {std::nullopt, {"history: a game at table " + game.code + " has a value this build cannot read"}};
    games.push_back(std::move(game));
  }
  return {games, {}};
}

}  // namespace

StoreResult<std::vector<online::server::HistoryGame>> PostgresStore::history(const std::string& player,
                                                                             std::size_t size) {
  std::lock_guard lock(mutex_);
  const std::string sql =
      std::string(kHistoryColumns) + "WHERE s.player = $1 ORDER BY g.ended_unix DESC, g.id DESC LIMIT $2";
  const StoreResult<PgResult> found =
      query("history", sql.c_str(), PgParams().add(player).add(static_cast<std::int64_t>(size)));
  if (!found) return {std::nullopt, found.error};
  return read_history(*found.value, player);
}

StoreResult<std::vector<online::server::HistoryGame>> PostgresStore::match_games(const std::string& player,
                                                                                 const std::string& code,
                                                                                 int match_number) {
  std::lock_guard lock(mutex_);
  const std::string sql =
      std::string(kHistoryColumns) + "WHERE s.player = $1 AND g.code = $2 AND g.match_number = $3 ORDER BY g.id";
  const StoreResult<PgResult> found =
      query("match games", sql.c_str(), PgParams().add(player).add(code).add(match_number));
  if (!found) return {std::nullopt, found.error};
  StoreResult<std::vector<online::server::HistoryGame>> games = read_history(*found.value, player);
  if (!games) return games;
  // A code comes back into use once its table has closed: only the games
  // from the last first game on are this match's.
  std::vector<online::server::HistoryGame>& list = *games.value;
  const auto first = std::find_if(list.rbegin(), list.rend(), [](const auto& game) { return game.game_number == 1; });
  if (first != list.rend()) list.erase(list.begin(), std::prev(first.base()));
  return games;
}

StoreResult<ChipTotals> PostgresStore::chip_totals(const std::string& player, std::int64_t from, std::int64_t to) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("chips",
            "SELECT COALESCE(SUM(delta), 0), COALESCE(SUM(CASE WHEN reason IN ('match-won', 'opponent-left') AND "
            "created_unix >= $2 AND created_unix < $3 THEN delta ELSE 0 END), 0) FROM chips WHERE player = $1",
            PgParams().add(player).add(from).add(to));
  if (!found) return {std::nullopt, found.error};
  return {ChipTotals{found.value->integer(0, 0), found.value->integer(0, 1)}, {}};
}

StoreResult<std::vector<ChipEntry>> PostgresStore::chip_ledger(const std::string& player, std::size_t size) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("chip ledger",
            "SELECT delta, balance_after, reason, code, match_number, match_key, created_unix FROM chips "
            "WHERE player = $1 ORDER BY id DESC LIMIT $2",
            PgParams().add(player).add(static_cast<std::int64_t>(size)));
  if (!found) return {std::nullopt, found.error};
  const PgResult& rows = *found.value;
  std::vector<ChipEntry> entries;
  for (int index = 0; index < rows.rows(); ++index) {
    ChipEntry entry;
    bool ok = true;
    entry.player = player;
    entry.delta = static_cast<int>(rows.integer(index, 0));
    entry.balance_after = static_cast<int>(rows.integer(index, 1));
    entry.reason = read_enum(online::kChipReasons, rows.text(index, 2), online::ChipReason::MatchWon, ok);
    entry.code = rows.text(index, 3);
    entry.match_number = static_cast<int>(rows.integer(index, 4));
    entry.match_key = rows.text(index, 5);
    entry.created_unix = rows.integer(index, 6);
    if (!ok) return {std::nullopt, {"chip ledger: an entry of " + player + " has a reason this build cannot read"}};
    entries.push_back(std::move(entry));
  }
  return {entries, {}};
}

}  // namespace reversi::server
