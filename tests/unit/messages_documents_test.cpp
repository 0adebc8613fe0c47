// Settings, the results record and the saved game as JSON documents: round
// trips, version 1 documents still read, and foreign or damaged documents
// refused with a message, never thrown.
#include <doctest/doctest.h>

#include <random>

#include "engine/notation.h"
#include "game/game_transcript.h"
#include "game_test_support.h"
#include "messages/documents.h"

using namespace reversi;
using namespace reversi::messages;
using reversi::testing::play_all;

namespace {

Settings unusual_settings() {
  Settings settings;
  settings.show_flip_counts = true;
  settings.sound = false;
  settings.animation_speed = AnimationSpeed::Fast;
  settings.reduced_motion = true;
  settings.strength = Strength::Hard;
  settings.colour = ColourChoice::Random;
  settings.mode = Mode::TwoPlayers;
  settings.variant = StartVariant::EmptyCentre;
  settings.match_length = 5;
  settings.clock_enabled = true;
  settings.clock_seconds = 12.5;
  return settings;
}

ResultsRecord sample_record() {
  ResultsRecord record;
  Session solo_win(SessionOptions{}, 1);
  play_all(solo_win, "c4c3e6d6c6b4a4c5c2");  // black (the human) wipes the computer out
  record.add(finished_game_of(solo_win));
  SessionOptions pair_options;
  pair_options.mode = Mode::TwoPlayers;
  pair_options.variant = StartVariant::EmptyCentre;
  Session pair(pair_options, 2);
  play_all(pair, "d4e4d5e5f4");
  REQUIRE(pair.resign());  // white resigns
  record.add(finished_game_of(pair));
  SessionOptions hard;
  hard.strength = Strength::Hard;
  hard.colour = ColourChoice::White;
  Session solo_loss(hard, 3);
  REQUIRE(solo_loss.resign());
  record.add(finished_game_of(solo_loss));
  return record;
}

// Every prefix of a document is truncated input and must be refused.
template <class Loader>
void check_truncations_refused(const std::string& json, Loader load) {
  for (std::size_t length = 0; length < json.size(); ++length) {
    const auto loaded = load(json.substr(0, length));
    CHECK_FALSE(loaded);
    CHECK_FALSE(loaded.error.message.empty());
  }
}
}  // namespace

TEST_CASE("game record: tallies per strength and per colour, recent games newest first and capped") {
  const ResultsRecord record = sample_record();
  CHECK(record.solo_for(Strength::Medium) == SoloTally{1, 0, 0});
  CHECK(record.solo_for(Strength::Hard) == SoloTally{0, 0, 1});
  CHECK(record.two_player == TwoPlayerTally{1, 0, 0});
  REQUIRE(record.recent.size() == 3);
  CHECK(record.recent[0].strength == Strength::Hard);
  CHECK(record.recent[1].variant == StartVariant::EmptyCentre);
  CHECK(record.recent[1].transcript == "d4e4d5e5f4");
  CHECK(record.recent[2].result.black_discs == 13);

  ResultsRecord many;
  for (int i = 0; i < 25; ++i) many.add(record.recent[static_cast<std::size_t>(i % 3)]);
  CHECK(many.recent.size() == kRecentGamesKept);
  CHECK(many.solo_for(Strength::Hard).lost == 9);
  FinishedGame unfinished;
  many.add(unfinished);  // a game in progress is not a result
  CHECK(many.recent.size() == kRecentGamesKept);
  CHECK(many.solo_for(Strength::Medium) == SoloTally{8, 0, 0});
}

TEST_CASE("documents: settings round-trip, and defaults too") {
  for (const Settings& settings : {Settings{}, unusual_settings()}) {
    const std::string json = settings_to_json(settings);
    const Decoded<Settings> loaded = settings_from_json(json);
    REQUIRE_MESSAGE(loaded, loaded.error.message);
    CHECK(*loaded.value == settings);
  }
  CHECK(unusual_settings().session_options().variant == StartVariant::EmptyCentre);
}

