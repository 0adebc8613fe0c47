// The online protocol's terms (docs/protocol.md): its limits, the options a
// table is opened with, table and device-link codes, and the enums of the
// arcade's record and chips with their spellings. table_messages.h builds the
// messages from them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "game/session.h"
#include "messages/spelling.h"

namespace reversi::messages::online {

// A client message is at most this long (the server answers too-large).
inline constexpr std::size_t kMaxClientMessageBytes = 4096;
// A server message (the open tables list is the longest).
inline constexpr std::size_t kMaxServerMessageBytes = 256 * 1024;
// The open tables list names at most this many tables, newest first.
inline constexpr std::size_t kMaxOpenTablesListed = 100;
// Online move clocks: 0 (none) or 10 to 3600 seconds a move.
inline constexpr double kShortestOnlineClock = 10;
inline constexpr double kDefaultOnlineClock = 45;
// Table codes and seat-transfer codes: six of these characters (no 0/O, 1/I).
inline constexpr std::string_view kCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
inline constexpr std::size_t kCodeLength = 6;
// Device-link codes (docs/protocol.md, "One player on several devices"):
// eight of those characters, shown as ABCD-EFGH, good once for this long.
inline constexpr std::size_t kLinkCodeLength = 8;
inline constexpr int kLinkCodeSeconds = 300;
// Chat: a line is 1 to 200 characters (code points, after trimming); a
// report's note at most 300. The server checks the line (server/chat_filter.h);
// the decoder only caps a note.
inline constexpr std::size_t kLongestChatLine = 200;
inline constexpr std::size_t kLongestReportNote = 300;
// chat-history holds at most this many lines, oldest first.
inline constexpr std::size_t kChatHistoryLines = 50;

// A whole-game clock (docs/protocol.md, "The clock"), the Lichess way:
// each side `seconds` for the whole game, plus `increment` seconds after each
// of its moves. 3+2 is {180, 2}. From 1 to 180 minutes, 0 to 60 seconds.
struct GameClockOptions {
  int seconds = 180;
  int increment = 2;
  bool operator==(const GameClockOptions&) const = default;
};
inline constexpr int kShortestGameClock = 60;
inline constexpr int kLongestGameClock = 180 * 60;
inline constexpr int kLongestIncrement = 60;

// The options a table is opened with.
struct TableOptions {
  int match_length = 1;                // 1, 3 or 5 games
  double clock = kDefaultOnlineClock;  // seconds a move; 0: no clock (and always 0 with a game clock)
  StartVariant start = StartVariant::StandardCross;
  std::optional<GameClockOptions> game_clock;  // a whole-game clock instead of the move clock
  bool operator==(const TableOptions&) const = default;
};
// The session options of a table's match: two humans, or a human and the
// computer on the second seat.
SessionOptions session_options_of(const TableOptions& options, std::optional<Strength> computer, Color first_colour);

// Upper-case, checked: a code as the user typed it ("k7m2qx") or nothing.
std::optional<std::string> normalised_code(std::string_view text);
// The same for a device-link code, forgiving spaces and dashes ("abcd-efgh").
std::optional<std::string> normalised_link_code(std::string_view text);

// The arcade's record (docs/protocol.md, "Points, levels and leaderboards").
enum class Period : std::uint8_t { Week, Month, Year };  // UTC: ISO weeks from Monday, months, years
enum class Milestone : std::uint8_t { FirstGame, FirstWin, ThreeOpponents, FiveWins, TwentyFiveWins };
// A player's share of one finished game.
enum class GameOutcome : std::uint8_t { Win, Draw, Loss };
inline constexpr Spelling<Period> kPeriods[] = {
    {Period::Week, "week"}, {Period::Month, "month"}, {Period::Year, "year"}};
inline constexpr Spelling<Milestone> kMilestones[] = {{Milestone::FirstGame, "first-game"},
                                                      {Milestone::FirstWin, "first-win"},
                                                      {Milestone::ThreeOpponents, "three-opponents"},
                                                      {Milestone::FiveWins, "five-wins"},
                                                      {Milestone::TwentyFiveWins, "twenty-five-wins"}};
inline constexpr Spelling<GameOutcome> kGameOutcomes[] = {
    {GameOutcome::Win, "win"}, {GameOutcome::Draw, "draw"}, {GameOutcome::Loss, "loss"}};
inline constexpr int kMilestoneCount = 5;
// Fair points (docs/protocol.md, "Fair points"): a game between people is
// rated only when each side made at least kRatedMovesEach moves, and one pair
// of players earns from at most kRatedGamesPerPairPerDay games a UTC day.
// Why a finished game earned nothing:
enum class Unrated : std::uint8_t {
  Practice,    // the computer sat at the table
  Short,       // a side made fewer than kRatedMovesEach moves
  DailyLimit,  // the pair had played kRatedGamesPerPairPerDay rated games today
};
inline constexpr Spelling<Unrated> kUnratedReasons[] = {
    {Unrated::Practice, "practice"}, {Unrated::Short, "short"}, {Unrated::DailyLimit, "daily-limit"}};
inline constexpr int kRatedMovesEach = 5;
inline constexpr int kRatedGamesPerPairPerDay = 5;
// Points for games between people: a win, a draw, a loss (for taking part).
inline constexpr int kWinPoints = 10;
inline constexpr int kDrawPoints = 4;
inline constexpr int kLossPoints = 1;
// A leaderboard lists this many players; the history this many games.
inline constexpr std::size_t kLeaderboardSize = 100;
inline constexpr std::size_t kHistorySize = 30;

// Chips (docs/protocol.md, "Chips"): why a player's chips changed.
enum class ChipReason : std::uint8_t { MatchWon, MatchLost, Left, OpponentLeft, LimitReached };
inline constexpr Spelling<ChipReason> kChipReasons[] = {{ChipReason::MatchWon, "match-won"},
                                                        {ChipReason::MatchLost, "match-lost"},
                                                        {ChipReason::Left, "left"},
                                                        {ChipReason::OpponentLeft, "opponent-left"},
                                                        {ChipReason::LimitReached, "limit-reached"}};
// Wins pay at most this many chips a UTC day; the ledger lists this many entries.
inline constexpr int kDailyChipWinLimit = 1500;
inline constexpr std::size_t kChipLedgerSize = 50;

struct Resume {
  std::string table;
  int seq = 0;
  bool operator==(const Resume&) const = default;
};

}  // namespace reversi::messages::online
