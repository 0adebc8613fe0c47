// SQL that the SQLite and PostgreSQL stores speak alike, written once, in
// what both accept (upserts with ON CONFLICT, aggregates with FILTER,
// RETURNING: SQLite 3.35 or later). Parameters are $1, $2…, each used
// (PostgreSQL wants a type for every one), and byte order is COLLATE "C";
// the SQLite store reads them as ?1, ?2… and COLLATE BINARY (sqlite_sql in
// sqlite_store.cpp). What the dialects write differently stays in their own
// files: the schemas (column types) and transactions.
#pragma once

namespace reversi::server::sql {

// One schema version's SQL. Each dialect has its list, the same versions
// holding the same tables (sqlite_store.cpp, postgres_schema.cpp).
struct Migration {
  int version;
  const char* sql;
};

// Schema version 6 on both: one player on several devices
// (docs/protocol.md, "One player on several devices"). A link code lives
// until it is used or expires; each linked device has a secret of its own,
// kept as a SHA-256 beside the first device's in `players`.
inline constexpr const char* kDeviceLinksSchema = R"sql(
CREATE TABLE device_links (
  code TEXT PRIMARY KEY,
  player TEXT NOT NULL,
  expires_unix BIGINT NOT NULL
);
CREATE INDEX device_links_by_player ON device_links (player);
CREATE TABLE device_secrets (
  player TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  created_unix BIGINT NOT NULL,
  PRIMARY KEY (player, secret_hash)
);
)sql";

// Schema version 8 on both: a table's whole-game clock (docs/protocol.md,
// "The clock"): its control (0 seconds: none) and each side's seconds left
// at the table's last commit, so a restart or another node resumes it.
inline constexpr const char* kGameClockSchema = R"sql(
ALTER TABLE tables ADD COLUMN game_clock_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN game_clock_increment INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN game_clock_black DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN game_clock_white DOUBLE PRECISION NOT NULL DEFAULT 0;
)sql";

// $1 player, $2 now: a player has one live code at a time, and expired
// codes go whenever a new one is made.
inline constexpr const char* kDropDeviceLinks = "DELETE FROM device_links WHERE player = $1 OR expires_unix <= $2";
// $1 code, $2 player, $3 expiry.
inline constexpr const char* kPutDeviceLink =
    "INSERT INTO device_links (code, player, expires_unix) VALUES ($1, $2, $3)";
// $1 code, $2 now: used once, so deleted as it is read.
inline constexpr const char* kClaimDeviceLink =
    "DELETE FROM device_links WHERE code = $1 AND expires_unix > $2 RETURNING player";
// $1 player, $2 hash, $3 time.
inline constexpr const char* kPutDeviceSecret =
    "INSERT INTO device_secrets (player, secret_hash, created_unix) VALUES ($1, $2, $3)";
inline constexpr const char* kDeviceSecrets = "SELECT secret_hash FROM device_secrets WHERE player = $1";

// Players. $1 id, $2 name, $3 secret hash, $4 created, $5 seen, $6 and $7
// the name's look-alike keys; seen_unix only ever moves forward.
inline constexpr const char* kPutPlayer =
    "INSERT INTO players (id, name, secret_hash, created_unix, seen_unix, name_skeleton, name_folded) VALUES "
    "($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO UPDATE SET name = excluded.name, secret_hash = "
    "excluded.secret_hash, created_unix = excluded.created_unix, seen_unix = CASE WHEN excluded.seen_unix > "
    "players.seen_unix THEN excluded.seen_unix ELSE players.seen_unix END, name_skeleton = excluded.name_skeleton, "
    "name_folded = excluded.name_folded";
// $1 id, $2 time.
inline constexpr const char* kMarkSeen = "UPDATE players SET seen_unix = $2 WHERE id = $1 AND seen_unix < $2";
inline constexpr const char* kFindPlayer =
    "SELECT id, name, secret_hash, created_unix, seen_unix FROM players WHERE id = $1";
// $1 skeleton, $2 folded, $3 the player left out, $4 seen since.
inline constexpr const char* kLookAlikeName =
    "SELECT name FROM players WHERE (name_skeleton = $1 OR name_folded = $2) AND id <> $3 AND seen_unix >= $4 "
    "ORDER BY seen_unix DESC, id COLLATE \"C\" LIMIT 1";
inline constexpr const char* kSeatedAt = "SELECT code FROM tables WHERE seat0_player = $1 OR seat1_player = $1 LIMIT 1";