TEST_CASE("documents: the results record round-trips and re-checks its games") {
  const ResultsRecord record = sample_record();
  const std::string json = record_to_json(record);
  const Decoded<ResultsRecord> loaded = record_from_json(json);
  REQUIRE_MESSAGE(loaded, loaded.error.message);
  CHECK(*loaded.value == record);

  // A result that does not match its transcript is refused.
  std::string forged = json;
  const std::size_t at = forged.find("\"black\":13");
  REQUIRE(at != std::string::npos);
  forged.replace(at, 10, "\"black\":14");
  CHECK(record_from_json(forged).error.message == "record: recent game 3: the result does not match the transcript");
  CHECK(record_from_json(forged).error.problem == DecodeProblem::Inconsistent);
}

TEST_CASE("documents: a game in progress round-trips with its undo position, match score and redo tail") {
  SessionOptions options;
  options.mode = Mode::Solo;
  options.colour = ColourChoice::Random;
  options.match_length = 3;
  options.clock_enabled = true;
  Session session(options, 77);
  if (session.human_colour() == Color::White) {
    REQUIRE(session.resign());  // finish game 1 quickly so game 2 has the human on black
    REQUIRE(session.next_game());
  }
  REQUIRE(session.human_colour() == Color::Black);
  play_all(session, "c4c3c2b2e6c1a1a3c5");
  REQUIRE(session.undo());

  const SessionSnapshot snapshot = session.snapshot();
  const std::string json = session_to_json(snapshot);
  const Decoded<SessionSnapshot> loaded = session_snapshot_from_json(json);
  REQUIRE_MESSAGE(loaded, loaded.error.message);
  CHECK(*loaded.value == snapshot);

  Decoded<Session> resumed = session_from_json(json);
  REQUIRE_MESSAGE(resumed, resumed.error.message);
  Session& again = *resumed.value;
  CHECK(again.game().position() == session.game().position());
  CHECK(again.game().moves() == session.game().moves());
  CHECK(again.game_number() == session.game_number());
  CHECK(again.match().finished() == session.match().finished());
  CHECK(again.options() == session.options());
  CHECK(again.poll_events().empty());
  CHECK(session_to_json(again.snapshot()) == json);
  REQUIRE(again.redo());  // the redo tail survived
  CHECK(again.game().transcript() == "c4c3c2b2e6c1a1a3c5");
}

TEST_CASE("documents: finished and resigned games are saved and resumed as finished") {
  SessionOptions options;
  options.mode = Mode::TwoPlayers;
  options.match_length = 3;
  Session session(options, 5);
  play_all(session, "f5d6");
  REQUIRE(session.resign());
  const Decoded<Session> resumed = session_from_json(session_to_json(session.snapshot()));
  REQUIRE_MESSAGE(resumed, resumed.error.message);
  CHECK(resumed.value->game().result() == session.game().result());
  CHECK(resumed.value->match().wins(Seat::Second) == 1);
}

