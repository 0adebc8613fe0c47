// The app's parts that hold logic, natively with fakes: the turn driver's
// pacing and cancelling, the expired clock's move, the controller's start-up
// from saved documents, save failures, the host bridge's answers, and text
// that stays valid UTF-8.
#include <doctest/doctest.h>

#include <memory>

#include "app/core/game_controller.h"
#include "app/core/host_bridge.h"
#include "app/core/online_table.h"
#include "app/core/score_bar_layout.h"
#include "app/core/state_hook.h"
#include "app/core/turn_driver.h"
#include "app/core/wording.h"
#include "app_test_support.h"
#include "engine/notation.h"
#include "messages/documents.h"
#include "messages/events.h"

using namespace reversi;
using reversi::testing::FakeComputer;
using reversi::testing::MemoryStore;
using reversi::testing::RecordingHost;

namespace {
Square sq(const char* name) { return *parse_square(name).value; }

SessionOptions solo_as(ColourChoice colour, Strength strength = Strength::Medium) {
  SessionOptions options;
  options.colour = colour;
  options.strength = strength;
  return options;
}

// A controller over fakes, with a clock the test moves.
struct CoreRig {
  FakeComputer computer;
  MemoryStore store;
  double now = 10;
  std::uint64_t seed = 1;
  GameController game{GameController::Services{computer, store, [this] { return now; }, [this] { return seed++; }}};

  void start(StartRequest request = {}) {
    game.start(std::move(request));
    game.update(now, 0);
  }
};
}  // namespace

TEST_CASE("turn driver: the computer's reply waits for the player to see the last move, then is played") {
  FakeComputer computer;
  TurnDriver driver(computer, [] { return 7u; });
  Session session(solo_as(ColourChoice::White), 1);  // the computer is black and opens
  CHECK_FALSE(driver.update(session, 0.0, 0.0, false));
  REQUIRE(computer.requests.size() == 1);
  CHECK(computer.requests[0].board == Board::start());
  CHECK(driver.thinking());
  CHECK_FALSE(driver.update(session, 0.1, 0.0, false));  // no answer yet
  CHECK(computer.requests.size() == 1);                  // asked once only
  computer.answer = SearchReport{sq("f5")};
  CHECK_FALSE(driver.update(session, 0.3, 0.0, false));  // too soon to follow
  CHECK_FALSE(driver.update(session, 0.6, 0.5, false));  // the last flips end at 0.5: not before 0.7
  const auto played = driver.update(session, 0.71, 0.5, false);
  REQUIRE(played);
  CHECK(*played);
  CHECK(session.game().transcript() == "f5");
  CHECK_FALSE(driver.thinking());
  REQUIRE(driver.last_search());
  CHECK(driver.last_search()->empties == 60);
}

TEST_CASE("turn driver: a reply for a position that changed is dropped, and the computer asked again") {
  FakeComputer computer;
  TurnDriver driver(computer, {});
  Session session(solo_as(ColourChoice::Black), 1);
  REQUIRE(session.play(sq("f5")));
  driver.update(session, 0, 0, false);
  REQUIRE(computer.requests.size() == 1);
  REQUIRE(session.undo());  // the human takes the move back while the computer thinks
  computer.answer = SearchReport{sq("f6")};
  CHECK_FALSE(driver.update(session, 5, 0, false));
  CHECK(computer.cancels >= 1);
  CHECK(session.game().transcript().empty());
  REQUIRE(session.play(sq("d3")));
  driver.update(session, 6, 0, false);
  CHECK(computer.requests.size() == 2);
  CHECK(computer.requests[1].board == session.game().position().board);

  // Paused: nothing is asked, pondering stops.
  FakeComputer idle;
  TurnDriver paused_driver(idle, {});
  Session waiting(solo_as(ColourChoice::White), 2);
  CHECK_FALSE(paused_driver.update(waiting, 0, 0, true));
  CHECK(idle.requests.empty());
}