// Tables: $1 … $29 in the order of kTableColumns (store_rows.cpp binds and reads them).
// An upsert, not a replace: a replace deletes the row first, and with it its moves.
inline constexpr const char* kPutTable =
    "INSERT INTO tables (code, owner, private, match_length, clock, start, seat0_player, seat0_name, "
    "seat0_computer, seat1_player, seat1_name, seat1_computer, phase, seq, has_match, match_number, "
    "first_colour, finished, game_number, forfeited, forfeit_reason, random_state, updated_unix, match_key, "
    "earlier_moves, game_clock_seconds, game_clock_increment, game_clock_black, game_clock_white) VALUES ($1, $2, "
    "$3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, "
    "$26, $27, $28, $29) ON CONFLICT (code) DO UPDATE SET owner = excluded.owner, private = "
    "excluded.private, match_length = excluded.match_length, clock = excluded.clock, start = "
    "excluded.start, seat0_player = excluded.seat0_player, seat0_name = excluded.seat0_name, "
    "seat0_computer = excluded.seat0_computer, seat1_player = excluded.seat1_player, seat1_name = "
    "excluded.seat1_name, seat1_computer = excluded.seat1_computer, phase = excluded.phase, seq = "
    "excluded.seq, has_match = excluded.has_match, match_number = excluded.match_number, "
    "first_colour = excluded.first_colour, finished = excluded.finished, game_number = "
    "excluded.game_number, forfeited = excluded.forfeited, forfeit_reason = excluded.forfeit_reason, "
    "random_state = excluded.random_state, updated_unix = excluded.updated_unix, match_key = "
    "excluded.match_key, earlier_moves = excluded.earlier_moves, game_clock_seconds = excluded.game_clock_seconds, "
    "game_clock_increment = excluded.game_clock_increment, game_clock_black = excluded.game_clock_black, "
    "game_clock_white = excluded.game_clock_white";
inline constexpr const char* kTableColumns =
    "SELECT code, owner, private, match_length, clock, start, seat0_player, seat0_name, seat0_computer, "
    "seat1_player, seat1_name, seat1_computer, phase, seq, has_match, match_number, first_colour, finished, "
    "game_number, forfeited, forfeit_reason, random_state, updated_unix, match_key, earlier_moves, "
    "game_clock_seconds, game_clock_increment, game_clock_black, game_clock_white FROM tables ";
inline constexpr const char* kDeleteMoves = "DELETE FROM moves WHERE code = $1";
inline constexpr const char* kDeleteTable = "DELETE FROM tables WHERE code = $1";
// $1 code, $2 match, $3 game, $4 index, $5 square.
inline constexpr const char* kPutMove =
    "INSERT INTO moves VALUES ($1, $2, $3, $4, $5) ON CONFLICT (code, match_number, game_number, move_index) "
    "DO UPDATE SET square = excluded.square";
inline constexpr const char* kLoadMoves =
    "SELECT square FROM moves WHERE code = $1 AND match_number = $2 AND game_number = $3 ORDER BY move_index";

// The record. A game's $1 … $16 in its columns' order; its id comes back.
inline constexpr const char* kAddGame =
    "INSERT INTO games (code, match_number, game_number, black, black_name, black_computer, white, white_name, "
    "white_computer, result, reason, black_count, white_count, transcript, rated, ended_unix) VALUES ($1, $2, "
    "$3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id";
// $1 player, $2 game, $3 opponent, $4 outcome, $5 points, $6 rated, $7 time.
inline constexpr const char* kAddScore = "INSERT INTO scores VALUES ($1, $2, $3, $4, $5, $6, $7)";
inline constexpr const char* kAddMilestone = "INSERT INTO milestones VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";
// $1 player, $2 opponent.
inline constexpr const char* kTally =
    "SELECT COUNT(*), COUNT(*) FILTER (WHERE outcome = 'win'), COUNT(DISTINCT opponent), COUNT(*) FILTER "
    "(WHERE opponent = $2) FROM scores WHERE player = $1 AND rated";
inline constexpr const char* kMilestones = "SELECT milestone, reached_unix FROM milestones WHERE player = $1";
// Each game has one score row a player: $1's rows name $2 as the opponent; [$3, $4).
inline constexpr const char* kGamesBetween =
    "SELECT COUNT(*) FROM scores WHERE player = $1 AND opponent = $2 AND rated AND ended_unix >= $3 AND "
    "ended_unix < $4";
inline constexpr const char* kPoints =
    "SELECT COALESCE(SUM(points), 0) FROM scores WHERE player = $1 AND rated AND ended_unix >= $2 AND "
    "ended_unix < $3";
