// The online protocol between reversi-server and its clients (the app,
// `reversi-cli bot`), as typed values with one JSON form each; the contract
// is docs/protocol.md. One WebSocket text frame holds one object with a
// string "type". Both directions are here, encoders and decoders, so the
// server, the bot and the browser client share one codec:
//   {"type": "play", "square": "f5", "ply": 0}                      client
//   {"type": "move", "seq": 4, "square": "f5", …, "clock": {…}}     server
// Nothing here knows of sockets or of the server's tables. The limits and
// enums are in table_terms.h, the arcade's record in table_record.h; each
// message's JSON form is described once, in table_fields.h.
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
#include "messages/table_record.h"
#include "messages/table_terms.h"

namespace reversi::messages::online {

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

// Each client message's "type", in the order of ClientMessage's alternatives.
inline constexpr std::string_view kClientMessageTypes[] = {"hello",
                                                           "set-name",
                                                           "open-table",
                                                           "join-table",
                                                           "seat-computer",
                                                           "set-private",
                                                           "leave-table",
                                                           "watch-open-tables",
                                                           "unwatch-open-tables",
                                                           "play",
                                                           "resign",
                                                           "next-game",
                                                           "rematch",
                                                           "transfer-seat",
                                                           "claim-seat",
                                                           "get-leaderboard",
                                                           "get-player",
                                                           "get-history",
                                                           "chat",
                                                           "mute",
                                                           "report",
                                                           "get-chips",
                                                           "delete-player",
                                                           "link-device"};
static_assert(std::size(kClientMessageTypes) == std::variant_size_v<ClientMessage>);

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
// Both sides' whole-game clocks (a table with a game clock): the milliseconds
// each had left at `at`, the server's Unix time in milliseconds (the last
// move, or when the message was made), and whose time runs from then. A
// client counts the running one down from when it received the reading,
// and keeps the reading with the latest `at`, so an event replayed later
// never winds a clock back.
struct GameClockReading {
  std::int64_t black = 0;
  std::int64_t white = 0;
  std::optional<Color> running;  // none: nobody's (the computer to move, the game over)
  std::int64_t at = 0;
  std::int64_t held = 0;  // milliseconds the running clock stays still first (after a restart)
  bool operator==(const GameClockReading&) const = default;
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
  std::optional<GameClockReading> game_clock;  // while a game with a game clock is played
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
  std::optional<GameClockReading> game_clock;  // both full banks, black's running (a person's turn)
  bool operator==(const GameStarted&) const = default;
};
struct Move {
  int seq = 0;
  events::Move move;
  std::optional<ClockReading> clock;           // the next mover's, while a human's turn is timed
  std::optional<GameClockReading> game_clock;  // both sides', after the move (a game clock)
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
  std::optional<GameClockReading> game_clock;
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

// Each server message's "type", in the order of ServerMessage's alternatives.
inline constexpr std::string_view kServerMessageTypes[] = {"welcome",
                                                           "table",
                                                           "open-tables",
                                                           "game-started",
                                                           "move",
                                                           "pass",
                                                           "clock-expired",
                                                           "game-over",
                                                           "game-aborted",
                                                           "match-over",
                                                           "rematch-offered",
                                                           "opponent-away",
                                                           "opponent-back",
                                                           "state",
                                                           "transfer-code",
                                                           "seat-moved",
                                                           "error",
                                                           "leaderboard",
                                                           "player",
                                                           "history",
                                                           "milestone",
                                                           "chat",
                                                           "chat-history",
                                                           "mutes",
                                                           "reported",
                                                           "chips",
                                                           "chips-ledger",
                                                           "player-deleted",
                                                           "link-code",
                                                           "open-tables-changed"};
static_assert(std::size(kServerMessageTypes) == std::variant_size_v<ServerMessage>);

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
