// The description of every event (events.h) and of the game's state: one
// list of fields per value, from which message_fields.h's writer and reader
// make the JSON and read it back. The server's game messages
// (table_fields.h) are these events with the table's event number beside.
#pragma once

#include "messages/events.h"
#include "messages/message_fields.h"
#include "messages/table_messages.h"

namespace reversi::messages {

namespace fields {
// A set of squares as a list of names (["e5", "d4"]).
struct SquareSet {
  Json write(Bitboard squares) const;
  Checked read(const Json& json, Bitboard& out) const;
};
// A game's options (options.h reads them, with the one check per option).
struct SessionOptionsRule {
  Json write(const SessionOptions& options) const { return options_to_json(options); }
  std::optional<DecodeError> read_at(const Json& json, SessionOptions& out, const std::string& path) const;
};
// A match's winner by seat, or "draw".
struct SeatOrDraw {
  Json write(const std::optional<Seat>& winner) const { return winner ? spell(kSeats, *winner) : "draw"; }
  Checked read(const Json& json, std::optional<Seat>& out) const;
};
inline constexpr Whole kPly{0, 200};
inline constexpr Whole kGameNumber{1, 100};
inline constexpr Whole kDiscs{0, 64};
}  // namespace fields

template <class Fields>
void describe(Fields& v, Counts& counts) {
  v.field("black", counts.black, fields::kDiscs);
  v.field("white", counts.white, fields::kDiscs);
}

template <class Fields>
void describe(Fields& v, MatchScore& match) {
  v.field("length", match.length, fields::Whole{1, 5});
  v.field("first", match.first, fields::Whole{0, 3});
  v.field("second", match.second, fields::Whole{0, 3});
  v.field("over", match.over, fields::Flag{});
}

// A game's end: "result" (the winner), "reason", "counts".
template <class Fields>
void describe_result(Fields& v, GameResult& result) {
  v.field("result", result.outcome, fields::spelled(kWinners));
  v.field("reason", result.reason, fields::spelled(kEndReasons));
  v.object("counts", [&](auto& counts) {
    counts.field("black", result.black_discs, fields::kDiscs);
    counts.field("white", result.white_discs, fields::kDiscs);
  });
}

// `with_clock`: the server's state message carries the mover's clock reading
// under "clock" instead of the seconds alone.
template <class Fields>
void describe_game_state(Fields& v, GameState& state, bool with_clock) {
  using namespace fields;
  v.field("board", state.board, Text{64});
  v.verify("board", [&]() -> Checked {
    if (state.board.size() == 64 && state.board.find_first_not_of("XO-") == std::string::npos) return std::nullopt;
    return Refusal{DecodeProblem::OutOfRange, "should be 64 characters X, O or -"};
  });
  v.field("sideToMove", state.side_to_move, spelled(kColours));
  v.list("legalMoves", state.legal_moves, 64, SquareName{});
  v.field("counts", state.counts, Described{});
  v.field("phase", state.phase, spelled(kPhases));
  v.optional("lastMove", state.last_move, SquareName{}, Absent::Null);
  v.field("options", state.options, SessionOptionsRule{});
  v.field("transcript", state.transcript, Text{kMaxTranscriptBytes});
  v.field("gameNumber", state.game_number, kGameNumber);
  v.field("ply", state.ply, kPly);
  if (with_clock) v.optional("clock", state.clock, Number{0, kLongestClock, true}, Absent::Null);
  v.field("match", state.match, Described{});
  v.derived("paused", state.phase == Phase::Paused);
  v.derived("over", state.phase == Phase::Over);
  v.optional("winner", state.winner, spelled(kWinners), Absent::Null);
  v.field("endReason", state.end_reason, spelled(kEndReasons), Presence::Defaulted);
}

template <class Fields>
void describe(Fields& v, GameState& state) {
  describe_game_state(v, state, true);
}

namespace online {

template <class Fields>
void describe(Fields& v, GameClockOptions& clock) {
  using namespace fields;
  v.only_keys({"seconds", "increment"});
  v.field("seconds", clock.seconds, Whole{kShortestGameClock, kLongestGameClock});
  v.field("increment", clock.increment, Whole{0, kLongestIncrement});
}

// A table's options, each of which may be left out for its default.
// `game_clock`: where the table's whole-game clock goes (nullptr: the host
// page's events, which name only the three).
template <class Fields>
void describe_table_options(Fields& v, int& match_length, double& clock, StartVariant& start,
                            std::optional<GameClockOptions>* game_clock = nullptr) {
  using namespace fields;
  if (game_clock)
    v.only_keys({"matchLength", "clock", "start", "gameClock"});
  else
    v.only_keys({"matchLength", "clock", "start"});
  v.field("matchLength", match_length, Whole{1, 5}, Presence::Defaulted);
  v.verify("matchLength", [&]() -> Checked {
    if (!check_match_length(match_length)) return std::nullopt;
    return Refusal{DecodeProblem::OutOfRange, "should be 1, 3 or 5"};
  });
  v.field("clock", clock, Number{0, kLongestClock, false, true}, Presence::Defaulted);
  v.verify("clock", [&]() -> Checked {
    if (clock == 0 || clock >= kShortestOnlineClock) return std::nullopt;
    return Refusal{DecodeProblem::OutOfRange, "should be 0 (none) or 10 to 3600 seconds a move"};
  });
  v.field("start", start, spelled(kVariants), Presence::Defaulted);
  if (!game_clock) return;
  v.optional("gameClock", *game_clock, Described{});
  v.verify("gameClock", [&]() -> Checked {
    if (!*game_clock || clock == 0) return std::nullopt;
    return Refusal{DecodeProblem::Inconsistent, "a table has one clock: give \"clock\": 0 with a game clock"};
  });
}

template <class Fields>
void describe(Fields& v, TableOptions& options) {
  describe_table_options(v, options.match_length, options.clock, options.start, &options.game_clock);
}

}  // namespace online

namespace events {

template <class Fields>
void describe(Fields& v, Ready& ready) {
  const fields::Text type{64, DecodeProblem::WrongType};
  v.field("apiVersion", ready.api_version, fields::Whole{1, 1000});
  v.list("supports", ready.supports, 64, type);
  v.list("ignored", ready.ignored, kMostIgnored, fields::Text{kLongestIgnored, DecodeProblem::WrongType},
         fields::Presence::OmittedWhenDefault);
}

// Who plays which colour: the human and the computer in solo, the match's
// seats with two players (the seats keep the match score).
template <class Fields>
void describe(Fields& v, GameStarted& started) {
  v.field("options", started.options, fields::SessionOptionsRule{});
  v.field("gameNumber", started.game_number, fields::kGameNumber);
  const bool solo = started.options.mode == Mode::Solo;
  v.object("colors", [&](auto& colors) {
    if constexpr (Fields::reading) {
      std::string black;
      colors.field("black", black, fields::Text{16});
      started.first_seat = black == "human" || black == "first" ? Color::Black : Color::White;
    } else {
      colors.derived(spell(kColours, started.first_seat).data(), solo ? "human" : "first");
      colors.derived(spell(kColours, other(started.first_seat)).data(), solo ? "computer" : "second");
    }
  });
}

template <class Fields>
void describe(Fields& v, Move& move) {
  v.field("square", move.square, fields::SquareName{});
  v.field("color", move.color, fields::spelled(kColours));
  v.field("flips", move.flips, fields::SquareSet{});
  v.field("counts", move.counts, fields::Described{});
  v.optional("next", move.next, fields::spelled(kColours), fields::Absent::Null);
  v.field("ply", move.ply, fields::kPly);
}

template <class Fields>
void describe(Fields& v, Pass& pass) {
  v.field("color", pass.color, fields::spelled(kColours));
  v.field("ply", pass.ply, fields::kPly);
}

template <class Fields>
void describe(Fields& v, ClockExpired& expired) {
  v.field("color", expired.color, fields::spelled(kColours));
  v.field("square", expired.square, fields::SquareName{});
}

template <class Fields, class Step>
requires std::is_same_v<Step, Undone> || std::is_same_v<Step, Redone>
void describe(Fields& v, Step& step) {
  v.field("counts", step.counts, fields::Described{});
  v.field("ply", step.ply, fields::kPly);
}

template <class Fields>
void describe(Fields& v, GameOver& over) {
  describe_result(v, over.result);
  v.field("transcript", over.transcript, fields::Text{kMaxTranscriptBytes});
  v.field("gameNumber", over.game_number, fields::kGameNumber);
  v.optional("durationSeconds", over.duration_seconds, fields::Number{0, 1e9, true});
}

template <class Fields>
void describe(Fields& v, MatchOver& over) {
  v.field("games", over.games, fields::kGameNumber);
  v.field("result", over.winner, fields::SeatOrDraw{});
  v.object("score", [&](auto& score) {
    score.field("first", over.score.first, fields::Whole{0, 3});
    score.field("second", over.score.second, fields::Whole{0, 3});
  });
  v.field("length", over.score.length, fields::Whole{1, 5});
  v.after_reading([&] { over.score.over = true; });
}

template <class Fields>
void describe(Fields& v, State& state) {
  describe_game_state(v, state.state, true);
}

template <class Fields>
void describe(Fields& v, TableOpened& opened) {
  v.field("table", opened.code, fields::Text{16});
  v.field("invite", opened.invite, fields::Text{2048});
}

template <class Fields>
void describe(Fields& v, OpponentJoined& joined) {
  v.field("table", joined.code, fields::Text{16});
  v.field("name", joined.name, fields::Text{64});
  v.field("computer", joined.computer, fields::Flag{});
}

template <class Fields>
void describe(Fields& v, OnlineGameStarted& started) {
  v.field("table", started.code, fields::Text{16});
  v.field("gameNumber", started.game_number, fields::kGameNumber);
  v.field("color", started.color, fields::spelled(kColours));
  v.field("opponent", started.opponent, fields::Text{64});
  v.object("options", [&](auto& options) {  // the table's options, by the server's rules
    online::describe_table_options(options, started.match_length, started.clock, started.start);
  });
}

// Whether the game was rated is written twice: "rated", and "unrated" with
// the reason when it was not.
template <class Fields>
void describe(Fields& v, OnlineGameOver& over) {
  using fields::Refusal;
  v.field("table", over.code, fields::Text{16});
  v.field("gameNumber", over.game_number, fields::kGameNumber);
  describe_result(v, over.result);
  v.field("transcript", over.transcript, fields::Text{kMaxTranscriptBytes});
  v.field("outcome", over.outcome, fields::Text{8});
  v.verify("outcome", [&]() -> fields::Checked {
    if (over.outcome == "won" || over.outcome == "lost" || over.outcome == "draw") return std::nullopt;
    return Refusal{DecodeProblem::OutOfRange, "should be \"won\", \"lost\" or \"draw\""};
  });
  bool rated = over.unrated.empty();
  v.field("rated", rated, fields::Flag{}, fields::Presence::Defaulted);
  v.field("unrated", over.unrated, fields::Text{16}, fields::Presence::OmittedWhenDefault);
  v.verify("unrated", [&]() -> fields::Checked {
    if (over.unrated.empty() || parse_spelling(online::kUnratedReasons, over.unrated)) return std::nullopt;
    return Refusal{DecodeProblem::OutOfRange, spelling_choices(online::kUnratedReasons, "should be ")};
  });
  v.verify("rated", [&]() -> fields::Checked {
    if (rated == over.unrated.empty()) return std::nullopt;
    return Refusal{DecodeProblem::OutOfRange, "should be false exactly when 'unrated' gives a reason"};
  });
}

template <class Fields>
void describe(Fields& v, Error& error) {
  v.field("reason", error.reason, fields::Text{1000});
  v.field("request", error.request, fields::Text{100});
}

template <class Fields>
void describe(Fields& v, MilestoneReached& reached) {
  v.field("milestone", reached.milestone, fields::Text{64});
  v.field("level", reached.level, fields::Whole{1, 6});
}

}  // namespace events
}  // namespace reversi::messages