TEST_CASE("turn driver: a player whose clock ran out gets Medium's move, or the first legal square in time") {
  double now = 0;
  SessionOptions options;
  options.mode = Mode::TwoPlayers;
  options.clock_enabled = true;
  options.clock_seconds = 5;
  Session session(options, 3, [&] { return now; });
  FakeComputer computer;
  TurnDriver driver(computer, {});
  now = 6;
  session.tick();
  REQUIRE(session.expired_move_wanted());
  CHECK_FALSE(driver.update(session, now, 0, false));
  REQUIRE(computer.requests.size() == 1);
  CHECK(computer.requests[0].strength == Strength::Medium);
  computer.answer = SearchReport{sq("c4")};
  const auto played = driver.update(session, now, 0, false);
  REQUIRE(played);
  CHECK(session.game().transcript() == "c4");

  // No answer at all (a failed worker): after the patience, the first legal square.
  now = 20;
  session.tick();
  REQUIRE(session.expired_move_wanted());
  driver.update(session, now, 0, false);
  CHECK_FALSE(driver.update(session, now + 1, 0, false));
  const auto fallback = driver.update(session, now + TurnPacing{}.expired_move_patience + 0.1, 0, false);
  REQUIRE(fallback);
  CHECK(session.game().moves().size() == 2);
}

TEST_CASE("turn driver: Hard ponders on the player's time; weaker strengths do not") {
  FakeComputer computer;
  TurnDriver driver(computer, {});
  Session hard(solo_as(ColourChoice::Black, Strength::Hard), 1);
  driver.update(hard, 0, 0, false);
  REQUIRE(computer.pondering);
  CHECK(*computer.pondering == Board::start());
  Session medium(solo_as(ColourChoice::Black), 1);
  driver.update(medium, 0, 0, false);
  CHECK_FALSE(computer.pondering);
}

TEST_CASE("controller: a first start begins a game; a saved game is resumed; unreadable data is set aside") {
  CoreRig fresh;
  fresh.start();
  REQUIRE(fresh.game.ready());
  const std::vector<GameEvent> started = fresh.game.take_events();
  REQUIRE(started.size() == 1);
  CHECK(started[0].kind == EventKind::GameStarted);

  CoreRig resumed;
  Session saved(solo_as(ColourChoice::Black), 4);
  REQUIRE(saved.play(sq("f5")));
  REQUIRE(saved.play_computer_move(sq("f6"), saved.game().position()));
  resumed.store.documents["current"] = messages::session_to_json(saved.snapshot());
  resumed.store.documents["settings"] = "{\"version\":2,";  // cut short
  resumed.start();
  REQUIRE(resumed.game.ready());
  CHECK(resumed.game.session()->game().transcript() == "f5f6");
  CHECK(resumed.game.take_events().empty());  // resuming announces nothing
  CHECK(resumed.game.notices().kind() == NoticeKind::Storage);
  CHECK(resumed.game.notices().text().find("could not be read") != std::string::npos);
  CHECK(resumed.store.documents["settings"] == "{\"version\":2,");  // kept until the player changes something

  // Options in the address are the next new game's: the saved game carries on.
  CoreRig configured;
  configured.store.documents["current"] = messages::session_to_json(saved.snapshot());
  StartRequest request;
  request.options.mode = Mode::TwoPlayers;
  request.sound = false;
  configured.start(request);
  CHECK(configured.game.session()->game().transcript() == "f5f6");
  CHECK(configured.game.session()->options().mode == Mode::Solo);
  CHECK(configured.game.settings().mode == Mode::TwoPlayers);
  CHECK_FALSE(configured.game.settings().sound);
  // Without a saved game they are the first game's.
  CoreRig fresh_configured;
  fresh_configured.start(request);
  CHECK(fresh_configured.game.session()->options().mode == Mode::TwoPlayers);
}

