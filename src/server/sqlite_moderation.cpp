// The ModerationStore half of SqliteStore: chat, mutes, reports,
// avoidances and bans (schema version 3 in sqlite_store.cpp). Each write is
// its own transaction under the store's lock.
#include <functional>

#include "messages/codec.h"
#include "server/sqlite_statement.h"
#include "server/sqlite_store.h"

namespace reversi::server {
namespace {

using messages::Json;

// A report keeps its chat as one JSON list: it is read whole, by people.
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

// Runs one statement with `bind`; its changes() count, or the error.
StoreResult<int> execute(sqlite3* database, const char* what, const char* sql,
                         const std::function<void(Statement&)>& bind) {
  Statement statement(database, sql);
  if (!statement.ok()) return {std::nullopt, {last_error(database, what)}};
  bind(statement);
  if (statement.step() != SQLITE_DONE) return {std::nullopt, {last_error(database, what)}};
  return {sqlite3_changes(database), {}};
}

}  // namespace

StoreStatus SqliteStore::add_chat(const std::string& code, const ChatLine& line) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done = execute(
      database_, "save chat", "INSERT INTO chat VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", [&](Statement& statement) {
        statement.bind(1, code).bind(2, std::int64_t{line.id}).bind(3, line.player).bind(4, line.name);
        statement.bind(5, line.text).bind(6, line.shown).bind(7, line.at_unix);
      });
  if (!done) return done.error;
  return std::nullopt;
}

StoreStatus SqliteStore::clear_chat(const std::string& code) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done = execute(database_, "clear chat", "DELETE FROM chat WHERE code = ?1",
                                        [&](Statement& statement) { statement.bind(1, code); });
  if (!done) return done.error;
  return std::nullopt;
}

StoreResult<std::vector<ChatLine>> SqliteStore::load_chat(const std::string& code, std::size_t newest) {
  std::lock_guard lock(mutex_);
  Statement statement(database_,
                      "SELECT id, player, name, text, shown, at_unix FROM (SELECT * FROM chat WHERE code = ?1 "
                      "ORDER BY id DESC LIMIT ?2) ORDER BY id");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "load chat")}};
  statement.bind(1, code).bind(2, static_cast<std::int64_t>(newest));
  std::vector<ChatLine> lines;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW)
    lines.push_back(ChatLine{static_cast<int>(statement.integer(0)), statement.text(1), statement.text(2),
                             statement.text(3), statement.text(4), statement.integer(5)});
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "load chat")}};
  return {lines, {}};
}

StoreStatus SqliteStore::set_mute(const std::string& player, const std::string& muted, bool on, std::int64_t unix) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done =
      on ? execute(database_, "save mute", "INSERT OR IGNORE INTO mutes VALUES (?1, ?2, ?3)",
                   [&](Statement& statement) { statement.bind(1, player).bind(2, muted).bind(3, unix); })
         : execute(database_, "delete mute", "DELETE FROM mutes WHERE player = ?1 AND muted = ?2",
                   [&](Statement& statement) { statement.bind(1, player).bind(2, muted); });
  if (!done) return done.error;
  return std::nullopt;
}

StoreResult<std::vector<std::string>> SqliteStore::load_mutes(const std::string& player) {
  std::lock_guard lock(mutex_);
  Statement statement(database_, "SELECT muted FROM mutes WHERE player = ?1 ORDER BY since_unix, muted");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "load mutes")}};
  statement.bind(1, player);
  std::vector<std::string> muted;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW) muted.push_back(statement.text(0));
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "load mutes")}};
  return {muted, {}};
}

StoreResult<std::int64_t> SqliteStore::add_report(const ReportRow& report) {
  std::lock_guard lock(mutex_);
  if (StoreStatus failed = run(database_, "BEGIN IMMEDIATE", "begin")) return {std::nullopt, *failed};
  StoreResult<int> done = execute(
      database_, "save report",
      "INSERT INTO reports (reporter, reporter_name, reported, reported_name, reason, note, code, transcript, chat, "
      "created_unix) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
      [&](Statement& statement) {
        statement.bind(1, report.reporter).bind(2, report.reporter_name).bind(3, report.reported);
        statement.bind(4, report.reported_name).bind(5, messages::spell(messages::kReportReasons, report.reason));
        statement.bind(6, report.note).bind(7, report.code).bind(8, report.transcript);
        statement.bind(9, chat_to_json(report.chat)).bind(10, report.created_unix);
      });
  const std::int64_t id = sqlite3_last_insert_rowid(database_);
  if (done)
    done = execute(database_, "save avoidance", "INSERT OR IGNORE INTO avoidances VALUES (?1, ?2, ?3)",
                   [&](Statement& statement) {
                     statement.bind(1, report.reporter).bind(2, report.reported).bind(3, report.created_unix);
                   });
  StoreStatus failed = done ? run(database_, "COMMIT", "commit") : StoreStatus(done.error);
  if (failed) {
    run(database_, "ROLLBACK", "rollback");
    return {std::nullopt, *failed};
  }
  return {id, {}};
}

