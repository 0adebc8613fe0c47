// The ModerationStore half of PostgresStore: chat, mutes, reports,
// avoidances and bans (schema version 3 in postgres_schema.cpp). Each write
// is its own transaction under the store's lock: one statement commits by
// itself, a report and its avoidance in BEGIN … COMMIT.
#include "messages/codec.h"
#include "server/postgres_connection.h"
#include "server/postgres_store.h"

namespace reversi::server {
namespace {

using messages::Json;

// A report keeps its chat as one JSON list, as on SQLite (sqlite_moderation.cpp).
std::string chat_to_json(const std::vector<ChatLine>& chat) {
  Json lines = Json::array();
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
  const Json lines = Json::parse(text, nullptr, false);
  if (!lines.is_array()) return chat;
  for (const Json& line : lines) {
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

BanRow ban_of(const PgResult& rows, int row) {
  return BanRow{rows.integer(row, 0), rows.text(row, 1), rows.text(row, 2), rows.integer(row, 3)};
}

}  // namespace

StoreStatus PostgresStore::add_chat(const std::string& code, const ChatLine& line) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> done = query("save chat", "INSERT INTO chat VALUES ($1, $2, $3, $4, $5, $6, $7)",
                                           PgParams()
                                               .add(code)
                                               .add(line.id)
                                               .add(line.player)
                                               .add(line.name)
                                               .add(line.text)
                                               .add(line.shown)
                                               .add(line.at_unix));
  if (!done) return done.error;
  return std::nullopt;
}

StoreStatus PostgresStore::clear_chat(const std::string& code) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> done = query("clear chat", "DELETE FROM chat WHERE code = $1", PgParams().add(code));
  if (!done) return done.error;
  return std::nullopt;
}

StoreResult<std::vector<ChatLine>> PostgresStore::load_chat(const std::string& code, std::size_t newest) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("load chat",
            "SELECT id, player, name, text, shown, at_unix FROM (SELECT * FROM chat WHERE code = $1 ORDER BY id DESC "
            "LIMIT $2) AS newest ORDER BY id",
            PgParams().add(code).add(static_cast<std::int64_t>(newest)));
  if (!found) return {std::nullopt, found.error};
  const PgResult& rows = *found.value;
  std::vector<ChatLine> lines;
  for (int row = 0; row < rows.rows(); ++row)
    lines.push_back(ChatLine{static_cast<int>(rows.integer(row, 0)), rows.text(row, 1), rows.text(row, 2),
                             rows.text(row, 3), rows.text(row, 4), rows.integer(row, 5)});
  return {lines, {}};
}

StoreStatus PostgresStore::set_mute(const std::string& player, const std::string& muted, bool on, std::int64_t unix) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> done =
      on ? query("save mute", "INSERT INTO mutes VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                 PgParams().add(player).add(muted).add(unix))
         : query("delete mute", "DELETE FROM mutes WHERE player = $1 AND muted = $2",
                 PgParams().add(player).add(muted));
  if (!done) return done.error;
  return std::nullopt;
}

StoreResult<std::vector<std::string>> PostgresStore::load_mutes(const std::string& player) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("load mutes", "SELECT muted FROM mutes WHERE player = $1 ORDER BY since_unix, muted COLLATE \"C\"",
            PgParams().add(player));
  if (!found) return {std::nullopt, found.error};
  std::vector<std::string> muted;
  for (int row = 0; row < found.value->rows(); ++row) muted.push_back(found.value->text(row, 0));
  return {muted, {}};
}

