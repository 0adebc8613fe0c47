#include "server/arcade.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>

#include "server/chips.h"
#include "server/static_files.h"

namespace reversi::server {
namespace {

namespace wire = online::server;
using online::Milestone;

bool reached(const PlayerTally& tally, Milestone milestone) {
  return std::any_of(tally.reached.begin(), tally.reached.end(),
                     [&](const online::server::ReachedMilestone& item) { return item.milestone == milestone; });
}

// The value of `key` in a query string ("period=week&player=p_1"), as sent.
std::optional<std::string_view> raw_query_value(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    const std::size_t end = query.find('&');
    const std::string_view pair = query.substr(0, end);
    const std::size_t equals = pair.find('=');
    if (pair.substr(0, equals) == key) return equals == std::string_view::npos ? "" : pair.substr(equals + 1);
    if (end == std::string_view::npos) break;
    query.remove_prefix(end + 1);
  }
  return std::nullopt;
}

// A query value, percent-decoded ("%77eek" is "week").
struct QueryValue {
  std::string text;
  bool bad_escape = false;  // a % not followed by two hex digits
};
QueryValue query_value(std::string_view query, std::string_view key, std::string_view absent) {
  const std::optional<std::string_view> raw = raw_query_value(query, key);
  if (!raw) return {std::string(absent), false};
  std::optional<std::string> decoded = percent_decoded(*raw);
  if (!decoded) return {"", true};
  return {std::move(*decoded), false};
}

// Player ids are letters, digits, '_' and '-' ("p_…", "h_…"): nothing to decode.
bool plausible_id(std::string_view id) {
  return !id.empty() && id.size() <= 128 && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

ApiAnswer json_answer(const online::ServerMessage& message) {
  return ApiAnswer{200, messages::dump(online::server_message_body(message))};
}

ApiAnswer refusal(int status, const std::string& reason) {
  return ApiAnswer{status, messages::dump(messages::Json{{"error", reason}})};
}

}  // namespace

int points_for(online::GameOutcome outcome) {
  switch (outcome) {
    case online::GameOutcome::Win:
      return online::kWinPoints;
    case online::GameOutcome::Draw:
      return online::kDrawPoints;
    case online::GameOutcome::Loss:
      return online::kLossPoints;
  }
  return 0;
}

online::GameOutcome outcome_for(std::optional<Color> winner, Color colour) {
  if (!winner) return online::GameOutcome::Draw;
  return *winner == colour ? online::GameOutcome::Win : online::GameOutcome::Loss;
}

int level_of(int milestones_reached) { return std::clamp(milestones_reached, 0, online::kMilestoneCount) + 1; }

PeriodBounds period_bounds(online::Period period, std::int64_t now) {
  using namespace std::chrono;
  const sys_days day = floor<days>(sys_seconds{seconds{now}});
  const year_month_day date{day};
  sys_days from = day;
  sys_days to = day;
  switch (period) {
    case online::Period::Week:
      from = day - days{weekday{day}.iso_encoding() - 1};  // back to Monday
      to = from + days{7};
      break;
    case online::Period::Month:
      from = sys_days{date.year() / date.month() / 1};
      to = sys_days{year_month_day{date.year() / date.month() / 1} + months{1}};
      break;
    case online::Period::Year:
      from = sys_days{date.year() / January / 1};
      to = sys_days{(date.year() + years{1}) / January / 1};
      break;
  }
  return PeriodBounds{duration_cast<seconds>(from.time_since_epoch()).count(),
                      duration_cast<seconds>(to.time_since_epoch()).count()};
}

std::string utc_date(std::int64_t unix_seconds) {
  using namespace std::chrono;
  const year_month_day date{floor<days>(sys_seconds{seconds{unix_seconds}})};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                static_cast<unsigned>(date.day()));
  return text;
}

std::vector<Milestone> milestones_after(const PlayerTally& before, online::GameOutcome outcome, bool new_opponent) {
  const int games = before.games + 1;
  const int wins = before.wins + (outcome == online::GameOutcome::Win ? 1 : 0);
  const int opponents = before.opponents + (new_opponent ? 1 : 0);
  const std::pair<Milestone, bool> conditions[] = {{Milestone::FirstGame, games >= 1},
                                                   {Milestone::FirstWin, wins >= 1},
                                                   {Milestone::ThreeOpponents, opponents >= 3},
                                                   {Milestone::FiveWins, wins >= 5},
                                                   {Milestone::TwentyFiveWins, wins >= 25}};
  std::vector<Milestone> now_reached;
  for (const auto& [milestone, met] : conditions)
    if (met && !reached(before, milestone)) now_reached.push_back(milestone);
  return now_reached;
}