StoreResult<std::vector<ReportRow>> SqliteStore::load_reports(bool include_closed) {
  std::lock_guard lock(mutex_);
  Statement statement(database_, include_closed ? "SELECT * FROM reports ORDER BY id"
                                                : "SELECT * FROM reports WHERE closed_unix IS NULL ORDER BY id");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "load reports")}};
  std::vector<ReportRow> reports;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW) {
    ReportRow row;
    row.id = statement.integer(0);
    row.reporter = statement.text(1);
    row.reporter_name = statement.text(2);
    row.reported = statement.text(3);
    row.reported_name = statement.text(4);
    row.reason =
        messages::parse_spelling(messages::kReportReasons, statement.text(5)).value_or(messages::ReportReason::Other);
    row.note = statement.text(6);
    row.code = statement.text(7);
    row.transcript = statement.text(8);
    row.chat = chat_from_json(statement.text(9));
    row.created_unix = statement.integer(10);
    if (!statement.is_null(11)) row.closed_unix = statement.integer(11);
    reports.push_back(std::move(row));
  }
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "load reports")}};
  return {reports, {}};
}

StoreResult<bool> SqliteStore::close_report(std::int64_t id, std::int64_t unix) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done =
      execute(database_, "close report", "UPDATE reports SET closed_unix = ?2 WHERE id = ?1 AND closed_unix IS NULL",
              [&](Statement& statement) { statement.bind(1, id).bind(2, unix); });
  if (!done) return {std::nullopt, done.error};
  return {*done.value > 0, {}};
}

StoreResult<std::vector<std::pair<std::string, std::string>>> SqliteStore::load_avoidances() {
  std::lock_guard lock(mutex_);
  Statement statement(database_, "SELECT player, avoided FROM avoidances");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "load avoidances")}};
  std::vector<std::pair<std::string, std::string>> pairs;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW) pairs.emplace_back(statement.text(0), statement.text(1));
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "load avoidances")}};
  return {pairs, {}};
}

StoreResult<bool> SqliteStore::put_ban(const std::string& player, const std::string& reason, std::int64_t unix) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done =
      execute(database_, "save ban", "INSERT OR IGNORE INTO bans (player, reason, banned_unix) VALUES (?1, ?2, ?3)",
              [&](Statement& statement) { statement.bind(1, player).bind(2, reason).bind(3, unix); });
  if (!done) return {std::nullopt, done.error};
  return {*done.value > 0, {}};
}

StoreResult<bool> SqliteStore::delete_ban(const std::string& player) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done = execute(database_, "delete ban", "DELETE FROM bans WHERE player = ?1",
                                        [&](Statement& statement) { statement.bind(1, player); });
  if (!done) return {std::nullopt, done.error};
  return {*done.value > 0, {}};
}

StoreResult<std::vector<BanRow>> SqliteStore::load_bans() {
  std::lock_guard lock(mutex_);
  Statement statement(database_, "SELECT id, player, reason, banned_unix FROM bans ORDER BY id");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "load bans")}};
  std::vector<BanRow> bans;
  int step = 0;
  while ((step = statement.step()) == SQLITE_ROW)
    bans.push_back(BanRow{statement.integer(0), statement.text(1), statement.text(2), statement.integer(3)});
  if (step != SQLITE_DONE) return {std::nullopt, {last_error(database_, "load bans")}};
  return {bans, {}};
}

StoreResult<std::optional<BanRow>> SqliteStore::find_ban(const std::string& player) {
  std::lock_guard lock(mutex_);
  Statement statement(database_, "SELECT id, player, reason, banned_unix FROM bans WHERE player = ?1");
  if (!statement.ok()) return {std::nullopt, {last_error(database_, "find ban")}};
  statement.bind(1, player);
  const int step = statement.step();
  if (step == SQLITE_DONE) return {std::optional<BanRow>{}, {}};
  if (step != SQLITE_ROW) return {std::nullopt, {last_error(database_, "find ban")}};
  return {
      std::optional<BanRow>{BanRow{statement.integer(0), statement.text(1), statement.text(2), statement.integer(3)}},
      {}};
}

}  // namespace reversi::server
