#include "server/sql_store.h"

#include <algorithm>
#include <iterator>

#include "engine/notation.h"
#include "server/arcade.h"
#include "server/forget_player.h"
#include "server/store_rows.h"
#include "server/store_sql.h"

namespace reversi::server {

namespace online = messages::online;

namespace {

// The first column of a query's one row, as a number.
StoreResult<std::int64_t> first_number(StoreResult<std::unique_ptr<SqlRows>> found) {
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  if (!rows.next()) return {std::nullopt, rows.status().value_or(StoreError{"a count gave no row"})};
  return {rows.integer(0), {}};
}

// The first column of a query's first row, as text; nothing when no row came back.
StoreResult<std::optional<std::string>> first_text(StoreResult<std::unique_ptr<SqlRows>> found) {
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  if (!rows.next()) {
    if (StoreStatus failed = rows.status()) return {std::nullopt, *failed};
    return {std::optional<std::string>{}, {}};
  }
  return {std::optional<std::string>{rows.text(0)}, {}};
}

}  // namespace

StoreResult<std::optional<PlayerRow>> SqlStore::find_player(std::string_view id) {
  std::lock_guard lock(mutex_);
  StoreResult<std::unique_ptr<SqlRows>> found = query("find player", sql::kFindPlayer, SqlParams().add(id));
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  if (!rows.next()) {
    if (StoreStatus failed = rows.status()) return {std::nullopt, *failed};
    return {std::optional<PlayerRow>{}, {}};
  }
  return {std::optional<PlayerRow>{read_player(rows)}, {}};
}

StoreResult<std::optional<std::string>> SqlStore::look_alike_name(const NameKeys& keys, const std::string& except,
                                                                  std::int64_t seen_since) {
  std::lock_guard lock(mutex_);
  return first_text(query("look-alike names", sql::kLookAlikeName,
                          SqlParams().add(keys.skeleton).add(keys.folded).add(except).add(seen_since)));
}

StoreResult<std::vector<Square>> SqlStore::load_moves(const std::string& code, int match_number, int game_number) {
  std::lock_guard lock(mutex_);
  StoreResult<std::unique_ptr<SqlRows>> found =
      query("load moves", sql::kLoadMoves, SqlParams().add(code).add(match_number).add(game_number));
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  std::vector<Square> moves;
  while (rows.next()) {
    const std::string text = rows.text(0);
    const Parsed<Square> square = parse_square(text);
    if (!square) return {std::nullopt, {"load moves: table " + code + " has a bad square '" + text + "'"}};
    moves.push_back(*square.value);
  }
  if (StoreStatus failed = rows.status()) return {std::nullopt, *failed};
  return {moves, {}};
}

StoreResult<std::vector<StoredTable>> SqlStore::load_tables() {
  return read_tables(std::string(sql::kTableColumns) + "ORDER BY updated_unix, " + stored_order_column(), {});
}

StoreResult<std::optional<StoredTable>> SqlStore::load_table(const std::string& code) {
  StoreResult<std::vector<StoredTable>> found =
      read_tables(std::string(sql::kTableColumns) + "WHERE code = $1", SqlParams().add(code));
  if (!found) return {std::nullopt, found.error};
  if (found.value->empty()) return {std::optional<StoredTable>{}, {}};
  return {std::move(found.value->front()), {}};
}

StoreResult<std::vector<StoredTable>> SqlStore::read_tables(const std::string& sql, const SqlParams& params) {
  std::lock_guard lock(mutex_);
  StoreResult<std::unique_ptr<SqlRows>> found = query("load tables", sql.c_str(), params);
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  std::vector<TableRow> read;
  while (rows.next()) {
    StoreResult<TableRow> row = read_table(rows);
    if (!row) return {std::nullopt, row.error};
    read.push_back(std::move(*row.value));
  }
  if (StoreStatus failed = rows.status()) return {std::nullopt, *failed};
  // Each table's moves once its row is read: the rows' statement is done.
  std::vector<StoredTable> tables;
  for (TableRow& row : read) {
    StoreResult<std::vector<Square>> moves = load_moves(row.code, row.match_number, row.game_number);
    if (!moves) return {std::nullopt, moves.error};
    tables.push_back(StoredTable{std::move(row), std::move(*moves.value)});
  }
  return {tables, {}};
}

StoreResult<PlayerTally> SqlStore::tally(const std::string& player, const std::string& opponent) {
  std::lock_guard lock(mutex_);
  PlayerTally tally;
  StoreResult<std::unique_ptr<SqlRows>> counts = query("tally", sql::kTally, SqlParams().add(player).add(opponent));
  if (!counts) return {std::nullopt, counts.error};
  SqlRows& count = **counts.value;
  if (!count.next()) return {std::nullopt, count.status().value_or(StoreError{"tally: no row"})};
  tally.games = static_cast<int>(count.integer(0));
  tally.wins = static_cast<int>(count.integer(1));
  tally.opponents = static_cast<int>(count.integer(2));
  tally.played_with = count.integer(3) > 0;
  StoreResult<std::unique_ptr<SqlRows>> reached = query("milestones", sql::kMilestones, SqlParams().add(player));
  if (!reached) return {std::nullopt, reached.error};
  SqlRows& rows = **reached.value;
  while (rows.next()) {
    // A milestone this build does not know (a newer server wrote it) is left out.
    if (const std::optional<online::Milestone> milestone = messages::parse_spelling(online::kMilestones, rows.text(0)))
      tally.reached.push_back({*milestone, rows.integer(1)});
  }
  if (StoreStatus failed = rows.status()) return {std::nullopt, *failed};
  std::sort(tally.reached.begin(), tally.reached.end(),
            [](const auto& a, const auto& b) { return a.milestone < b.milestone; });
  return {tally, {}};
}

StoreResult<std::optional<std::string>> SqlStore::claim_device_link(const std::string& code, std::int64_t now_unix) {
  std::lock_guard lock(mutex_);
  return first_text(query("use link code", sql::kClaimDeviceLink, SqlParams().add(code).add(now_unix)));
}

StoreResult<std::vector<std::string>> SqlStore::device_secret_hashes(const std::string& player) {
  std::lock_guard lock(mutex_);
  StoreResult<std::unique_ptr<SqlRows>> found = query("device secrets", sql::kDeviceSecrets, SqlParams().add(player));
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  std::vector<std::string> hashes;
  while (rows.next()) hashes.push_back(rows.text(0));
  if (StoreStatus failed = rows.status()) return {std::nullopt, *failed};
  return {std::move(hashes), {}};
}

StoreResult<std::optional<std::string>> SqlStore::seated_at(const std::string& player) {
  std::lock_guard lock(mutex_);
  return first_text(query("find the player's table", sql::kSeatedAt, SqlParams().add(player)));
}

StoreResult<int> SqlStore::rated_games_between(const std::string& a, const std::string& b, std::int64_t from,
                                               std::int64_t to) {
  std::lock_guard lock(mutex_);
  const StoreResult<std::int64_t> count =
      first_number(query("games between", sql::kGamesBetween, SqlParams().add(a).add(b).add(from).add(to)));
  if (!count) return {std::nullopt, count.error};
  return {static_cast<int>(*count.value), {}};
}

StoreResult<int> SqlStore::points(const std::string& player, std::int64_t from, std::int64_t to) {
  std::lock_guard lock(mutex_);
  const StoreResult<std::int64_t> sum =
      first_number(query("points", sql::kPoints, SqlParams().add(player).add(from).add(to)));
  if (!sum) return {std::nullopt, sum.error};
  return {static_cast<int>(*sum.value), {}};
}

StoreResult<std::vector<LeaderboardRow>> SqlStore::leaderboard(std::int64_t from, std::int64_t to, std::size_t size,
                                                               const std::string& player) {
  std::lock_guard lock(mutex_);
  StoreResult<std::unique_ptr<SqlRows>> found = query(
      "leaderboard", sql::kLeaderboard, SqlParams().add(from).add(to).add(static_cast<std::int64_t>(size)).add(player));
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  std::vector<LeaderboardRow> board;
  while (rows.next()) board.push_back(read_leaderboard_row(rows));
  if (StoreStatus failed = rows.status()) return {std::nullopt, *failed};
  return {board, {}};
}

StoreResult<std::vector<online::server::HistoryGame>> SqlStore::read_history(const char* what, const std::string& sql,
                                                                             const SqlParams& params,
                                                                             const std::string& player) {
  StoreResult<std::unique_ptr<SqlRows>> found = query(what, sql.c_str(), params);
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  std::vector<online::server::HistoryGame> games;
  while (rows.next()) {
    StoreResult<online::server::HistoryGame> game = read_history_game(rows, player);
    if (!game) return {std::nullopt, game.error};
    games.push_back(std::move(*game.value));
  }
  if (StoreStatus failed = rows.status()) return {std::nullopt, *failed};
  return {games, {}};
}

StoreResult<std::vector<online::server::HistoryGame>> SqlStore::history(const std::string& player, std::size_t size) {
  std::lock_guard lock(mutex_);
  return read_history("history", std::string(sql::kHistoryColumns) + sql::kHistory,
                      SqlParams().add(player).add(static_cast<std::int64_t>(size)), player);
}

StoreResult<std::vector<online::server::HistoryGame>> SqlStore::match_games(const std::string& player,
                                                                            const std::string& code, int match_number) {
  std::lock_guard lock(mutex_);
  StoreResult<std::vector<online::server::HistoryGame>> games =
      read_history("match games", std::string(sql::kHistoryColumns) + sql::kMatchGames,
                   SqlParams().add(player).add(code).add(match_number), player);
  if (!games) return games;
  // A code comes back into use once its table has closed: only the games
  // from the last first game on are this match's.
  std::vector<online::server::HistoryGame>& list = *games.value;
  const auto first = std::find_if(list.rbegin(), list.rend(), [](const auto& game) { return game.game_number == 1; });
  if (first != list.rend()) list.erase(list.begin(), std::prev(first.base()));
  return games;
}

StoreResult<ChipTotals> SqlStore::chip_totals(const std::string& player, std::int64_t from, std::int64_t to) {
  std::lock_guard lock(mutex_);
  StoreResult<std::unique_ptr<SqlRows>> found =
      query("chips", sql::kChipTotals, SqlParams().add(player).add(from).add(to));
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  if (!rows.next()) return {std::nullopt, rows.status().value_or(StoreError{"chips: no row"})};
  return {ChipTotals{rows.integer(0), rows.integer(1)}, {}};
}

StoreResult<std::vector<ChipEntry>> SqlStore::chip_ledger(const std::string& player, std::size_t size) {
  std::lock_guard lock(mutex_);
  StoreResult<std::unique_ptr<SqlRows>> found =
      query("chip ledger", sql::kChipLedger, SqlParams().add(player).add(static_cast<std::int64_t>(size)));
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  std::vector<ChipEntry> entries;
  while (rows.next()) {
    StoreResult<ChipEntry> entry = read_chip_entry(rows, player);
    if (!entry) return {std::nullopt, entry.error};
    entries.push_back(std::move(*entry.value));
  }
  if (StoreStatus failed = rows.status()) return {std::nullopt, *failed};
  return {entries, {}};
}

}  // namespace reversi::server
