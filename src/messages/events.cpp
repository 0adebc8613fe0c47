#include "messages/events.h"

#include "engine/notation.h"
#include "messages/event_fields.h"

namespace reversi::messages {
namespace {

MatchScore score_of(const Match& match) {
  return MatchScore{match.length(), match.wins(Seat::First), match.wins(Seat::Second), match.is_over()};
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

Json game_state_to_json(const GameState& state) { return fields::to_json(state); }

Decoded<GameState> game_state_from_json(const Json& object, const std::string& where) {
  return fields::from_json<GameState>(object, where);
}

std::string_view event_type(const Event& event) { return kEventTypes[event.index()]; }

Json event_to_json(const Event& event) { return fields::variant_to_json(event, kEventTypes); }

std::string encode_event(const Event& event) { return dump(event_to_json(event)); }

Decoded<Event> decode_event(const Json& message, std::string_view type) {
  return fields::variant_from_json<Event>(message, type, kEventTypes);
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

namespace fields {

Json SquareSet::write(Bitboard squares) const {
  Json list = Json::array();
  for (; squares; squares &= squares - 1) list.push_back(square_name(first_square(squares)));
  return list;
}

Checked SquareSet::read(const Json& json, Bitboard& out) const {
  if (!json.is_array() || json.size() > 64) return Refusal{DecodeProblem::WrongType, "should be squares"};
  for (const Json& entry : json) {
    Square square = kNoMove;
    if (Checked refused = SquareName{}.read(entry, square)) return refused;
    out |= bit(square);
  }
  return std::nullopt;
}

std::optional<DecodeError> SessionOptionsRule::read_at(const Json& json, SessionOptions& out,
                                                       const std::string& path) const {
  Decoded<SessionOptions> decoded = options_from_json(json, path);
  if (!decoded) return decoded.error;
  out = *decoded.value;
  return std::nullopt;
}

Checked SeatOrDraw::read(const Json& json, std::optional<Seat>& out) const {
  const Refusal refused{DecodeProblem::OutOfRange, "should be \"first\", \"second\" or \"draw\""};
  if (!json.is_string()) return Refusal{DecodeProblem::WrongType, refused.what};
  const std::string& text = json.get_ref<const std::string&>();
  out = std::nullopt;
  if (text == "draw") return std::nullopt;
  out = parse_spelling(kSeats, text);
  if (!out) return refused;
  return std::nullopt;
}

}  // namespace fields

}  // namespace reversi::messages
