#include "messages/events.h"

#include <cmath>

#include "engine/notation.h"
#include "messages/table_messages.h"

namespace reversi::messages {
namespace {

Json counts_json(const Counts& counts) { return Json{{"black", counts.black}, {"white", counts.white}}; }

Json squares_json(Bitboard squares) {
  Json list = Json::array();
  for (; squares; squares &= squares - 1) list.push_back(square_name(first_square(squares)));
  return list;
}

void read_counts(FieldReader& reader, const char* key, Counts& out) {
  const Json* value = reader.field(key);
  if (!value) return;
  FieldReader counts(*value, std::string("'") + key + "'");
  counts.read("black", out.black, 0, 64);
  counts.read("white", out.white, 0, 64);
  if (!counts.ok()) reader.fail(counts.error().problem, counts.error().message);
}

// A list of squares; `max` entries at most.
void read_squares(FieldReader& reader, const char* key, Bitboard& out) {
  const Json* value = reader.field(key);
  if (!value) return;
  if (!value->is_array() || value->size() > 64) return reader.fail(DecodeProblem::WrongType, key, "should be squares");
  for (const Json& entry : *value) {
    const Json wrapped = {{"square", entry}};
    FieldReader square_reader(wrapped, std::string("'") + key + "'");
    Square square = kNoMove;
    square_reader.read_square("square", square);
    if (!square_reader.ok()) return reader.fail(square_reader.error().problem, square_reader.error().message);
    out |= bit(square);
  }
}

// "black", "white" or "draw": the winner of a finished game.
const char* winner_text(Outcome outcome) {
  return outcome == Outcome::BlackWins ? "black" : outcome == Outcome::WhiteWins ? "white" : "draw";
}

// A game's end: "result" (the winner), "reason", "counts".
void write_result(Json& message, const GameResult& result) {
  message["result"] = winner_text(result.outcome);
  message["reason"] = spell(kEndReasons, result.reason);
  message["counts"] = counts_json({result.black_discs, result.white_discs});
}

Json match_json(const MatchScore& match) {
  return Json{{"length", match.length}, {"first", match.first}, {"second", match.second}, {"over", match.over}};
}

void read_match(FieldReader& reader, const char* key, MatchScore& out) {
  const Json* value = reader.field(key);
  if (!value) return;
  FieldReader match(*value, std::string("'") + key + "'");
  match.read("length", out.length, 1, 5);
  match.read("first", out.first, 0, 3);
  match.read("second", out.second, 0, 3);
  match.read("over", out.over);
  if (!match.ok()) reader.fail(match.error().problem, match.error().message);
}

MatchScore score_of(const Match& match) {
  return MatchScore{match.length(), match.wins(Seat::First), match.wins(Seat::Second), match.is_over()};
}

template <class T>
Decoded<Event> finish(FieldReader& reader, T value) {
  if (!reader.ok()) return Decoded<Event>::failure(reader.error());
  return Decoded<Event>::success(Event{std::move(value)});
}

}  // namespace

GameState game_state_of(const Session& session, bool paused) {
  const Game& game = session.game();
  GameState state;
  state.board = format_position(game.position()).substr(0, 64);
  state.side_to_move = game.side_to_move();
  for (Bitboard rest = game.playable_squares(); rest; rest &= rest - 1) state.legal_moves.push_back(first_square(rest));
  state.counts = Counts{game.disc_count(Color::Black), game.disc_count(Color::White)};
  state.phase = game.is_over()                   ? Phase::Over
                : paused                         ? Phase::Paused
                : game.in_placement_phase()      ? Phase::Placing
                : session.waiting_for_computer() ? Phase::Thinking
                                                 : Phase::Playing;
  if (game.last_move() != kNoMove) state.last_move = game.last_move();
  state.options = session.options();
  state.transcript = game.transcript();
  state.game_number = session.game_number();
  state.ply = static_cast<int>(game.record().cursor());
  if (session.options().clock_enabled && !game.is_over()) state.clock = session.clock_remaining();
  state.match = score_of(session.match());
  if (game.is_over()) {
    state.winner = game.result().outcome;
    state.end_reason = game.result().reason;
  }
  return state;
}

Json game_state_to_json(const GameState& state) {
  Json legal = Json::array();
  for (Square square : state.legal_moves) legal.push_back(square_name(square));
  return Json{{"board", state.board},
              {"sideToMove", spell(kColours, state.side_to_move)},
              {"legalMoves", legal},
              {"counts", counts_json(state.counts)},
              {"phase", spell(kPhases, state.phase)},
              {"lastMove", state.last_move ? Json(square_name(*state.last_move)) : Json(nullptr)},
              {"options", options_to_json(state.options)},
              {"transcript", state.transcript},
              {"gameNumber", state.game_number},
              {"ply", state.ply},
              {"clock", state.clock ? Json(std::round(*state.clock * 10) / 10) : Json(nullptr)},
              {"match", match_json(state.match)},
              {"paused", state.phase == Phase::Paused},
              {"over", state.phase == Phase::Over},
              {"winner", state.winner ? Json(winner_text(*state.winner)) : Json(nullptr)},
              {"endReason", spell(kEndReasons, state.end_reason)}};
}

Decoded<GameState> game_state_from_json(const Json& object, const std::string& where) {
  GameState state;
  FieldReader reader(object, where);
  reader.read("board", state.board, 64);
  if (reader.ok() && (state.board.size() != 64 || state.board.find_first_not_of("XO-") != std::string::npos))
    reader.fail(DecodeProblem::OutOfRange, "board", "should be 64 characters X, O or -");
  reader.read("sideToMove", state.side_to_move, kColours);
  Bitboard legal = 0;
  read_squares(reader, "legalMoves", legal);
  for (; legal; legal &= legal - 1) state.legal_moves.push_back(first_square(legal));
  read_counts(reader, "counts", state.counts);
  reader.read("phase", state.phase, kPhases);
  if (reader.has("lastMove")) {
    Square last = kNoMove;
    reader.read_square("lastMove", last);
    state.last_move = last;
  }
  if (const Json* options = reader.field("options")) {
    Decoded<SessionOptions> decoded = options_from_json(*options, where + ": 'options'");
    if (!decoded) return Decoded<GameState>::failure(decoded.error);
    state.options = *decoded.value;
  }
  reader.read("transcript", state.transcript, kMaxTranscriptBytes);
  reader.read("gameNumber", state.game_number, 1, 100);
  reader.read("ply", state.ply, 0, 200);
  reader.read_optional("clock", state.clock, 0.0, kLongestClock);
  read_match(reader, "match", state.match);
  std::optional<std::string> winner;
  reader.read_optional("winner", winner, std::size_t{8});
  if (reader.ok() && winner) {
    if (*winner != "black" && *winner != "white" && *winner != "draw")
      reader.fail(DecodeProblem::OutOfRange, "winner", "should be \"black\", \"white\" or \"draw\"");
    state.winner = *winner == "black" ? Outcome::BlackWins : *winner == "white" ? Outcome::WhiteWins : Outcome::Draw;
  }
  if (reader.has("endReason")) reader.read("endReason", state.end_reason, kEndReasons);
  if (!reader.ok()) return Decoded<GameState>::failure(reader.error());
  return Decoded<GameState>::success(std::move(state));
}

Event event_of(const GameEvent& event, const Session& session) {
  const Counts counts{event.black_discs, event.white_discs};
  switch (event.kind) {
    case EventKind::GameStarted:
      return events::GameStarted{session.options(), event.game_number,
                                 session.match().colour_of(Seat::First, event.game_number)};
    case EventKind::MovePlayed:
      return events::Move{event.square, event.color, event.flips, counts, event.next, event.ply};
    case EventKind::Passed:
      return events::Pass{event.color, event.ply};
    case EventKind::ClockExpired:
      return events::ClockExpired{event.color, event.square};
    case EventKind::Undone:
      return events::Undone{counts, event.ply};
    case EventKind::Redone:
      return events::Redone{counts, event.ply};
    case EventKind::GameOver:
      return events::GameOver{event.result, event.transcript, event.game_number, {}};
    case EventKind::MatchOver:
      return events::MatchOver{session.match().games_finished(), event.match_winner, score_of(session.match())};
  }
  return events::Error{"an event this build cannot describe", ""};
}

std::string_view event_type(const Event& event) {
  return std::visit(
      [](const auto& value) -> std::string_view {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, events::Ready>)
          return "ready";
        else if constexpr (std::is_same_v<T, events::GameStarted>)
          return spell(kEventKinds, EventKind::GameStarted);
        else if constexpr (std::is_same_v<T, events::Move>)
          return spell(kEventKinds, EventKind::MovePlayed);
        else if constexpr (std::is_same_v<T, events::Pass>)
          return spell(kEventKinds, EventKind::Passed);
        else if constexpr (std::is_same_v<T, events::ClockExpired>)
          return spell(kEventKinds, EventKind::ClockExpired);
        else if constexpr (std::is_same_v<T, events::Undone>)
          return spell(kEventKinds, EventKind::Undone);
        else if constexpr (std::is_same_v<T, events::Redone>)
          return spell(kEventKinds, EventKind::Redone);
        else if constexpr (std::is_same_v<T, events::GameOver>)
          return spell(kEventKinds, EventKind::GameOver);
        else if constexpr (std::is_same_v<T, events::MatchOver>)
          return spell(kEventKinds, EventKind::MatchOver);
        else if constexpr (std::is_same_v<T, events::State>)
          return "state";
        else if constexpr (std::is_same_v<T, events::TableOpened>)
          return "table-opened";
        else if constexpr (std::is_same_v<T, events::OpponentJoined>)
          return "opponent-joined";
        else if constexpr (std::is_same_v<T, events::OnlineGameStarted>)
          return "online-game-started";
        else if constexpr (std::is_same_v<T, events::OnlineGameOver>)
          return "online-game-over";
        else if constexpr (std::is_same_v<T, events::Error>)
          return "error";
        else if constexpr (std::is_same_v<T, events::MilestoneReached>)
          return "milestone";
        else
          static_assert(!sizeof(T*), "an event without a type name");
      },
      event);
}

