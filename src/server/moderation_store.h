// What the server keeps for chat and moderation: each table's chat, who
// muted whom, reports with what they are about, the avoidances a report
// makes, and bans. Beside Store (store.h) rather than in it: these writes
// never ride in a table's transaction, so each call is a transaction of its
// own, and failures are values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "messages/spelling.h"
#include "server/store.h"

namespace reversi::server {

struct ChatLine {
  int id = 0;  // the table's line number
  std::string player;
  std::string name;   // the writer's name then
  std::string text;   // as written (checked and trimmed)
  std::string shown;  // as sent: masked by the word list
  std::int64_t at_unix = 0;
  bool operator==(const ChatLine&) const = default;
};

struct ReportRow {
  std::int64_t id = 0;  // given by the store
  std::string reporter;
  std::string reporter_name;
  std::string reported;
  std::string reported_name;
  messages::ReportReason reason = messages::ReportReason::Other;
  std::string note;
  std::string code;        // the table
  std::string transcript;  // the current or last game there ("" when none)
  std::vector<ChatLine> chat;
  std::int64_t created_unix = 0;
  std::optional<std::int64_t> closed_unix;  // handled by an admin
};

struct BanRow {
  std::int64_t id = 0;  // grows with every ban, so a poll can see new ones
  std::string player;
  std::string reason;
  std::int64_t banned_unix = 0;
};

class ModerationStore {
 public:
  virtual ~ModerationStore() = default;

  virtual StoreStatus add_chat(const std::string& code, const ChatLine& line) = 0;
  virtual StoreStatus clear_chat(const std::string& code) = 0;
  // The newest `newest` lines of a table, oldest first.
  virtual StoreResult<std::vector<ChatLine>> load_chat(const std::string& code, std::size_t newest) = 0;

  virtual StoreStatus set_mute(const std::string& player, const std::string& muted, bool on, std::int64_t unix) = 0;
  virtual StoreResult<std::vector<std::string>> load_mutes(const std::string& player) = 0;

  // Stores the report and the reporter's avoidance of the reported; its id.
  virtual StoreResult<std::int64_t> add_report(const ReportRow& report) = 0;
  // Open reports, or all of them; oldest first.
  virtual StoreResult<std::vector<ReportRow>> load_reports(bool include_closed) = 0;
  // False when there is no open report with that id.
  virtual StoreResult<bool> close_report(std::int64_t id, std::int64_t unix) = 0;
  // (reporter, reported) pairs.
  virtual StoreResult<std::vector<std::pair<std::string, std::string>>> load_avoidances() = 0;

  // False when the player was already banned (or, for delete, was not).
  virtual StoreResult<bool> put_ban(const std::string& player, const std::string& reason, std::int64_t unix) = 0;
  virtual StoreResult<bool> delete_ban(const std::string& player) = 0;
  virtual StoreResult<std::vector<BanRow>> load_bans() = 0;
  virtual StoreResult<std::optional<BanRow>> find_ban(const std::string& player) = 0;
};

}  // namespace reversi::server
