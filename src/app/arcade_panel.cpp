// The leaderboards dialog (app/arcade_panel.h).
#include "app/arcade_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>

#include "app/core/wording.h"
#include "app/core/words.h"
#include "app/platform.h"
#include "app/text_view.h"
#include "app/widgets.h"

namespace reversi {
namespace {

// Why chips changed hands, as the ledger says.
const char* chip_reason_words(messages::online::ChipReason reason) {
  using messages::online::ChipReason;
  switch (reason) {
    case ChipReason::MatchWon:
      return tr("match won");
    case ChipReason::MatchLost:
      return tr("match lost");
    case ChipReason::Left:
      return tr("left a match");
    case ChipReason::OpponentLeft:
      return tr("the opponent left the match");
    case ChipReason::LimitReached:
      return tr("match won, past the day's limit");
  }
  return "";
}

namespace online = messages::online;
namespace wire = messages::online::server;

constexpr std::int64_t kSecondsADay = 86400;

// "1 Dec 2026" in UTC, the calendar the leaderboards use (days from the
// civil calendar, after H. Hinnant's public-domain algorithm).
std::string utc_day(std::int64_t unix_seconds) {
  std::int64_t days =
      unix_seconds >= 0 ? unix_seconds / kSecondsADay : (unix_seconds - kSecondsADay + 1) / kSecondsADay;
  days += 719468;
  const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const std::int64_t day_of_era = days - era * 146097;
  const std::int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const std::int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const std::int64_t shifted_month = (5 * day_of_year + 2) / 153;
  const int day = static_cast<int>(day_of_year - (153 * shifted_month + 2) / 5 + 1);
  const int month = static_cast<int>(shifted_month < 10 ? shifted_month + 3 : shifted_month - 9);
  const std::int64_t year = year_of_era + era * 400 + (month <= 2 ? 1 : 0);
  const char* const kMonths[] = {tr("Jan"), tr("Feb"), tr("Mar"), tr("Apr"), tr("May"), tr("Jun"),
                                 tr("Jul"), tr("Aug"), tr("Sep"), tr("Oct"), tr("Nov"), tr("Dec")};
  char text[32];
  std::snprintf(text, sizeof text, "%d %s %lld", day, kMonths[month - 1], static_cast<long long>(year));
  return text;
}

// The Unix time of a day the leaderboard names ("2026-11-30"): utc_day's inverse.
std::optional<std::int64_t> iso_day(const std::string& iso) {
  int year = 0, month = 0, day = 0;
  if (std::sscanf(iso.c_str(), "%d-%d-%d", &year, &month, &day) != 3 || month < 1 || month > 12) return std::nullopt;
  const int shifted_year = month <= 2 ? year - 1 : year;
  const int era = (shifted_year >= 0 ? shifted_year : shifted_year - 399) / 400;
  const int year_of_era = shifted_year - era * 400;
  const int day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
  const int day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return (static_cast<std::int64_t>(era) * 146097 + day_of_era - 719468) * kSecondsADay;
}

// "30 Nov 2026" from the leaderboard's "2026-11-30".
std::string readable_date(const std::string& iso) {
  const std::optional<std::int64_t> day = iso_day(iso);
  return day ? utc_day(*day) : iso;
}

// The last day of a period whose end ("to", the day after it) is `iso`.
std::string last_day_before(const std::string& iso) {
  const std::optional<std::int64_t> day = iso_day(iso);
  return day ? utc_day(*day - kSecondsADay) : iso;
}

void dim_text(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  widgets::text_wrapped(text);
  ImGui::PopStyleColor();
}

const char* outcome_word(online::GameOutcome outcome) {
  switch (outcome) {
    case online::GameOutcome::Win:
      return tr("Won");
    case online::GameOutcome::Draw:
      return tr("Drew");
    case online::GameOutcome::Loss:
      return tr("Lost");
  }
  return "";
}

std::string opponent_of(const wire::HistoryGame& game) {
  if (game.computer) return tr("the computer ({strength})", {{"strength", strength_title(*game.computer)}});
  return game.opponent_name.empty() ? std::string(tr("a player")) : game.opponent_name;
}

// How a game that was not played out ended, for the player: "they resigned", "you left".
std::string forfeit_words(const wire::HistoryGame& game) {
  const bool won = game.outcome == online::GameOutcome::Win;
  if (game.reason == EndReason::Resignation) return won ? tr("they resigned") : tr("you resigned");
  if (game.reason == EndReason::Abandoned) return won ? tr("they left") : tr("you left");
  if (game.reason == EndReason::Time) return won ? tr("their time ran out") : tr("your time ran out");
  return "";
}

void heading(const Theme& theme, const char* text) {
  ImGui::PushFont(theme.strong);
  ImGui::TextUnformatted(text);
  ImGui::PopFont();
}

// One line of the leaderboard (the player's own on a copper band).
void leaderboard_row(const wire::LeaderboardEntry& entry, bool mine, float width) {
  const float rank_width = 44, level_width = 74, points_width = 70;
  const float y = ImGui::GetCursorPosY();
  if (mine) {
    const ImVec2 corner = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(corner, ImVec2(corner.x + width, corner.y + 30), palette::kCopperDeep, 6);
  }
  ImGui::SetCursorPosY(y + 4);
  ImGui::Text("%d", entry.rank);
  ImGui::SameLine(rank_width);
  const std::string name = mine ? entry.name + " (you)" : entry.name;
  const float name_room = std::max(rank_width + 80, width - level_width - points_width) - rank_width - 8;
  widgets::text_line(widgets::fit_text(ImGui::GetFont(), ImGui::GetFontSize(), name, name_room));
  ImGui::SameLine(std::max(rank_width + 80, width - level_width - points_width));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  ImGui::Text("level %d", entry.level);
  ImGui::PopStyleColor();
  ImGui::SameLine(std::max(rank_width + 160, width - points_width + 8));
  ImGui::Text("%d", entry.points);
  ImGui::SetCursorPosY(y + 32);
}

void leaderboard_header(float width) {
  const float rank_width = 44, points_width = 70;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  ImGui::TextUnformatted(tr("#"));
  ImGui::SameLine(rank_width);
  ImGui::TextUnformatted(tr("Player"));
  ImGui::SameLine(std::max(rank_width + 160, width - points_width + 8));
  ImGui::TextUnformatted(tr("Points"));
  ImGui::PopStyleColor();
}

// A milestone: a filled copper disc when reached (with the day), an empty ring for one to come.
void milestone_line(online::Milestone milestone, const wire::PlayerCard& card) {
  const auto found = std::find_if(card.milestones.begin(), card.milestones.end(),
                                  [&](const wire::ReachedMilestone& item) { return item.milestone == milestone; });
  const bool reached = found != card.milestones.end();
  const ImVec2 corner = ImGui::GetCursorScreenPos();
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 centre(corner.x + 10, corner.y + line * 0.5f + 2);
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  if (reached)
    draw.AddCircleFilled(centre, 8, palette::kCopperBright, 20);
  else
    draw.AddCircle(centre, 7.5f, palette::kTextDim, 20, 2);
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + 28);
  std::string words = milestone_words(milestone);
  words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[0])));
  if (reached) words += " — " + utc_day(found->reached_unix);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(reached ? palette::kText : palette::kTextDim));
  ImGui::TextWrapped("%s", words.c_str());
  ImGui::PopStyleColor();
  ImGui::Dummy(ImVec2(0, 2));
}