Json event_to_json(const Event& event) {
  Json message = {{"type", event_type(event)}};
  std::visit(
      [&](const auto& value) {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, events::Ready>) {
          message["apiVersion"] = value.api_version;
          message["supports"] = value.supports;
          if (!value.ignored.empty()) message["ignored"] = value.ignored;
        } else if constexpr (std::is_same_v<T, events::GameStarted>) {
          // Who plays which colour: the human and the computer in solo, the
          // match's seats with two players (the seats keep the match score).
          const bool solo = value.options.mode == Mode::Solo;
          message["options"] = options_to_json(value.options);
          message["gameNumber"] = value.game_number;
          message["colors"] = {{spell(kColours, value.first_seat), solo ? "human" : "first"},
                               {spell(kColours, other(value.first_seat)), solo ? "computer" : "second"}};
        } else if constexpr (std::is_same_v<T, events::Move>) {
          message["square"] = square_name(value.square);
          message["color"] = spell(kColours, value.color);
          message["flips"] = squares_json(value.flips);
          message["counts"] = counts_json(value.counts);
          message["next"] = value.next ? Json(spell(kColours, *value.next)) : Json(nullptr);
          message["ply"] = value.ply;
        } else if constexpr (std::is_same_v<T, events::Pass>) {
          message["color"] = spell(kColours, value.color);
          message["ply"] = value.ply;
        } else if constexpr (std::is_same_v<T, events::ClockExpired>) {
          message["color"] = spell(kColours, value.color);
          message["square"] = square_name(value.square);
        } else if constexpr (std::is_same_v<T, events::Undone> || std::is_same_v<T, events::Redone>) {
          message["counts"] = counts_json(value.counts);
          message["ply"] = value.ply;
        } else if constexpr (std::is_same_v<T, events::GameOver>) {
          write_result(message, value.result);
          message["transcript"] = value.transcript;
          message["gameNumber"] = value.game_number;
          if (value.duration_seconds) message["durationSeconds"] = std::round(*value.duration_seconds * 10) / 10;
        } else if constexpr (std::is_same_v<T, events::MatchOver>) {
          message["games"] = value.games;
          message["result"] = value.winner ? spell(kSeats, *value.winner) : "draw";
          message["score"] = {{"first", value.score.first}, {"second", value.score.second}};
          message["length"] = value.score.length;
        } else if constexpr (std::is_same_v<T, events::State>) {
          message.update(game_state_to_json(value.state));
        } else if constexpr (std::is_same_v<T, events::TableOpened>) {
          message["table"] = value.code;
          message["invite"] = value.invite;
        } else if constexpr (std::is_same_v<T, events::MilestoneReached>) {
          message["milestone"] = value.milestone;
          message["level"] = value.level;
        } else if constexpr (std::is_same_v<T, events::OpponentJoined>) {
          message["table"] = value.code;
          message["name"] = value.name;
          message["computer"] = value.computer;
        } else if constexpr (std::is_same_v<T, events::OnlineGameStarted>) {
          message["table"] = value.code;
          message["gameNumber"] = value.game_number;
          message["color"] = spell(kColours, value.color);
          message["opponent"] = value.opponent;
          message["options"] =
              online::table_options_to_json(online::TableOptions{value.match_length, value.clock, value.start});
        } else if constexpr (std::is_same_v<T, events::OnlineGameOver>) {
          message["table"] = value.code;
          message["gameNumber"] = value.game_number;
          write_result(message, value.result);
          message["transcript"] = value.transcript;
          message["outcome"] = value.outcome;
          message["rated"] = value.unrated.empty();
          if (!value.unrated.empty()) message["unrated"] = value.unrated;
        } else if constexpr (std::is_same_v<T, events::Error>) {
          message["reason"] = value.reason;
          message["request"] = value.request;
        }
      },
      event);
  return message;
}

