#include "server/admin.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "server/forget_player.h"
#include "server/moderation_store.h"
#include "server/open_store.h"

namespace reversi::server {
namespace {

constexpr const char* kAdminUsage =
    "usage: reversi-server admin reports [--database PATH] [--all]\n"
    "       reversi-server admin close-report ID [--database PATH]\n"
    "       reversi-server admin ban PLAYER [--database PATH] [--reason TEXT]\n"
    "       reversi-server admin unban PLAYER [--database PATH]\n"
    "       reversi-server admin bans [--database PATH]\n"
    "       reversi-server admin delete-player PLAYER [--database PATH]\n";

struct AdminCommand {
  std::string name;
  std::vector<std::string> operands;
  std::string database = "reversi.sqlite3";
  std::string reason;
  bool all = false;
};

int bad_usage(const std::string& message) {
  std::fprintf(stderr, "reversi-server admin: %s\n%s", message.c_str(), kAdminUsage);
  return 2;
}

int failed(const std::string& message) {
  std::fprintf(stderr, "reversi-server admin: %s\n", message.c_str());
  return 1;
}

// "2025-12-01T22:19:01Z"
std::string utc_time(std::int64_t unix) {
  const std::time_t time = static_cast<std::time_t>(unix);
  std::tm parts{};
  gmtime_r(&time, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

std::string who(const std::string& player, const std::string& name) {
  return name.empty() ? player : player + " (" + name + ")";
}

void print_report(const ReportRow& report) {
  std::printf("report %lld (%s) at %s\n", static_cast<long long>(report.id), report.closed_unix ? "closed" : "open",
              utc_time(report.created_unix).c_str());
  std::printf("  reporter:   %s\n", who(report.reporter, report.reporter_name).c_str());
  std::printf("  reported:   %s\n", who(report.reported, report.reported_name).c_str());
  std::printf("  reason:     %s\n", std::string(messages::spell(messages::kReportReasons, report.reason)).c_str());
  std::printf("  note:       %s\n", report.note.empty() ? "(none)" : report.note.c_str());
  std::printf("  table:      %s\n", report.code.c_str());
  std::printf("  transcript: %s\n", report.transcript.empty() ? "(no game)" : report.transcript.c_str());
  if (report.closed_unix) std::printf("  closed:     %s\n", utc_time(*report.closed_unix).c_str());
  std::printf("  chat:       %zu line%s\n", report.chat.size(), report.chat.size() == 1 ? "" : "s");
  for (const ChatLine& line : report.chat) {
    std::printf("    %s %s: %s", utc_time(line.at_unix).c_str(), who(line.player, line.name).c_str(),
                line.text.c_str());
    if (line.shown != line.text) std::printf("   [shown as: %s]", line.shown.c_str());
    std::printf("\n");
  }
}

int run(const AdminCommand& command) {
  StoreError error;
  std::unique_ptr<Store> opened = open_store(command.database, error);
  if (!opened) return failed(error.message);
  Store& store = *opened;
  ModerationStore& moderation = *store.moderation();  // both backends keep it
  if (command.name == "reports") {
    const StoreResult<std::vector<ReportRow>> reports = moderation.load_reports(command.all);
    if (!reports) return failed(reports.error.message);
    if (reports.value->empty()) std::printf(command.all ? "No reports.\n" : "No open reports.\n");
    for (const ReportRow& report : *reports.value) print_report(report);
    return 0;
  }
  if (command.name == "close-report") {
    char* end = nullptr;
    const long long id = std::strtoll(command.operands[0].c_str(), &end, 10);
    if (end == command.operands[0].c_str() || *end != '\0' || id <= 0)
      return bad_usage("close-report: ID is a report's number");
    const StoreResult<bool> closed = moderation.close_report(id, std::time(nullptr));
    if (!closed) return failed(closed.error.message);
    if (!*closed.value) return failed("there is no open report " + command.operands[0]);
    std::printf("report %lld closed\n", id);
    return 0;
  }
  if (command.name == "bans") {
    const StoreResult<std::vector<BanRow>> bans = moderation.load_bans();
    if (!bans) return failed(bans.error.message);
    if (bans.value->empty()) std::printf("No bans.\n");
    for (const BanRow& ban : *bans.value) {
      const StoreResult<std::optional<PlayerRow>> player = store.find_player(ban.player);
      const std::string name = player && *player.value ? player.value->value().name : "";
      std::printf("%s banned at %s%s%s\n", who(ban.player, name).c_str(), utc_time(ban.banned_unix).c_str(),
                  ban.reason.empty() ? "" : ": ", ban.reason.c_str());
    }
    return 0;
  }
  const std::string& id = command.operands[0];
  const StoreResult<std::optional<PlayerRow>> player = store.find_player(id);
  if (!player) return failed(player.error.message);
  const std::string name = *player.value ? player.value->value().name : "";
  if (command.name == "delete-player") {
    const StoreResult<Deletion> deleted = delete_player(store, id);
    if (!deleted) return failed(deleted.error.message);
    if (*deleted.value == Deletion::NoSuchPlayer)
      return failed("there is no player " + id + " in " +
                    (is_postgres_uri(command.database) ? "the database" : command.database));
    if (*deleted.value == Deletion::Seated)
      return failed(who(id, name) + " has a seat at a table: try again once they have left it");
    std::printf("%s deleted: name, points, milestones, mutes and chips\n", who(id, name).c_str());
    return 0;
  }
  if (command.name == "ban") {
    if (!*player.value)
      return failed("there is no player " + id + " in " +
                    (is_postgres_uri(command.database) ? "the database" : command.database));
    const StoreResult<bool> banned = moderation.put_ban(id, command.reason, std::time(nullptr));
    if (!banned) return failed(banned.error.message);
    if (!*banned.value) return failed(who(id, name) + " is already banned");
    std::printf("%s banned\n", who(id, name).c_str());
    return 0;
  }
  const StoreResult<bool> unbanned = moderation.delete_ban(id);  // "unban"
  if (!unbanned) return failed(unbanned.error.message);
  if (!*unbanned.value) return failed(who(id, name) + " is not banned");
  std::printf("%s unbanned\n", who(id, name).c_str());
  return 0;
}

}  // namespace

int run_admin(int argc, char** argv) {
  if (argc < 1) return bad_usage("a command is needed");
  AdminCommand command;
  command.name = argv[0];
  if (command.name == "--help" || command.name == "-h") return std::printf("%s", kAdminUsage), 0;
  std::size_t operands = 0;
  if (command.name == "ban" || command.name == "unban" || command.name == "close-report" ||
      command.name == "delete-player")
    operands = 1;
  else if (command.name != "reports" && command.name != "bans")
    return bad_usage("unknown command " + command.name);
  for (int index = 1; index < argc; ++index) {
    const std::string argument = argv[index];
    if (argument == "--all" && command.name == "reports") {
      command.all = true;
    } else if (argument == "--database" || (argument == "--reason" && command.name == "ban")) {
      if (index + 1 >= argc) return bad_usage(argument + " needs a value");
      (argument == "--database" ? command.database : command.reason) = argv[++index];
    } else if (argument.rfind("--", 0) == 0) {
      return bad_usage("unknown option " + argument + " for " + command.name);
    } else {
      command.operands.push_back(argument);
    }
  }
  if (command.operands.size() != operands)
    return bad_usage(command.name + (operands ? " takes one " : " takes no ") + "operand");
  return run(command);
}

}  // namespace reversi::server