// Chips, on a server that plays them: the balance and the last changes.
void chips_section(const Theme& theme, const OnlineTable& online_table, const wire::PlayerCard& card) {
  ImGui::Spacing();
  heading(theme, tr("Chips"));
  const auto& ledger = online_table.chips_ledger();
  const int balance = ledger ? ledger->balance : *card.chips;
  ImGui::TextUnformatted(tr("You have {chips}.", {{"chips", chips_words(balance)}}).c_str());
  if (const auto& chips = online_table.chips())
    dim_text(tr("Wins have paid {won} of today's {chips} (UTC); past that, play goes on for fun.",
                {{"won", chips->won_today}, {"chips", chips_words(chips->daily_limit)}}));
  if (ledger && ledger->entries.empty()) dim_text(tr("No chips have changed hands yet."));
  if (!ledger) return;
  for (const wire::ChipLedgerEntry& entry : ledger->entries) {
    // An en dash for minus: the fonts hold it.
    std::string amount = std::to_string(entry.delta < 0 ? -entry.delta : entry.delta);
    if (entry.delta != 0) amount.insert(0, entry.delta > 0 ? "+" : "\u2013");
    ImGui::Text("%s  %s", amount.c_str(), chip_reason_words(entry.reason));
    dim_text(tr("{day} · table {table} · balance {balance}",
                {{"day", utc_day(entry.at)}, {"table", entry.table}, {"balance", entry.balance_after}}));
  }
}

