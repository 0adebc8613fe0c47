// The description of every online message (table_messages.h): the fields of
// each, with their JSON keys, limits and spellings. table_messages.cpp writes
// and reads them through message_fields.h; nothing else spells a key.
#pragma once

#include <cmath>

#include "messages/event_fields.h"

namespace reversi::messages::online {

namespace limits {
// Ids, names, secrets and tokens are short; these caps keep a message's
// strings from growing anything on the server.
inline constexpr fields::Text kId{128};
inline constexpr fields::Text kSecret{128};
inline constexpr fields::Text kToken{2048};
inline constexpr fields::Text kName{200};  // the name rules (2 to 20 characters) are the server's
inline constexpr fields::Text kReason{1000};
// A chat line's own limits (characters) are the server's; a frame is the cap here.
inline constexpr fields::Text kChatText{kMaxClientMessageBytes};
inline constexpr fields::Text kCode{16};  // a table's code as the server writes it
inline constexpr fields::Text kListedCode{16, DecodeProblem::WrongType};
inline constexpr fields::Text kListedId{128, DecodeProblem::WrongType};
inline constexpr std::size_t kMutesListed = 1000;
inline constexpr fields::Whole kSeq{0, 1 << 30};
// Points and counts of games: far beyond any real total, small enough for an int.
inline constexpr fields::Whole kPoints{0, 1'000'000'000};
inline constexpr fields::Whole kLevel{1, kMilestoneCount + 1};
inline constexpr fields::Seconds kUnixTime{1e11};
}  // namespace limits

namespace fields_of {
// A table or transfer code, read case-insensitively (normalised_code).
struct TableCode {
  Json write(const std::string& code) const { return code; }
  fields::Checked read(const Json& json, std::string& out) const;
};
// A device-link code, forgiving spaces and dashes (normalised_link_code).
struct LinkCode {
  Json write(const std::string& code) const { return code; }
  fields::Checked read(const Json& json, std::string& out) const;
};
// A player's share of a report's note: at most kLongestReportNote characters.
fields::Checked check_note(const std::string& note);
// open-tables-changed's rules across its lists (table_messages.cpp).
fields::Checked check_open_tables_changed(const server::OpenTablesChanged& change);
}  // namespace fields_of

template <class Fields>
void describe(Fields& v, Resume& resume) {
  v.field("table", resume.table, fields_of::TableCode{});
  v.field("seq", resume.seq, limits::kSeq);
}

namespace client {

template <class Fields>
void describe(Fields& v, Hello& hello) {
  using fields::Refusal;
  v.version("v", kProtocolVersion);
  v.optional("player", hello.player, limits::kId);
  v.optional("secret", hello.secret, limits::kSecret);
  v.optional("token", hello.token, limits::kToken);
  v.optional("resume", hello.resume, fields::Described{});
  v.optional("link", hello.link, fields_of::LinkCode{});
  v.verify("secret", [&]() -> fields::Checked {
    if (!hello.player || hello.secret) return std::nullopt;
    return Refusal{DecodeProblem::MissingField, "is needed with 'player'"};
  });
  v.verify("link", [&]() -> fields::Checked {
    if (!hello.link || !(hello.player || hello.token)) return std::nullopt;
    return Refusal{DecodeProblem::OutOfRange, "comes instead of 'player' and 'token', not with them"};
  });
}

template <class Fields>
void describe(Fields& v, SetName& set) {
  v.field("name", set.name, limits::kName);
}
template <class Fields>
void describe(Fields& v, OpenTable& open) {
  v.field("options", open.options, fields::Described{}, fields::Presence::Defaulted);
  v.field("private", open.is_private, fields::Flag{}, fields::Presence::Defaulted);
}
template <class Fields, class Coded>
requires std::is_same_v<Coded, JoinTable> || std::is_same_v<Coded, ClaimSeat>
void describe(Fields& v, Coded& message) { v.field("code", message.code, fields_of::TableCode{}); }
template <class Fields>
void describe(Fields& v, SeatComputer& seat) {
  v.field("strength", seat.strength, fields::spelled(kStrengths));
}
template <class Fields>
void describe(Fields& v, SetPrivate& set) {
  v.field("private", set.is_private, fields::Flag{});
}
template <class Fields>
void describe(Fields& v, Play& play) {
  v.field("square", play.square, fields::SquareName{});
  v.field("ply", play.ply, fields::kPly);
}
template <class Fields>
void describe(Fields& v, GetLeaderboard& get) {
  v.field("period", get.period, fields::spelled(kPeriods));
}
template <class Fields>
void describe(Fields& v, GetPlayer& get) {
  v.optional("player", get.player, limits::kId);
}
template <class Fields>
void describe(Fields& v, Chat& chat) {
  v.field("text", chat.text, limits::kChatText);
}
template <class Fields>
void describe(Fields& v, Mute& mute) {
  v.field("player", mute.player, limits::kId);
  v.field("muted", mute.muted, fields::Flag{});
}
template <class Fields>
void describe(Fields& v, Report& report) {
  v.field("player", report.player, limits::kId);
  v.field("reason", report.reason, fields::spelled(kReportReasons));
  v.field("note", report.note, limits::kChatText, fields::Presence::OmittedWhenDefault);
  v.verify("note", [&] { return fields_of::check_note(report.note); });
}
// The messages that are their type alone.
template <class Fields, class Plain>
requires std::is_empty_v<Plain>
void describe(Fields&, Plain&) {}

}  // namespace client

namespace server {

template <class Fields>
void describe(Fields& v, Welcome& welcome) {
  v.field("player", welcome.player, limits::kId);
  v.field("name", welcome.name, limits::kName);
  v.optional("secret", welcome.secret, limits::kSecret);
  v.optional("table", welcome.table, limits::kCode);
}

// The seconds go rounded to tenths; "held" only while the clock is held.
template <class Fields>
void describe(Fields& v, ClockReading& clock) {
  v.field("color", clock.color, fields::spelled(kColours));
  v.field("seconds", clock.seconds, fields::Number{0, 3600, true});
  v.field("held", clock.held, fields::Number{0, 3600, true}, fields::Presence::OmittedWhenDefault);
}

// Milliseconds, whole; a bank may outgrow its start by its increments.
template <class Fields>
void describe(Fields& v, GameClockReading& clock) {
  constexpr std::int64_t kLongestBank = std::int64_t{24} * 3600 * 1000;
  v.field("black", clock.black, fields::Whole{0, kLongestBank});
  v.field("white", clock.white, fields::Whole{0, kLongestBank});
  v.optional("running", clock.running, fields::spelled(kColours), fields::Absent::Null);
  v.field("at", clock.at, fields::Whole{0, std::int64_t{1} << 53});
  v.field("held", clock.held, fields::Whole{0, 3600 * 1000}, fields::Presence::OmittedWhenDefault);
}

// null for an empty seat, {"computer": strength}, or a person.
template <class Fields>
void describe(Fields& v, SeatView& seat) {
  using Kind = SeatView::Kind;
  if (v.null_when(seat.kind == Kind::Empty)) return v.after_reading([&] { seat.kind = Kind::Empty; });
  if (v.present("computer", seat.kind == Kind::Computer)) {
    v.after_reading([&] { seat.kind = Kind::Computer; });
    return v.field("computer", seat.strength, fields::spelled(kStrengths));
  }
  v.after_reading([&] { seat.kind = Kind::Human; });
  v.field("player", seat.player, limits::kId);
  v.field("name", seat.name, limits::kName);
  v.field("connected", seat.connected, fields::Flag{});
}

// Also inside the state message, where it keeps its "type".
template <class Fields>
void describe(Fields& v, Table& table) {
  v.derived("type", "table");
  v.field("code", table.code, limits::kCode);
  v.derived("invite", invite_link(table.code));
  v.field("owner", table.owner, limits::kId);
  v.field("private", table.is_private, fields::Flag{});
  v.field("options", table.options, fields::Described{});
  v.list("seats", table.seats, 2, fields::Described{});
  v.field("phase", table.phase, fields::spelled(kTablePhases));
  v.field("seq", table.seq, limits::kSeq);
  v.optional("clock", table.clock, fields::Described{});
  v.optional("gameClock", table.game_clock, fields::Described{});
}

template <class Fields>
void describe(Fields& v, OpenTableEntry& entry) {
  v.field("code", entry.code, limits::kCode);
  v.object("host", [&](auto& host) {
    host.field("player", entry.host_player, limits::kId);
    host.field("name", entry.host_name, limits::kName);
    host.field("level", entry.host_level, limits::kLevel, fields::Presence::Defaulted);
  });
  v.field("options", entry.options, fields::Described{});
}
template <class Fields>
void describe(Fields& v, AddedOpenTable& added) {
  v.field("at", added.at, fields::Whole{0, std::int64_t{kMaxOpenTablesListed} - 1});
  describe(v, added.entry);
}
template <class Fields>
void describe(Fields& v, OpenTables& open) {
  v.list("tables", open.tables, kMaxOpenTablesListed, fields::Described{});
}
template <class Fields>
void describe(Fields& v, OpenTablesChanged& change) {
  v.list("removed", change.removed, kMaxOpenTablesListed, limits::kListedCode);
  v.list("changed", change.changed, kMaxOpenTablesListed, fields::Described{});
  v.list("added", change.added, kMaxOpenTablesListed, fields::Described{});
  v.verify("", [&] { return fields_of::check_open_tables_changed(change); });
}

// "colors": player ids, or "computer" for the computer's seat.
template <class Fields>
void describe_colors(Fields& v, std::string& black, std::string& white) {
  v.object("colors", [&](auto& colors) {
    colors.field("black", black, limits::kId);
    colors.field("white", white, limits::kId);
  });
}

template <class Fields>
void describe(Fields& v, GameStarted& started) {
  v.field("seq", started.seq, limits::kSeq);
  v.field("gameNumber", started.game_number, fields::kGameNumber);
  describe_colors(v, started.black, started.white);
  v.field("options", started.options, fields::Described{});
  v.field("match", started.match, fields::Described{});
  v.optional("gameClock", started.game_clock, fields::Described{});
}

// The game events: the message layer's event, with the table's "seq" beside.
template <class Fields>
void describe(Fields& v, Move& move) {
  events::describe(v, move.move);
  v.field("seq", move.seq, limits::kSeq);
  v.optional("clock", move.clock, fields::Described{}, fields::Absent::Null);
  v.optional("gameClock", move.game_clock, fields::Described{});
}
template <class Fields>
void describe(Fields& v, Pass& pass) {
  events::describe(v, pass.pass);
  v.field("seq", pass.seq, limits::kSeq);
}
template <class Fields>
void describe(Fields& v, ClockExpired& expired) {
  events::describe(v, expired.expired);
  v.field("seq", expired.seq, limits::kSeq);
}
template <class Fields>
void describe(Fields& v, GameOver& over) {
  events::describe(v, over.over);
  v.field("seq", over.seq, limits::kSeq);
  v.optional("unrated", over.unrated, fields::spelled(kUnratedReasons));
}
template <class Fields>
void describe(Fields& v, MatchOver& over) {
  events::describe(v, over.over);
  v.field("seq", over.seq, limits::kSeq);
}
template <class Fields>
void describe(Fields& v, GameAborted& aborted) {
  v.field("seq", aborted.seq, limits::kSeq);
  v.field("reason", aborted.reason, limits::kReason);
}

template <class Fields, class About>
requires std::is_same_v<About, RematchOffered> || std::is_same_v<About, OpponentBack> || std::is_same_v<About, Reported>
void describe(Fields& v, About& message) { v.field("player", message.player, limits::kId); }
template <class Fields>
void describe(Fields& v, OpponentAway& away) {
  v.field("player", away.player, limits::kId);
  v.field("seconds", away.seconds, fields::Whole{0, 3600});
}

// The game's state with the table, the colours and the mover's clock
// reading (instead of the game's seconds alone).
template <class Fields>
void describe(Fields& v, State& state) {
  describe_game_state(v, state.game, false);
  v.field("seq", state.seq, limits::kSeq);
  v.field("table", state.table, fields::Described{});
  describe_colors(v, state.black, state.white);
  v.optional("clock", state.clock, fields::Described{}, fields::Absent::Null);
  v.optional("gameClock", state.game_clock, fields::Described{});
  v.after_reading([&] {
    if (state.clock) state.game.clock = std::round(state.clock->seconds * 10) / 10;
  });
}

template <class Fields>
void describe(Fields& v, TransferCode& transfer) {
  v.field("code", transfer.code, fields_of::TableCode{});
  v.derived("link", claim_link(transfer.code));
  v.field("expiresIn", transfer.expires_in, fields::Whole{0, 3600});
}
template <class Fields>
void describe(Fields& v, LinkCode& code) {
  v.field("code", code.code, fields_of::LinkCode{});
  v.derived("link", device_link(code.code));
  v.field("expiresIn", code.expires_in, fields::Whole{1, 3600});
}
template <class Fields>
void describe(Fields& v, Error& error) {
  v.field("code", error.code, fields::spelled(kErrorCodes));
  v.field("reason", error.reason, limits::kReason);
  v.field("request", error.request, fields::Text{64});
}

template <class Fields>
void describe(Fields& v, LeaderboardEntry& entry) {
  v.field("rank", entry.rank, fields::Whole{1, limits::kPoints.high});
  v.field("player", entry.player, limits::kId);
  v.field("name", entry.name, limits::kName);
  v.field("points", entry.points, limits::kPoints);
  v.field("level", entry.level, limits::kLevel);
}
template <class Fields>
void describe(Fields& v, Leaderboard& board) {
  v.field("period", board.period, fields::spelled(kPeriods));
  v.field("from", board.from, fields::Text{16});
  v.field("to", board.to, fields::Text{16});
  v.list("entries", board.entries, kLeaderboardSize, fields::Described{});
  v.optional("you", board.you, fields::Described{}, fields::Absent::Null);
}

template <class Fields>
void describe(Fields& v, ReachedMilestone& reached) {
  v.field("milestone", reached.milestone, fields::spelled(kMilestones));
  v.field("reached", reached.reached_unix, limits::kUnixTime);
}
template <class Fields>
void describe(Fields& v, PlayerCard& card) {
  v.field("player", card.player, limits::kId);
  v.field("name", card.name, limits::kName);
  v.field("level", card.level, limits::kLevel);
  v.list("milestones", card.milestones, kMilestoneCount, fields::Described{});
  v.object("points", [&](auto& points) {
    points.field("week", card.week, limits::kPoints);
    points.field("month", card.month, limits::kPoints);
    points.field("year", card.year, limits::kPoints);
  });
  v.field("games", card.games, limits::kPoints);
  v.field("wins", card.wins, limits::kPoints);
  v.optional("chips", card.chips, limits::kPoints);
}

// The opponent: {"computer": strength}, or a person.
template <class Fields>
void describe(Fields& v, HistoryGame& game) {
  v.field("code", game.code, limits::kCode);
  v.field("match", game.match_number, fields::Whole{1, limits::kPoints.high});
  v.field("game", game.game_number, fields::Whole{1, 5});
  v.object("opponent", [&](auto& opponent) {
    if (opponent.present("computer", game.computer.has_value()))
      return opponent.optional("computer", game.computer, fields::spelled(kStrengths));
    opponent.field("player", game.opponent, limits::kId);
    opponent.field("name", game.opponent_name, limits::kName);
  });
  v.field("color", game.color, fields::spelled(kColours));
  v.field("result", game.outcome, fields::spelled(kGameOutcomes));
  v.field("reason", game.reason, fields::spelled(kEndReasons));
  v.field("points", game.points, fields::Whole{0, 10});
  v.field("rated", game.rated, fields::Flag{});
  v.object("counts", [&](auto& counts) {
    counts.field("own", game.own_count, fields::kDiscs);
    counts.field("opponent", game.opponent_count, fields::kDiscs);
  });
  v.field("transcript", game.transcript, fields::Text{512});
  v.field("ended", game.ended_unix, limits::kUnixTime);
}
template <class Fields>
void describe(Fields& v, History& history) {
  v.list("games", history.games, kHistorySize, fields::Described{});
  v.list("match", history.match, 5, fields::Described{});
}
template <class Fields>
void describe(Fields& v, MilestoneReached& reached) {
  v.field("milestone", reached.milestone, fields::spelled(kMilestones));
  v.field("level", reached.level, limits::kLevel);
}

// Also each line of chat-history, where it keeps its "type".
template <class Fields>
void describe(Fields& v, Chat& chat) {
  v.derived("type", "chat");
  v.field("from", chat.from, limits::kId);
  v.field("name", chat.name, limits::kName);
  v.field("text", chat.text, limits::kChatText);
  v.field("at", chat.at, fields::Seconds{1e12});
  v.field("id", chat.id, limits::kSeq);
}
template <class Fields>
void describe(Fields& v, ChatHistory& history) {
  v.list("messages", history.messages, kChatHistoryLines, fields::Described{});
}
template <class Fields>
void describe(Fields& v, Mutes& mutes) {
  v.list("players", mutes.players, limits::kMutesListed, limits::kListedId);
}

template <class Fields>
void describe(Fields& v, Chips& chips) {
  v.field("balance", chips.balance, limits::kPoints);
  v.field("stake", chips.stake, limits::kPoints);
  v.field("leaveCost", chips.leave_cost, limits::kPoints);
  v.field("wonToday", chips.won_today, limits::kPoints);
  v.field("dailyLimit", chips.daily_limit, limits::kPoints);
}
template <class Fields>
void describe(Fields& v, ChipLedgerEntry& entry) {
  v.field("delta", entry.delta, fields::Whole{-limits::kPoints.high, limits::kPoints.high});
  v.field("balanceAfter", entry.balance_after, limits::kPoints);
  v.field("reason", entry.reason, fields::spelled(kChipReasons));
  v.field("table", entry.table, limits::kCode);
  v.field("match", entry.match_number, fields::Whole{1, limits::kPoints.high});
  v.field("at", entry.at, limits::kUnixTime);
}
template <class Fields>
void describe(Fields& v, ChipsLedger& ledger) {
  v.field("balance", ledger.balance, limits::kPoints);
  v.list("entries", ledger.entries, kChipLedgerSize, fields::Described{});
}
// seat-moved and player-deleted: their type alone.
template <class Fields, class Plain>
requires std::is_empty_v<Plain>
void describe(Fields&, Plain&) {}

}  // namespace server
}  // namespace reversi::messages::online