StoreResult<wire::Leaderboard> leaderboard_of(Store& store, online::Period period, std::int64_t now,
                                              const std::string& asker) {
  const PeriodBounds bounds = period_bounds(period, now);
  StoreResult<std::vector<LeaderboardRow>> rows =
      store.leaderboard(bounds.from, bounds.to, online::kLeaderboardSize, asker);
  if (!rows) return {std::nullopt, rows.error};
  wire::Leaderboard board;
  board.period = period;
  board.from = utc_date(bounds.from);
  board.to = utc_date(bounds.to);
  for (const LeaderboardRow& row : *rows.value) {
    const wire::LeaderboardEntry entry{row.rank, row.player, row.name, row.points, row.level};
    if (static_cast<std::size_t>(row.rank) <= online::kLeaderboardSize)
      board.entries.push_back(entry);
    else
      board.you = entry;
  }
  return {board, {}};
}

StoreResult<std::optional<wire::PlayerCard>> player_card_of(Store& store, const std::string& player, std::int64_t now,
                                                            std::optional<int> chips_start) {
  StoreResult<std::optional<PlayerRow>> found = store.find_player(player);
  if (!found) return {std::nullopt, found.error};
  if (!*found.value) return {std::optional<wire::PlayerCard>{}, {}};
  StoreResult<PlayerTally> tally = store.tally(player);
  if (!tally) return {std::nullopt, tally.error};
  wire::PlayerCard card;
  card.player = player;
  card.name = found.value->value().name;
  card.milestones = tally.value->reached;
  card.level = level_of(static_cast<int>(card.milestones.size()));
  card.games = tally.value->games;
  card.wins = tally.value->wins;
  for (const auto& [period, out] :
       {std::pair{online::Period::Week, &card.week}, std::pair{online::Period::Month, &card.month},
        std::pair{online::Period::Year, &card.year}}) {
    const PeriodBounds bounds = period_bounds(period, now);
    StoreResult<int> points = store.points(player, bounds.from, bounds.to);
    if (!points) return {std::nullopt, points.error};
    *out = *points.value;
  }
  if (chips_start) {
    StoreResult<ChipAccount> account = chip_account(store, *chips_start, player, now);
    if (!account) return {std::nullopt, account.error};
    card.chips = account.value->balance;
  }
  return {std::optional<wire::PlayerCard>{card}, {}};
}

bool is_api_path(std::string_view path) { return path == "/api" || path.rfind("/api/", 0) == 0; }

ApiAnswer answer_api(Store& store, std::string_view target, std::int64_t now, std::optional<int> chips_start) {
  const std::size_t question = target.find('?');
  const std::string_view path = target.substr(0, question);
  const std::string_view query = question == std::string_view::npos ? "" : target.substr(question + 1);
  if (path == "/api/leaderboard") {
    const QueryValue period_text = query_value(query, "period", "week");
    const QueryValue player = query_value(query, "player", "");
    if (period_text.bad_escape || player.bad_escape)
      return refusal(400, "a % in the query should be followed by two hex digits, as in %20");
    const std::optional<online::Period> period = messages::parse_spelling(online::kPeriods, period_text.text);
    if (!period) return refusal(400, "period should be week, month or year");
    if (!player.text.empty() && !plausible_id(player.text)) return refusal(400, "player is not a player id");
    StoreResult<wire::Leaderboard> board = leaderboard_of(store, *period, now, player.text);
    if (!board) return refusal(503, "the leaderboard cannot be read just now");
    return json_answer(*board.value);
  }
  constexpr std::string_view kPlayers = "/api/players/";
  if (path.rfind(kPlayers, 0) == 0) {
    const std::string_view id = path.substr(kPlayers.size());
    if (!plausible_id(id)) return refusal(400, "not a player id");
    StoreResult<std::optional<wire::PlayerCard>> card = player_card_of(store, std::string(id), now, chips_start);
    if (!card) return refusal(503, "the player cannot be read just now");
    if (!*card.value) return refusal(404, "no such player");
    return json_answer(**card.value);
  }
  return refusal(404, "no such API: GET /api/leaderboard?period=week|month|year or /api/players/ID");
}

}  // namespace reversi::server
