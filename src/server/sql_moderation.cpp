// The ModerationStore half of SqlStore (sql_store.h): chat, mutes, reports,
// avoidances and bans (schema version 3). Each write is its own transaction
// under the store's lock: one statement commits by itself, a report and its
// avoidance in one transaction of their own.
#include "server/sql_store.h"
#include "server/store_rows.h"
#include "server/store_sql.h"

namespace reversi::server {
namespace {

// A statement run for its effect: how many rows it touched, or the error.
StoreResult<int> changed(StoreResult<std::unique_ptr<SqlRows>> done) {
  if (!done) return {std::nullopt, done.error};
  return {(*done.value)->changed(), {}};
}

// Every row of a query, each read by `read`.
template <class Row, class Read>
StoreResult<std::vector<Row>> all(StoreResult<std::unique_ptr<SqlRows>> found, Read read) {
  if (!found) return {std::nullopt, found.error};
  SqlRows& rows = **found.value;
  std::vector<Row> read_rows;
  while (rows.next()) read_rows.push_back(read(rows));
  if (StoreStatus failed = rows.status()) return {std::nullopt, *failed};
  return {std::move(read_rows), {}};
}

}  // namespace

StoreStatus SqlStore::add_chat(const std::string& code, const ChatLine& line) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done = changed(query("save chat", sql::kAddChat,
                                              SqlParams()
                                                  .add(code)
                                                  .add(line.id)
                                                  .add(line.player)
                                                  .add(line.name)
                                                  .add(line.text)
                                                  .add(line.shown)
                                                  .add(line.at_unix)));
  if (!done) return done.error;
  return std::nullopt;
}

StoreStatus SqlStore::clear_chat(const std::string& code) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done = changed(query("clear chat", sql::kClearChat, SqlParams().add(code)));
  if (!done) return done.error;
  return std::nullopt;
}

StoreResult<std::vector<ChatLine>> SqlStore::load_chat(const std::string& code, std::size_t newest) {
  std::lock_guard lock(mutex_);
  return all<ChatLine>(query("load chat", sql::kLoadChat, SqlParams().add(code).add(static_cast<std::int64_t>(newest))),
                       read_chat_line);
}

StoreStatus SqlStore::set_mute(const std::string& player, const std::string& muted, bool on, std::int64_t unix) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done =
      on ? changed(query("save mute", sql::kPutMute, SqlParams().add(player).add(muted).add(unix)))
         : changed(query("delete mute", sql::kDeleteMute, SqlParams().add(player).add(muted)));
  if (!done) return done.error;
  return std::nullopt;
}

StoreResult<std::vector<std::string>> SqlStore::load_mutes(const std::string& player) {
  std::lock_guard lock(mutex_);
  return all<std::string>(query("load mutes", sql::kLoadMutes, SqlParams().add(player)),
                          [](const SqlRows& row) { return row.text(0); });
}

StoreResult<std::int64_t> SqlStore::add_report(const ReportRow& report) {
  std::lock_guard lock(mutex_);
  if (StoreStatus failed = begin_own()) return {std::nullopt, *failed};
  StoreResult<std::unique_ptr<SqlRows>> done = query("save report", sql::kAddReport, report_params(report));
  std::int64_t id = 0;
  if (done && (*done.value)->next()) id = (*done.value)->integer(0);
  if (done)
    done = query("save avoidance", sql::kPutAvoidance,
                 SqlParams().add(report.reporter).add(report.reported).add(report.created_unix));
  if (StoreStatus failed = end_own(done.value.has_value())) return {std::nullopt, *failed};
  if (!done) return {std::nullopt, done.error};
  return {id, {}};
}

StoreResult<std::vector<ReportRow>> SqlStore::load_reports(bool include_closed) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string(sql::kReportColumns) + (include_closed ? sql::kAllReports : sql::kOpenReports);
  return all<ReportRow>(query("load reports", sql.c_str(), SqlParams()), read_report);
}

StoreResult<bool> SqlStore::close_report(std::int64_t id, std::int64_t unix) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done = changed(query("close report", sql::kCloseReport, SqlParams().add(id).add(unix)));
  if (!done) return {std::nullopt, done.error};
  return {*done.value > 0, {}};
}

StoreResult<std::vector<std::pair<std::string, std::string>>> SqlStore::load_avoidances() {
  std::lock_guard lock(mutex_);
  return all<std::pair<std::string, std::string>>(
      query("load avoidances", sql::kLoadAvoidances, SqlParams()), [](const SqlRows& row) {
        return std::pair<std::string, std::string>{row.text(0), row.text(1)};
      });
}

StoreResult<bool> SqlStore::put_ban(const std::string& player, const std::string& reason, std::int64_t unix) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done = changed(query("save ban", sql::kPutBan, SqlParams().add(player).add(reason).add(unix)));
  if (!done) return {std::nullopt, done.error};
  return {*done.value > 0, {}};
}

StoreResult<bool> SqlStore::delete_ban(const std::string& player) {
  std::lock_guard lock(mutex_);
  const StoreResult<int> done = changed(query("delete ban", sql::kDeleteBan, SqlParams().add(player)));
  if (!done) return {std::nullopt, done.error};
  return {*done.value > 0, {}};
}

StoreResult<std::vector<BanRow>> SqlStore::load_bans() {
  std::lock_guard lock(mutex_);
  return all<BanRow>(query("load bans", sql::kLoadBans, SqlParams()), read_ban);
}

StoreResult<std::optional<BanRow>> SqlStore::find_ban(const std::string& player) {
  std::lock_guard lock(mutex_);
  StoreResult<std::vector<BanRow>> found =
      all<BanRow>(query("find ban", sql::kFindBan, SqlParams().add(player)), read_ban);
  if (!found) return {std::nullopt, found.error};
  if (found.value->empty()) return {std::optional<BanRow>{}, {}};
  return {std::optional<BanRow>{found.value->front()}, {}};
}

}  // namespace reversi::server