// [$1, $2), the first $3 ranks and player $4's. Ties are broken by the
// player's id in byte order, whatever the database's collation.
inline constexpr const char* kLeaderboard =
    "WITH totals AS (SELECT player, SUM(points) AS points, COUNT(*) FILTER (WHERE outcome = 'win') AS wins, "
    "MAX(ended_unix) AS last FROM scores WHERE rated AND ended_unix >= $1 AND ended_unix < $2 GROUP BY player), "
    "ranked AS (SELECT *, ROW_NUMBER() OVER (ORDER BY points DESC, wins DESC, last ASC, player COLLATE \"C\" ASC) "
    "AS rank FROM totals) "
    "SELECT ranked.player, COALESCE(players.name, ''), ranked.points, ranked.wins, ranked.last, ranked.rank, "
    "(SELECT COUNT(*) FROM milestones WHERE milestones.player = ranked.player) "
    "FROM ranked LEFT JOIN players ON players.id = ranked.player "
    "WHERE ranked.rank <= $3 OR ranked.player = $4 ORDER BY ranked.rank";
// A history line: scores s joined with games g for s.player.
inline constexpr const char* kHistoryColumns =
    "SELECT g.code, g.match_number, g.game_number, g.black, g.black_name, g.black_computer, g.white, g.white_name, "
    "g.white_computer, s.outcome, g.reason, s.points, s.rated, g.black_count, g.white_count, g.transcript, "
    "g.ended_unix FROM scores s JOIN games g ON g.id = s.game ";
inline constexpr const char* kHistory = "WHERE s.player = $1 ORDER BY g.ended_unix DESC, g.id DESC LIMIT $2";
inline constexpr const char* kMatchGames = "WHERE s.player = $1 AND g.code = $2 AND g.match_number = $3 ORDER BY g.id";

// Chips. $1 … $8 in the columns' order.
inline constexpr const char* kAddChips =
    "INSERT INTO chips (player, delta, balance_after, reason, code, match_number, match_key, created_unix) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
// $1 player; what was won in [$2, $3).
inline constexpr const char* kChipTotals =
    "SELECT COALESCE(SUM(delta), 0), COALESCE(SUM(CASE WHEN reason IN ('match-won', 'opponent-left') AND "
    "created_unix >= $2 AND created_unix < $3 THEN delta ELSE 0 END), 0) FROM chips WHERE player = $1";
inline constexpr const char* kChipLedger =
    "SELECT delta, balance_after, reason, code, match_number, match_key, created_unix FROM chips "
    "WHERE player = $1 ORDER BY id DESC LIMIT $2";

// Chat and moderation (sql_moderation.cpp).
// $1 code, $2 … $7 the line.
inline constexpr const char* kAddChat = "INSERT INTO chat VALUES ($1, $2, $3, $4, $5, $6, $7)";
inline constexpr const char* kClearChat = "DELETE FROM chat WHERE code = $1";
// $1 code, the newest $2 lines, oldest first.
inline constexpr const char* kLoadChat =
    "SELECT id, player, name, text, shown, at_unix FROM (SELECT * FROM chat WHERE code = $1 ORDER BY id DESC "
    "LIMIT $2) AS newest ORDER BY id";
inline constexpr const char* kPutMute = "INSERT INTO mutes VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";
inline constexpr const char* kDeleteMute = "DELETE FROM mutes WHERE player = $1 AND muted = $2";
inline constexpr const char* kLoadMutes =
    "SELECT muted FROM mutes WHERE player = $1 ORDER BY since_unix, muted COLLATE \"C\"";
// $1 … $10 in the columns' order; its id comes back.
inline constexpr const char* kAddReport =
    "INSERT INTO reports (reporter, reporter_name, reported, reported_name, reason, note, code, transcript, chat, "
    "created_unix) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id";
inline constexpr const char* kPutAvoidance = "INSERT INTO avoidances VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";
inline constexpr const char* kReportColumns =
    "SELECT id, reporter, reporter_name, reported, reported_name, reason, note, code, transcript, chat, "
    "created_unix, closed_unix FROM reports ";
inline constexpr const char* kAllReports = "ORDER BY id";
inline constexpr const char* kOpenReports = "WHERE closed_unix IS NULL ORDER BY id";
// $1 id, $2 time.
inline constexpr const char* kCloseReport = "UPDATE reports SET closed_unix = $2 WHERE id = $1 AND closed_unix IS NULL";
// In the order of SQLite's primary key, so both backends list alike.
inline constexpr const char* kLoadAvoidances =
    "SELECT player, avoided FROM avoidances ORDER BY player COLLATE \"C\", avoided COLLATE \"C\"";
inline constexpr const char* kPutBan =
    "INSERT INTO bans (player, reason, banned_unix) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";
inline constexpr const char* kDeleteBan = "DELETE FROM bans WHERE player = $1";
inline constexpr const char* kLoadBans = "SELECT id, player, reason, banned_unix FROM bans ORDER BY id";
inline constexpr const char* kFindBan = "SELECT id, player, reason, banned_unix FROM bans WHERE player = $1";

}  // namespace reversi::server::sql
