// What a player (at this device, at a host page or at a remote client) asks
// the game to do, as typed values with one JSON form:
//   {"type": "play", "square": "f5", "ply": 0}
// The seat a command is for is never part of it: the receiver knows who sent
// it (the device's player, a server connection's seat), so nobody can send a
// move for the other side.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/board.h"
#include "messages/codec.h"
#include "messages/options.h"
#include "messages/table_messages.h"

namespace reversi::messages {

namespace commands {
// A new game (a new match when the length is over 1); options not given keep their values.
struct NewGame {
  OptionsPatch options;
  bool operator==(const NewGame&) const = default;
};
// Plays a square for the sender's seat. `ply`, when given, is the number of
// plies on the board the sender saw (passes included): a move made against
// an older position is refused instead of landing somewhere unintended.
struct Play {
  Square square = kNoMove;
  std::optional<int> ply;
  bool operator==(const Play&) const = default;
};
struct Undo {
  bool operator==(const Undo&) const = default;
};
struct Redo {
  bool operator==(const Redo&) const = default;
};
struct Resign {
  bool operator==(const Resign&) const = default;
};
// The next game of a match, once the current one is over.
struct NextGame {
  bool operator==(const NextGame&) const = default;
};
struct Pause {
  bool operator==(const Pause&) const = default;
};
struct Resume {
  bool operator==(const Resume&) const = default;
};
struct GetState {
  bool operator==(const GetState&) const = default;
};
struct SetSound {
  bool on = true;
  bool operator==(const SetSound&) const = default;
};
// The app's words in another language: a code ("en", "de", "es").
struct SetLanguage {
  std::string language;
  bool operator==(const SetLanguage&) const = default;
};
// Online play, from the host page: the arcade's word for its player (a
// signed token, docs/protocol.md), a new table (options not given take the
// online defaults), sitting down at a table by its code, and getting up.
struct SignIn {
  std::string token;
  bool operator==(const SignIn&) const = default;
};
struct OpenTable {
  online::TableOptions options;  // checked by the server's rules
  bool is_private = false;
  bool operator==(const OpenTable&) const = default;
};
struct JoinTable {
  std::string code;
  bool operator==(const JoinTable&) const = default;
};
struct LeaveTable {
  bool operator==(const LeaveTable&) const = default;
};
}  // namespace commands

using Command = std::variant<commands::NewGame, commands::Play, commands::Undo, commands::Redo, commands::Resign,
                             commands::NextGame, commands::Pause, commands::Resume, commands::GetState,
                             commands::SetSound, commands::SignIn, commands::OpenTable, commands::JoinTable,
                             commands::LeaveTable, commands::SetLanguage>;

// Each command's type, in the order of Command's alternatives. The host page
// writes them with kHostPrefix ("reversi:new-game"); web/embed.js takes them
// from embed-messages.js, which tools/host_message_names.cpp writes from
// this list at build time.
inline constexpr std::string_view kCommandTypes[] = {
    "new-game",  "play",      "undo",    "redo",       "resign",     "next-game",   "pause",       "resume",
    "get-state", "set-sound", "sign-in", "open-table", "join-table", "leave-table", "set-language"};
static_assert(std::size(kCommandTypes) == std::variant_size_v<Command>);
inline constexpr std::string_view kHostPrefix = "reversi:";

std::string_view command_type(const Command& command);

Json command_to_json(const Command& command);
std::string encode_command(const Command& command);
// From a parsed message object (its "type" without any prefix).
Decoded<Command> decode_command(const Json& message, std::string_view type);
// From text: size cap, JSON, version, type.
Decoded<Command> decode_command(std::string_view text);

}  // namespace reversi::messages