TEST_CASE("documents: foreign, damaged and truncated documents are refused with a message") {
  const std::string settings = settings_to_json(unusual_settings());
  const std::string record = record_to_json(sample_record());
  Session session(SessionOptions{}, 1);
  play_all(session, "f5d6c3");
  const std::string saved = session_to_json(session.snapshot());

  check_truncations_refused(settings, settings_from_json);
  check_truncations_refused(record, record_from_json);
  check_truncations_refused(saved, [](const std::string& text) { return session_snapshot_from_json(text); });

  auto error_of = [](const auto& decoded) { return decoded.error.message; };
  CHECK(error_of(settings_from_json("")) == "settings: not valid JSON (corrupt or cut short)");
  CHECK(error_of(settings_from_json("[1,2]")) == "settings: should be an object");
  CHECK(error_of(settings_from_json("{}")) == "settings: 'version' is missing");
  CHECK(error_of(settings_from_json(R"({"version":"2"})")) ==
        "settings: 'version' should be a whole number from 0 to 1073741824");

  auto with = [](std::string json, const std::string& from, const std::string& to) {
    const std::size_t at = json.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, from);
    return json.replace(at, from.size(), to);
  };
  CHECK(error_of(settings_from_json(with(settings, "\"version\":2", "\"version\":3"))) ==
        "settings: version 3 is not supported (this build reads versions 1 and 2)");
  CHECK(settings_from_json(with(settings, "\"version\":2", "\"version\":3")).error.problem ==
        DecodeProblem::UnsupportedVersion);
  CHECK(error_of(settings_from_json(with(settings, "\"sound\":false", "\"sound\":0"))) ==
        "settings: 'sound' should be true or false");
  CHECK(settings_from_json(with(settings, "\"sound\":false", "\"sound\":0")).error.problem == DecodeProblem::WrongType);
  CHECK(error_of(settings_from_json(with(settings, "\"matchLength\":5", "\"matchLength\":4"))) ==
        "settings: 'newGame': 'matchLength' should be 1, 3 or 5");
  CHECK(error_of(settings_from_json(with(settings, "\"matchLength\":5", "\"matchLength\":4294967301"))) ==
        "settings: 'newGame': 'matchLength' should be a whole number from 1 to 5");
  CHECK(error_of(settings_from_json(with(settings, "\"mode\":\"two-player\"", "\"mode\":\"online\""))) ==
        "settings: 'newGame': 'mode' should be \"solo\" or \"two-player\"");
  CHECK(error_of(settings_from_json(with(settings, "\"clock\":12.5", "\"clock\":0.5"))) ==
        "settings: 'newGame': 'clock' should be 0 (off) or 1 to 3600 seconds a move");
  CHECK(error_of(record_from_json(with(record, "\"won\":1", "\"won\":-1"))) ==
        "record: 'solo.medium': 'won' should be a whole number from 0 to 1000000000");
  CHECK_FALSE(record_from_json(with(record, "\"transcript\":\"d4e4d5e5f4\"", "\"transcript\":\"d4e4d5e5c3\"")));
  CHECK_FALSE(record_from_json(with(record, "\"recent\":[", "\"recent\":{\"a\":[")));
  CHECK(error_of(session_snapshot_from_json(with(saved, "\"applied\":3", "\"applied\":4"))) ==
        "saved game: the undo position is past the last move");
  CHECK(error_of(session_snapshot_from_json(with(saved, "\"moves\":\"f5d6c3\"", "\"moves\":\"f5d6d6\""))) ==
        "saved game: move 3 ('d6'): d6 is already taken.");
  CHECK(error_of(session_snapshot_from_json(with(saved, "\"finished\":[]", "\"finished\":[\"first\"]"))) ==
        "saved game: the match was already decided");
  CHECK(error_of(session_snapshot_from_json(with(saved, "\"finished\":[]", "\"finished\":[7]"))) ==
        "saved game: 'finished': 'winner' should be \"first\", \"second\" or \"nobody\"");
  CHECK(error_of(session_snapshot_from_json(with(saved, "\"randomState\":\"", "\"randomState\":\"x"))) ==
        "saved game: 'randomState' should be a whole number written as text");
  // Over the size limit: refused before it is parsed.
  CHECK(settings_from_json(std::string(kMaxDocumentBytes + 1, ' ')).error.problem == DecodeProblem::TooLarge);
  // A document of one kind is not accepted as another.
  CHECK_FALSE(settings_from_json(record));
  CHECK_FALSE(record_from_json(saved));
  CHECK_FALSE(session_snapshot_from_json(settings));
}

TEST_CASE("documents: random bytes and random edits never load and never throw") {
  std::mt19937_64 random(2026);
  const std::string documents[] = {settings_to_json(unusual_settings()), record_to_json(sample_record())};
  int refused = 0;
  for (int round = 0; round < 300; ++round) {
    std::string bytes(random() % 200, '\0');
    for (char& byte : bytes) byte = static_cast<char>(random() & 0xff);
    CHECK_FALSE(settings_from_json(bytes));
    CHECK_FALSE(record_from_json(bytes));
    CHECK_FALSE(session_snapshot_from_json(bytes));
    // One byte changed inside a valid document: either still valid, or refused cleanly.
    std::string edited = documents[round % 2];
    edited[random() % edited.size()] = static_cast<char>(random() & 0xff);
    const bool loaded = round % 2 == 0 ? bool(settings_from_json(edited)) : bool(record_from_json(edited));
    refused += loaded ? 0 : 1;
  }
  CHECK(refused > 100);
}

