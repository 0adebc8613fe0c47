// The one spelling of every enumerated value that leaves the program: in
// saved documents, host-page messages, AI worker requests and the server
// protocol. The first row for a value is how it is written; any later row
// for the same value is an older or alternative spelling that is still read
// ("two-players" was how saved settings wrote the two-player mode).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ai/computer.h"
#include "game/command_result.h"
#include "game/game_event.h"
#include "game/game_result.h"
#include "game/match.h"
#include "game/players.h"
#include "game/settings.h"

namespace reversi::messages {

// Where a game stands, as a host page or a remote client is told.
enum class Phase : std::uint8_t {
  Playing,   // a human may move
  Thinking,  // the computer is to move
  Placing,   // the empty-centre start: discs are being placed
  Paused,
  Over,
};

template <class Enum>
struct Spelling {
  Enum value;
  std::string_view text;
};

inline constexpr Spelling<Mode> kModes[] = {
    {Mode::Solo, "solo"}, {Mode::TwoPlayers, "two-player"}, {Mode::TwoPlayers, "two-players"}};
inline constexpr Spelling<Strength> kStrengths[] = {
    {Strength::Easy, "easy"}, {Strength::Medium, "medium"}, {Strength::Hard, "hard"}};
inline constexpr Spelling<ColourChoice> kColourChoices[] = {
    {ColourChoice::Black, "black"}, {ColourChoice::White, "white"}, {ColourChoice::Random, "random"}};
inline constexpr Spelling<Color> kColours[] = {{Color::Black, "black"}, {Color::White, "white"}};
inline constexpr Spelling<StartVariant> kVariants[] = {{StartVariant::StandardCross, "standard"},
                                                       {StartVariant::EmptyCentre, "empty-centre"},
                                                       {StartVariant::EmptyCentre, "empty-center"}};
inline constexpr Spelling<AnimationSpeed> kAnimationSpeeds[] = {
    {AnimationSpeed::Slow, "slow"}, {AnimationSpeed::Normal, "normal"}, {AnimationSpeed::Fast, "fast"}};
inline constexpr Spelling<ThemeChoice> kThemeChoices[] = {{ThemeChoice::Automatic, "automatic"},
                                                          {ThemeChoice::Walnut, "walnut"},
                                                          {ThemeChoice::HighContrast, "high-contrast"},
                                                          {ThemeChoice::ColourBlindSafe, "colour-blind-safe"}};
inline constexpr Spelling<Outcome> kOutcomes[] = {{Outcome::InProgress, "in-progress"},
                                                  {Outcome::BlackWins, "black-wins"},
                                                  {Outcome::WhiteWins, "white-wins"},
                                                  {Outcome::Draw, "draw"}};
// The winner of a finished game, as events and the game's state write it.
inline constexpr Spelling<Outcome> kWinners[] = {
    {Outcome::BlackWins, "black"}, {Outcome::WhiteWins, "white"}, {Outcome::Draw, "draw"}};
inline constexpr Spelling<EndReason> kEndReasons[] = {{EndReason::None, "none"},
                                                      {EndReason::NoMoves, "no-moves"},
                                                      {EndReason::Resignation, "resignation"},
                                                      {EndReason::Abandoned, "abandoned"},
                                                      {EndReason::Time, "time"}};
inline constexpr Spelling<GameWinner> kGameWinners[] = {
    {GameWinner::First, "first"}, {GameWinner::Second, "second"}, {GameWinner::Nobody, "nobody"}};
inline constexpr Spelling<Seat> kSeats[] = {{Seat::First, "first"}, {Seat::Second, "second"}};
inline constexpr Spelling<Phase> kPhases[] = {{Phase::Playing, "playing"},
                                              {Phase::Thinking, "thinking"},
                                              {Phase::Placing, "placing"},
                                              {Phase::Paused, "paused"},
                                              {Phase::Over, "over"}};
inline constexpr Spelling<EventKind> kEventKinds[] = {{EventKind::GameStarted, "game-started"},
                                                      {EventKind::MovePlayed, "move"},
                                                      {EventKind::Passed, "pass"},
                                                      {EventKind::ClockExpired, "clock-expired"},
                                                      {EventKind::GameOver, "game-over"},
                                                      {EventKind::Undone, "undo"},
                                                      {EventKind::Redone, "redo"},
                                                      {EventKind::MatchOver, "match-over"}};
inline constexpr Spelling<CommandError> kCommandErrors[] = {{CommandError::None, "none"},
                                                            {CommandError::InvalidSquare, "invalid-square"},
                                                            {CommandError::Occupied, "occupied"},
                                                            {CommandError::TrapsNothing, "traps-nothing"},
                                                            {CommandError::NotCentre, "not-centre"},
                                                            {CommandError::NotYourTurn, "not-your-turn"},
                                                            {CommandError::ComputerThinking, "computer-thinking"},
                                                            {CommandError::GameOver, "game-over"},
                                                            {CommandError::NothingToUndo, "nothing-to-undo"},
                                                            {CommandError::NothingToRedo, "nothing-to-redo"},
                                                            {CommandError::StalePosition, "stale-position"},
                                                            {CommandError::GameNotOver, "game-not-over"},
                                                            {CommandError::MatchOver, "match-over"},
                                                            {CommandError::TimeRanOut, "time-ran-out"},
                                                            {CommandError::ComputerSeat, "computer-seat"}};

// The online protocol (table_messages.h): where a table stands...
enum class TablePhase : std::uint8_t { Waiting, Playing, BetweenGames, Over };
inline constexpr Spelling<TablePhase> kTablePhases[] = {{TablePhase::Waiting, "waiting"},
                                                        {TablePhase::Playing, "playing"},
                                                        {TablePhase::BetweenGames, "between-games"},
                                                        {TablePhase::Over, "over"}};
// ...and why the server refused a request.
enum class ErrorCode : std::uint8_t {
  BadMessage,
  TooLarge,
  RateLimited,
  UnknownType,
  HelloFirst,
  BadSecret,
  BadToken,
  BadName,
  NoSuchTable,
  TableFull,
  AlreadySeated,
  NotOwner,
  NoSuchCode,
  Banned,
  NotSeated,
  NotPlaying,
  NotYourTurn,
  StalePly,
  Occupied,
  TrapsNothing,
  NotCentre,
  InvalidSquare,
  GameOver,
  NotNow,       // a request the table's phase does not allow (rematch during a game, …)
  ServerError,  // the server could not keep the change (its database failed); nothing changed
  // Chat and moderation: a chat line that is empty, too long or holds
  // control characters; a report or mute about a player one has not sat
  // with (or who does not exist); a table whose owner reported the one
  // asking to join.
  BadChat,
  NoSuchPlayer,
  NotAvailable,
  ChipsOff,       // get-chips on a server without --chips
  TooManyGuests,  // a hello without a player from an address that made its new guests for the hour
};
inline constexpr Spelling<ErrorCode> kErrorCodes[] = {{ErrorCode::BadMessage, "bad-message"},
                                                      {ErrorCode::TooLarge, "too-large"},
                                                      {ErrorCode::RateLimited, "rate-limited"},
                                                      {ErrorCode::UnknownType, "unknown-type"},
                                                      {ErrorCode::HelloFirst, "hello-first"},
                                                      {ErrorCode::BadSecret, "bad-secret"},
                                                      {ErrorCode::BadToken, "bad-token"},
                                                      {ErrorCode::BadName, "bad-name"},
                                                      {ErrorCode::NoSuchTable, "no-such-table"},
                                                      {ErrorCode::TableFull, "table-full"},
                                                      {ErrorCode::AlreadySeated, "already-seated"},
                                                      {ErrorCode::NotOwner, "not-owner"},
                                                      {ErrorCode::NoSuchCode, "no-such-code"},
                                                      {ErrorCode::Banned, "banned"},
                                                      {ErrorCode::NotSeated, "not-seated"},
                                                      {ErrorCode::NotPlaying, "not-playing"},
                                                      {ErrorCode::NotYourTurn, "not-your-turn"},
                                                      {ErrorCode::StalePly, "stale-ply"},
                                                      {ErrorCode::Occupied, "occupied"},
                                                      {ErrorCode::TrapsNothing, "traps-nothing"},
                                                      {ErrorCode::NotCentre, "not-centre"},
                                                      {ErrorCode::InvalidSquare, "invalid-square"},
                                                      {ErrorCode::GameOver, "game-over"},
                                                      {ErrorCode::NotNow, "not-now"},
                                                      {ErrorCode::ServerError, "server-error"},
                                                      {ErrorCode::BadChat, "bad-chat"},
                                                      {ErrorCode::NoSuchPlayer, "no-such-player"},
                                                      {ErrorCode::NotAvailable, "not-available"},
                                                      {ErrorCode::ChipsOff, "chips-off"},
                                                      {ErrorCode::TooManyGuests, "too-many-guests"}};
// ...and why a player reported another.
enum class ReportReason : std::uint8_t { Abuse, Cheating, Spam, Other };
inline constexpr Spelling<ReportReason> kReportReasons[] = {{ReportReason::Abuse, "abuse"},
                                                            {ReportReason::Cheating, "cheating"},
                                                            {ReportReason::Spam, "spam"},
                                                            {ReportReason::Other, "other"}};

// How `value` is written ("" for a value missing from the table, which the
// tests rule out for every table).
template <class Enum, std::size_t N>
constexpr std::string_view spell(const Spelling<Enum> (&table)[N], Enum value) {
  for (const Spelling<Enum>& row : table)
    if (row.value == value) return row.text;
  return {};
}

// The value written `text` (exact, lower case), current and older spellings alike.
template <class Enum, std::size_t N>
constexpr std::optional<Enum> parse_spelling(const Spelling<Enum> (&table)[N], std::string_view text) {
  for (const Spelling<Enum>& row : table)
    if (row.text == text) return row.value;
  return std::nullopt;
}

// The current spellings for a message after `lead`: "should be \"solo\" or \"two-player\"".
template <class Enum, std::size_t N>
std::string spelling_choices(const Spelling<Enum> (&table)[N], std::string_view lead = "") {
  std::size_t count = 0;
  for (const Spelling<Enum>& row : table) count += spell(table, row.value) == row.text ? 1 : 0;
  std::string choices(lead);
  std::size_t written = 0;
  for (const Spelling<Enum>& row : table) {
    if (spell(table, row.value) != row.text) continue;  // an older spelling, read but not offered
    if (written > 0) choices.append(written + 1 == count ? " or " : ", ");
    choices.append(1, '"').append(row.text).append(1, '"');
    ++written;
  }
  return choices;
}

}  // namespace reversi::messages
