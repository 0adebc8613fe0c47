#include <charconv>

#include "game/game_json.h"
#include "game/json_fields.h"

namespace reversi {

using namespace json_fields;

namespace {
constexpr std::size_t kLongestMoves = 1000;
constexpr std::size_t kMostFinishedGames = 100;  // draws can stretch a match, but not without end
}  // namespace

std::string session_to_json(const SessionSnapshot& snapshot) {
  const SessionOptions& options = snapshot.options;
  Json finished = Json::array();
  for (GameWinner winner : snapshot.finished) finished.push_back(spelling(kGameWinners, winner));
  const Json document = {
      {"version", kSavedSessionVersion},
      {"options",
       {{"mode", spelling(kModes, options.mode)},
        {"strength", spelling(kStrengths, options.strength)},
        {"colour", spelling(kColourChoices, options.colour)},
        {"variant", spelling(kVariants, options.variant)},
        {"match_length", options.match_length},
        {"clock", options.clock_enabled},
        {"clock_seconds", options.clock_seconds}}},
      {"first_colour", spelling(kColours, snapshot.first_colour)},
      {"finished", finished},
      {"moves", snapshot.moves},
      {"applied", snapshot.applied},
      {"resigned", snapshot.resigned ? Json(spelling(kColours, *snapshot.resigned)) : Json(nullptr)},
      // A string: JavaScript numbers cannot hold every 64-bit value.
      {"random_state", std::to_string(snapshot.random_state)},
  };
  return document.dump();
}

Parsed<SessionSnapshot> session_snapshot_from_json(std::string_view text) {
  try {
    std::string error;
    const Json document = parse_document(text, kSavedSessionVersion, "saved game", error);
    if (!error.empty()) return Parsed<SessionSnapshot>::failure(error);
    SessionSnapshot snapshot;
    FieldReader reader(document, "saved game");
    const Json* options = reader.field("options");
    if (!reader.ok()) return Parsed<SessionSnapshot>::failure(reader.error());
    FieldReader options_reader(*options, "saved game: 'options'");
    options_reader.read("mode", snapshot.options.mode, kModes);
    options_reader.read("strength", snapshot.options.strength, kStrengths);
    options_reader.read("colour", snapshot.options.colour, kColourChoices);
    options_reader.read("variant", snapshot.options.variant, kVariants);
    options_reader.read("match_length", snapshot.options.match_length, 1, 5);
    options_reader.read("clock", snapshot.options.clock_enabled);
    options_reader.read("clock_seconds", snapshot.options.clock_seconds, 1, 3600);
    if (!options_reader.ok()) return Parsed<SessionSnapshot>::failure(options_reader.error());

    reader.read("first_colour", snapshot.first_colour, kColours);
    reader.read("moves", snapshot.moves, kLongestMoves);
    int applied = 0;
    reader.read("applied", applied, 0, 64);
    snapshot.applied = static_cast<std::size_t>(applied);
    if (const Json* resigned = reader.field("resigned"); resigned && !resigned->is_null()) {
      Color colour = Color::Black;
      reader.read("resigned", colour, kColours);
      snapshot.resigned = colour;
    }
    std::string random_state;
    reader.read("random_state", random_state, 20);
    const char* end = random_state.data() + random_state.size();
    if (reader.ok() &&
        (random_state.empty() || std::from_chars(random_state.data(), end, snapshot.random_state).ptr != end))
      reader.fail("'random_state' should be a whole number written as text");
    const Json* finished = reader.field("finished");
    if (reader.ok() && (!finished->is_array() || finished->size() > kMostFinishedGames))
      reader.fail("'finished' should be a list of at most " + std::to_string(kMostFinishedGames) + " games");
    if (!reader.ok()) return Parsed<SessionSnapshot>::failure(reader.error());
    for (const Json& entry : *finished) {
      const Json wrapped = {{"winner", entry}};
      FieldReader entry_reader(wrapped, "saved game: 'finished'");
      GameWinner winner = GameWinner::Nobody;
      entry_reader.read("winner", winner, kGameWinners);
      if (!entry_reader.ok()) return Parsed<SessionSnapshot>::failure(entry_reader.error());
      snapshot.finished.push_back(winner);
    }

    // The moves, the undo position and the match must also make sense together.
    const Parsed<Session> rebuilt = Session::restore(snapshot);
    if (!rebuilt) return Parsed<SessionSnapshot>::failure(rebuilt.error);
    return Parsed<SessionSnapshot>::success(std::move(snapshot));
  } catch (const std::exception& failure) {
    return Parsed<SessionSnapshot>::failure(std::string("saved game: ") + failure.what());
  }
}

Parsed<Session> session_from_json(std::string_view text, ClockSource time, MoveStrategy expired_move) {
  const Parsed<SessionSnapshot> snapshot = session_snapshot_from_json(text);
  if (!snapshot) return Parsed<Session>::failure(snapshot.error);
  return Session::restore(*snapshot.value, std::move(time), std::move(expired_move));
}

std::string event_to_json(const GameEvent& event) {
  Json document = {
      {"type", event_kind_name(event.kind)}, {"color", spelling(kColours, event.color)},
      {"black", event.black_discs},          {"white", event.white_discs},
      {"game", event.game_number},
  };
  if (event.square != kNoMove) document["square"] = square_name(event.square);
  if (event.kind == EventKind::MovePlayed) {
    Json flips = Json::array();
    for (Bitboard rest = event.flips; rest; rest &= rest - 1) flips.push_back(square_name(first_square(rest)));
    document["flips"] = flips;
  }
  if (event.kind == EventKind::GameOver || event.kind == EventKind::MatchOver) {
    document["outcome"] = spelling(kOutcomes, event.result.outcome);
    document["reason"] = spelling(kEndReasons, event.result.reason);
  }
  if (event.match_winner) document["match_winner"] = event.match_winner == Seat::First ? "first" : "second";
  return document.dump();
}

}  // namespace reversi