TEST_CASE("documents: the dots switch and larger text are kept, and settings saved before them still read") {
  Settings settings;
  settings.hide_legal_moves = true;
  settings.larger_text = true;
  settings.show_hints = true;
  const Decoded<Settings> back = settings_from_json(settings_to_json(settings));
  REQUIRE_MESSAGE(back, back.error.message);
  CHECK(back.value->hide_legal_moves);
  CHECK(back.value->larger_text);
  CHECK(back.value->show_hints);
  // A version 2 document from before the two switches: both off.
  const Decoded<Settings> older = settings_from_json(
      R"({"version":2,"flipCounts":true,"sound":true,"animationSpeed":"normal","reducedMotion":false,)"
      R"("newGame":{"mode":"solo","strength":"medium","color":"black","start":"standard","matchLength":1,"clock":0}})");
  REQUIRE_MESSAGE(older, older.error.message);
  CHECK_FALSE(older.value->hide_legal_moves);
  CHECK_FALSE(older.value->larger_text);
  CHECK_FALSE(older.value->show_hints);  // hints are off until chosen
  CHECK(older.value->show_flip_counts);
  CHECK_FALSE(
      settings_from_json(R"({"version":2,"flipCounts":true,"sound":true,"animationSpeed":"normal",)"
                         R"("reducedMotion":false,"hideLegalMoves":"yes","newGame":{"mode":"solo",)"
                         R"("strength":"medium","color":"black","start":"standard","matchLength":1,"clock":0}})"));
}

TEST_CASE("documents: version 1 documents, as earlier builds wrote them, are still read") {
  const Decoded<Settings> settings = settings_from_json(
      R"({"animation_speed":"fast","clock":true,"clock_seconds":12.5,"colour":"random","flip_counts":true,)"
      R"("match_length":5,"mode":"two-players","reduced_motion":true,"sound":false,"strength":"hard",)"
      R"("variant":"empty-centre","version":1})");
  REQUIRE_MESSAGE(settings, settings.error.message);
  CHECK(*settings.value == unusual_settings());

  const Decoded<ResultsRecord> record = record_from_json(
      R"({"recent":[{"black_discs":13,"human_colour":"black","mode":"solo","outcome":"black-wins","reason":"no-moves",)"
      R"("strength":"medium","transcript":"c4c3e6d6c6b4a4c5c2","variant":"standard","white_discs":0}],)"
      R"("solo":{"easy":{"drawn":0,"lost":0,"won":0},"hard":{"drawn":0,"lost":2,"won":0},)"
      R"("medium":{"drawn":0,"lost":0,"won":1}},"two_player":{"black_wins":3,"draws":1,"white_wins":0},"version":1})");
  REQUIRE_MESSAGE(record, record.error.message);
  CHECK(record.value->solo_for(Strength::Hard) == SoloTally{0, 0, 2});
  CHECK(record.value->two_player == TwoPlayerTally{3, 0, 1});
  REQUIRE(record.value->recent.size() == 1);
  CHECK(record.value->recent[0].result == GameResult{Outcome::BlackWins, EndReason::NoMoves, 13, 0});

  const Decoded<Session> saved = session_from_json(
      R"({"applied":3,"finished":[],"first_colour":"black","moves":"f5d6c3","options":{"clock":false,)"
      R"("clock_seconds":45.0,"colour":"black","match_length":1,"mode":"solo","strength":"medium",)"
      R"("variant":"standard"},"random_state":"42","resigned":null,"version":1})");
  REQUIRE_MESSAGE(saved, saved.error.message);
  CHECK(saved.value->game().transcript() == "f5d6c3");
  CHECK(saved.value->options().mode == Mode::Solo);
  // Written back, it is a version 2 document with the same content.
  const Decoded<SessionSnapshot> again = session_snapshot_from_json(session_to_json(saved.value->snapshot()));
  REQUIRE(again);
  CHECK(*again.value == saved.value->snapshot());
}
