#include "game/game_json.h"
#include "game/game_transcript.h"
#include "game/json_fields.h"

namespace reversi {

using namespace json_fields;

namespace {

constexpr int kMostGames = 1'000'000'000;
constexpr std::size_t kLongestTranscript = 1000;  // 60 moves need 120 characters; leave room for spacing

Json finished_game_to_json(const FinishedGame& game) {
  return Json{
      {"mode", spelling(kModes, game.mode)},
      {"strength", spelling(kStrengths, game.strength)},
      {"human_colour", spelling(kColours, game.human_colour)},
      {"variant", spelling(kVariants, game.variant)},
      {"transcript", game.transcript},
      {"outcome", spelling(kOutcomes, game.result.outcome)},
      {"reason", spelling(kEndReasons, game.result.reason)},
      {"black_discs", game.result.black_discs},
      {"white_discs", game.result.white_discs},
  };
}

// Reads one recent game and checks it against a replay of its transcript.
Parsed<FinishedGame> finished_game_from_json(const Json& value, const std::string& where) {
  FinishedGame game;
  FieldReader reader(value, where);
  reader.read("mode", game.mode, kModes);
  reader.read("strength", game.strength, kStrengths);
  reader.read("human_colour", game.human_colour, kColours);
  reader.read("variant", game.variant, kVariants);
  reader.read("transcript", game.transcript, kLongestTranscript);
  reader.read("outcome", game.result.outcome, kOutcomes);
  reader.read("reason", game.result.reason, kEndReasons);
  reader.read("black_discs", game.result.black_discs, 0, 64);
  reader.read("white_discs", game.result.white_discs, 0, 64);
  if (!reader.ok()) return Parsed<FinishedGame>::failure(reader.error());

  const Parsed<Game> replay = game_from_transcript(game.transcript, GameSetup{{}, {}, game.variant});
  if (!replay) return Parsed<FinishedGame>::failure(where + ": transcript " + replay.error);
  GameResult expected = replay.value->result();
  if (game.result.reason == EndReason::Resignation && !expected.is_over()) {
    expected.reason = EndReason::Resignation;
    expected.outcome = game.result.outcome;
    if (expected.outcome != Outcome::BlackWins && expected.outcome != Outcome::WhiteWins)
      return Parsed<FinishedGame>::failure(where + ": a resigned game has a winner");
  }
  if (!expected.is_over() || expected != game.result)
    return Parsed<FinishedGame>::failure(where + ": the result does not match the transcript");
  game.transcript = replay.value->transcript();  // stored in the canonical spelling
  return Parsed<FinishedGame>::success(std::move(game));
}

}  // namespace

std::string record_to_json(const ResultsRecord& record) {
  Json solo = Json::object();
  for (const auto& [strength, name] : kStrengths) {
    const SoloTally& tally = record.solo_for(strength);
    solo[name] = {{"won", tally.won}, {"drawn", tally.drawn}, {"lost", tally.lost}};
  }
  Json recent = Json::array();
  for (const FinishedGame& game : record.recent) recent.push_back(finished_game_to_json(game));
  const Json document = {
      {"version", kRecordVersion},
      {"solo", solo},
      {"two_player",
       {{"black_wins", record.two_player.black_wins},
        {"white_wins", record.two_player.white_wins},
        {"draws", record.two_player.draws}}},
      {"recent", recent},
  };
  return document.dump();
}

Parsed<ResultsRecord> record_from_json(std::string_view text) {
  try {
    std::string error;
    const Json document = parse_document(text, kRecordVersion, "record", error);
    if (!error.empty()) return Parsed<ResultsRecord>::failure(error);
    ResultsRecord record;
    FieldReader reader(document, "record");
    const Json* solo = reader.field("solo");
    const Json* two_player = reader.field("two_player");
    const Json* recent = reader.field("recent");
    if (!reader.ok()) return Parsed<ResultsRecord>::failure(reader.error());

    FieldReader solo_reader(*solo, "record: 'solo'");
    for (const auto& [strength, name] : kStrengths) {
      const Json* tally = solo_reader.field(name);
      if (!tally) break;
      FieldReader tally_reader(*tally, std::string("record: 'solo.") + name + "'");
      SoloTally& out = record.solo_for(strength);
      tally_reader.read("won", out.won, 0, kMostGames);
      tally_reader.read("drawn", out.drawn, 0, kMostGames);
      tally_reader.read("lost", out.lost, 0, kMostGames);
      if (!tally_reader.ok()) return Parsed<ResultsRecord>::failure(tally_reader.error());
    }
    if (!solo_reader.ok()) return Parsed<ResultsRecord>::failure(solo_reader.error());

    FieldReader pair_reader(*two_player, "record: 'two_player'");
    pair_reader.read("black_wins", record.two_player.black_wins, 0, kMostGames);
    pair_reader.read("white_wins", record.two_player.white_wins, 0, kMostGames);
    pair_reader.read("draws", record.two_player.draws, 0, kMostGames);
    if (!pair_reader.ok()) return Parsed<ResultsRecord>::failure(pair_reader.error());

    if (!recent->is_array()) return Parsed<ResultsRecord>::failure("record: 'recent' should be a list");
    if (recent->size() > kRecentGamesKept)
      return Parsed<ResultsRecord>::failure("record: more than " + std::to_string(kRecentGamesKept) + " recent games");
    for (std::size_t index = 0; index < recent->size(); ++index) {
      Parsed<FinishedGame> game =
          finished_game_from_json((*recent)[index], "record: recent game " + std::to_string(index + 1));
      if (!game) return Parsed<ResultsRecord>::failure(game.error);
      record.recent.push_back(std::move(*game.value));
    }
    return Parsed<ResultsRecord>::success(std::move(record));
  } catch (const std::exception& failure) {
    return Parsed<ResultsRecord>::failure(std::string("record: ") + failure.what());
  }
}

}  // namespace reversi
