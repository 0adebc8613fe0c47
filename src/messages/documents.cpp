#include "messages/documents.h"

#include "game/game_transcript.h"
#include "messages/options.h"

namespace reversi::messages {
namespace {

constexpr int kMostGames = 1'000'000'000;
constexpr std::size_t kMostFinishedGames = 100;  // draws can stretch a match, but not without end

// Parses a document and reads its version: 1 or 2.
Decoded<Json> parse_document(std::string_view text, const std::string& what, int& version) {
  Decoded<Json> document = parse_object(text, kMaxDocumentBytes, what);
  if (!document) return document;
  FieldReader reader(*document.value, what);
  reader.read("version", version, 0, 1 << 30);
  if (reader.ok() && version != 1 && version != kDocumentVersion)
    reader.fail(DecodeProblem::UnsupportedVersion, "version " + std::to_string(version) +
                                                       " is not supported (this build reads versions 1 and " +
                                                       std::to_string(kDocumentVersion) + ")");
  if (!reader.ok()) return Decoded<Json>::failure(reader.error());
  return document;
}

// Version 1 spelled fields in snake_case and options in their own way;
// these turn such a document into version 2 before it is read (values are
// moved as they are, so the version 2 reader checks them).
void rename(Json& object, const char* from, const char* to) {
  if (!object.is_object() || !object.contains(from)) return;
  object[to] = std::move(object[from]);
  object.erase(from);
}

Json options_from_version_1(Json options) {
  if (!options.is_object()) return options;
  rename(options, "colour", "color");
  rename(options, "variant", "start");
  rename(options, "match_length", "matchLength");
  if (options.contains("clock") && options["clock"].is_boolean())
    options["clock"] =
        options["clock"].get<bool>() && options.contains("clock_seconds") ? options["clock_seconds"] : Json(0);
  options.erase("clock_seconds");
  return options;
}

void settings_from_version_1(Json& document) {
  Json options = Json::object();
  for (const char* key : {"mode", "strength", "colour", "variant", "match_length", "clock", "clock_seconds"})
    if (document.contains(key)) {
      options[key] = std::move(document[key]);
      document.erase(key);
    }
  document["newGame"] = options_from_version_1(std::move(options));
  rename(document, "flip_counts", "flipCounts");
  rename(document, "animation_speed", "animationSpeed");
  rename(document, "reduced_motion", "reducedMotion");
}

void record_from_version_1(Json& document) {
  rename(document, "two_player", "twoPlayer");
  if (document.contains("twoPlayer")) {
    rename(document["twoPlayer"], "black_wins", "blackWins");
    rename(document["twoPlayer"], "white_wins", "whiteWins");
  }
  if (!document.contains("recent") || !document["recent"].is_array()) return;
  for (Json& game : document["recent"]) {
    if (!game.is_object()) continue;
    rename(game, "human_colour", "humanColor");
    rename(game, "variant", "start");
    if (game.contains("outcome") && game["outcome"].is_string()) {
      const std::string outcome = game["outcome"].get<std::string>();
      game["result"] = outcome == "black-wins" ? "black" : outcome == "white-wins" ? "white" : outcome;
      game.erase("outcome");
    }
    game["counts"] = {{"black", game.value("black_discs", Json())}, {"white", game.value("white_discs", Json())}};
    game.erase("black_discs");
    game.erase("white_discs");
  }
}

void session_from_version_1(Json& document) {
  if (document.contains("options")) document["options"] = options_from_version_1(std::move(document["options"]));
  rename(document, "first_colour", "firstColor");
  rename(document, "random_state", "randomState");
}

Json finished_game_to_json(const FinishedGame& game) {
  const Outcome outcome = game.result.outcome;
  Json json{{"mode", spell(kModes, game.mode)},
            {"strength", spell(kStrengths, game.strength)},
            {"humanColor", spell(kColours, game.human_colour)},
            {"start", spell(kVariants, game.variant)},
            {"transcript", game.transcript},
            {"result", outcome == Outcome::BlackWins   ? "black"
                       : outcome == Outcome::WhiteWins ? "white"
                                                       : spell(kOutcomes, outcome)},
            {"reason", spell(kEndReasons, game.result.reason)},
            {"counts", {{"black", game.result.black_discs}, {"white", game.result.white_discs}}}};
  if (!game.review.empty()) {
    // One line a move: the best square, its value, the value of the move played, proven or not.
    Json review = Json::array();
    for (const ReviewedMove& move : game.review)
      review.push_back(Json::array({square_name(move.best), move.best_score, move.played_score, move.exact}));
    json["review"] = std::move(review);
  }
  return json;
}

// A kept review, read leniently: one that does not fit its game is dropped
// (the review can be made again) and the game itself is kept.
std::vector<ReviewedMove> review_from_json(const Json& value, const Game& game) {
  std::vector<ReviewedMove> review;
  if (!value.is_array() || value.size() > 64) return {};
  for (const Json& line : value) {
    if (!line.is_array() || line.size() != 4 || !line[0].is_string() || !line[1].is_number_integer() ||
        !line[2].is_number_integer() || !line[3].is_boolean())
      return {};
    const Parsed<Square> best = parse_square(line[0].get<std::string>());
    if (!best || *best.value == kPass) return {};
    const std::int64_t best_score = line[1].get<std::int64_t>(), played_score = line[2].get<std::int64_t>();
    if (best_score < -64 || best_score > 64 || played_score < -64 || played_score > 64) return {};
    review.push_back(
        ReviewedMove{*best.value, static_cast<int>(best_score), static_cast<int>(played_score), line[3].get<bool>()});
  }
  if (!GameReview::restore(game, review)) return {};
  return review;
}

// Reads one recent game and checks it against a replay of its transcript.
Decoded<FinishedGame> finished_game_from_json(const Json& value, const std::string& where) {
  FinishedGame game;
  FieldReader reader(value, where);
  reader.read("mode", game.mode, kModes);
  reader.read("strength", game.strength, kStrengths);
  reader.read("humanColor", game.human_colour, kColours);
  reader.read("start", game.variant, kVariants);
  reader.read("transcript", game.transcript, kMaxTranscriptBytes);
  std::string result;
  reader.read("result", result, 16);
  game.result.outcome = result == "black"   ? Outcome::BlackWins
                        : result == "white" ? Outcome::WhiteWins
                        : result == "draw"  ? Outcome::Draw
                                            : Outcome::InProgress;
  if (reader.ok() && game.result.outcome == Outcome::InProgress)
    reader.fail(DecodeProblem::OutOfRange, "result", "should be \"black\", \"white\" or \"draw\"");
  reader.read("reason", game.result.reason, kEndReasons);
  if (const Json* counts = reader.field("counts")) {
    FieldReader count_reader(*counts, where + ": 'counts'");
    count_reader.read("black", game.result.black_discs, 0, 64);
    count_reader.read("white", game.result.white_discs, 0, 64);
    if (!count_reader.ok()) return Decoded<FinishedGame>::failure(count_reader.error());
  }
  if (!reader.ok()) return Decoded<FinishedGame>::failure(reader.error());

  const Parsed<Game> replay = game_from_transcript(game.transcript, GameSetup{{}, {}, game.variant});
  if (!replay)
    return Decoded<FinishedGame>::failure(DecodeProblem::Inconsistent, where + ": transcript " + replay.error);
  GameResult expected = replay.value->result();
  if (game.result.reason == EndReason::Resignation && !expected.is_over()) {
    expected.reason = EndReason::Resignation;
    expected.outcome = game.result.outcome;
    if (expected.outcome != Outcome::BlackWins && expected.outcome != Outcome::WhiteWins)
      return Decoded<FinishedGame>::failure(DecodeProblem::Inconsistent, where + ": a resigned game has a winner");
  }
  if (!expected.is_over() || expected != game.result)
    return Decoded<FinishedGame>::failure(DecodeProblem::Inconsistent,
                                          where + ": the result does not match the transcript");
  game.transcript = replay.value->transcript();  // stored in the canonical spelling
  if (value.is_object() && value.contains("review")) game.review = review_from_json(value["review"], *replay.value);
  return Decoded<FinishedGame>::success(std::move(game));
}

// Runs `load`, turning any exception from the JSON library into an error:
// nothing escapes a loader, whatever the text.
template <class T, class Load>
Decoded<T> guarded(const char* what, Load load) {
  try {
    return load();
  } catch (const std::exception& failure) {
    return Decoded<T>::failure(DecodeProblem::Malformed, std::string(what) + ": " + failure.what());
  }
}

}  // namespace

std::string settings_to_json(const Settings& settings) {
  Json document{{"version", kDocumentVersion},
                {"flipCounts", settings.show_flip_counts},
                {"sound", settings.sound},
                {"animationSpeed", spell(kAnimationSpeeds, settings.animation_speed)},
                {"reducedMotion", settings.reduced_motion},
                {"hideLegalMoves", settings.hide_legal_moves},
                {"largerText", settings.larger_text},
                {"hints", settings.show_hints},
                {"theme", spell(kThemeChoices, settings.theme)},
                {"newGame", options_to_json(settings.session_options())}};
  // Written only when chosen, so that settings without it read as before.
  if (!settings.language.empty()) document["language"] = settings.language;
  return dump(document);
}

Decoded<Settings> settings_from_json(std::string_view text) {
  return guarded<Settings>("settings", [&]() -> Decoded<Settings> {
    int version = 0;
    Decoded<Json> document = parse_document(text, "settings", version);
    if (!document) return Decoded<Settings>::failure(document.error);
    if (version == 1) settings_from_version_1(*document.value);
    Settings settings;
    FieldReader reader(*document.value, "settings");
    reader.read("flipCounts", settings.show_flip_counts);
    reader.read("sound", settings.sound);
    reader.read("animationSpeed", settings.animation_speed, kAnimationSpeeds);
    reader.read("reducedMotion", settings.reduced_motion);
    // Later additions: absent from settings saved before them.
    if (reader.has("hideLegalMoves")) reader.read("hideLegalMoves", settings.hide_legal_moves);
    if (reader.has("largerText")) reader.read("largerText", settings.larger_text);
    if (reader.has("hints")) reader.read("hints", settings.show_hints);
    // A theme this build does not know (a later one, or a damaged value)
    // is the automatic choice: the rest of the settings still count.
    if (const auto found = document.value->find("theme"); found != document.value->end() && found->is_string())
      if (const auto theme = parse_spelling(kThemeChoices, found->get<std::string>())) settings.theme = *theme;
    // A language this build does not speak is the automatic choice.
    if (const auto found = document.value->find("language"); found != document.value->end() && found->is_string()) {
      const std::string code = found->get<std::string>();
      if (code == "en" || code == "de" || code == "es") settings.language = code;
    }
    const Json* options = reader.field("newGame");
    if (!reader.ok()) return Decoded<Settings>::failure(reader.error());
    Decoded<SessionOptions> chosen = options_from_json(*options, "settings: 'newGame'");
    if (!chosen) return Decoded<Settings>::failure(chosen.error);
    settings.remember(*chosen.value);
    return Decoded<Settings>::success(settings);
  });
}

std::string record_to_json(const ResultsRecord& record) {
  Json solo = Json::object();
  for (const auto& [strength, name] : kStrengths) {
    const SoloTally& tally = record.solo_for(strength);
    solo[std::string(name)] = {{"won", tally.won}, {"drawn", tally.drawn}, {"lost", tally.lost}};
  }
  Json recent = Json::array();
  for (const FinishedGame& game : record.recent) recent.push_back(finished_game_to_json(game));
  return dump(Json{{"version", kDocumentVersion},
                   {"solo", solo},
                   {"twoPlayer",
                    {{"blackWins", record.two_player.black_wins},
                     {"whiteWins", record.two_player.white_wins},
                     {"draws", record.two_player.draws}}},
                   {"recent", recent}});
}

Decoded<ResultsRecord> record_from_json(std::string_view text) {
  return guarded<ResultsRecord>("record", [&]() -> Decoded<ResultsRecord> {
    int version = 0;
    Decoded<Json> document = parse_document(text, "record", version);
    if (!document) return Decoded<ResultsRecord>::failure(document.error);
    if (version == 1) record_from_version_1(*document.value);
    ResultsRecord record;
    FieldReader reader(*document.value, "record");
    const Json* solo = reader.field("solo");
    const Json* two_player = reader.field("twoPlayer");
    const Json* recent = reader.field("recent");
    if (!reader.ok()) return Decoded<ResultsRecord>::failure(reader.error());

    FieldReader solo_reader(*solo, "record: 'solo'");
    for (const auto& [strength, name] : kStrengths) {
      const std::string key(name);
      const Json* tally = solo_reader.field(key.c_str());
      if (!tally) break;
      FieldReader tally_reader(*tally, "record: 'solo." + key + "'");
      SoloTally& out = record.solo_for(strength);
      tally_reader.read("won", out.won, 0, kMostGames);
      tally_reader.read("drawn", out.drawn, 0, kMostGames);
      tally_reader.read("lost", out.lost, 0, kMostGames);
      if (!tally_reader.ok()) return Decoded<ResultsRecord>::failure(tally_reader.error());
    }
    if (!solo_reader.ok()) return Decoded<ResultsRecord>::failure(solo_reader.error());

    FieldReader pair_reader(*two_player, "record: 'twoPlayer'");
    pair_reader.read("blackWins", record.two_player.black_wins, 0, kMostGames);
    pair_reader.read("whiteWins", record.two_player.white_wins, 0, kMostGames);
    pair_reader.read("draws", record.two_player.draws, 0, kMostGames);
    if (!pair_reader.ok()) return Decoded<ResultsRecord>::failure(pair_reader.error());

    if (!recent->is_array())
      return Decoded<ResultsRecord>::failure(DecodeProblem::WrongType, "record: 'recent' should be a list");
    if (recent->size() > kRecentGamesKept)
      return Decoded<ResultsRecord>::failure(DecodeProblem::TooLarge,
                                             "record: more than " + std::to_string(kRecentGamesKept) + " recent games");
    for (std::size_t index = 0; index < recent->size(); ++index) {
      Decoded<FinishedGame> game =
          finished_game_from_json((*recent)[index], "record: recent game " + std::to_string(index + 1));
      if (!game) return Decoded<ResultsRecord>::failure(game.error);
      record.recent.push_back(std::move(*game.value));
    }
    return Decoded<ResultsRecord>::success(std::move(record));
  });
}

std::string session_to_json(const SessionSnapshot& snapshot) {
  Json finished = Json::array();
  for (GameWinner winner : snapshot.finished) finished.push_back(spell(kGameWinners, winner));
  return dump(Json{
      {"version", kDocumentVersion},
      {"options", options_to_json(snapshot.options)},
      {"firstColor", spell(kColours, snapshot.first_colour)},
      {"finished", finished},
      {"moves", snapshot.moves},
      {"applied", snapshot.applied},
      {"resigned", snapshot.resigned ? Json(spell(kColours, *snapshot.resigned)) : Json(nullptr)},
      // Text: JavaScript numbers cannot hold every 64-bit value.
      {"randomState", std::to_string(snapshot.random_state)},
  });
}

Decoded<SessionSnapshot> session_snapshot_from_json(std::string_view text) {
  return guarded<SessionSnapshot>("saved game", [&]() -> Decoded<SessionSnapshot> {
    int version = 0;
    Decoded<Json> document = parse_document(text, "saved game", version);
    if (!document) return Decoded<SessionSnapshot>::failure(document.error);
    if (version == 1) session_from_version_1(*document.value);
    SessionSnapshot snapshot;
    FieldReader reader(*document.value, "saved game");
    const Json* options = reader.field("options");
    if (!reader.ok()) return Decoded<SessionSnapshot>::failure(reader.error());
    Decoded<SessionOptions> chosen = options_from_json(*options, "saved game: 'options'");
    if (!chosen) return Decoded<SessionSnapshot>::failure(chosen.error);
    snapshot.options = *chosen.value;

    reader.read("firstColor", snapshot.first_colour, kColours);
    reader.read("moves", snapshot.moves, kMaxTranscriptBytes);
    int applied = 0;
    reader.read("applied", applied, 0, 64);
    snapshot.applied = static_cast<std::size_t>(applied);
    reader.read_optional("resigned", snapshot.resigned, kColours);
    reader.read("randomState", snapshot.random_state);
    const Json* finished = reader.field("finished");
    if (reader.ok() && (!finished->is_array() || finished->size() > kMostFinishedGames))
      reader.fail(DecodeProblem::WrongType, "finished",
                  "should be a list of at most " + std::to_string(kMostFinishedGames) + " games");
    if (!reader.ok()) return Decoded<SessionSnapshot>::failure(reader.error());
    for (const Json& entry : *finished) {
      const Json wrapped = {{"winner", entry}};
      FieldReader entry_reader(wrapped, "saved game: 'finished'");
      GameWinner winner = GameWinner::Nobody;
      entry_reader.read("winner", winner, kGameWinners);
      if (!entry_reader.ok()) return Decoded<SessionSnapshot>::failure(entry_reader.error());
      snapshot.finished.push_back(winner);
    }

    // The moves, the undo position and the match must also make sense together.
    const Parsed<Session> rebuilt = Session::restore(snapshot);
    if (!rebuilt) return Decoded<SessionSnapshot>::failure(DecodeProblem::Inconsistent, rebuilt.error);
    return Decoded<SessionSnapshot>::success(std::move(snapshot));
  });
}

Decoded<Session> session_from_json(std::string_view text, ClockSource time) {
  const Decoded<SessionSnapshot> snapshot = session_snapshot_from_json(text);
  if (!snapshot) return Decoded<Session>::failure(snapshot.error);
  Parsed<Session> session = Session::restore(*snapshot.value, std::move(time));
  if (!session) return Decoded<Session>::failure(DecodeProblem::Inconsistent, session.error);
  return Decoded<Session>::success(std::move(*session.value));
}

}  // namespace reversi::messages
