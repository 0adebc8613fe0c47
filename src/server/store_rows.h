// The store's values as SQL rows and parameters, written once for both
// dialects: each reader takes the columns store_sql.h's query names, in its
// order, and each writer gives the parameters its statement takes. Spellings
// are messages' (codec), so a value reads back as it was stored.
#pragma once

#include <string>
#include <vector>

#include "server/moderation_store.h"
#include "server/sql_rows.h"
#include "server/store.h"

namespace reversi::server {

// sql::kPutPlayer's $1 … $7.
SqlParams player_params(const PlayerRow& player);
// sql::kPutTable's $1 … $25.
SqlParams table_params(const TableRow& table);
// sql::kAddGame's $1 … $16.
SqlParams game_params(const GameRecord& game);
// sql::kAddChips's $1 … $8.
SqlParams chips_params(const ChipEntry& entry);
// sql::kAddReport's $1 … $10.
SqlParams report_params(const ReportRow& report);

// The readers. A value this build cannot read (a newer server wrote it)
// makes the row's error, which names the row.
PlayerRow read_player(const SqlRows& row);
StoreResult<TableRow> read_table(const SqlRows& row);
LeaderboardRow read_leaderboard_row(const SqlRows& row);
// A history line (sql::kHistoryColumns) as `player` saw it.
StoreResult<messages::online::server::HistoryGame> read_history_game(const SqlRows& row, const std::string& player);
StoreResult<ChipEntry> read_chip_entry(const SqlRows& row, const std::string& player);
ChatLine read_chat_line(const SqlRows& row);
ReportRow read_report(const SqlRows& row);
BanRow read_ban(const SqlRows& row);

// A report keeps its chat as one JSON list: it is read whole, by people.
std::string chat_to_json(const std::vector<ChatLine>& chat);
std::vector<ChatLine> chat_from_json(const std::string& text);

}  // namespace reversi::server