StoreResult<std::int64_t> PostgresStore::add_report(const ReportRow& report) {
  std::lock_guard lock(mutex_);
  // Inside a table's transaction its COMMIT would be this one's: refused, as SQLite refuses a nested BEGIN.
  if (in_transaction_) return {std::nullopt, {"begin: a transaction is already open on this thread"}};
  if (StoreResult<PgResult> begun = query("begin", "BEGIN", PgParams()); !begun) return {std::nullopt, begun.error};
  in_transaction_ = true;
  StoreResult<PgResult> done =
      query("save report",
            "INSERT INTO reports (reporter, reporter_name, reported, reported_name, reason, note, code, transcript, "
            "chat, created_unix) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
            PgParams()
                .add(report.reporter)
                .add(report.reporter_name)
                .add(report.reported)
                .add(report.reported_name)
                .add(messages::spell(messages::kReportReasons, report.reason))
                .add(report.note)
                .add(report.code)
                .add(report.transcript)
                .add(chat_to_json(report.chat))
                .add(report.created_unix));
  const std::int64_t id = done ? done.value->integer(0, 0) : 0;
  if (done)
    done = query("save avoidance", "INSERT INTO avoidances VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                 PgParams().add(report.reporter).add(report.reported).add(report.created_unix));
  if (done) done = query("commit", "COMMIT", PgParams());
  if (!done) run(connection_, "ROLLBACK", "rollback");
  in_transaction_ = false;
  if (!done) return {std::nullopt, done.error};
  return {id, {}};
}

StoreResult<std::vector<ReportRow>> PostgresStore::load_reports(bool include_closed) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("load reports",
            include_closed ? "SELECT id, reporter, reporter_name, reported, reported_name, reason, note, code, "
                             "transcript, chat, created_unix, closed_unix FROM reports ORDER BY id"
                           : "SELECT id, reporter, reporter_name, reported, reported_name, reason, note, code, "
                             "transcript, chat, created_unix, closed_unix FROM reports WHERE closed_unix IS NULL "
                             "ORDER BY id",
            PgParams());
  if (!found) return {std::nullopt, found.error};
  const PgResult& rows = *found.value;
  std::vector<ReportRow> reports;
  for (int index = 0; index < rows.rows(); ++index) {
    ReportRow row;
    row.id = rows.integer(index, 0);
    row.reporter = rows.text(index, 1);
    row.reporter_name = rows.text(index, 2);
    row.reported = rows.text(index, 3);
    row.reported_name = rows.text(index, 4);
    row.reason =
        messages::parse_spelling(messages::kReportReasons, rows.text(index, 5)).value_or(messages::ReportReason::Other);
    row.note = rows.text(index, 6);
    row.code = rows.text(index, 7);
    row.transcript = rows.text(index, 8);
    row.chat = chat_from_json(rows.text(index, 9));
    row.created_unix = rows.integer(index, 10);
    if (!rows.is_null(index, 11)) row.closed_unix = rows.integer(index, 11);
    reports.push_back(std::move(row));
  }
  return {reports, {}};
}

StoreResult<bool> PostgresStore::close_report(std::int64_t id, std::int64_t unix) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> done =
      query("close report", "UPDATE reports SET closed_unix = $2 WHERE id = $1 AND closed_unix IS NULL",
            PgParams().add(id).add(unix));
  if (!done) return {std::nullopt, done.error};
  return {done.value->changed() > 0, {}};
}

StoreResult<std::vector<std::pair<std::string, std::string>>> PostgresStore::load_avoidances() {
  std::lock_guard lock(mutex_);
  // In the order of SQLite's primary key, so both backends list alike.
  const StoreResult<PgResult> found =
      query("load avoidances",
            "SELECT player, avoided FROM avoidances ORDER BY player COLLATE \"C\", avoided COLLATE \"C\"", PgParams());
  if (!found) return {std::nullopt, found.error};
  std::vector<std::pair<std::string, std::string>> pairs;
  for (int row = 0; row < found.value->rows(); ++row)
    pairs.emplace_back(found.value->text(row, 0), found.value->text(row, 1));
  return {pairs, {}};
}

StoreResult<bool> PostgresStore::put_ban(const std::string& player, const std::string& reason, std::int64_t unix) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> done =
      query("save ban", "INSERT INTO bans (player, reason, banned_unix) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            PgParams().add(player).add(reason).add(unix));
  if (!done) return {std::nullopt, done.error};
  return {done.value->changed() > 0, {}};
}

StoreResult<bool> PostgresStore::delete_ban(const std::string& player) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> done = query("delete ban", "DELETE FROM bans WHERE player = $1", PgParams().add(player));
  if (!done) return {std::nullopt, done.error};
  return {done.value->changed() > 0, {}};
}

StoreResult<std::vector<BanRow>> PostgresStore::load_bans() {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("load bans", "SELECT id, player, reason, banned_unix FROM bans ORDER BY id", PgParams());
  if (!found) return {std::nullopt, found.error};
  std::vector<BanRow> bans;
  for (int row = 0; row < found.value->rows(); ++row) bans.push_back(ban_of(*found.value, row));
  return {bans, {}};
}

StoreResult<std::optional<BanRow>> PostgresStore::find_ban(const std::string& player) {
  std::lock_guard lock(mutex_);
  const StoreResult<PgResult> found =
      query("find ban", "SELECT id, player, reason, banned_unix FROM bans WHERE player = $1", PgParams().add(player));
  if (!found) return {std::nullopt, found.error};
  if (found.value->rows() == 0) return {std::optional<BanRow>{}, {}};
  return {std::optional<BanRow>{ban_of(*found.value, 0)}, {}};
}

}  // namespace reversi::server
