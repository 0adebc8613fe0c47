// The online protocol's decoders: any text in, a typed message or a
// DecodeError out, never an exception.
#include <cmath>
#include <set>

#include "engine/notation.h"
#include "messages/table_messages.h"

namespace reversi::messages::online {
namespace {

// Ids, names, secrets and tokens are short; these caps keep a message's
// strings from growing anything on the server.
constexpr std::size_t kMaxIdBytes = 128;
constexpr std::size_t kMaxSecretBytes = 128;
constexpr std::size_t kMaxTokenBytes = 2048;
constexpr std::size_t kMaxNameBytes = 200;  // the name rules (2 to 20 characters) are the server's
constexpr std::size_t kMaxReasonBytes = 1000;
// A chat line's own limits (characters) are the server's; a frame is the cap here.
constexpr std::size_t kMaxChatBytes = kMaxClientMessageBytes;
constexpr std::size_t kMaxMutesListed = 1000;
constexpr std::size_t kMaxListedCodeBytes = 16;  // a table's code as the open tables list names it

// Code points in valid UTF-8 (the JSON parser has checked it).
std::size_t characters_in(std::string_view text) {
  std::size_t count = 0;
  for (const char byte : text) count += (static_cast<unsigned char>(byte) & 0xC0) != 0x80 ? 1 : 0;
  return count;
}

template <class T, class Message>
Decoded<Message> finish(FieldReader& reader, T value) {
  if (!reader.ok()) return Decoded<Message>::failure(reader.error());
  return Decoded<Message>::success(Message{std::move(value)});
}

// A table or transfer code, read case-insensitively.
void read_code(FieldReader& reader, const char* key, std::string& out) {
  std::string text;
  reader.read(key, text, 64);
  if (!reader.ok()) return;
  const std::optional<std::string> code = normalised_code(text);
  if (!code) return reader.fail(DecodeProblem::OutOfRange, key, "should be six letters and digits such as K7M2QX");
  out = *code;
}

// Reads a nested object with its own reader; its first problem becomes the outer one.
template <class Read>
void read_object(FieldReader& reader, const char* key, const std::string& where, Read read) {
  const Json* value = reader.field(key);
  if (!value) return;
  FieldReader inner(*value, where + ": '" + key + "'");
  read(inner);
  if (!inner.ok()) reader.fail(inner.error().problem, inner.error().message);
}

void read_match(FieldReader& reader, const std::string& where, MatchScore& out) {
  read_object(reader, "match", where, [&](FieldReader& match) {
    match.read("length", out.length, 1, 5);
    match.read("first", out.first, 0, 3);
    match.read("second", out.second, 0, 3);
    match.read("over", out.over);
  });
}

void read_clock(FieldReader& reader, const std::string& where, std::optional<server::ClockReading>& out) {
  if (!reader.has("clock")) return;
  server::ClockReading clock;
  read_object(reader, "clock", where, [&](FieldReader& inner) {
    inner.read("color", clock.color, kColours);
    inner.read("seconds", clock.seconds, 0.0, 3600.0);
    if (inner.has("held")) inner.read("held", clock.held, 0.0, 3600.0);
  });
  if (reader.ok()) out = clock;
}

void read_colors(FieldReader& reader, const std::string& where, std::string& black, std::string& white) {
  read_object(reader, "colors", where, [&](FieldReader& colors) {
    colors.read("black", black, kMaxIdBytes);
    colors.read("white", white, kMaxIdBytes);
  });
}

void read_chat(FieldReader& reader, server::Chat& chat) {
  reader.read("from", chat.from, kMaxIdBytes);
  reader.read("name", chat.name, kMaxNameBytes);
  reader.read("text", chat.text, kMaxChatBytes);
  double at = 0;
  reader.read("at", at, 0, 1e12);
  chat.at = static_cast<std::int64_t>(at);
  reader.read("id", chat.id, 0, 1 << 30);
}

void read_seat(const Json& value, const std::string& where, server::SeatView& seat, FieldReader& outer) {
  using Kind = server::SeatView::Kind;
  if (value.is_null()) {
    seat.kind = Kind::Empty;
    return;
  }
  FieldReader reader(value, where);
  if (reader.has("computer")) {
    seat.kind = Kind::Computer;
    reader.read("computer", seat.strength, kStrengths);
  } else {
    seat.kind = Kind::Human;
    reader.read("player", seat.player, kMaxIdBytes);
    reader.read("name", seat.name, kMaxNameBytes);
    reader.read("connected", seat.connected);
  }
  if (!reader.ok()) outer.fail(reader.error().problem, reader.error().message);
}

void read_table(FieldReader& reader, const Json& object, const std::string& where, server::Table& table) {
  reader.read("code", table.code, 16);
  reader.read("owner", table.owner, kMaxIdBytes);
  reader.read("private", table.is_private);
  if (const Json* options = reader.field("options")) {
    Decoded<TableOptions> decoded = table_options_from_json(*options, where + ": 'options'");
    if (!decoded) return reader.fail(decoded.error.problem, decoded.error.message);
    table.options = *decoded.value;
  }
  const Json* seats = reader.field("seats");
  if (seats && (!seats->is_array() || seats->size() != 2))
    return reader.fail(DecodeProblem::WrongType, "seats", "should be a list of two seats");
  if (seats)
    for (std::size_t index = 0; index < 2; ++index)
      read_seat((*seats)[index], where + ": 'seats'", table.seats[index], reader);
  reader.read("phase", table.phase, kTablePhases);
  reader.read("seq", table.seq, 0, 1 << 30);
  read_clock(reader, where, table.clock);
  (void)object;
}

// Points and counts of games: far beyond any real total, small enough for an int.
constexpr std::int64_t kMaxPoints = 1'000'000'000;

void read_unix(FieldReader& reader, const char* key, std::int64_t& out) {
  double seconds = 0;
  reader.read(key, seconds, 0.0, 1e11);
  out = static_cast<std::int64_t>(seconds);
}

// A list of objects, each read by `read` with a reader of its own.
template <class Read>
void read_list(FieldReader& reader, const char* key, std::size_t most, Read read) {
  const Json* list = reader.field(key);
  if (!list) return;
  if (!list->is_array() || list->size() > most)
    return reader.fail(DecodeProblem::WrongType, key, "should be a list of at most " + std::to_string(most));
  for (const Json& item : *list) {
    FieldReader inner(item, std::string("'") + key + "'");
    read(inner);
    if (!inner.ok()) return reader.fail(inner.error().problem, inner.error().message);
  }
}

server::LeaderboardEntry read_entry(FieldReader& reader) {
  server::LeaderboardEntry entry;
  reader.read("rank", entry.rank, 1, kMaxPoints);
  reader.read("player", entry.player, kMaxIdBytes);
  reader.read("name", entry.name, kMaxNameBytes);
  reader.read("points", entry.points, 0, kMaxPoints);
  reader.read("level", entry.level, 1, kMilestoneCount + 1);
  return entry;
}

server::HistoryGame read_game(FieldReader& reader) {
  server::HistoryGame game;
  reader.read("code", game.code, 16);
  reader.read("match", game.match_number, 1, kMaxPoints);
  reader.read("game", game.game_number, 1, 5);
  read_object(reader, "opponent", "history", [&](FieldReader& opponent) {
    if (opponent.has("computer")) {
      Strength strength = Strength::Medium;
      opponent.read("computer", strength, kStrengths);
      game.computer = strength;
    } else {
      opponent.read("player", game.opponent, kMaxIdBytes);
      opponent.read("name", game.opponent_name, kMaxNameBytes);
    }
  });
  reader.read("color", game.color, kColours);
  reader.read("result", game.outcome, kGameOutcomes);
  reader.read("reason", game.reason, kEndReasons);
  reader.read("points", game.points, 0, 10);
  reader.read("rated", game.rated);
  read_object(reader, "counts", "history", [&](FieldReader& counts) {
    counts.read("own", game.own_count, 0, 64);
    counts.read("opponent", game.opponent_count, 0, 64);
  });
  reader.read("transcript", game.transcript, 512);
  read_unix(reader, "ended", game.ended_unix);
  return game;
}

// An entry of the open tables list (open-tables, open-tables-changed).
server::OpenTableEntry read_open_table(FieldReader& reader, const std::string& where) {
  server::OpenTableEntry listed;
  reader.read("code", listed.code, kMaxListedCodeBytes);
  read_object(reader, "host", where, [&](FieldReader& host) {
    host.read("player", listed.host_player, kMaxIdBytes);
    host.read("name", listed.host_name, kMaxNameBytes);
    if (host.has("level")) host.read("level", listed.host_level, 1, kMilestoneCount + 1);
  });
  if (const Json* options = reader.ok() ? reader.field("options") : nullptr) {
    Decoded<TableOptions> decoded = table_options_from_json(*options, where + ": 'options'");
    if (!decoded) reader.fail(decoded.error.problem, decoded.error.message);
    if (decoded) listed.options = *decoded.value;
  }
  return listed;
}

// A change names a table at most once among the removed and once among
// the changed and added (removed and added: it was listed again), never
// changes a table it removes, stays within the list's cap, and places the
// added in ascending order.
void check_open_tables_changed(FieldReader& reader, const server::OpenTablesChanged& change) {
  if (change.changed.size() + change.added.size() > kMaxOpenTablesListed)
    return reader.fail(DecodeProblem::Inconsistent, "'changed' and 'added' should name at most 100 tables together");
  const std::set<std::string> removed(change.removed.begin(), change.removed.end());
  std::set<std::string> listed;
  for (const server::OpenTableEntry& entry : change.changed)
    if (removed.count(entry.code)) return reader.fail(DecodeProblem::Inconsistent, "a removed table cannot change");
  for (const server::OpenTableEntry& entry : change.changed) listed.insert(entry.code);
  for (const server::AddedOpenTable& added : change.added) listed.insert(added.entry.code);
  if (removed.size() != change.removed.size() || listed.size() != change.changed.size() + change.added.size())
    return reader.fail(DecodeProblem::Inconsistent, "a change of the list should name a table only once");
  for (std::size_t index = 1; index < change.added.size(); ++index)
    if (change.added[index].at <= change.added[index - 1].at)
      return reader.fail(DecodeProblem::Inconsistent, "'added' should be in ascending order of 'at'");
}

// A message-layer event inside a server message, with "seq" beside it.
template <class EventType>
bool read_event(const Json& message, std::string_view type, EventType& out, DecodeError& error) {
  Decoded<Event> event = decode_event(message, type);
  if (!event) {
    error = event.error;
    return false;
  }
  out = std::get<EventType>(*event.value);
  return true;
}

Decoded<ClientMessage> decode_client(const Json& message, std::string_view type) {
  using Result = Decoded<ClientMessage>;
  const std::string where(type);
  FieldReader reader(message, where);
  if (type == "hello") {
    client::Hello hello;
    if (auto problem = check_version(message, "v", kProtocolVersion, false, where)) return Result::failure(*problem);
    reader.read_optional("player", hello.player, kMaxIdBytes);
    reader.read_optional("secret", hello.secret, kMaxSecretBytes);
    reader.read_optional("token", hello.token, kMaxTokenBytes);
    if (reader.has("resume")) {
      Resume resume;
      read_object(reader, "resume", where, [&](FieldReader& inner) {
        read_code(inner, "table", resume.table);
        inner.read("seq", resume.seq, 0, 1 << 30);
      });
      hello.resume = resume;
    }
    if (reader.has("link")) {
      std::string text;
      reader.read("link", text, 64);
      if (reader.ok()) {
        hello.link = normalised_link_code(text);
        if (!hello.link)
          reader.fail(DecodeProblem::OutOfRange, "link", "should be eight letters and digits such as ABCD-EFGH");
      }
    }
    if (reader.ok() && hello.player && !hello.secret)
      reader.fail(DecodeProblem::MissingField, "secret", "is needed with 'player'");
    if (reader.ok() && hello.link && (hello.player || hello.token))
      reader.fail(DecodeProblem::OutOfRange, "link", "comes instead of 'player' and 'token', not with them");
    return finish<client::Hello, ClientMessage>(reader, hello);
  }
  if (type == "set-name") {
    client::SetName set;
    reader.read("name", set.name, kMaxNameBytes);
    return finish<client::SetName, ClientMessage>(reader, set);
  }
  if (type == "open-table") {
    client::OpenTable open;
    if (reader.has("options")) {
      Decoded<TableOptions> options = table_options_from_json(message["options"], where + ": 'options'");
      if (!options) return Result::failure(options.error);
      open.options = *options.value;
    }
    if (reader.has("private")) reader.read("private", open.is_private);
    return finish<client::OpenTable, ClientMessage>(reader, open);
  }
  if (type == "join-table") {
    client::JoinTable join;
    read_code(reader, "code", join.code);
    return finish<client::JoinTable, ClientMessage>(reader, join);
  }
  if (type == "claim-seat") {
    client::ClaimSeat claim;
    read_code(reader, "code", claim.code);
    return finish<client::ClaimSeat, ClientMessage>(reader, claim);
  }
  if (type == "seat-computer") {
    client::SeatComputer seat;
    reader.read("strength", seat.strength, kStrengths);
    return finish<client::SeatComputer, ClientMessage>(reader, seat);
  }
  if (type == "set-private") {
    client::SetPrivate set;
    reader.read("private", set.is_private);
    return finish<client::SetPrivate, ClientMessage>(reader, set);
  }
  if (type == "play") {
    client::Play play;
    reader.read_square("square", play.square);
    reader.read("ply", play.ply, 0, 200);
    return finish<client::Play, ClientMessage>(reader, play);
  }
  if (type == "get-leaderboard") {
    client::GetLeaderboard get;
    reader.read("period", get.period, kPeriods);
    return finish<client::GetLeaderboard, ClientMessage>(reader, get);
  }
  if (type == "get-player") {
    client::GetPlayer get;
    reader.read_optional("player", get.player, kMaxIdBytes);
    return finish<client::GetPlayer, ClientMessage>(reader, get);
  }
  if (type == "get-history") return Result::success(client::GetHistory{});
  if (type == "chat") {
    client::Chat chat;
    reader.read("text", chat.text, kMaxChatBytes);
    return finish<client::Chat, ClientMessage>(reader, chat);
  }
  if (type == "mute") {
    client::Mute mute;
    reader.read("player", mute.player, kMaxIdBytes);
    reader.read("muted", mute.muted);
    return finish<client::Mute, ClientMessage>(reader, mute);
  }
  if (type == "report") {
    client::Report report;
    reader.read("player", report.player, kMaxIdBytes);
    reader.read("reason", report.reason, kReportReasons);
    std::optional<std::string> note;
    reader.read_optional("note", note, kMaxChatBytes);
    if (reader.ok() && note && characters_in(*note) > kLongestReportNote)
      reader.fail(DecodeProblem::OutOfRange, "note", "should be at most 300 characters");
    report.note = note.value_or("");
    return finish<client::Report, ClientMessage>(reader, report);
  }
  if (type == "get-chips") return Result::success(client::GetChips{});
  if (type == "leave-table") return Result::success(client::LeaveTable{});
  if (type == "delete-player") return Result::success(client::DeletePlayer{});
  if (type == "link-device") return Result::success(client::LinkDevice{});
  if (type == "watch-open-tables") return Result::success(client::WatchOpenTables{});
  if (type == "unwatch-open-tables") return Result::success(client::UnwatchOpenTables{});
  if (type == "resign") return Result::success(client::Resign{});
  if (type == "next-game") return Result::success(client::NextGame{});
  if (type == "rematch") return Result::success(client::Rematch{});
  if (type == "transfer-seat") return Result::success(client::TransferSeat{});
  return Result::failure(DecodeProblem::UnknownType, "unknown message type '" + where + "'");
}

Decoded<ServerMessage> decode_server(const Json& message, std::string_view type) {
  using Result = Decoded<ServerMessage>;
  const std::string where(type);
  FieldReader reader(message, where);
  DecodeError error;
  if (type == "welcome") {
    server::Welcome welcome;
    reader.read("player", welcome.player, kMaxIdBytes);
    reader.read("name", welcome.name, kMaxNameBytes);
    reader.read_optional("secret", welcome.secret, kMaxSecretBytes);
    reader.read_optional("table", welcome.table, 16);
    return finish<server::Welcome, ServerMessage>(reader, welcome);
  }
  if (type == "table") {
    server::Table table;
    read_table(reader, message, where, table);
    return finish<server::Table, ServerMessage>(reader, table);
  }
  if (type == "open-tables") {
    server::OpenTables open;
    const Json* tables = reader.field("tables");
    if (tables && (!tables->is_array() || tables->size() > kMaxOpenTablesListed))
      reader.fail(DecodeProblem::WrongType, "tables", "should be a list of tables");
    if (reader.ok())
      for (const Json& entry : *tables) {
        FieldReader inner(entry, where + ": 'tables'");
        open.tables.push_back(read_open_table(inner, where));
        if (!inner.ok()) return Result::failure(inner.error());
      }
    return finish<server::OpenTables, ServerMessage>(reader, open);
  }
  if (type == "open-tables-changed") {
    server::OpenTablesChanged change;
    const Json* removed = reader.field("removed");
    if (removed && (!removed->is_array() || removed->size() > kMaxOpenTablesListed))
      reader.fail(DecodeProblem::WrongType, "removed", "should be a list of at most 100 table codes");
    if (reader.ok())
      for (const Json& code : *removed) {
        if (!code.is_string() || code.get_ref<const std::string&>().size() > kMaxListedCodeBytes)
          return Result::failure(DecodeProblem::WrongType, where + ": 'removed' should hold table codes");
        change.removed.push_back(code.get<std::string>());
      }
    read_list(reader, "changed", kMaxOpenTablesListed,
              [&](FieldReader& inner) { change.changed.push_back(read_open_table(inner, where)); });
    read_list(reader, "added", kMaxOpenTablesListed, [&](FieldReader& inner) {
      server::AddedOpenTable added;
      inner.read("at", added.at, 0, static_cast<std::int64_t>(kMaxOpenTablesListed) - 1);
      added.entry = read_open_table(inner, where);
      change.added.push_back(added);
    });
    if (reader.ok()) check_open_tables_changed(reader, change);
    return finish<server::OpenTablesChanged, ServerMessage>(reader, change);
  }
  if (type == "game-started") {
    server::GameStarted started;
    reader.read("seq", started.seq, 0, 1 << 30);
    reader.read("gameNumber", started.game_number, 1, 100);
    read_colors(reader, where, started.black, started.white);
    if (const Json* options = reader.field("options")) {
      Decoded<TableOptions> decoded = table_options_from_json(*options, where + ": 'options'");
      if (!decoded) return Result::failure(decoded.error);
      started.options = *decoded.value;
    }
    read_match(reader, where, started.match);
    return finish<server::GameStarted, ServerMessage>(reader, started);
  }
  if (type == "move") {
    server::Move move;
    if (!read_event(message, type, move.move, error)) return Result::failure(error);
    reader.read("seq", move.seq, 0, 1 << 30);
    read_clock(reader, where, move.clock);
    return finish<server::Move, ServerMessage>(reader, move);
  }
  if (type == "pass") {
    server::Pass pass;
    if (!read_event(message, type, pass.pass, error)) return Result::failure(error);
    reader.read("seq", pass.seq, 0, 1 << 30);
    return finish<server::Pass, ServerMessage>(reader, pass);
  }
  if (type == "clock-expired") {
    server::ClockExpired expired;
    if (!read_event(message, type, expired.expired, error)) return Result::failure(error);
    reader.read("seq", expired.seq, 0, 1 << 30);
    return finish<server::ClockExpired, ServerMessage>(reader, expired);
  }
  if (type == "game-over") {
    server::GameOver over;
    if (!read_event(message, type, over.over, error)) return Result::failure(error);
    reader.read("seq", over.seq, 0, 1 << 30);
    reader.read_optional("unrated", over.unrated, kUnratedReasons);
    return finish<server::GameOver, ServerMessage>(reader, over);
  }
  if (type == "match-over") {
    server::MatchOver over;
    if (!read_event(message, type, over.over, error)) return Result::failure(error);
    reader.read("seq", over.seq, 0, 1 << 30);
    return finish<server::MatchOver, ServerMessage>(reader, over);
  }
  if (type == "game-aborted") {
    server::GameAborted aborted;
    reader.read("seq", aborted.seq, 0, 1 << 30);
    reader.read("reason", aborted.reason, kMaxReasonBytes);
    return finish<server::GameAborted, ServerMessage>(reader, aborted);
  }
  if (type == "rematch-offered" || type == "opponent-back") {
    std::string player;
    reader.read("player", player, kMaxIdBytes);
    if (type == "opponent-back") return finish<server::OpponentBack, ServerMessage>(reader, {player});
    return finish<server::RematchOffered, ServerMessage>(reader, {player});
  }
  if (type == "opponent-away") {
    server::OpponentAway away;
    reader.read("player", away.player, kMaxIdBytes);
    reader.read("seconds", away.seconds, 0, 3600);
    return finish<server::OpponentAway, ServerMessage>(reader, away);
  }
  if (type == "state") {
    server::State state;
    reader.read("seq", state.seq, 0, 1 << 30);
    read_object(reader, "table", where,
                [&](FieldReader& inner) { read_table(inner, message["table"], where + ": 'table'", state.table); });
    read_colors(reader, where, state.black, state.white);
    read_clock(reader, where, state.clock);
    if (!reader.ok()) return Result::failure(reader.error());
    Json game = message;
    game.erase("clock");  // the game's own form has the seconds only
    Decoded<GameState> decoded = game_state_from_json(game, where);
    if (!decoded) return Result::failure(decoded.error);
    state.game = *decoded.value;
    if (state.clock) state.game.clock = std::round(state.clock->seconds * 10) / 10;
    return Result::success(state);
  }
  if (type == "transfer-code") {
    server::TransferCode transfer;
    read_code(reader, "code", transfer.code);
    reader.read("expiresIn", transfer.expires_in, 0, 3600);
    return finish<server::TransferCode, ServerMessage>(reader, transfer);
  }
  if (type == "seat-moved") return Result::success(server::SeatMoved{});
  if (type == "player-deleted") return Result::success(server::PlayerDeleted{});
  if (type == "link-code") {
    server::LinkCode code;
    std::string text;
    reader.read("code", text, 64);
    if (reader.ok()) {
      const std::optional<std::string> normal = normalised_link_code(text);
      if (normal)
        code.code = *normal;
      else
        reader.fail(DecodeProblem::OutOfRange, "code", "should be eight letters and digits");
    }
    reader.read("expiresIn", code.expires_in, 1, 3600);
    return finish<server::LinkCode, ServerMessage>(reader, code);
  }
  if (type == "leaderboard") {
    server::Leaderboard board;
    reader.read("period", board.period, kPeriods);
    reader.read("from", board.from, 16);
    reader.read("to", board.to, 16);
    read_list(reader, "entries", kLeaderboardSize,
              [&](FieldReader& inner) { board.entries.push_back(read_entry(inner)); });
    if (reader.ok() && reader.has("you") && !message["you"].is_null())
      read_object(reader, "you", where, [&](FieldReader& inner) { board.you = read_entry(inner); });
    return finish<server::Leaderboard, ServerMessage>(reader, board);
  }
  if (type == "player") {
    server::PlayerCard card;
    reader.read("player", card.player, kMaxIdBytes);
    reader.read("name", card.name, kMaxNameBytes);
    reader.read("level", card.level, 1, kMilestoneCount + 1);
    read_list(reader, "milestones", kMilestoneCount, [&](FieldReader& inner) {
      server::ReachedMilestone reached;
      inner.read("milestone", reached.milestone, kMilestones);
      read_unix(inner, "reached", reached.reached_unix);
      card.milestones.push_back(reached);
    });
    read_object(reader, "points", where, [&](FieldReader& points) {
      points.read("week", card.week, 0, kMaxPoints);
      points.read("month", card.month, 0, kMaxPoints);
      points.read("year", card.year, 0, kMaxPoints);
    });
    reader.read("games", card.games, 0, kMaxPoints);
    reader.read("wins", card.wins, 0, kMaxPoints);
    reader.read_optional("chips", card.chips, 0, kMaxPoints);
    return finish<server::PlayerCard, ServerMessage>(reader, card);
  }
  if (type == "history") {
    server::History history;
    read_list(reader, "games", kHistorySize, [&](FieldReader& inner) { history.games.push_back(read_game(inner)); });
    read_list(reader, "match", 5, [&](FieldReader& inner) { history.match.push_back(read_game(inner)); });
    return finish<server::History, ServerMessage>(reader, history);
  }
  if (type == "milestone") {
    server::MilestoneReached reached;
    reader.read("milestone", reached.milestone, kMilestones);
    reader.read("level", reached.level, 1, kMilestoneCount + 1);
    return finish<server::MilestoneReached, ServerMessage>(reader, reached);
  }
  if (type == "chips") {
    server::Chips chips;
    reader.read("balance", chips.balance, 0, kMaxPoints);
    reader.read("stake", chips.stake, 0, kMaxPoints);
    reader.read("leaveCost", chips.leave_cost, 0, kMaxPoints);
    reader.read("wonToday", chips.won_today, 0, kMaxPoints);
    reader.read("dailyLimit", chips.daily_limit, 0, kMaxPoints);
    return finish<server::Chips, ServerMessage>(reader, chips);
  }
  if (type == "chips-ledger") {
    server::ChipsLedger ledger;
    reader.read("balance", ledger.balance, 0, kMaxPoints);
    read_list(reader, "entries", kChipLedgerSize, [&](FieldReader& inner) {
      server::ChipLedgerEntry entry;
      inner.read("delta", entry.delta, -kMaxPoints, kMaxPoints);
      inner.read("balanceAfter", entry.balance_after, 0, kMaxPoints);
      inner.read("reason", entry.reason, kChipReasons);
      inner.read("table", entry.table, 16);
      inner.read("match", entry.match_number, 1, kMaxPoints);
      read_unix(inner, "at", entry.at);
      ledger.entries.push_back(entry);
    });
    return finish<server::ChipsLedger, ServerMessage>(reader, ledger);
  }
  if (type == "error") {
    server::Error refusal;
    reader.read("code", refusal.code, kErrorCodes);
    reader.read("reason", refusal.reason, kMaxReasonBytes);
    reader.read("request", refusal.request, 64);
    return finish<server::Error, ServerMessage>(reader, refusal);
  }
  if (type == "chat") {
    server::Chat chat;
    read_chat(reader, chat);
    return finish<server::Chat, ServerMessage>(reader, chat);
  }
  if (type == "chat-history") {
    server::ChatHistory history;
    const Json* lines = reader.field("messages");
    if (lines && (!lines->is_array() || lines->size() > kChatHistoryLines))
      reader.fail(DecodeProblem::WrongType, "messages", "should be a list of at most 50 chat lines");
    if (reader.ok())
      for (const Json& line : *lines) {
        FieldReader inner(line, where + ": 'messages'");
        server::Chat chat;
        read_chat(inner, chat);
        if (!inner.ok()) return Result::failure(inner.error());
        history.messages.push_back(std::move(chat));
      }
    return finish<server::ChatHistory, ServerMessage>(reader, history);
  }
  if (type == "mutes") {
    server::Mutes mutes;
    const Json* players = reader.field("players");
    if (players && (!players->is_array() || players->size() > kMaxMutesListed))
      reader.fail(DecodeProblem::WrongType, "players", "should be a list of player ids");
    if (reader.ok())
      for (const Json& player : *players) {
        if (!player.is_string() || player.get_ref<const std::string&>().size() > kMaxIdBytes)
          return Result::failure(DecodeProblem::WrongType, where + ": 'players' should hold player ids");
        mutes.players.push_back(player.get<std::string>());
      }
    return finish<server::Mutes, ServerMessage>(reader, mutes);
  }
  if (type == "reported") {
    server::Reported reported;
    reader.read("player", reported.player, kMaxIdBytes);
    return finish<server::Reported, ServerMessage>(reader, reported);
  }
  return Result::failure(DecodeProblem::UnknownType, "unknown message type '" + where + "'");
}

// Size cap, JSON object, a string "type" of sensible length.
Decoded<Json> parse_message(std::string_view text, std::size_t max_bytes, std::string& type) {
  Decoded<Json> message = parse_object(text, max_bytes, "message");
  if (!message) return message;
  FieldReader reader(*message.value, "message");
  reader.read("type", type, 64);
  if (!reader.ok()) return Decoded<Json>::failure(reader.error());
  return message;
}

}  // namespace

Decoded<TableOptions> table_options_from_json(const Json& object, const std::string& where) {
  FieldReader reader(object, where);
  TableOptions options;
  if (reader.ok())
    for (const auto& [key, value] : object.items())
      if (key != "matchLength" && key != "clock" && key != "start") {
        reader.fail(DecodeProblem::UnknownType, "unknown option '" + key.substr(0, 40) + "'");
        break;
      }
  if (reader.has("matchLength")) {
    reader.read("matchLength", options.match_length, 1, 5);
    if (reader.ok() && check_match_length(options.match_length))
      reader.fail(DecodeProblem::OutOfRange, "matchLength", "should be 1, 3 or 5");
  }
  if (reader.has("clock")) {
    reader.read("clock", options.clock, 0, kLongestClock);
    if (reader.ok() && options.clock != 0 && options.clock < kShortestOnlineClock)
      reader.fail(DecodeProblem::OutOfRange, "clock", "should be 0 (none) or 10 to 3600 seconds a move");
  }
  if (reader.has("start")) reader.read("start", options.start, kVariants);
  if (!reader.ok()) return Decoded<TableOptions>::failure(reader.error());
  return Decoded<TableOptions>::success(options);
}

Decoded<ClientMessage> decode_client_message(std::string_view text) {
  std::string type;
  Decoded<Json> message = parse_message(text, kMaxClientMessageBytes, type);
  if (!message) return Decoded<ClientMessage>::failure(message.error);
  return decode_client(*message.value, type);
}

Decoded<ServerMessage> decode_server_message(std::string_view text) {
  std::string type;
  Decoded<Json> message = parse_message(text, kMaxServerMessageBytes, type);
  if (!message) return Decoded<ServerMessage>::failure(message.error);
  return decode_server(*message.value, type);
}

}  // namespace reversi::messages::online
