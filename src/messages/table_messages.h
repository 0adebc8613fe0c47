// The online protocol between reversi-server and its clients (the app,
// `reversi-cli bot`), as typed values with one JSON form each; the contract
// is docs/protocol.md. One WebSocket text frame holds one object with a
// string "type". Both directions are here, encoders and decoders, so the
// server, the bot and the browser client share one codec:
//   {"type": "play", "square": "f5", "ply": 0}                      client
//   {"type": "move", "seq": 4, "square": "f5", …, "clock": {…}}     server
// Nothing here knows of sockets or of the server's tables.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "messages/codec.h"
#include "messages/events.h"

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

// The options a table is opened with.
struct TableOptions {
  int match_length = 1;                // 1, 3 or 5 games
  double clock = kDefaultOnlineClock;  // seconds a move; 0: no clock
  StartVariant start = StartVariant::StandardCross;
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

namespace client {
struct Hello {
  std::optional<std::string> player;
  std::optional<std::string> secret;
  std::optional<std::string> token;
  std::optional<Resume> resume;
  // A device-link code instead of player and secret: this device becomes
  // the player who asked for the code.
  std::optional<std::string> link;
  bool operator==(const Hello&) const = default;
};
struct SetName {
  std::string name;
  bool operator==(const SetName&) const = default;
};
struct OpenTable {
  TableOptions options;
  bool is_private = false;
  bool operator==(const OpenTable&) const = default;
};
struct JoinTable {
  std::string code;  // normalised (upper case)
  bool operator==(const JoinTable&) const = default;
};
struct SeatComputer {
  Strength strength = Strength::Medium;
  bool operator==(const SeatComputer&) const = default;
};
struct SetPrivate {
  bool is_private = true;
  bool operator==(const SetPrivate&) const = default;
};
struct LeaveTable {
  bool operator==(const LeaveTable&) const = default;
};
struct WatchOpenTables {
  bool operator==(const WatchOpenTables&) const = default;
};
struct UnwatchOpenTables {
  bool operator==(const UnwatchOpenTables&) const = default;
};
// `ply`: the plies on the board (passes included) the sender saw.
struct Play {
  Square square = kNoMove;
  int ply = 0;
  bool operator==(const Play&) const = default;
};
struct Resign {
  bool operator==(const Resign&) const = default;
};
struct NextGame {
  bool operator==(const NextGame&) const = default;
};
struct Rematch {
  bool operator==(const Rematch&) const = default;
};
struct TransferSeat {
  bool operator==(const TransferSeat&) const = default;
};
struct ClaimSeat {
  std::string code;  // normalised (upper case)
  bool operator==(const ClaimSeat&) const = default;
};
struct GetLeaderboard {
  Period period = Period::Week;
  bool operator==(const GetLeaderboard&) const = default;
};
// A player's card; one's own without `player`.
struct GetPlayer {
  std::optional<std::string> player;
  bool operator==(const GetPlayer&) const = default;
};
struct GetHistory {
  bool operator==(const GetHistory&) const = default;
};
// A line for the table, as typed (the server trims, checks and masks it).
struct Chat {
  std::string text;
  bool operator==(const Chat&) const = default;
};
// Stop (or resume) receiving a player's chat, everywhere and for good.
struct Mute {
  std::string player;
  bool muted = true;
  bool operator==(const Mute&) const = default;
};
// About the player one sits with, or sat with last.
struct Report {
  std::string player;
  ReportReason reason = ReportReason::Other;
  std::string note;  // optional, at most kLongestReportNote characters
  bool operator==(const Report&) const = default;
};
struct GetChips {
  bool operator==(const GetChips&) const = default;
};
// Forget me: the player's name, record, points and milestones (refused
// while they hold a seat). Answered by player-deleted, then the close.
struct DeletePlayer {
  bool operator==(const DeletePlayer&) const = default;
};
// A code for another device to become this player (answered by link-code).
struct LinkDevice {
  bool operator==(const LinkDevice&) const = default;
};
}  // namespace client

using ClientMessage =
    std::variant<client::Hello, client::SetName, client::OpenTable, client::JoinTable, client::SeatComputer,
                 client::SetPrivate, client::LeaveTable, client::WatchOpenTables, client::UnwatchOpenTables,
                 client::Play, client::Resign, client::NextGame, client::Rematch, client::TransferSeat,
                 client::ClaimSeat, client::GetLeaderboard, client::GetPlayer, client::GetHistory, client::Chat,
                 client::Mute, client::Report, client::GetChips, client::DeletePlayer, client::LinkDevice>;

std::string_view client_message_type(const ClientMessage& message);
std::string encode_client_message(const ClientMessage& message);
// Any text: size cap (kMaxClientMessageBytes), JSON, version, type, fields.
Decoded<ClientMessage> decode_client_message(std::string_view text);

// TablePhase and ErrorCode, and their spellings, are in spelling.h.

namespace server {
struct Welcome {
  std::string player;
  std::string name;
  std::optional<std::string> secret;  // only when just issued
  std::optional<std::string> table;   // a table where the player has a seat
  bool operator==(const Welcome&) const = default;
};
struct SeatView {
  enum class Kind : std::uint8_t { Empty, Human, Computer };
  Kind kind = Kind::Empty;
  std::string player;  // Human
  std::string name;    // Human
  bool connected = false;
  Strength strength = Strength::Medium;  // Computer
  bool operator==(const SeatView&) const = default;
};
// The clock of the player to move: whose it is and the seconds left.
struct ClockReading {
  Color color = Color::Black;
  double seconds = 0;
  // Seconds before it starts running down (the grace after a server
  // restart); 0: running now.
  double held = 0;
  bool operator==(const ClockReading&) const = default;
};
struct Table {
  std::string code;
  std::string owner;
  bool is_private = false;
  TableOptions options;
  std::array<SeatView, 2> seats;
  TablePhase phase = TablePhase::Waiting;
  int seq = 0;  // the table's last event number
  // The mover's clock as the server holds it, while a timed game is played.
  std::optional<ClockReading> clock;
  bool operator==(const Table&) const = default;
};
struct OpenTableEntry {
  std::string code;
  std::string host_player;
  std::string host_name;
  int host_level = 1;
  TableOptions options;
  bool operator==(const OpenTableEntry&) const = default;
};
struct OpenTables {
  std::vector<OpenTableEntry> tables;
  bool operator==(const OpenTables&) const = default;
};
// A table that comes into a watcher's list, at its place in the new list
// (0: the newest).
struct AddedOpenTable {
  int at = 0;
  OpenTableEntry entry;
  bool operator==(const AddedOpenTable&) const = default;
};
// What changed in a watcher's open tables list since the list or change
// sent last. Applied in this order (apply_open_tables_changed): the removed
// go, the changed are replaced where they stand, and the added go in at
// their places, in ascending order; the list is then what a fresh
// open-tables would be. A table both removed and added was listed again.
struct OpenTablesChanged {
  std::vector<std::string> removed;     // table codes
  std::vector<OpenTableEntry> changed;  // the same table, its host's name or level new
  std::vector<AddedOpenTable> added;    // by place, ascending
  bool operator==(const OpenTablesChanged&) const = default;
};
// "colors": player ids, or "computer" for the computer's seat.
struct GameStarted {
  int seq = 0;
  int game_number = 1;
  std::string black;
  std::string white;
  TableOptions options;
  MatchScore match;
  bool operator==(const GameStarted&) const = default;
};
struct Move {
  int seq = 0;
  events::Move move;
  std::optional<ClockReading> clock;  // the next mover's, while a human's turn is timed
  bool operator==(const Move&) const = default;
};
struct Pass {
  int seq = 0;
  events::Pass pass;
  bool operator==(const Pass&) const = default;
};
struct ClockExpired {
  int seq = 0;
  events::ClockExpired expired;
  bool operator==(const ClockExpired&) const = default;
};
struct GameOver {
  int seq = 0;
  events::GameOver over;
  std::optional<Unrated> unrated;  // a game that earned no points, and why
  bool operator==(const GameOver&) const = default;
};
struct GameAborted {
  int seq = 0;
  std::string reason;
  bool operator==(const GameAborted&) const = default;
};
struct MatchOver {
  int seq = 0;
  events::MatchOver over;
  bool operator==(const MatchOver&) const = default;
};
struct RematchOffered {
  std::string player;
  bool operator==(const RematchOffered&) const = default;
};
struct OpponentAway {
  std::string player;
  int seconds = 40;
  bool operator==(const OpponentAway&) const = default;
};
struct OpponentBack {
  std::string player;
  bool operator==(const OpponentBack&) const = default;
};
// Everything a client needs to draw a game it lost track of.
struct State {
  int seq = 0;
  Table table;
  GameState game;
  std::string black;  // as in GameStarted
  std::string white;
  std::optional<ClockReading> clock;
  bool operator==(const State&) const = default;
};
struct TransferCode {
  std::string code;
  int expires_in = 120;  // seconds
  bool operator==(const TransferCode&) const = default;
};
struct SeatMoved {
  bool operator==(const SeatMoved&) const = default;
};
// The player's data is gone (delete-player); the connection closes after it.
struct PlayerDeleted {
  bool operator==(const PlayerDeleted&) const = default;
};
// The answer to link-device: good once, for expires_in seconds.
struct LinkCode {
  std::string code;
  int expires_in = kLinkCodeSeconds;
  bool operator==(const LinkCode&) const = default;
};
struct LeaderboardEntry {
  int rank = 0;
  std::string player;
  std::string name;
  int points = 0;
  int level = 1;
  bool operator==(const LeaderboardEntry&) const = default;
};
// "from" and "to": the period's first day and the day after its last (UTC, YYYY-MM-DD).
struct Leaderboard {
  Period period = Period::Week;
  std::string from;
  std::string to;
  std::vector<LeaderboardEntry> entries;  // at most kLeaderboardSize, by rank
  std::optional<LeaderboardEntry> you;    // the asker, when ranked outside the list
  bool operator==(const Leaderboard&) const = default;
};
struct ReachedMilestone {
  Milestone milestone = Milestone::FirstGame;
  std::int64_t reached_unix = 0;
  bool operator==(const ReachedMilestone&) const = default;
};
struct PlayerCard {
  std::string player;
  std::string name;
  int level = 1;
  std::vector<ReachedMilestone> milestones;  // in the order of kMilestones
  int week = 0;                              // points this week, month and year
  int month = 0;
  int year = 0;
  int games = 0;  // against people, all time
  int wins = 0;
  std::optional<int> chips{};  // the balance, when the server plays chips
  bool operator==(const PlayerCard&) const = default;
};
// One finished game as one player saw it.
struct HistoryGame {
  std::string code;
  int match_number = 1;
  int game_number = 1;
  std::string opponent;  // a player id, or "" for the computer
  std::string opponent_name;
  std::optional<Strength> computer;
  Color color = Color::Black;  // the player's own colour
  GameOutcome outcome = GameOutcome::Draw;
  EndReason reason = EndReason::NoMoves;
  int points = 0;
  bool rated = false;  // between people: points and milestones count
  int own_count = 0;
  int opponent_count = 0;
  std::string transcript;
  std::int64_t ended_unix = 0;
  bool operator==(const HistoryGame&) const = default;
};
struct History {
  std::vector<HistoryGame> games;  // the newest first, at most kHistorySize
  std::vector<HistoryGame> match;  // the games so far of the match at the player's table, in order
  bool operator==(const History&) const = default;
};
// Sent to the player who just reached a milestone.
struct MilestoneReached {
  Milestone milestone = Milestone::FirstGame;
  int level = 2;
  bool operator==(const MilestoneReached&) const = default;
};
// A seated player's chips: sent on arriving at a table, when the stake or
// the cost of leaving changes, and after each change of their ledger.
struct Chips {
  int balance = 0;
  int stake = 0;       // of the match at the table (0 while it waits for an opponent)
  int leave_cost = 0;  // what leaving now would cost
  int won_today = 0;   // paid for wins this UTC day
  int daily_limit = kDailyChipWinLimit;
  bool operator==(const Chips&) const = default;
};
struct ChipLedgerEntry {
  int delta = 0;
  int balance_after = 0;
  ChipReason reason = ChipReason::MatchWon;
  std::string table;  // the table's code
  int match_number = 1;
  std::int64_t at = 0;  // Unix seconds
  bool operator==(const ChipLedgerEntry&) const = default;
};
struct ChipsLedger {
  int balance = 0;
  std::vector<ChipLedgerEntry> entries;  // the newest first, at most kChipLedgerSize
  bool operator==(const ChipsLedger&) const = default;
};
struct Error {
  ErrorCode code = ErrorCode::BadMessage;
  std::string reason;   // a sentence for the player
  std::string request;  // the type of the message refused ("" when unknown)
  bool operator==(const Error&) const = default;
};
// A chat line as the table's players see it (masked by the server).
struct Chat {
  std::string from;  // the writer's player id
  std::string name;  // the writer's name when they wrote it
  std::string text;
  std::int64_t at = 0;  // Unix seconds
  int id = 0;           // the table's line number: 1, 2, 3…
  bool operator==(const Chat&) const = default;
};
// The table's last lines (at most kChatHistoryLines), oldest first, without
// those of players the receiver muted.
struct ChatHistory {
  std::vector<Chat> messages;
  bool operator==(const ChatHistory&) const = default;
};
// The players the receiver has muted.
struct Mutes {
  std::vector<std::string> players;
  bool operator==(const Mutes&) const = default;
};
// A report was stored.
struct Reported {
  std::string player;
  bool operator==(const Reported&) const = default;
};
}  // namespace server

using ServerMessage =
    std::variant<server::Welcome, server::Table, server::OpenTables, server::GameStarted, server::Move, server::Pass,
                 server::ClockExpired, server::GameOver, server::GameAborted, server::MatchOver, server::RematchOffered,
                 server::OpponentAway, server::OpponentBack, server::State, server::TransferCode, server::SeatMoved,
                 server::Error, server::Leaderboard, server::PlayerCard, server::History, server::MilestoneReached,
                 server::Chat, server::ChatHistory, server::Mutes, server::Reported, server::Chips, server::ChipsLedger,
                 server::PlayerDeleted, server::LinkCode, server::OpenTablesChanged>;

std::string_view server_message_type(const ServerMessage& message);
std::string encode_server_message(const ServerMessage& message);
Decoded<ServerMessage> decode_server_message(std::string_view text);
// The event number of a game event (game-started … match-over), which a
// client keeps to resume; none for the others.
std::optional<int> sequence_of(const ServerMessage& message);

// Applies `change` to `list` (newest first), the list as the server sent
// it so far. False, with `list` as it was, when the change does not fit it
// (a code removed or changed that it lacks, one added that it has, a place
// past its end): the client lost track and asks for the whole list again.
bool apply_open_tables_changed(std::vector<server::OpenTableEntry>& list, const server::OpenTablesChanged& change);

// The invite and seat-transfer links for a code ("/?table=K7M2QX", "/?claim=…").
std::string invite_link(std::string_view code);
std::string claim_link(std::string_view code);
std::string device_link(std::string_view code);  // "/?link=ABCDEFGH"

// The JSON object of a server message without its "type": the HTTP API's
// answers are the same objects as the messages (GET /api/leaderboard …).
Json server_message_body(const ServerMessage& message);

// JSON pieces shared by the encoder and the decoder.
Json table_options_to_json(const TableOptions& options);
Decoded<TableOptions> table_options_from_json(const Json& object, const std::string& where);

}  // namespace reversi::messages::online
