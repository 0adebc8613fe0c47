// What the game tells those who follow it (the host page, a remote client),
// as typed values with one JSON form each, e.g.
//   {"type": "move", "square": "f5", "color": "black", "flips": ["e5"],
//    "counts": {"black": 4, "white": 1}, "next": "white", "ply": 1}
// and the state of a game as a whole (the answer to get-state, and what a
// client that comes back resynchronises from).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/session.h"
#include "messages/codec.h"
#include "messages/options.h"

namespace reversi::messages {

struct Counts {
  int black = 0;
  int white = 0;
  bool operator==(const Counts&) const = default;
};

struct MatchScore {
  int length = 1;
  int first = 0;  // games won by each seat
  int second = 0;
  bool over = false;
  bool operator==(const MatchScore&) const = default;
};

// A whole game at one moment.
struct GameState {
  std::string board;  // 64 characters a1..h8, row by row: X black, O white, - empty
  Color side_to_move = Color::Black;
  std::vector<Square> legal_moves;  // for the side to move (placements included)
  Counts counts;
  Phase phase = Phase::Playing;
  std::optional<Square> last_move;
  SessionOptions options;
  std::string transcript;
  int game_number = 1;
  int ply = 0;                    // plies on the board, passes included
  std::optional<double> clock;    // seconds left for the move, while the clock runs
  MatchScore match;               // counting this game once it is over
  std::optional<Outcome> winner;  // once over: who won, and why it ended
  EndReason end_reason = EndReason::None;
  bool operator==(const GameState&) const = default;
};

// The session's game now; `paused` when the device has paused it.
GameState game_state_of(const Session& session, bool paused);

namespace events {
// The game has loaded and takes commands (host page).
inline constexpr std::size_t kMostIgnored = 16;
inline constexpr std::size_t kLongestIgnored = 200;
struct Ready {
  int api_version = kProtocolVersion;
  std::vector<std::string> supports;  // command types accepted
  // What the page address asked for that was not taken, each with why
  // ("?mode=duel: 'mode' should be \"solo\" or \"two-player\"").
  std::vector<std::string> ignored;  // at most kMostIgnored, each at most kLongestIgnored bytes
  bool operator==(const Ready&) const = default;
};
struct GameStarted {
  SessionOptions options;
  int game_number = 1;
  Color first_seat = Color::Black;  // the first seat's colour in this game
  bool operator==(const GameStarted&) const = default;
};
struct Move {
  Square square = kNoMove;
  Color color = Color::Black;
  Bitboard flips = 0;
  Counts counts;
  std::optional<Color> next;  // none once the game is over
  int ply = 0;
  bool operator==(const Move&) const = default;
};
struct Pass {
  Color color = Color::Black;  // who had no move
  int ply = 0;
  bool operator==(const Pass&) const = default;
};
// `color`'s time ran out and `square` was played for them (a Move follows).
struct ClockExpired {
  Color color = Color::Black;
  Square square = kNoMove;
  bool operator==(const ClockExpired&) const = default;
};
struct Undone {
  Counts counts;
  int ply = 0;
  bool operator==(const Undone&) const = default;
};
struct Redone {
  Counts counts;
  int ply = 0;
  bool operator==(const Redone&) const = default;
};
struct GameOver {
  GameResult result;
  std::string transcript;
  int game_number = 1;
  std::optional<double> duration_seconds;
  bool operator==(const GameOver&) const = default;
};
struct MatchOver {
  int games = 0;
  std::optional<Seat> winner;
  MatchScore score;
  bool operator==(const MatchOver&) const = default;
};
struct State {
  GameState state;
  bool operator==(const State&) const = default;
};
// Online play, for the host page: a table we opened (its code and invite
// link); the other seat taken (by a person or the computer); a game there
// begun (our colour and the table's options); and ended, with how it went
// for us ("won", "lost" or "draw").
struct TableOpened {
  std::string code;
  std::string invite;
  bool operator==(const TableOpened&) const = default;
};
struct OpponentJoined {
  std::string code;
  std::string name;
  bool computer = false;
  bool operator==(const OpponentJoined&) const = default;
};
struct OnlineGameStarted {
  std::string code;
  int game_number = 1;
  Color color = Color::Black;  // ours
  std::string opponent;        // their name
  int match_length = 1;
  double clock = 0;  // seconds a move; 0: none
  StartVariant start = StartVariant::StandardCross;
  bool operator==(const OnlineGameStarted&) const = default;
};
struct OnlineGameOver {
  std::string code;
  int game_number = 1;
  GameResult result;
  std::string transcript;
  std::string outcome;  // for us: "won", "lost" or "draw"
  // Why it earned no points: "practice", "short" or "daily-limit" (the
  // spellings of table_messages.h's kUnratedReasons); empty when it did.
  std::string unrated;
  bool operator==(const OnlineGameOver&) const = default;
};
// Online: a milestone the player has just reached ("first-win", the
// spellings of table_messages.h's kMilestones) and the level it makes.
struct MilestoneReached {
  std::string milestone;
  int level = 2;
  bool operator==(const MilestoneReached&) const = default;
};
// A command was refused: why, in words, and the type of the command.
struct Error {
  std::string reason;
  std::string request;
  bool operator==(const Error&) const = default;
};
}  // namespace events

using Event = std::variant<events::Ready, events::GameStarted, events::Move, events::Pass, events::ClockExpired,
                           events::Undone, events::Redone, events::GameOver, events::MatchOver, events::State,
                           events::TableOpened, events::OpponentJoined, events::OnlineGameStarted,
                           events::OnlineGameOver, events::Error, events::MilestoneReached>;

// Each event's type, in the order of Event's alternatives (the game's own
// events as spelling.h spells their kinds); the host page sees them with
// the "reversi:" prefix (commands.h, kHostPrefix).
inline constexpr std::string_view kEventTypes[] = {"ready",
                                                   "game-started",
                                                   "move",
                                                   "pass",
                                                   "clock-expired",
                                                   "undo",
                                                   "redo",
                                                   "game-over",
                                                   "match-over",
                                                   "state",
                                                   "table-opened",
                                                   "opponent-joined",
                                                   "online-game-started",
                                                   "online-game-over",
                                                   "error",
                                                   "milestone"};
static_assert(std::size(kEventTypes) == std::variant_size_v<Event>);
// Sent to the host by the page shell itself (web/shell.js) while the game downloads.
inline constexpr std::string_view kShellEventTypes[] = {"loading"};

// The message for one of the session's events (read right after it was polled).
Event event_of(const GameEvent& event, const Session& session);

std::string_view event_type(const Event& event);
Json event_to_json(const Event& event);
std::string encode_event(const Event& event);
Decoded<Event> decode_event(const Json& message, std::string_view type);
Decoded<Event> decode_event(std::string_view text);

Json game_state_to_json(const GameState& state);
Decoded<GameState> game_state_from_json(const Json& object, const std::string& where);

}  // namespace reversi::messages
