// SqlTransaction (sql_store.h): the writes a transaction makes, alike on
// SQLite and PostgreSQL.
#include "engine/notation.h"
#include "server/arcade.h"
#include "server/forget_player.h"
#include "server/sql_store.h"
#include "server/store_rows.h"
#include "server/store_sql.h"

namespace reversi::server {

namespace online = messages::online;

void SqlTransaction::put_player(const PlayerRow& player) {
  write("save player", sql::kPutPlayer, player_params(player));
}

void SqlTransaction::mark_seen(const std::string& player, std::int64_t unix) {
  write("mark player seen", sql::kMarkSeen, SqlParams().add(player).add(unix));
}

void SqlTransaction::put_table(const TableRow& table) {
  writing_table(table.code);
  write("save table", sql::kPutTable, table_params(table));
}

void SqlTransaction::add_move(const std::string& code, int match_number, int game_number, int index, Square square) {
  writing_table(code);
  write("save move", sql::kPutMove,
        SqlParams().add(code).add(match_number).add(game_number).add(index).add(square_name(square)));
}

void SqlTransaction::delete_table(const std::string& code) {
  writing_table(code);
  write("delete moves", sql::kDeleteMoves, SqlParams().add(code));
  write("delete table", sql::kDeleteTable, SqlParams().add(code));
}

void SqlTransaction::add_game(const GameRecord& game) {
  const std::optional<std::int64_t> id = write("save game", sql::kAddGame, game_params(game));
  if (!id) return;
  // Each person's share of the game; the computer keeps no record.
  for (const Color colour : {Color::Black, Color::White}) {
    const GameSide& side = colour == Color::Black ? game.black : game.white;
    const GameSide& other = colour == Color::Black ? game.white : game.black;
    if (side.computer) continue;
    const online::GameOutcome outcome = outcome_for(game.winner, colour);
    write("save score", sql::kAddScore,
          SqlParams()
              .add(side.player)
              .add(*id)
              .add(other.player)
              .add(messages::spell(online::kGameOutcomes, outcome))
              .add(game.rated() ? points_for(outcome) : 0)
              .add(game.rated())
              .add(game.ended_unix));
  }
}

void SqlTransaction::add_milestone(const std::string& player, online::Milestone milestone, std::int64_t reached_unix) {
  write("save milestone", sql::kAddMilestone,
        SqlParams().add(player).add(messages::spell(online::kMilestones, milestone)).add(reached_unix));
}

void SqlTransaction::add_chips(const ChipEntry& entry) { write("save chips", sql::kAddChips, chips_params(entry)); }

void SqlTransaction::forget_player(const std::string& player) {
  for (const char* statement : forget_player_statements()) write("forget player", statement, SqlParams().add(player));
}

void SqlTransaction::put_device_link(const std::string& code, const std::string& player, std::int64_t now_unix,
                                     std::int64_t expires_unix) {
  write("save link code", sql::kDropDeviceLinks, SqlParams().add(player).add(now_unix));
  write("save link code", sql::kPutDeviceLink, SqlParams().add(code).add(player).add(expires_unix));
}

void SqlTransaction::add_device_secret(const std::string& player, const std::string& secret_hash,
                                       std::int64_t created_unix) {
  write("save device secret", sql::kPutDeviceSecret, SqlParams().add(player).add(secret_hash).add(created_unix));
}

}  // namespace reversi::server