std::string encode_event(const Event& event) { return dump(event_to_json(event)); }

namespace {

// A game's end as the events write it: "result" (the winner), "reason", "counts".
void read_result(FieldReader& reader, GameResult& result) {
  std::string winner;
  reader.read("result", winner, 8);
  if (reader.ok() && winner != "black" && winner != "white" && winner != "draw")
    reader.fail(DecodeProblem::OutOfRange, "result", "should be \"black\", \"white\" or \"draw\"");
  result.outcome = winner == "black" ? Outcome::BlackWins : winner == "white" ? Outcome::WhiteWins : Outcome::Draw;
  reader.read("reason", result.reason, kEndReasons);
  Counts counts;
  read_counts(reader, "counts", counts);
  result.black_discs = counts.black;
  result.white_discs = counts.white;
}

}  // namespace

Decoded<Event> decode_event(const Json& message, std::string_view type) {
  const std::string where(type.substr(0, 40));
  FieldReader reader(message, where);
  if (type == "ready") {
    events::Ready ready;
    reader.read("apiVersion", ready.api_version, 1, 1000);
    const Json* supports = reader.field("supports");
    if (supports && (!supports->is_array() || supports->size() > 64))
      reader.fail(DecodeProblem::WrongType, "supports", "should be a list of message types");
    if (reader.ok())
      for (const Json& entry : *supports) {
        if (!entry.is_string() || entry.get_ref<const std::string&>().size() > 64)
          return Decoded<Event>::failure(DecodeProblem::WrongType, where + ": 'supports' should hold message types");
        ready.supports.push_back(entry.get<std::string>());
      }
    const Json* ignored = reader.has("ignored") ? reader.field("ignored") : nullptr;
    if (ignored && (!ignored->is_array() || ignored->size() > events::kMostIgnored))
      reader.fail(DecodeProblem::WrongType, "ignored", "should be a list of texts");
    if (reader.ok() && ignored)
      for (const Json& entry : *ignored) {
        if (!entry.is_string() || entry.get_ref<const std::string&>().size() > events::kLongestIgnored)
          return Decoded<Event>::failure(DecodeProblem::WrongType, where + ": 'ignored' should hold short texts");
        ready.ignored.push_back(entry.get<std::string>());
      }
    return finish(reader, ready);
  }
  if (type == "game-started") {
    events::GameStarted started;
    if (const Json* options = reader.field("options")) {
      Decoded<SessionOptions> decoded = options_from_json(*options, where + ": 'options'");
      if (!decoded) return Decoded<Event>::failure(decoded.error);
      started.options = *decoded.value;
    }
    reader.read("gameNumber", started.game_number, 1, 100);
    const Json* colours = reader.field("colors");
    if (reader.ok()) {
      FieldReader colour_reader(*colours, where + ": 'colors'");
      std::string black;
      colour_reader.read("black", black, 16);
      if (!colour_reader.ok()) return Decoded<Event>::failure(colour_reader.error());
      started.first_seat = black == "human" || black == "first" ? Color::Black : Color::White;
    }
    return finish(reader, started);
  }
  if (type == "move") {
    events::Move move;
    reader.read_square("square", move.square);
    reader.read("color", move.color, kColours);
    read_squares(reader, "flips", move.flips);
    read_counts(reader, "counts", move.counts);
    reader.read_optional("next", move.next, kColours);
    reader.read("ply", move.ply, 0, 200);
    return finish(reader, move);
  }
  if (type == "pass") {
    events::Pass pass;
    reader.read("color", pass.color, kColours);
    reader.read("ply", pass.ply, 0, 200);
    return finish(reader, pass);
  }
  if (type == "clock-expired") {
    events::ClockExpired expired;
    reader.read("color", expired.color, kColours);
    reader.read_square("square", expired.square);
    return finish(reader, expired);
  }
  if (type == "undo" || type == "redo") {
    Counts counts;
    int ply = 0;
    read_counts(reader, "counts", counts);
    reader.read("ply", ply, 0, 200);
    if (type == "undo") return finish(reader, events::Undone{counts, ply});
    return finish(reader, events::Redone{counts, ply});
  }
  if (type == "game-over") {
    events::GameOver over;
    read_result(reader, over.result);
    reader.read("transcript", over.transcript, kMaxTranscriptBytes);
    reader.read("gameNumber", over.game_number, 1, 100);
    reader.read_optional("durationSeconds", over.duration_seconds, 0.0, 1e9);
    return finish(reader, over);
  }
  if (type == "match-over") {
    events::MatchOver over;
    reader.read("games", over.games, 1, 100);
    std::string result;
    reader.read("result", result, 8);
    if (reader.ok() && result != "draw") {
      over.winner = parse_spelling(kSeats, result);
      if (!over.winner) reader.fail(DecodeProblem::OutOfRange, "result", "should be \"first\", \"second\" or \"draw\"");
    }
    if (const Json* score = reader.field("score")) {
      FieldReader score_reader(*score, where + ": 'score'");
      score_reader.read("first", over.score.first, 0, 3);
      score_reader.read("second", over.score.second, 0, 3);
      if (!score_reader.ok()) return Decoded<Event>::failure(score_reader.error());
    }
    reader.read("length", over.score.length, 1, 5);
    over.score.over = true;
    return finish(reader, over);
  }
  if (type == "state") {
    Decoded<GameState> state = game_state_from_json(message, where);
    if (!state) return Decoded<Event>::failure(state.error);
    return Decoded<Event>::success(events::State{std::move(*state.value)});
  }
  if (type == "table-opened") {
    events::TableOpened opened;
    reader.read("table", opened.code, 16);
    reader.read("invite", opened.invite, 2048);
    return finish(reader, opened);
  }
  if (type == "milestone") {
    events::MilestoneReached reached;
    reader.read("milestone", reached.milestone, 64);
    reader.read("level", reached.level, 1, 6);
    return finish(reader, reached);
  }
  if (type == "opponent-joined") {
    events::OpponentJoined joined;
    reader.read("table", joined.code, 16);
    reader.read("name", joined.name, 64);
    reader.read("computer", joined.computer);
    return finish(reader, joined);
  }
  if (type == "online-game-started") {
    events::OnlineGameStarted started;
    reader.read("table", started.code, 16);
    reader.read("gameNumber", started.game_number, 1, 100);
    reader.read("color", started.color, kColours);
    reader.read("opponent", started.opponent, 64);
    if (const Json* options = reader.field("options")) {
      // The table's options, by the server's rules.
      const Decoded<online::TableOptions> table = online::table_options_from_json(*options, where + ": 'options'");
      if (!table) return Decoded<Event>::failure(table.error);
      started.match_length = table.value->match_length;
      started.clock = table.value->clock;
      started.start = table.value->start;
    }
    return finish(reader, started);
  }
  if (type == "online-game-over") {
    events::OnlineGameOver over;
    reader.read("table", over.code, 16);
    reader.read("gameNumber", over.game_number, 1, 100);
    read_result(reader, over.result);
    reader.read("transcript", over.transcript, kMaxTranscriptBytes);
    reader.read("outcome", over.outcome, 8);
    if (reader.ok() && over.outcome != "won" && over.outcome != "lost" && over.outcome != "draw")
      reader.fail(DecodeProblem::OutOfRange, "outcome", "should be \"won\", \"lost\" or \"draw\"");
    bool rated = true;
    if (reader.has("unrated")) reader.read("unrated", over.unrated, 16);
    if (reader.has("rated")) reader.read("rated", rated);
    if (reader.ok() && !over.unrated.empty() && over.unrated != "practice" && over.unrated != "short" &&
        over.unrated != "daily-limit")
      reader.fail(DecodeProblem::OutOfRange, "unrated", "should be \"practice\", \"short\" or \"daily-limit\"");
    if (reader.ok() && rated != over.unrated.empty())
      reader.fail(DecodeProblem::OutOfRange, "rated", "should be false exactly when 'unrated' gives a reason");
    return finish(reader, over);
  }
  if (type == "error") {
    events::Error error;
    reader.read("reason", error.reason, 1000);
    reader.read("request", error.request, 100);
    return finish(reader, error);
  }
  return Decoded<Event>::failure(DecodeProblem::UnknownType, "unknown message type '" + where + "'");
}

Decoded<Event> decode_event(std::string_view text) {
  Decoded<Json> message = parse_object(text, kMaxMessageBytes, "event");
  if (!message) return Decoded<Event>::failure(message.error);
  if (auto problem = check_version(*message.value, "v", kProtocolVersion, false, "event"))
    return Decoded<Event>::failure(*problem);
  FieldReader reader(*message.value, "event");
  std::string type;
  reader.read("type", type, 64);
  if (!reader.ok()) return Decoded<Event>::failure(reader.error());
  return decode_event(*message.value, type);
}

}  // namespace reversi::messages