std::string waiting_words(const OnlineTable& online_table, const char* loading) {
  return online_table.connection() == OnlineTable::Connection::Connected ? loading
                                                                         : tr("Connecting to the game server…");
}

}  // namespace

std::string match_standings_line(const wire::HistoryGame& game) {
  char counts[32];
  std::snprintf(counts, sizeof counts, "%d–%d", game.own_count, game.opponent_count);
  const std::initializer_list<WordArg> said = {{"game", game.game_number}, {"counts", counts}};
  std::string line = game.outcome == online::GameOutcome::Win    ? tr("Game {game}: you won {counts}", said)
                     : game.outcome == online::GameOutcome::Loss ? tr("Game {game}: you lost {counts}", said)
                                                                 : tr("Game {game}: a draw {counts}", said);
  if (const std::string forfeit = forfeit_words(game); !forfeit.empty()) line += " (" + forfeit + ")";
  return line;
}

bool draw_link_code(const Theme& theme, const std::string& code, float width) {
  if (code.empty()) return false;
  const std::string shown = code.substr(0, 4) + "-" + code.substr(4);
  const std::string link = platform::page_link("?link=" + code);
  ImGui::PushFont(theme.title);
  ImGui::TextUnformatted(shown.c_str());
  ImGui::PopFont();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
  ImGui::TextWrapped("%s", tr("On your other device, open this link, or choose New, then Online, then Link this "
                              "device, and type the code. It works once, for five minutes; that device then plays as "
                              "you, with your name, points and seat. {link}",
                              {{"link", link}})
                               .c_str());
  ImGui::PopStyleColor();
  return widgets::wide_button(tr("Copy the link"), width);
}

ArcadePanel::Result ArcadePanel::draw(const Params& params) {
  Result result;
  if (params.appearing) {
    result.ask_leaderboard = period_;
    result.ask_record = true;
  }
  const float outer = ImGui::GetContentRegionAvail().x;
  const char* const kTabs[] = {tr("Leaderboard"), tr("Your record")};
  widgets::segmented("arcade-tab", kTabs, 2, &tab_, outer);
  widgets::begin_scroll_region("##arcade", ImVec2(0, -56));
  const float width = ImGui::GetContentRegionAvail().x;
  if (tab_ == 0) {
    draw_leaderboard(params, width, result);
  } else {
    draw_card(params, width);
    draw_games(params, width, result);
    draw_data(params, width, result);
  }
  widgets::end_scroll_region();
  if (widgets::wide_button(tr("Close"), outer, true)) result.close = true;
  return result;
}

void ArcadePanel::draw_leaderboard(const Params& params, float width, Result& result) {
  const char* const kPeriods[] = {tr("This week"), tr("This month"), tr("This year")};
  int period = static_cast<int>(period_);
  if (widgets::segmented("arcade-period", kPeriods, 3, &period, width)) {
    period_ = static_cast<online::Period>(period);
    result.ask_leaderboard = period_;
  }
  const auto& board = params.online.leaderboard();
  if (!board || board->period != period_) return dim_text(waiting_words(params.online, tr("Loading the leaderboard…")));
  dim_text(
      tr("{from} to {to} (UTC; weeks start on Monday). A win against a person earns {win} points, a draw "
         "{draw}, a loss {loss}, once each side has made {moves} moves; two players earn from at most {games} "
         "games together a day.",
         {{"from", readable_date(board->from)},
          {"to", last_day_before(board->to)},
          {"win", online::kWinPoints},
          {"draw", online::kDrawPoints},
          {"loss", online::kLossPoints},
          {"moves", online::kRatedMovesEach},
          {"games", online::kRatedGamesPerPairPerDay}}));
  if (board->entries.empty())
    dim_text(tr("Nobody has played a person in this period yet."));
  else
    leaderboard_header(width);
  for (const wire::LeaderboardEntry& entry : board->entries)
    leaderboard_row(entry, entry.player == params.online.player(), width);
  if (board->you) {
    dim_text(tr("…"));
    leaderboard_row(*board->you, board->you->player == params.online.player(), width);
  }
  dim_text(tr("Equal points: more wins first, then whoever got there first."));
}

