#include "server/store_rows.h"

#include <algorithm>

#include "engine/notation.h"
#include "messages/codec.h"
#include "server/arcade.h"
#include "server/player_names.h"

namespace reversi::server {
namespace {

using messages::kColours;
using messages::kEndReasons;
using messages::kStrengths;
using messages::kTablePhases;
using messages::kVariants;
using messages::spell;
namespace online = messages::online;

// The value `text` spells, or `fallback` with `ok` cleared.
template <class Enum, std::size_t N>
Enum read_enum(const messages::Spelling<Enum> (&table)[N], const std::string& text, Enum fallback, bool& ok) {
  const std::optional<Enum> value = messages::parse_spelling(table, text);
  if (!value) ok = false;
  return value.value_or(fallback);
}

std::optional<std::string> spelled(const std::optional<Strength>& computer) {
  if (!computer) return std::nullopt;
  return std::string(spell(kStrengths, *computer));
}

std::optional<std::string> spelled(const std::optional<Color>& colour) {
  if (!colour) return std::nullopt;
  return std::string(spell(kColours, *colour));
}

}  // namespace

SqlParams player_params(const PlayerRow& player) {
  const NameKeys keys = name_keys(player.name);
  SqlParams params;
  params.add(player.id).add(player.name).add(player.secret_hash).add(player.created_unix);
  params.add(std::max(player.created_unix, player.seen_unix)).add(keys.skeleton).add(keys.folded);
  return params;
}

SqlParams table_params(const TableRow& table) {
  SqlParams params;
  params.add(table.code).add(table.owner).add(table.is_private).add(table.options.match_length);
  params.add(table.options.clock).add(spell(kVariants, table.options.start));
  for (const SeatRow& seat : table.seats) params.add(seat.player).add(seat.name).add(spelled(seat.computer));
  params.add(spell(kTablePhases, table.phase)).add(table.seq).add(table.has_match).add(table.match_number);
  params.add(spell(kColours, table.first_colour)).add(table.finished).add(table.game_number);
  params.add(spelled(table.forfeited)).add(spell(kEndReasons, table.forfeit_reason));
  params.add(static_cast<std::int64_t>(table.random_state)).add(table.updated_unix);
  params.add(table.match_key).add(table.earlier_moves);
  const std::optional<online::GameClockOptions>& game_clock = table.options.game_clock;
  params.add(game_clock ? game_clock->seconds : 0).add(game_clock ? game_clock->increment : 0);
  params.add(table.game_clock_left[0]).add(table.game_clock_left[1]);
  return params;
}

SqlParams game_params(const GameRecord& game) {
  SqlParams params;
  params.add(game.code).add(game.match_number).add(game.game_number);
  for (const GameSide* side : {&game.black, &game.white})
    params.add(side->player).add(side->name).add(spelled(side->computer));
  params.add(game.winner ? spell(kColours, *game.winner) : std::string_view("draw"));
  params.add(spell(kEndReasons, game.reason)).add(game.black_count).add(game.white_count);
  params.add(game.transcript).add(game.rated()).add(game.ended_unix);
  return params;
}

SqlParams chips_params(const ChipEntry& entry) {
  SqlParams params;
  params.add(entry.player).add(entry.delta).add(entry.balance_after).add(spell(online::kChipReasons, entry.reason));
  params.add(entry.code).add(entry.match_number).add(entry.match_key).add(entry.created_unix);
  return params;
}

SqlParams report_params(const ReportRow& report) {
  SqlParams params;
  params.add(report.reporter).add(report.reporter_name).add(report.reported).add(report.reported_name);
  params.add(spell(messages::kReportReasons, report.reason)).add(report.note).add(report.code);
  params.add(report.transcript).add(chat_to_json(report.chat)).add(report.created_unix);
  return params;
}

PlayerRow read_player(const SqlRows& row) {
  return PlayerRow{row.text(0), row.text(1), row.text(2), row.integer(3), row.integer(4)};
}

StoreResult<TableRow> read_table(const SqlRows& row) {
  TableRow table;
  bool ok = true;
  table.code = row.text(0);
  table.owner = row.text(1);
  table.is_private = row.boolean(2);
  table.options.match_length = static_cast<int>(row.integer(3));
  table.options.clock = row.real(4);
  table.options.start = read_enum(kVariants, row.text(5), StartVariant::StandardCross, ok);
  for (int seat = 0; seat < 2; ++seat) {
    table.seats[seat].player = row.text(6 + 3 * seat);
    table.seats[seat].name = row.text(7 + 3 * seat);
    if (!row.is_null(8 + 3 * seat))
      table.seats[seat].computer = read_enum(kStrengths, row.text(8 + 3 * seat), Strength::Medium, ok);
  }
  table.phase = read_enum(kTablePhases, row.text(12), messages::TablePhase::Waiting, ok);
  table.seq = static_cast<int>(row.integer(13));
  table.has_match = row.boolean(14);
  table.match_number = static_cast<int>(row.integer(15));
  table.first_colour = read_enum(kColours, row.text(16), Color::Black, ok);
  table.finished = row.text(17);
  table.game_number = static_cast<int>(row.integer(18));
  if (!row.is_null(19)) table.forfeited = read_enum(kColours, row.text(19), Color::Black, ok);
  table.forfeit_reason = read_enum(kEndReasons, row.text(20), EndReason::None, ok);
  table.random_state = static_cast<std::uint64_t>(row.integer(21));
  table.updated_unix = row.integer(22);
  table.match_key = row.text(23);
  table.earlier_moves = static_cast<int>(row.integer(24));
  if (const std::int64_t seconds = row.integer(25); seconds > 0)
    table.options.game_clock = online::GameClockOptions{static_cast<int>(seconds), static_cast<int>(row.integer(26))};
  table.game_clock_left = {row.real(27), row.real(28)};
  if (!ok) return {std::nullopt, {"load tables: table " + table.code + " has a value this build cannot read"}};
  return {std::move(table), {}};
}

LeaderboardRow read_leaderboard_row(const SqlRows& row) {
  LeaderboardRow read;
  read.player = row.text(0);
  read.name = row.text(1);
  read.points = static_cast<int>(row.integer(2));
  read.wins = static_cast<int>(row.integer(3));
  read.last_unix = row.integer(4);
  read.rank = static_cast<int>(row.integer(5));
  read.level = level_of(static_cast<int>(row.integer(6)));
  return read;
}

StoreResult<online::server::HistoryGame> read_history_game(const SqlRows& row, const std::string& player) {
  online::server::HistoryGame game;
  bool ok = true;
  game.code = row.text(0);
  game.match_number = static_cast<int>(row.integer(1));
  game.game_number = static_cast<int>(row.integer(2));
  const bool black = row.text(3) == player;
  game.color = black ? Color::Black : Color::White;
  const int other = black ? 6 : 3;
  game.opponent = row.text(other);
  game.opponent_name = row.text(other + 1);
  if (!row.is_null(other + 2)) game.computer = read_enum(kStrengths, row.text(other + 2), Strength::Medium, ok);
  game.outcome = read_enum(online::kGameOutcomes, row.text(9), online::GameOutcome::Draw, ok);
  game.reason = read_enum(kEndReasons, row.text(10), EndReason::NoMoves, ok);
  game.points = static_cast<int>(row.integer(11));
  game.rated = row.boolean(12);
  const int black_count = static_cast<int>(row.integer(13));
  const int white_count = static_cast<int>(row.integer(14));
  game.own_count = black ? black_count : white_count;
  game.opponent_count = black ? white_count : black_count;
  game.transcript = row.text(15);
  game.ended_unix = row.integer(16);
  if (!ok) return {std::nullopt, {"history: a game at table " + game.code + " has a value this build cannot read"}};
  return {std::move(game), {}};
}

StoreResult<ChipEntry> read_chip_entry(const SqlRows& row, const std::string& player) {
  ChipEntry entry;
  bool ok = true;
  entry.player = player;
  entry.delta = static_cast<int>(row.integer(0));
  entry.balance_after = static_cast<int>(row.integer(1));
  entry.reason = read_enum(online::kChipReasons, row.text(2), online::ChipReason::MatchWon, ok);
  entry.code = row.text(3);
  entry.match_number = static_cast<int>(row.integer(4));
  entry.match_key = row.text(5);
  entry.created_unix = row.integer(6);
  if (!ok) return {std::nullopt, {"chip ledger: an entry of " + player + " has a reason this build cannot read"}};
  return {std::move(entry), {}};
}

ChatLine read_chat_line(const SqlRows& row) {
  return ChatLine{static_cast<int>(row.integer(0)), row.text(1), row.text(2), row.text(3), row.text(4), row.integer(5)};
}

ReportRow read_report(const SqlRows& row) {
  ReportRow report;
  report.id = row.integer(0);
  report.reporter = row.text(1);
  report.reporter_name = row.text(2);
  report.reported = row.text(3);
  report.reported_name = row.text(4);
  report.reason =
      messages::parse_spelling(messages::kReportReasons, row.text(5)).value_or(messages::ReportReason::Other);
  report.note = row.text(6);
  report.code = row.text(7);
  report.transcript = row.text(8);
  report.chat = chat_from_json(row.text(9));
  report.created_unix = row.integer(10);
  if (!row.is_null(11)) report.closed_unix = row.integer(11);
  return report;
}

BanRow read_ban(const SqlRows& row) { return BanRow{row.integer(0), row.text(1), row.text(2), row.integer(3)}; }

std::string chat_to_json(const std::vector<ChatLine>& chat) {
  messages::Json lines = messages::Json::array();
  for (const ChatLine& line : chat)
    lines.push_back({{"id", line.id},
                     {"player", line.player},
                     {"name", line.name},
                     {"text", line.text},
                     {"shown", line.shown},
                     {"at", line.at_unix}});
  return messages::dump(lines);
}

std::vector<ChatLine> chat_from_json(const std::string& text) {
  std::vector<ChatLine> chat;
  const messages::Json lines = messages::Json::parse(text, nullptr, false);
  if (!lines.is_array()) return chat;
  for (const messages::Json& line : lines) {
    if (!line.is_object()) continue;
    ChatLine read;
    read.id = line.value("id", 0);
    read.player = line.value("player", "");
    read.name = line.value("name", "");
    read.text = line.value("text", "");
    read.shown = line.value("shown", "");
    read.at_unix = line.value("at", std::int64_t{0});
    chat.push_back(std::move(read));
  }
  return chat;
}

}  // namespace reversi::server
