// The online protocol's JSON: the type names, the encoders and the pieces
// shared with the decoders (table_messages_decode.cpp).
#include "messages/table_messages.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "engine/notation.h"

namespace reversi::messages::online {
namespace {

Json match_json(const MatchScore& match) {
  return Json{{"length", match.length}, {"first", match.first}, {"second", match.second}, {"over", match.over}};
}

// Seconds as they travel: tenths are enough for a countdown.
double rounded_seconds(double seconds) { return std::round(seconds * 10) / 10; }

Json clock_json(const std::optional<server::ClockReading>& clock) {
  if (!clock) return nullptr;
  Json json{{"color", spell(kColours, clock->color)}, {"seconds", rounded_seconds(clock->seconds)}};
  if (clock->held > 0) json["held"] = rounded_seconds(clock->held);
  return json;
}

Json seat_json(const server::SeatView& seat) {
  using Kind = server::SeatView::Kind;
  if (seat.kind == Kind::Empty) return nullptr;
  if (seat.kind == Kind::Computer) return Json{{"computer", spell(kStrengths, seat.strength)}};
  return Json{{"player", seat.player}, {"name", seat.name}, {"connected", seat.connected}};
}

Json table_json(const server::Table& table) {
  Json json{{"type", "table"},
            {"code", table.code},
            {"invite", invite_link(table.code)},
            {"owner", table.owner},
            {"private", table.is_private},
            {"options", table_options_to_json(table.options)},
            {"seats", Json::array({seat_json(table.seats[0]), seat_json(table.seats[1])})},
            {"phase", spell(kTablePhases, table.phase)},
            {"seq", table.seq}};
  if (table.clock) json["clock"] = clock_json(table.clock);
  return json;
}

Json chat_json(const server::Chat& chat) {
  return Json{{"type", "chat"},    {"from", chat.from}, {"name", chat.name},
              {"text", chat.text}, {"at", chat.at},     {"id", chat.id}};
}

// A game event of the message layer, with the table's event number.
Json with_seq(Event event, int seq) {
  Json message = event_to_json(event);
  message["seq"] = seq;
  return message;
}

template <class Plain>
constexpr bool is_plain_client_message =
    std::is_same_v<Plain, client::LeaveTable> || std::is_same_v<Plain, client::WatchOpenTables> ||
    std::is_same_v<Plain, client::UnwatchOpenTables> || std::is_same_v<Plain, client::Resign> ||
    std::is_same_v<Plain, client::NextGame> || std::is_same_v<Plain, client::Rematch> ||
    std::is_same_v<Plain, client::TransferSeat> || std::is_same_v<Plain, client::GetHistory> ||
    std::is_same_v<Plain, client::GetChips> || std::is_same_v<Plain, client::DeletePlayer> ||
    std::is_same_v<Plain, client::LinkDevice>;

Json open_table_json(const server::OpenTableEntry& entry) {
  return Json{{"code", entry.code},
              {"host", {{"player", entry.host_player}, {"name", entry.host_name}, {"level", entry.host_level}}},
              {"options", table_options_to_json(entry.options)}};
}

Json entry_json(const server::LeaderboardEntry& entry) {
  return Json{{"rank", entry.rank},
              {"player", entry.player},
              {"name", entry.name},
              {"points", entry.points},
              {"level", entry.level}};
}

Json history_game_json(const server::HistoryGame& game) {
  Json opponent = game.computer ? Json{{"computer", spell(kStrengths, *game.computer)}}
                                : Json{{"player", game.opponent}, {"name", game.opponent_name}};
  return Json{{"code", game.code},
              {"match", game.match_number},
              {"game", game.game_number},
              {"opponent", opponent},
              {"color", spell(kColours, game.color)},
              {"result", spell(kGameOutcomes, game.outcome)},
              {"reason", spell(kEndReasons, game.reason)},
              {"points", game.points},
              {"rated", game.rated},
              {"counts", {{"own", game.own_count}, {"opponent", game.opponent_count}}},
              {"transcript", game.transcript},
              {"ended", game.ended_unix}};
}

}  // namespace

SessionOptions session_options_of(const TableOptions& options, std::optional<Strength> computer, Color first_colour) {
  SessionOptions session;
  session.mode = computer ? Mode::Solo : Mode::TwoPlayers;
  session.strength = computer.value_or(Strength::Medium);
  session.colour = first_colour == Color::Black ? ColourChoice::Black : ColourChoice::White;
  session.variant = options.start;
  session.match_length = options.match_length;
  session.clock_enabled = options.clock > 0;
  session.clock_seconds = options.clock > 0 ? options.clock : kDefaultOnlineClock;
  return session;
}

std::optional<std::string> normalised_code(std::string_view text) {
  if (text.size() != kCodeLength) return std::nullopt;
  std::string code;
  for (const char c : text) {
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (kCodeAlphabet.find(upper) == std::string_view::npos) return std::nullopt;
    code.push_back(upper);
  }
  return code;
}

bool apply_open_tables_changed(std::vector<server::OpenTableEntry>& list, const server::OpenTablesChanged& change) {
  std::vector<server::OpenTableEntry> result = list;
  auto find = [&](const std::string& code) {
    return std::find_if(result.begin(), result.end(), [&](const auto& entry) { return entry.code == code; });
  };
  for (const std::string& code : change.removed) {
    const auto found = find(code);
    if (found == result.end()) return false;
    result.erase(found);
  }
  for (const server::OpenTableEntry& entry : change.changed) {
    const auto found = find(entry.code);
    if (found == result.end()) return false;
    *found = entry;
  }
  for (const server::AddedOpenTable& added : change.added) {
    if (find(added.entry.code) != result.end() || added.at < 0 || static_cast<std::size_t>(added.at) > result.size())
      return false;
    result.insert(result.begin() + added.at, added.entry);
  }
  if (result.size() > kMaxOpenTablesListed) return false;
  list = std::move(result);
  return true;
}

std::string invite_link(std::string_view code) { return "/?table=" + std::string(code); }
std::string claim_link(std::string_view code) { return "/?claim=" + std::string(code); }
std::string device_link(std::string_view code) { return "/?link=" + std::string(code); }

std::optional<std::string> normalised_link_code(std::string_view text) {
  std::string code;
  for (const char c : text) {
    if (c == ' ' || c == '-') continue;
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (kCodeAlphabet.find(upper) == std::string_view::npos || code.size() == kLinkCodeLength) return std::nullopt;
    code.push_back(upper);
  }
  if (code.size() != kLinkCodeLength) return std::nullopt;
  return code;
}

Json table_options_to_json(const TableOptions& options) {
  const double clock = options.clock;
  return Json{{"matchLength", options.match_length},
              {"clock", clock == std::floor(clock) ? Json(static_cast<int>(clock)) : Json(clock)},
              {"start", spell(kVariants, options.start)}};
}

std::string_view client_message_type(const ClientMessage& message) {
  static constexpr std::string_view kNames[] = {"hello",
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
  static_assert(std::size(kNames) == std::variant_size_v<ClientMessage>);
  return kNames[message.index()];
}

std::string encode_client_message(const ClientMessage& message) {
  Json json = {{"type", client_message_type(message)}};
  std::visit(
      [&](const auto& value) {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, client::Hello>) {
          json["v"] = kProtocolVersion;
          if (value.player) json["player"] = *value.player;
          if (value.secret) json["secret"] = *value.secret;
          if (value.token) json["token"] = *value.token;
          if (value.resume) json["resume"] = {{"table", value.resume->table}, {"seq", value.resume->seq}};
          if (value.link) json["link"] = *value.link;
        } else if constexpr (std::is_same_v<T, client::SetName>) {
          json["name"] = value.name;
        } else if constexpr (std::is_same_v<T, client::OpenTable>) {
          json["options"] = table_options_to_json(value.options);
          json["private"] = value.is_private;
        } else if constexpr (std::is_same_v<T, client::JoinTable> || std::is_same_v<T, client::ClaimSeat>) {
          json["code"] = value.code;
        } else if constexpr (std::is_same_v<T, client::SeatComputer>) {
          json["strength"] = spell(kStrengths, value.strength);
        } else if constexpr (std::is_same_v<T, client::SetPrivate>) {
          json["private"] = value.is_private;
        } else if constexpr (std::is_same_v<T, client::Play>) {
          json["square"] = square_name(value.square);
          json["ply"] = value.ply;
        } else if constexpr (std::is_same_v<T, client::GetLeaderboard>) {
          json["period"] = spell(kPeriods, value.period);
        } else if constexpr (std::is_same_v<T, client::GetPlayer>) {
          if (value.player) json["player"] = *value.player;
        } else if constexpr (std::is_same_v<T, client::Chat>) {
          json["text"] = value.text;
        } else if constexpr (std::is_same_v<T, client::Mute>) {
          json["player"] = value.player;
          json["muted"] = value.muted;
        } else if constexpr (std::is_same_v<T, client::Report>) {
          json["player"] = value.player;
          json["reason"] = spell(kReportReasons, value.reason);
          if (!value.note.empty()) json["note"] = value.note;
        } else {
          static_assert(is_plain_client_message<T>, "a client message without an encoder");
        }
      },
      message);
  return dump(json);
}

std::string_view server_message_type(const ServerMessage& message) {
  static constexpr std::string_view kNames[] = {"welcome",
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
  static_assert(std::size(kNames) == std::variant_size_v<ServerMessage>);
  return kNames[message.index()];
}

std::optional<int> sequence_of(const ServerMessage& message) {
  return std::visit(
      [](const auto& value) -> std::optional<int> {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, server::GameStarted> || std::is_same_v<T, server::Move> ||
                      std::is_same_v<T, server::Pass> || std::is_same_v<T, server::ClockExpired> ||
                      std::is_same_v<T, server::GameOver> || std::is_same_v<T, server::GameAborted> ||
                      std::is_same_v<T, server::MatchOver>)
          return value.seq;
        else
          return std::nullopt;
      },
      message);
}

namespace {
Json server_message_json(const ServerMessage& message);
}  // namespace

std::string encode_server_message(const ServerMessage& message) { return dump(server_message_json(message)); }

Json server_message_body(const ServerMessage& message) {
  Json json = server_message_json(message);
  json.erase("type");
  return json;
}

namespace {
Json server_message_json(const ServerMessage& message) {
  Json json = {{"type", server_message_type(message)}};
  std::visit(
      [&](const auto& value) {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, server::Welcome>) {
          json["player"] = value.player;
          json["name"] = value.name;
          if (value.secret) json["secret"] = *value.secret;
          if (value.table) json["table"] = *value.table;
        } else if constexpr (std::is_same_v<T, server::Table>) {
          json = table_json(value);
        } else if constexpr (std::is_same_v<T, server::OpenTables>) {
          Json list = Json::array();
          for (const server::OpenTableEntry& entry : value.tables) list.push_back(open_table_json(entry));
          json["tables"] = list;
        } else if constexpr (std::is_same_v<T, server::OpenTablesChanged>) {
          json["removed"] = value.removed;
          Json changed = Json::array();
          for (const server::OpenTableEntry& entry : value.changed) changed.push_back(open_table_json(entry));
          json["changed"] = changed;
          Json added = Json::array();
          for (const server::AddedOpenTable& entry : value.added) {
            Json item = open_table_json(entry.entry);
            item["at"] = entry.at;
            added.push_back(item);
          }
          json["added"] = added;
        } else if constexpr (std::is_same_v<T, server::GameStarted>) {
          json["seq"] = value.seq;
          json["gameNumber"] = value.game_number;
          json["colors"] = {{"black", value.black}, {"white", value.white}};
          json["options"] = table_options_to_json(value.options);
          json["match"] = match_json(value.match);
        } else if constexpr (std::is_same_v<T, server::Move>) {
          json = with_seq(value.move, value.seq);
          json["clock"] = clock_json(value.clock);
        } else if constexpr (std::is_same_v<T, server::Pass>) {
          json = with_seq(value.pass, value.seq);
        } else if constexpr (std::is_same_v<T, server::ClockExpired>) {
          json = with_seq(value.expired, value.seq);
        } else if constexpr (std::is_same_v<T, server::GameOver>) {
          json = with_seq(value.over, value.seq);
          if (value.unrated) json["unrated"] = spell(kUnratedReasons, *value.unrated);
        } else if constexpr (std::is_same_v<T, server::GameAborted>) {
          json["seq"] = value.seq;
          json["reason"] = value.reason;
        } else if constexpr (std::is_same_v<T, server::MatchOver>) {
          json = with_seq(value.over, value.seq);
        } else if constexpr (std::is_same_v<T, server::RematchOffered> || std::is_same_v<T, server::OpponentBack>) {
          json["player"] = value.player;
        } else if constexpr (std::is_same_v<T, server::OpponentAway>) {
          json["player"] = value.player;
          json["seconds"] = value.seconds;
        } else if constexpr (std::is_same_v<T, server::State>) {
          json.update(game_state_to_json(value.game));
          json["type"] = "state";
          json["seq"] = value.seq;
          json["table"] = table_json(value.table);
          json["colors"] = {{"black", value.black}, {"white", value.white}};
          json["clock"] = clock_json(value.clock);
        } else if constexpr (std::is_same_v<T, server::TransferCode>) {
          json["code"] = value.code;
          json["link"] = claim_link(value.code);
          json["expiresIn"] = value.expires_in;
        } else if constexpr (std::is_same_v<T, server::LinkCode>) {
          json["code"] = value.code;
          json["link"] = device_link(value.code);
          json["expiresIn"] = value.expires_in;
        } else if constexpr (std::is_same_v<T, server::SeatMoved> || std::is_same_v<T, server::PlayerDeleted>) {
        } else if constexpr (std::is_same_v<T, server::Error>) {
          json["code"] = spell(kErrorCodes, value.code);
          json["reason"] = value.reason;
          json["request"] = value.request;
        } else if constexpr (std::is_same_v<T, server::Leaderboard>) {
          json["period"] = spell(kPeriods, value.period);
          json["from"] = value.from;
          json["to"] = value.to;
          Json entries = Json::array();
          for (const server::LeaderboardEntry& entry : value.entries) entries.push_back(entry_json(entry));
          json["entries"] = entries;
          json["you"] = value.you ? entry_json(*value.you) : Json(nullptr);
        } else if constexpr (std::is_same_v<T, server::PlayerCard>) {
          json["player"] = value.player;
          json["name"] = value.name;
          json["level"] = value.level;
          Json reached = Json::array();
          for (const server::ReachedMilestone& milestone : value.milestones)
            reached.push_back(
                {{"milestone", spell(kMilestones, milestone.milestone)}, {"reached", milestone.reached_unix}});
          json["milestones"] = reached;
          json["points"] = {{"week", value.week}, {"month", value.month}, {"year", value.year}};
          json["games"] = value.games;
          json["wins"] = value.wins;
          if (value.chips) json["chips"] = *value.chips;
        } else if constexpr (std::is_same_v<T, server::History>) {
          Json games = Json::array();
          for (const server::HistoryGame& game : value.games) games.push_back(history_game_json(game));
          Json match = Json::array();
          for (const server::HistoryGame& game : value.match) match.push_back(history_game_json(game));
          json["games"] = games;
          json["match"] = match;
        } else if constexpr (std::is_same_v<T, server::MilestoneReached>) {
          json["milestone"] = spell(kMilestones, value.milestone);
          json["level"] = value.level;
        } else if constexpr (std::is_same_v<T, server::Chat>) {
          json = chat_json(value);
        } else if constexpr (std::is_same_v<T, server::ChatHistory>) {
          Json lines = Json::array();
          for (const server::Chat& chat : value.messages) lines.push_back(chat_json(chat));
          json["messages"] = lines;
        } else if constexpr (std::is_same_v<T, server::Mutes>) {
          json["players"] = value.players;
        } else if constexpr (std::is_same_v<T, server::Reported>) {
          json["player"] = value.player;
        } else if constexpr (std::is_same_v<T, server::Chips>) {
          json["balance"] = value.balance;
          json["stake"] = value.stake;
          json["leaveCost"] = value.leave_cost;
          json["wonToday"] = value.won_today;
          json["dailyLimit"] = value.daily_limit;
        } else if constexpr (std::is_same_v<T, server::ChipsLedger>) {
          json["balance"] = value.balance;
          Json entries = Json::array();
          for (const server::ChipLedgerEntry& entry : value.entries)
            entries.push_back({{"delta", entry.delta},
                               {"balanceAfter", entry.balance_after},
                               {"reason", spell(kChipReasons, entry.reason)},
                               {"table", entry.table},
                               {"match", entry.match_number},
                               {"at", entry.at}});
          json["entries"] = entries;
        } else {
          static_assert(!sizeof(T*), "a server message without an encoder");
        }
      },
      message);
  return json;
}
}  // namespace

}  // namespace reversi::messages::online
