// Settings, the results record and the saved game as JSON: round trips, and
// foreign or damaged documents refused with a message, never thrown.
#include "game/game_json.h"

#include <doctest/doctest.h>

#include <random>

#include "engine/notation.h"
#include "game_test_support.h"
#include "game/game_transcript.h"

using namespace reversi;
using reversi::testing::play_all;

namespace {
Square sq(const char* name) { return *parse_square(name).value; }


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
    CHECK_FALSE(loaded.error.empty());
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

TEST_CASE("game json: settings round-trip, and defaults too") {
  for (const Settings& settings : {Settings{}, unusual_settings()}) {
    const std::string json = settings_to_json(settings);
    const Parsed<Settings> loaded = settings_from_json(json);
    REQUIRE_MESSAGE(loaded, loaded.error);
    CHECK(*loaded.value == settings);
  }
  CHECK(unusual_settings().session_options().variant == StartVariant::EmptyCentre);
}

TEST_CASE("game json: the results record round-trips and re-checks its games") {
  const ResultsRecord record = sample_record();
  const std::string json = record_to_json(record);
  const Parsed<ResultsRecord> loaded = record_from_json(json);
  REQUIRE_MESSAGE(loaded, loaded.error);
  CHECK(*loaded.value == record);

  // A result that does not match its transcript is refused.
  std::string forged = json;
  const std::size_t at = forged.find("\"black_discs\":13");
  REQUIRE(at != std::string::npos);
  forged.replace(at, 16, "\"black_discs\":14");
  CHECK(record_from_json(forged).error == "record: recent game 3: the result does not match the transcript");
}

TEST_CASE("game json: a game in progress round-trips with its undo position, match score and redo tail") {
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
  const Parsed<SessionSnapshot> loaded = session_snapshot_from_json(json);
  REQUIRE_MESSAGE(loaded, loaded.error);
  CHECK(*loaded.value == snapshot);

  Parsed<Session> resumed = session_from_json(json);
  REQUIRE_MESSAGE(resumed, resumed.error);
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

TEST_CASE("game json: finished and resigned games are saved and resumed as finished") {
  SessionOptions options;
  options.mode = Mode::TwoPlayers;
  options.match_length = 3;
  Session session(options, 5);
  play_all(session, "f5d6");
  REQUIRE(session.resign());
  const Parsed<Session> resumed = session_from_json(session_to_json(session.snapshot()));
  REQUIRE_MESSAGE(resumed, resumed.error);
  CHECK(resumed.value->game().result() == session.game().result());
  CHECK(resumed.value->match().wins(Seat::Second) == 1);
}

TEST_CASE("game json: foreign, damaged and truncated documents are refused with a message") {
  const std::string settings = settings_to_json(unusual_settings());
  const std::string record = record_to_json(sample_record());
  Session session(SessionOptions{}, 1);
  play_all(session, "f5d6c3");
  const std::string saved = session_to_json(session.snapshot());

  check_truncations_refused(settings, settings_from_json);
  check_truncations_refused(record, record_from_json);
  check_truncations_refused(saved, [](const std::string& text) { return session_snapshot_from_json(text); });

  CHECK(settings_from_json("").error == "settings: not valid JSON (corrupt or cut short)");
  CHECK(settings_from_json("[1,2]").error == "settings: should be an object");
  CHECK(settings_from_json("{}").error == "settings: 'version' is missing");
  CHECK(settings_from_json(R"({"version":"1"})").error == "settings: 'version' should be a whole number");

  auto with = [](std::string json, const std::string& from, const std::string& to) {
    const std::size_t at = json.find(from);
    REQUIRE(at != std::string::npos);
    return json.replace(at, from.size(), to);
  };
  CHECK(settings_from_json(with(settings, "\"version\":1", "\"version\":2")).error ==
        "settings: version 2 is not supported (expected 1)");
  CHECK(settings_from_json(with(settings, "\"sound\":false", "\"sound\":0")).error ==
        "settings: 'sound' should be true or false");
  CHECK(settings_from_json(with(settings, "\"match_length\":5", "\"match_length\":4")).error ==
        "settings: 'match_length' should be 1, 3 or 5");
  CHECK(settings_from_json(with(settings, "\"mode\":\"two-players\"", "\"mode\":\"online\"")).error ==
        "settings: 'mode' should be one of solo, two-players");
  CHECK(settings_from_json(with(settings, "\"clock_seconds\":12.5", "\"clock_seconds\":-3"))
            .error.find("'clock_seconds' should be from") != std::string::npos);
  CHECK(record_from_json(with(record, "\"won\":1", "\"won\":-1")).error ==
        "record: 'solo.medium': 'won' should be from 0 to 1000000000");
  CHECK_FALSE(record_from_json(with(record, "\"transcript\":\"d4e4d5e5f4\"", "\"transcript\":\"d4e4d5e5c3\"")));
  CHECK_FALSE(record_from_json(with(record, "\"recent\":[", "\"recent\":{\"a\":[")));
  CHECK(session_snapshot_from_json(with(saved, "\"applied\":3", "\"applied\":4")).error ==
        "saved game: the undo position is past the last move");
  CHECK(session_snapshot_from_json(with(saved, "\"moves\":\"f5d6c3\"", "\"moves\":\"f5d6d6\"")).error ==
        "saved game: move 3 ('d6'): d6 is already taken.");
  CHECK(session_snapshot_from_json(with(saved, "\"finished\":[]", "\"finished\":[\"first\"]")).error ==
        "saved game: the match was already decided");
  CHECK(session_snapshot_from_json(with(saved, "\"finished\":[]", "\"finished\":[7]")).error ==
        "saved game: 'finished': 'winner' should be one of first, second, nobody");
  CHECK(session_snapshot_from_json(with(saved, "\"random_state\":\"", "\"random_state\":\"x")).error ==
        "saved game: 'random_state' should be a whole number written as text");
  // A document of one kind is not accepted as another.
  CHECK_FALSE(settings_from_json(record));
  CHECK_FALSE(record_from_json(saved));
  CHECK_FALSE(session_snapshot_from_json(settings));
}

TEST_CASE("game json: random bytes and random edits never load and never throw") {
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

TEST_CASE("game json: events become flat objects for the embed bridge") {
  Session session(SessionOptions{}, 1);
  REQUIRE(session.play(sq("f5")));
  const std::vector<GameEvent> events = session.poll_events();
  REQUIRE(events.size() == 2);
  CHECK(event_to_json(events[0]) == R"({"black":2,"color":"black","game":1,"type":"game-started","white":2})");
  CHECK(event_to_json(events[1]) ==
        R"({"black":4,"color":"black","flips":["e5"],"game":1,"square":"f5","type":"move","white":1})");
}