void ArcadePanel::draw_card(const Params& params, float) {
  const auto& card = params.online.card();
  if (!card) return dim_text(waiting_words(params.online, tr("Loading your card…")));
  ImGui::PushFont(params.theme.title);
  widgets::text_line(tr("{name} · level {level}", {{"name", card->name}, {"level", card->level}}));
  ImGui::PopFont();
  dim_text(tr("Points: {week} this week, {month} this month, {year} this year.",
              {{"week", card->week}, {"month", card->month}, {"year", card->year}}) +
           " " + trn("{n} game against people", "{n} games against people", card->games) + ", " +
           trn("{n} win.", "{n} wins.", card->wins));
  heading(params.theme, tr("Milestones (each one is a level)"));
  for (const online::Milestone milestone :
       {online::Milestone::FirstGame, online::Milestone::FirstWin, online::Milestone::ThreeOpponents,
        online::Milestone::FiveWins, online::Milestone::TwentyFiveWins})
    milestone_line(milestone, *card);
  if (card->chips) chips_section(params.theme, params.online, *card);
}

void ArcadePanel::draw_games(const Params& params, float width, Result& result) {
  ImGui::Spacing();
  heading(params.theme, tr("Your online games"));
  const auto& history = params.online.history();
  if (!history) return dim_text(waiting_words(params.online, tr("Loading your games…")));
  if (history->games.empty())
    dim_text(
        tr("Games you finish at a table appear here. Games against the computer are practice: kept, without points."));
  for (std::size_t index = 0; index < history->games.size(); ++index) {
    const wire::HistoryGame& game = history->games[index];
    ImGui::PushID(static_cast<int>(index));
    char counts[32];
    std::snprintf(counts, sizeof counts, " %d–%d", game.own_count, game.opponent_count);
    const std::string line =
        tr("{outcome}{counts} vs {opponent}",
           {{"outcome", outcome_word(game.outcome)}, {"counts", std::string(counts)}, {"opponent", opponent_of(game)}});
    std::string detail = utc_day(game.ended_unix);
    if (game.rated)
      (detail += " · ") += trn("+{n} point", "+{n} points", game.points);
    else
      detail += std::string(" · ") + (game.computer ? tr("practice") : tr("no points"));
    if (const std::string forfeit = forfeit_words(game); !forfeit.empty()) detail += " · " + forfeit;
    const float row_y = ImGui::GetCursorPosY();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width - 186);
    widgets::text_wrapped(line);
    ImGui::PopTextWrapPos();
    dim_text(detail);
    const float text_bottom = ImGui::GetCursorPosY();
    const float button_y = row_y + std::max(0.0f, (text_bottom - row_y - 38) * 0.5f);
    ImGui::SetCursorPos(ImVec2(width - 172, button_y));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(10, 8));
    const std::string review_name = "review-online:" + std::to_string(index + 1);
    const bool review = widgets::button(tr("Review"), ImVec2(84, 38), true, review_name.c_str());
    ImGui::SetCursorPos(ImVec2(width - 84, button_y));
    const std::string copy_name = "copy-online:" + std::to_string(index + 1);
    if (widgets::button(tr("Copy"), ImVec2(84, 38), true, copy_name.c_str())) result.copy_transcript = game.transcript;
    ImGui::PopStyleVar();
    ImGui::SetCursorPosY(std::max(text_bottom, row_y + 42) + 4);
    ImGui::PopID();
    if (review) {
      result.review = {game.transcript, tr("Review: you against {opponent}", {{"opponent", opponent_of(game)}})};
      break;  // the dialog is closing
    }
  }
}

void ArcadePanel::draw_data(const Params& params, float width, Result& result) {
  if (params.online.player().empty()) return;
  ImGui::Spacing();
  heading(params.theme, tr("Your data"));
  if (!params.online.signed_in_by_host()) {
    dim_text(tr("Play as yourself on your other phone or computer too: the same name, points and level."));
    if (widgets::wide_button(tr("Link another device"), width)) result.link_device = true;
    if (draw_link_code(params.theme, params.online.link_code(), width)) result.copy_link = true;
  }
  dim_text(tr("The server keeps your name, points, level and games for the leaderboards and your record."));
  if (widgets::wide_button(tr("Delete my online data…"), width)) result.delete_data = true;
}

}  // namespace reversi