TEST_CASE("controller: the computer's move is saved when it arrives, before it is shown") {
  CoreRig rig;
  rig.start();
  REQUIRE(rig.game.tap(sq("f5")));
  rig.game.update(rig.now, 0);
  REQUIRE(rig.computer.requests.size() == 1);
  rig.computer.answer = SearchReport{sq("f6")};
  rig.game.update(rig.now + 0.01, 0);  // arrived, not yet shown
  CHECK(rig.game.session()->game().transcript() == "f5");
  const auto saved = messages::session_snapshot_from_json(rig.store.documents["current"]);
  REQUIRE(saved);
  CHECK(saved.value->moves == "f5f6");
  rig.game.update(rig.now + 1, 0);
  CHECK(rig.game.session()->game().transcript() == "f5f6");

  // While the store has not confirmed the save, the move is not shown; a
  // store that never answers delays it by two seconds at most.
  CoreRig slow;
  slow.start();
  REQUIRE(slow.game.tap(sq("d3")));
  slow.game.update(slow.now, 0);
  slow.store.hold_saves = true;
  slow.computer.answer = SearchReport{sq("c3")};
  slow.game.update(slow.now + 1, 0);
  slow.game.update(slow.now + 1.5, 0);
  CHECK(slow.game.session()->game().transcript() == "d3");
  slow.store.release();
  slow.game.update(slow.now + 1.6, 0);
  CHECK(slow.game.session()->game().transcript() == "d3c3");
  REQUIRE(slow.game.tap(sq("c4")));
  slow.game.update(slow.now + 2, 0);
  slow.store.hold_saves = true;
  slow.computer.answer_first_legal();
  slow.game.update(slow.now + 3, 0);
  CHECK(slow.game.session()->game().moves().size() == 3);
  slow.game.update(slow.now + 5.5, 0);
  CHECK(slow.game.session()->game().moves().size() == 4);
}

TEST_CASE("controller: two tabs that share a store both keep their finished games in the record") {
  FakeComputer computer;
  MemoryStore shared;
  double now = 0;
  std::uint64_t seed = 1;
  auto tab = [&] {
    return std::make_unique<GameController>(
        GameController::Services{computer, shared, [&] { return now; }, [&] { return seed++; }});
  };
  auto first = tab(), second = tab();
  first->start({});
  second->start({});  // both read the same (empty) record
  REQUIRE(first->resign());
  REQUIRE(second->resign());
  const auto stored = messages::record_from_json(shared.documents["record"]);
  REQUIRE(stored);
  CHECK(stored.value->solo_for(Strength::Medium).lost == 2);
  CHECK(stored.value->recent.size() == 2);
  CHECK(second->record().recent.size() == 2);  // the second tab now sees the first tab's game too
}

TEST_CASE("controller: storage that never answers is given up on; a failed save says so once") {
  CoreRig slow;
  slow.store.hold = true;
  slow.start();
  CHECK_FALSE(slow.game.ready());
  slow.now += Persistence::kLoadPatience + 1;
  slow.game.update(slow.now, 0);
  REQUIRE(slow.game.ready());
  CHECK_FALSE(slow.game.storage_ok());
  slow.store.release();  // late answers change nothing
  CHECK(slow.game.session()->game().transcript().empty());

  CoreRig failing;
  failing.store.save_error = "QuotaExceededError";
  failing.start();
  REQUIRE(failing.game.tap(sq("f5")));
  failing.game.update(failing.now, 0);
  CHECK_FALSE(failing.game.storage_ok());
  CHECK(failing.game.notices().kind() == NoticeKind::Storage);
  CHECK(failing.game.notices().text().find("can't be saved") != std::string::npos);
}

TEST_CASE("controller: finished games go into the record, which is saved") {
  CoreRig rig;
  rig.start();
  REQUIRE(rig.game.resign());
  CHECK(rig.game.record().solo_for(Strength::Medium).lost == 1);
  const auto saved = messages::record_from_json(rig.store.documents["record"]);
  REQUIRE(saved);
  CHECK(saved.value->solo_for(Strength::Medium).lost == 1);
}

TEST_CASE("controller: written games are loaded or refused with a reason, never half") {
  CoreRig rig;
  rig.start();
  std::string error;
  CHECK(rig.game.load_transcript("f5d6c3", &error));
  CHECK(rig.game.session()->game().transcript() == "f5d6c3");
  CHECK_FALSE(rig.game.load_transcript("f5d6a\xC3\xA9", &error));
  CHECK(rig.game.session()->game().transcript() == "f5d6c3");  // the game on the board stays
  CHECK(rig.game.notices().kind() == NoticeKind::LoadFailed);
  CHECK(repaired_utf8(rig.game.notices().text()) == rig.game.notices().text());
  CHECK_FALSE(rig.game.load_transcript(std::string(300'000, 'a'), &error));
  CHECK(error.find("300000 characters") != std::string::npos);
}

TEST_CASE("controller: a written game loads with the player on White (as Try again from a white move asks)") {
  CoreRig rig;
  rig.start();
  std::string error;
  REQUIRE(rig.game.load_transcript("f5d6c3", &error, solo_as(ColourChoice::White)));
  CHECK(error.empty());
  CHECK(rig.game.session()->human_colour() == Color::White);
  CHECK(rig.game.session()->game().side_to_move() == Color::White);
  REQUIRE(rig.game.load_transcript("f5d6", &error, solo_as(ColourChoice::Black)));
  CHECK(rig.game.session()->human_colour() == Color::Black);
}

TEST_CASE("controller: a pass is told until the next move; a refusal is taken back by a move") {
  CoreRig rig;
  StartRequest request;
  request.options.mode = Mode::TwoPlayers;
  request.moves = "c4c3c2b2e6c1a1";  // white's a3 next leaves black without a move
  rig.start(request);
  REQUIRE(rig.game.ready());
  rig.game.take_events();
  REQUIRE(rig.game.tap(sq("a3")));
  CHECK(rig.game.notices().kind() == NoticeKind::Pass);
  CHECK(rig.game.notices().text() == pass_notice(*rig.game.session(), Color::Black));
  rig.now += 600;  // however long white thinks, the pass stays said
  rig.game.update(rig.now, 0);
  REQUIRE(rig.game.notices().active());
  CHECK(rig.game.notices().kind() == NoticeKind::Pass);
  CHECK_FALSE(rig.game.tap(sq("h8")));  // not a legal square: refused, with its reason
  CHECK(rig.game.notices().kind() == NoticeKind::Refused);
  const Bitboard legal = rig.game.session()->game().playable_squares();
  REQUIRE(legal);
  REQUIRE(rig.game.tap(first_square(legal)));
  CHECK_FALSE(rig.game.notices().active());  // the move made both untrue
}

TEST_CASE("controller: the address's options and moves: a match opened from moves, a kept game said, bad moves told") {
  CoreRig matched;
  StartRequest request;
  request.options.mode = Mode::TwoPlayers;
  request.options.match_length = 3;
  request.moves = "f5d6c3";
  matched.start(request);
  CHECK(matched.game.session()->game().transcript() == "f5d6c3");
  CHECK(matched.game.session()->match().length() == 3);
  CHECK(matched.game.ignored_requests().empty());

  CoreRig broken;
  request.moves = "f5f5";
  broken.start(request);
  REQUIRE(broken.game.ready());
  CHECK(broken.game.session()->game().transcript().empty());  // a fresh game instead
  REQUIRE(broken.game.ignored_requests().size() == 1);
  CHECK(broken.game.ignored_requests()[0].rfind("?moves: ", 0) == 0);

  // A game in progress is kept over the address's options, and the player is told.
  CoreRig kept;
  Session saved(solo_as(ColourChoice::Black), 4);
  REQUIRE(saved.play(sq("f5")));
  REQUIRE(saved.play_computer_move(sq("f6"), saved.game().position()));
  kept.store.documents["current"] = messages::session_to_json(saved.snapshot());
  StartRequest other;
  other.options.strength = Strength::Hard;
  kept.start(other);
  CHECK(kept.game.session()->game().transcript() == "f5f6");
  CHECK(kept.game.notices().text().find("next new game") != std::string::npos);
  CHECK(kept.game.settings().strength == Strength::Hard);
}

TEST_CASE("controller: play on from an earlier move keeps the later ones to redo") {
  CoreRig rig;
  StartRequest request;
  request.options.mode = Mode::TwoPlayers;
  request.moves = "f5d6c3d3c4";
  rig.start(request);
  REQUIRE(rig.game.rewind_to(2));
  CHECK(rig.game.session()->game().record().cursor() == 2);
  CHECK(rig.game.session()->game().can_redo());
  REQUIRE(rig.game.redo());
  CHECK(rig.game.session()->game().record().cursor() == 3);
  CHECK(rig.game.rewind_to(9).error == CommandError::NothingToRedo);
  CHECK(rig.game.notices().kind() == NoticeKind::Refused);
}

TEST_CASE("wording: tap on a touch screen, click with a mouse; the status and the result card agree") {
  Session session(solo_as(ColourChoice::Black), 1);
  CHECK(turn_line(session, false, Pointer::Touch) == "Your turn — tap a dot.");
  CHECK(turn_line(session, false, Pointer::Mouse) == "Your turn — click a dot.");
  Session two(SessionOptions{.mode = Mode::TwoPlayers}, 1);
  CHECK(turn_line(two, false, Pointer::Mouse) == "Black to move — click a dot.");
  CHECK(turn_line(two, false, Pointer::Mouse, /*dots=*/false) == "Black to move.");
  // A finished game: the status line says what the result card's headline says.
  REQUIRE(session.play(sq("f5")));
  REQUIRE(session.resign());
  CHECK(result_headline(session) == "The computer wins");
  CHECK(turn_line(session, false) == "The computer wins.");
}

TEST_CASE("wording: the result card's headline speaks to the player, with the margin") {
  const GameResult lost{Outcome::WhiteWins, EndReason::NoMoves, 7, 57};
  CHECK(margin_headline(lost, Color::Black, "The computer") == "You lost by 50");
  CHECK(margin_headline(lost, Color::White, "You") == "You won by 50");
  CHECK(margin_headline(lost, std::nullopt, "White") == "White wins by 50");
  CHECK(margin_headline(GameResult{Outcome::BlackWins, EndReason::NoMoves, 33, 31}, std::nullopt, "Black") ==
        "Black wins by 2");
  CHECK(margin_headline(GameResult{Outcome::Draw, EndReason::NoMoves, 32, 32}, Color::Black, "") == "A draw, 32 all");
  // Ended early with empties left: the margin is of the discs on the board.
  CHECK(margin_headline(GameResult{Outcome::BlackWins, EndReason::NoMoves, 13, 0}, Color::Black, "") ==
        "You won by 13");
}

TEST_CASE("host bridge: ready, state, refusals by reason, and events with the prefix") {
  CoreRig rig;
  RecordingHost host;
  HostBridge bridge(host, rig.game);
  rig.game.set_ready_listener([&] { bridge.announce_ready(); });
  rig.game.set_listener([&](const GameEvent& event, const Session& session) { bridge.forward(event, session); });
  bridge.receive(R"({"type":"reversi:get-state"})");
  bridge.pump();
  REQUIRE(host.sent.size() == 1);
  CHECK(host.sent[0].find("the game is still loading") != std::string::npos);
  rig.start();
  REQUIRE(host.sent.size() == 3);
  CHECK(host.sent[1].find(R"("type":"reversi:ready")") != std::string::npos);
  CHECK(host.sent[1].find("reversi:new-game") != std::string::npos);
  CHECK(host.sent[2].find(R"("type":"reversi:game-started")") != std::string::npos);

  host.sent.clear();
  bridge.receive(R"({"type":"reversi:get-state"})");
  bridge.pump();
  REQUIRE(host.sent.size() == 1);
  CHECK(host.sent[0].find(R"("type":"reversi:state")") != std::string::npos);
  CHECK(host.sent[0].find(R"("legalMoves":["d3","c4","f5","e6"])") != std::string::npos);

  host.sent.clear();
  bridge.receive(R"({"type":"reversi:new-game","options":{"matchLength":4294967299}})");
  bridge.pump();
  bridge.receive(R"({"type":"reversi:teleport"})");
  bridge.pump();
  bridge.receive(R"({"type":"reversi:set-sound","on":"loud"})");
  bridge.pump();
  bridge.receive(R"({"type":"other:thing"})");
  bridge.pump();  // someone else's: silence
  bridge.receive("not json at all");
  bridge.pump();
  bridge.receive(R"([1,2,3])");
  bridge.pump();
  REQUIRE(host.sent.size() == 3);
  CHECK(host.sent[0].find(R"("request":"reversi:new-game")") != std::string::npos);
  CHECK(host.sent[0].find("matchLength") != std::string::npos);
  CHECK(host.sent[1].find("unknown message type") != std::string::npos);
  CHECK(host.sent[2].find("'on' should be true or false") != std::string::npos);
  CHECK(rig.game.session()->options().match_length == 1);  // nothing changed

  host.sent.clear();
  bridge.receive(R"({"type":"reversi:new-game","options":{"mode":"two-players","matchLength":3}})");
  bridge.pump();
  CHECK(rig.game.session()->options().mode == Mode::TwoPlayers);
  CHECK(rig.game.session()->options().match_length == 3);
  rig.now += 12.5;
  bridge.receive(R"({"type":"reversi:resign"})");
  bridge.pump();
  bool over = false;
  for (const std::string& sent : host.sent)
    if (sent.find("reversi:game-over") != std::string::npos) {
      over = true;
      CHECK(sent.find(R"("durationSeconds":12.5)") != std::string::npos);
      CHECK(sent.find(R"("reason":"resignation")") != std::string::npos);
    }
  CHECK(over);
  host.sent.clear();
  bridge.receive(R"({"type":"reversi:resign"})");
  bridge.pump();
  REQUIRE(host.sent.size() == 1);
  CHECK(host.sent[0].find("there is no game in progress") != std::string::npos);
  bridge.receive("{\"type\":\"reversi:get-state\",\"pad\":\"" + std::string(messages::kMaxMessageBytes, 'x') + "\"}");
  bridge.pump();
  CHECK(host.sent.back().find("bytes is more than") != std::string::npos);
}

TEST_CASE("host bridge: the address's ignored requests go in the ready message, within what it may hold") {
  CoreRig rig;
  RecordingHost host;
  HostBridge bridge(host, rig.game);
  rig.game.set_ready_listener([&] { bridge.announce_ready(); });
  StartRequest request;
  for (int i = 0; i < 20; ++i) request.ignored.push_back("?p" + std::to_string(i) + ": " + std::string(300, 'x'));
  request.moves = "f5f5";  // not a game: said too, after the address's own problems
  rig.start(request);
  REQUIRE_FALSE(host.sent.empty());
  const messages::Decoded<messages::Json> parsed = messages::parse_object(host.sent[0], 1 << 20, "ready");
  REQUIRE(parsed);
  const messages::Json& ignored = (*parsed.value)["ignored"];
  REQUIRE(ignored.is_array());
  CHECK(ignored.size() == messages::events::kMostIgnored);
  for (const messages::Json& entry : ignored)
    CHECK(entry.get<std::string>().size() <= messages::events::kLongestIgnored);
  CHECK(ignored[0].get<std::string>().rfind("?p0: xxx", 0) == 0);
  // The game decodes its own message.
  const auto message = messages::decode_event(*parsed.value, "ready");
  CHECK(message);
}

TEST_CASE("host bridge: set-language goes to whoever chooses the language, and a refusal says why") {
  CoreRig rig;
  RecordingHost host;
  HostBridge bridge(host, rig.game);
  rig.start();
  bridge.receive(R"({"type":"reversi:set-language","language":"de"})");
  bridge.pump();
  REQUIRE(host.sent.size() == 1);
  CHECK(host.sent[0].find("this game speaks English only") != std::string::npos);  // nobody to choose

  std::vector<std::string> chosen;
  bridge.on_language([&](const std::string& code) {
    if (code != "de") return std::string("unknown language '" + code + "'");
    chosen.push_back(code);
    return std::string();
  });
  host.sent.clear();
  bridge.receive(R"({"type":"reversi:set-language","language":"de"})");
  bridge.receive(R"({"type":"reversi:set-language","language":"fr"})");
  bridge.receive(R"({"type":"reversi:set-language","language":7})");
  bridge.receive(R"({"type":"reversi:set-language"})");
  bridge.pump();
  CHECK(chosen == std::vector<std::string>{"de"});
  REQUIRE(host.sent.size() == 3);
  CHECK(host.sent[0].find("unknown language 'fr'") != std::string::npos);
  CHECK(host.sent[0].find(R"("request":"reversi:set-language")") != std::string::npos);
  CHECK(host.sent[1].find("language") != std::string::npos);
  CHECK(host.sent[2].find("language") != std::string::npos);
}

TEST_CASE("host bridge: a flood waits its turn, state requests are answered once, and nothing is lost silently") {
  CoreRig rig;
  RecordingHost host;
  HostBridge bridge(host, rig.game);
  rig.start();
  for (int i = 0; i < 10'000; ++i) bridge.receive(R"({"type":"reversi:get-state"})");
  CHECK(bridge.waiting());
  CHECK_FALSE(bridge.pump());
  REQUIRE(host.sent.size() == 1);  // ten thousand requests, one answer
  CHECK(host.sent[0].find(R"("type":"reversi:state")") != std::string::npos);

  host.sent.clear();
  for (int i = 0; i < 100; ++i) bridge.receive(R"({"type":"reversi:set-sound","on":false})");
  CHECK(bridge.pump());  // a frame's worth carried out, more waiting
  std::size_t frames = 1;
  while (bridge.pump()) ++frames;
  ++frames;  // the last pump, which emptied the queue
  CHECK(frames == HostBridge::kMaxWaiting / HostBridge::kPerFrame);
  REQUIRE(host.sent.size() == 1);
  CHECK(host.sent[0].find("36 messages were dropped") != std::string::npos);
  CHECK_FALSE(rig.game.settings().sound);
}

namespace {
// The server link, for the bridge's online commands: records what goes out.
struct RecordingLink final : OnlineLink {
  int opens = 0;
  std::vector<std::string> sent;
  bool online() const override { return true; }
  void open() override { ++opens; }
  void send(const std::string& text) override { sent.push_back(text); }
  void close() override {}
};
}  // namespace

TEST_CASE("host bridge: the online commands go to the table, checked first; without one they are not offered") {
  CoreRig rig;
  RecordingHost host;
  SUBCASE("no online table (the desktop)") {
    HostBridge bridge(host, rig.game);
    rig.game.set_ready_listener([&] { bridge.announce_ready(); });
    rig.start();
    REQUIRE_FALSE(host.sent.empty());
    CHECK(host.sent[0].find("reversi:resign") != std::string::npos);
    CHECK(host.sent[0].find("reversi:open-table") == std::string::npos);
    host.sent.clear();
    bridge.receive(R"({"type":"reversi:open-table"})");
    bridge.pump();
    REQUIRE(host.sent.size() == 1);
    CHECK(host.sent[0].find("unknown message type") != std::string::npos);
  }
  SUBCASE("with one") {
    RecordingLink link;
    MemoryStore identity;
    OnlineTable online(OnlineTable::Services{link, identity, [&] { return rig.now; }, {}});
    HostBridge bridge(host, rig.game, &online);
    rig.game.set_ready_listener([&] { bridge.announce_ready(); });
    rig.start();
    REQUIRE_FALSE(host.sent.empty());
    for (const char* type : {"reversi:sign-in", "reversi:open-table", "reversi:join-table", "reversi:leave-table"})
      CHECK_MESSAGE(host.sent[0].find(type) != std::string::npos, type);
    host.sent.clear();

    bridge.receive(R"({"type":"reversi:join-table","table":"K7M2Q0"})");
    bridge.receive(R"({"type":"reversi:sign-in","token":""})");
    bridge.receive(R"({"type":"reversi:leave-table"})");
    bridge.receive(R"({"type":"reversi:open-table","options":{"matchLength":4}})");
    bridge.pump();
    REQUIRE(host.sent.size() == 4);
    CHECK(host.sent[0].find("six letters and digits") != std::string::npos);
    CHECK(host.sent[1].find("'token' should not be empty") != std::string::npos);
    CHECK(host.sent[2].find("not at a table") != std::string::npos);
    CHECK(host.sent[3].find("matchLength: should be 1, 3 or 5") != std::string::npos);
    CHECK(link.opens == 0);
    CHECK_FALSE(online.active());

    host.sent.clear();
    bridge.receive(R"({"type":"reversi:sign-in","token":"eyJwIjoiYWRhIn0.c2ln"})");
    bridge.receive(R"({"type":"reversi:open-table","options":{"matchLength":3,"clock":0},"private":true})");
    bridge.pump();
    CHECK(host.sent.empty());
    CHECK(online.active());
    REQUIRE(link.opens == 1);
    online.link_opened();
    REQUIRE(link.sent.size() == 1);
    CHECK(link.sent[0].find(R"("token":"eyJwIjoiYWRhIn0.c2ln")") != std::string::npos);
    online.link_message(R"({"type":"welcome","player":"h_ada","name":"Ada"})");
    REQUIRE(link.sent.size() == 2);
    CHECK(link.sent[1] == R"({"options":{"clock":0,"matchLength":3,"start":"standard"},"private":true,)"
                          R"("type":"open-table"})");

    bridge.receive(R"({"type":"reversi:leave-table"})");
    bridge.pump();
    CHECK(host.sent.empty());
    CHECK_FALSE(online.active());
  }
}

TEST_CASE("score bar: split by the counts, never so far that a side loses its count or its name") {
  constexpr float kWidth = 700, kYou = 130, kComputer = 180;  // what "You" and "Computer" sides need
  CHECK(score_bar_split(kWidth, 0, 0, kYou, kComputer) == doctest::Approx(350));  // the empty-centre start
  CHECK(score_bar_split(kWidth, 32, 32, kYou, kComputer) == doctest::Approx(350));
  CHECK(score_bar_split(kWidth, 44, 20, kYou, kComputer) == doctest::Approx(700 * 44.0 / 64));  // both fit
  // 1-13 and 4-1: the short side keeps what it needs, however few its discs.
  CHECK(score_bar_split(kWidth, 1, 13, kYou, kComputer) == doctest::Approx(kYou));
  CHECK(score_bar_split(kWidth, 4, 1, kYou, kComputer) == doctest::Approx(kWidth - kComputer));
  CHECK(score_bar_split(kWidth, 64, 0, kYou, kComputer) == doctest::Approx(kWidth - kComputer));
  CHECK(score_bar_split(kWidth, 0, 64, kYou, kComputer) == doctest::Approx(kYou));
  // A bar narrower than both sides need shares the room by what they need.
  CHECK(score_bar_split(200, 10, 50, 150, 250) == doctest::Approx(75));
  for (int black = 0; black <= 64; ++black)
    for (const float width : {320.0f, 390.0f, 700.0f, 918.0f}) {
      const float split = score_bar_split(width, black, 64 - black, kYou, kComputer);
      CHECK(split >= kYou);
      CHECK(width - split >= kComputer);
    }
}

TEST_CASE("notices and the state hook never hold broken UTF-8") {
  CHECK(repaired_utf8("f5d6a\xC3") == "f5d6a\xEF\xBF\xBD");
  CHECK(repaired_utf8("caf\xC3\xA9 \xF0\x9F\x98\x80") == "caf\xC3\xA9 \xF0\x9F\x98\x80");
  CHECK(repaired_utf8("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");                  // an overlong '/'
  CHECK(repaired_utf8("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a lone surrogate
  Notices notices;
  notices.show(NoticeKind::LoadFailed, "move 3 ('a\xC3'): no such square", 0, 1);
  CHECK(notices.text() == "move 3 ('a\xEF\xBF\xBD'): no such square");
  CHECK(notices.expire(0.5) == false);
  CHECK(notices.expire(1.5));
  CHECK_FALSE(notices.active());

  CoreRig rig;
  rig.start();
  ScreenFacts screen;
  screen.panel = "half a character: \xC3";
  screen.controls["Copy \xE2\x82"] = ScreenRect{1, 2, 3, 4, true};
  const std::string json = state_hook_json(rig.game, screen);
  const auto parsed = messages::parse_object(json, 1 << 20, "state");
  REQUIRE_MESSAGE(parsed, parsed.error.message);
  CHECK((*parsed.value)["ready"] == true);
  CHECK((*parsed.value)["phase"] == "playing");
}

TEST_CASE("state hook: each legal move with the discs it turns, and what Tab visits, for the accessible mirror") {
  CoreRig rig;
  StartRequest request;
  request.options.mode = Mode::TwoPlayers;
  request.moves = "f5d6c3";  // white to move: g5 turns two discs, d3, f3 and f4 one each
  rig.start(request);
  ScreenFacts screen;
  screen.keyboard_controls = {"Undo", "Menu"};
  const auto parsed = messages::parse_object(state_hook_json(rig.game, screen), 1 << 20, "state");
  REQUIRE_MESSAGE(parsed, parsed.error.message);
  const messages::Json& state = *parsed.value;
  REQUIRE(state["legalMoves"].size() == state["legalFlips"].size());
  for (const auto& move : state["legalMoves"]) {
    const Square square = sq(move.get<std::string>().c_str());
    CHECK(state["legalFlips"][move.get<std::string>()] ==
          count_bits(rig.game.session()->game().flips_if_played(square)));
  }
  CHECK(state["legalFlips"]["g5"] == 2);
  CHECK(state["legalFlips"]["d3"] == 1);
  CHECK(state["keyboardControls"] == messages::Json::array({"Undo", "Menu"}));
}
