// The message layer's codec: every command, event and worker message
// survives its JSON form unchanged, and every kind of bad input (unknown
// type, wrong field type, value out of range, oversized text, a version from
// elsewhere) is refused with its kind and a message.
#include <doctest/doctest.h>

#include "engine/notation.h"
#include "game_test_support.h"
#include "messages/commands.h"
#include "messages/events.h"
#include "messages/worker_messages.h"

using namespace reversi;
using namespace reversi::messages;

namespace {
using testing::sq;

template <class Decoder>
DecodeProblem problem_of(Decoder decode, const std::string& text) {
  const auto decoded = decode(text);
  REQUIRE_FALSE_MESSAGE(decoded, text);
  CHECK_FALSE(decoded.error.message.empty());
  return decoded.error.problem;
}

Decoded<Command> command_from(const std::string& text) { return decode_command(std::string_view(text)); }
Decoded<Event> event_from(const std::string& text) { return decode_event(std::string_view(text)); }

SessionOptions unusual_options() {
  SessionOptions options;
  options.mode = Mode::TwoPlayers;
  options.strength = Strength::Hard;
  options.colour = ColourChoice::Random;
  options.variant = StartVariant::EmptyCentre;
  options.match_length = 5;
  options.clock_enabled = true;
  options.clock_seconds = 12.5;
  return options;
}
}  // namespace

TEST_CASE("messages: every command survives its JSON form") {
  OptionsPatch patch;
  patch.mode = Mode::TwoPlayers;
  patch.clock = 45;
  patch.match_length = 3;
  const Command all[] = {commands::NewGame{},
                         commands::NewGame{patch},
                         commands::Play{sq("f5"), std::nullopt},
                         commands::Play{sq("h8"), 17},
                         commands::Undo{},
                         commands::Redo{},
                         commands::Resign{},
                         commands::NextGame{},
                         commands::Pause{},
                         commands::Resume{},
                         commands::GetState{},
                         commands::SetSound{false},
                         commands::SetLanguage{"de"},
                         commands::SignIn{"eyJwbGF5ZXIiOiJhZGEifQ.c2ln"},
                         commands::OpenTable{},
                         commands::OpenTable{online::TableOptions{5, 0, StartVariant::EmptyCentre}, true},
                         commands::JoinTable{"K7M2QX"},
                         commands::LeaveTable{}};
  for (const Command& command : all) {
    const std::string text = encode_command(command);
    const Decoded<Command> back = decode_command(std::string_view(text));
    REQUIRE_MESSAGE(back, (text + ": " + back.error.message));
    CHECK_MESSAGE(*back.value == command, text);
    CHECK(text.find(std::string("\"type\":\"") + std::string(command_type(command)) + "\"") != std::string::npos);
  }
  CHECK(encode_command(commands::Play{sq("f5"), 3}) == R"({"ply":3,"square":"f5","type":"play"})");
}

TEST_CASE("messages: commands that cannot be carried out as written are refused, by kind") {
  CHECK(problem_of(command_from, "") == DecodeProblem::Malformed);
  CHECK(problem_of(command_from, "[]") == DecodeProblem::Malformed);
  CHECK(problem_of(command_from, R"({"type":"play","square":"f5")") == DecodeProblem::Malformed);
  CHECK(problem_of(command_from, R"({"square":"f5"})") == DecodeProblem::MissingField);
  CHECK(problem_of(command_from, R"({"type":7})") == DecodeProblem::WrongType);
  CHECK(problem_of(command_from, R"({"type":"castle"})") == DecodeProblem::UnknownType);
  CHECK(problem_of(command_from, R"({"type":"play"})") == DecodeProblem::MissingField);
  CHECK(problem_of(command_from, R"({"type":"play","square":53})") == DecodeProblem::WrongType);
  CHECK(problem_of(command_from, R"({"type":"play","square":"i9"})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(command_from, R"({"type":"play","square":"f5x"})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(command_from, R"({"type":"play","square":"f5","ply":-1})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(command_from, R"({"type":"play","square":"f5","ply":1.5})") == DecodeProblem::WrongType);
  CHECK(problem_of(command_from, R"({"type":"set-sound","on":"yes"})") == DecodeProblem::WrongType);
  CHECK(problem_of(command_from, R"({"type":"new-game","options":{"mode":"online"}})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(command_from, R"({"type":"new-game","options":{"matchLength":4}})") == DecodeProblem::OutOfRange);
  // Never truncated to a valid value: 2^32 + 1 is not 1, nor 2^32 + 3 a 3.
  CHECK(problem_of(command_from, R"({"type":"new-game","options":{"matchLength":4294967297}})") ==
        DecodeProblem::OutOfRange);
  CHECK(problem_of(command_from, R"({"type":"new-game","options":{"matchLength":-4294967291}})") ==
        DecodeProblem::OutOfRange);
  CHECK(problem_of(command_from, R"({"type":"new-game","options":{"clock":0.5}})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(command_from, R"({"type":"new-game","options":{"clock":1e-300}})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(command_from, R"({"type":"new-game","options":{"clock":"45"}})") == DecodeProblem::WrongType);
  CHECK(problem_of(command_from, R"({"type":"new-game","options":{"colour":"black"}})") == DecodeProblem::UnknownType);
  CHECK(problem_of(command_from, R"({"type":"new-game","options":[]})") == DecodeProblem::WrongType);
  CHECK(problem_of(command_from, R"({"type":"undo","v":2})") == DecodeProblem::UnsupportedVersion);
  CHECK(problem_of(command_from, "{\"type\":\"play\",\"square\":\"" + std::string(kMaxMessageBytes, 'a') + "\"}") ==
        DecodeProblem::TooLarge);
  // Broken UTF-8 is not JSON.
  CHECK(problem_of(command_from, "{\"type\":\"pl\xC3\"}") == DecodeProblem::Malformed);
  // The error names the field and the values allowed.
  CHECK(command_from(R"({"type":"new-game","options":{"mode":"online"}})").error.message ==
        "new-game: 'options': 'mode' should be \"solo\" or \"two-player\"");
  // The stored spelling of two players is accepted everywhere too.
  const Decoded<Command> stored = command_from(R"({"type":"new-game","options":{"mode":"two-players"}})");
  REQUIRE(stored);
  CHECK(std::get<commands::NewGame>(*stored.value).options.mode == Mode::TwoPlayers);
}

TEST_CASE("messages: the host page's online commands take the server's table rules") {
  const Decoded<Command> defaults = command_from(R"({"type":"open-table"})");
  REQUIRE(defaults);
  const auto& open = std::get<commands::OpenTable>(*defaults.value);
  CHECK(open.options == online::TableOptions{});  // one game, the 45-second clock, the standard start
  CHECK_FALSE(open.is_private);
  const Decoded<Command> chosen =
      command_from(R"({"type":"open-table","options":{"matchLength":3,"clock":0},"private":true})");
  REQUIRE(chosen);
  CHECK(std::get<commands::OpenTable>(*chosen.value).options ==
        online::TableOptions{3, 0, StartVariant::StandardCross});
  CHECK(std::get<commands::OpenTable>(*chosen.value).is_private);
  CHECK(problem_of(command_from, R"({"type":"open-table","options":{"matchLength":2}})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(command_from, R"({"type":"open-table","options":{"clock":3}})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(command_from, R"({"type":"open-table","options":{"colour":"black"}})") ==
        DecodeProblem::UnknownType);
  CHECK(problem_of(command_from, R"({"type":"open-table","private":"yes"})") == DecodeProblem::WrongType);
  CHECK(problem_of(command_from, R"({"type":"join-table"})") == DecodeProblem::MissingField);
  CHECK(problem_of(command_from, R"({"type":"join-table","table":7})") == DecodeProblem::WrongType);
  CHECK(problem_of(command_from, R"({"type":"sign-in"})") == DecodeProblem::MissingField);
  CHECK(problem_of(command_from, "{\"type\":\"sign-in\",\"token\":\"" + std::string(3000, 'a') + "\"}") ==
        DecodeProblem::TooLarge);
  CHECK(command_from(R"({"type":"open-table","options":{"matchLength":2}})").error.message ==
        "open-table.options.matchLength: should be 1, 3 or 5");
}

TEST_CASE("messages: online events for the host page survive their JSON form, in the documented shape") {
  const Event all[] = {
      events::TableOpened{"K7M2QX", "https://arcade.example/reversi/?table=K7M2QX"},
      events::OpponentJoined{"K7M2QX", "Bea", false},
      events::OpponentJoined{"K7M2QX", "the computer", true},
      events::OnlineGameStarted{"K7M2QX", 2, Color::White, "Bea", 3, 45, StartVariant::EmptyCentre},
      events::OnlineGameOver{"K7M2QX", 2, GameResult{Outcome::BlackWins, EndReason::Abandoned, 20, 9}, "f5d6", "lost"},
      events::OnlineGameOver{"K7M2QX", 1, GameResult{Outcome::Draw, EndReason::NoMoves, 32, 32}, "f5d6c3", "draw"},
      events::OnlineGameOver{"K7M2QX", 1, GameResult{Outcome::WhiteWins, EndReason::Resignation, 4, 1}, "f5", "won",
                             "short"}};
  for (const Event& event : all) {
    const std::string text = encode_event(event);
    const Decoded<Event> back = decode_event(std::string_view(text));
    REQUIRE_MESSAGE(back, (text + ": " + back.error.message));
    CHECK_MESSAGE(*back.value == event, text);
  }
  CHECK(encode_event(all[0]) ==
        R"({"invite":"https://arcade.example/reversi/?table=K7M2QX","table":"K7M2QX","type":"table-opened"})");
  CHECK(encode_event(all[3]) ==
        R"({"color":"white","gameNumber":2,"opponent":"Bea","options":{"clock":45,)"
        R"("matchLength":3,"start":"empty-centre"},"table":"K7M2QX","type":"online-game-started"})");
  CHECK(encode_event(all[4]) == R"({"counts":{"black":20,"white":9},"gameNumber":2,"outcome":"lost","rated":true,)"
                                R"("reason":"abandoned","result":"black","table":"K7M2QX","transcript":"f5d6",)"
                                R"("type":"online-game-over"})");
  // A game that earned no points says why (fair points).
  const std::string unrated = encode_event(all[6]);
  CHECK(unrated.find(R"("rated":false)") != std::string::npos);
  CHECK(unrated.find(R"("unrated":"short")") != std::string::npos);
  CHECK(problem_of(event_from, R"({"type":"online-game-over","table":"K7M2QX","gameNumber":1,"result":"black",)"
                               R"("reason":"no-moves","counts":{"black":40,"white":24},"transcript":"",)"
                               R"("outcome":"won","unrated":"bored"})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(event_from, R"({"type":"online-game-over","table":"K7M2QX","gameNumber":1,"result":"black",)"
                               R"("reason":"no-moves","counts":{"black":40,"white":24},"transcript":"",)"
                               R"("outcome":"won","rated":false})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(event_from, R"({"type":"online-game-over","table":"K7M2QX","gameNumber":1,"result":"black",)"
                               R"("reason":"no-moves","counts":{"black":40,"white":24},"transcript":"",)"
                               R"("outcome":"triumph"})") == DecodeProblem::OutOfRange);
}

TEST_CASE("messages: every event of a played session survives its JSON form") {
  SessionOptions options = unusual_options();
  options.variant = StartVariant::StandardCross;
  options.match_length = 3;
  Session session(options, 11);
  testing::play_all(session, "c4c3c2b2e6c1a1a3c5");  // includes a pass
  REQUIRE(session.undo());
  REQUIRE(session.redo());
  REQUIRE(session.resign());
  std::vector<Event> seen;
  for (const GameEvent& event : session.poll_events()) seen.push_back(event_of(event, session));
  seen.push_back(events::Ready{1, {"new-game", "get-state"}, {}});
  seen.push_back(events::Ready{1, {"new-game"}, {"?mode=duel: 'mode' should be \"solo\" or \"two-player\""}});
  seen.push_back(events::State{game_state_of(session, false)});
  seen.push_back(events::Error{"there is no game in progress", "resign"});
  seen.push_back(events::MatchOver{3, Seat::Second, MatchScore{3, 1, 2, true}});
  seen.push_back(events::MatchOver{5, std::nullopt, MatchScore{5, 2, 2, true}});
  events::GameOver timed{GameResult{Outcome::Draw, EndReason::NoMoves, 32, 32}, "f5", 2, 61.5};
  seen.push_back(timed);
  bool pass_seen = false, state_seen = false;
  for (const Event& event : seen) {
    const std::string text = encode_event(event);
    const Decoded<Event> back = decode_event(std::string_view(text));
    REQUIRE_MESSAGE(back, (text + ": " + back.error.message));
    CHECK_MESSAGE(*back.value == event, text);
    pass_seen = pass_seen || std::holds_alternative<events::Pass>(event);
    state_seen = state_seen || std::holds_alternative<events::State>(event);
  }
  CHECK(pass_seen);
  CHECK(state_seen);
}

TEST_CASE("messages: events keep the host page's documented form") {
  Session session(SessionOptions{}, 1);
  REQUIRE(session.play(sq("f5")));
  const std::vector<GameEvent> polled = session.poll_events();
  REQUIRE(polled.size() == 2);
  CHECK(encode_event(event_of(polled[0], session)) ==
        R"({"colors":{"black":"human","white":"computer"},"gameNumber":1,"options":{"clock":0,"color":"black",)"
        R"("matchLength":1,"mode":"solo","start":"standard","strength":"medium"},"type":"game-started"})");
  CHECK(encode_event(event_of(polled[1], session)) ==
        R"({"color":"black","counts":{"black":4,"white":1},"flips":["e5"],"next":"white","ply":1,"square":"f5",)"
        R"("type":"move"})");
  const GameState state = game_state_of(session, false);
  CHECK(state.phase == Phase::Thinking);
  CHECK(state.ply == 1);
  CHECK(state.legal_moves.size() == 3);
  CHECK(game_state_of(session, true).phase == Phase::Paused);
}

TEST_CASE("messages: bad events are refused, by kind") {
  CHECK(problem_of(event_from, R"({"type":"move"})") == DecodeProblem::MissingField);
  CHECK(problem_of(event_from, R"({"type":"teleport"})") == DecodeProblem::UnknownType);
  CHECK(problem_of(event_from, R"({"type":"pass","color":"green","ply":1})") == DecodeProblem::OutOfRange);
  CHECK(problem_of(event_from, R"({"type":"pass","color":"black","ply":"1"})") == DecodeProblem::WrongType);
  CHECK(problem_of(event_from, R"({"type":"error","reason":"x","request":")" + std::string(200, 'r') + "\"}") ==
        DecodeProblem::TooLarge);
}

TEST_CASE("messages: options from the URL are checked like every other entry point") {
  CHECK(option_from_url("mode", "two-players").value->mode == Mode::TwoPlayers);
  CHECK(option_from_url("mode", "two-player").value->mode == Mode::TwoPlayers);
  CHECK(option_from_url("match", "3").value->match_length == 3);
  CHECK(option_from_url("clock", "45").value->clock == 45);
  CHECK(option_from_url("clock", "0").value->clock == 0);
  CHECK(option_from_url("clock", "12.5").value->clock == 12.5);
  for (const char* bad : {"0.5", "1e-300", "-3", "3601", "45s", "", " 45", "nan", "inf", "0x10", "1."})
    CHECK_MESSAGE(option_from_url("clock", bad).error.problem == DecodeProblem::OutOfRange, bad);
  for (const char* bad : {"4294967297", "4294967299", "-4294967291", "2", "3.0", "3abc", "1e0"})
    CHECK_MESSAGE(option_from_url("match", bad).error.problem == DecodeProblem::OutOfRange, bad);
  CHECK(option_from_url("colour", "black").error.problem == DecodeProblem::UnknownType);
  CHECK(option_from_url("start", "empty-center").value->variant == StartVariant::EmptyCentre);
  CHECK(option_from_url("strength", "HARD").error.message == "?strength: should be \"easy\", \"medium\" or \"hard\"");
  CHECK_FALSE(check_options(unusual_options()));
  SessionOptions broken = unusual_options();
  broken.match_length = 2;
  CHECK(check_options(broken));
  broken.match_length = 1;
  broken.clock_seconds = 0.5;
  CHECK(check_options(broken));
}

TEST_CASE("messages: options keep every field through JSON") {
  const SessionOptions options = unusual_options();
  const Decoded<SessionOptions> back = options_from_json(options_to_json(options), "options");
  REQUIRE_MESSAGE(back, back.error.message);
  CHECK(*back.value == options);
  CHECK(options_from_json(Json{{"mode", "solo"}}, "options").error.problem == DecodeProblem::MissingField);
}

TEST_CASE("messages: worker requests and replies survive their JSON form; bad ones are refused") {
  const Board board = Board::start();
  const WorkerRequest requests[] = {worker::Think{7, board, Strength::Hard, 0.5, 0xffffffffffffffffULL},
                                    worker::Ponder{8, Board{bit(sq("a1")), bit(sq("h8"))}, 0.05}};
  for (const WorkerRequest& request : requests) {
    const std::string text = encode_worker_request(request);
    const Decoded<WorkerRequest> back = decode_worker_request(text);
    REQUIRE_MESSAGE(back, (text + ": " + back.error.message));
    CHECK(*back.value == request);
  }
  SearchReport report{sq("d3"), -12, 14, true, 123456789012ULL, 0.49};
  const WorkerReply replies[] = {worker::Thought{7, report}, worker::Thought{9, SearchReport{kPass}},
                                 worker::Thought{10, SearchReport{kNoMove}}, worker::Pondered{8, true}};
  for (const WorkerReply& reply : replies) {
    const std::string text = encode_worker_reply(reply);
    const Decoded<WorkerReply> back = decode_worker_reply(text);
    REQUIRE_MESSAGE(back, (text + ": " + back.error.message));
    if (const auto* thought = std::get_if<worker::Thought>(&*back.value)) {
      const SearchReport& expected = std::get<worker::Thought>(reply).report;
      CHECK(thought->report.move == expected.move);
      CHECK(thought->report.score == expected.score);
      CHECK(thought->report.nodes == expected.nodes);
      CHECK(thought->report.exact == expected.exact);
    } else {
      CHECK(std::get<worker::Pondered>(*back.value) == std::get<worker::Pondered>(reply));
    }
  }
  auto request_from = [](const std::string& text) { return decode_worker_request(text); };
  CHECK(problem_of(request_from, R"({"type":"think","id":1,"board":"XO","strength":"hard","seconds":1,"seed":"1"})") ==
        DecodeProblem::OutOfRange);
  CHECK(problem_of(request_from, R"({"type":"dream"})") == DecodeProblem::UnknownType);
  CHECK(problem_of(request_from, "{\"type\":\"ponder\",\"id\":1,\"board\":\"" + std::string(64, '-') +
                                     "\",\"seconds\":1e9}") == DecodeProblem::OutOfRange);
  CHECK(board_from_text(board_text(board)) == board);
  CHECK_FALSE(board_from_text(std::string(63, '-') + "?"));
}

TEST_CASE("messages: the hints' request and reply survive their JSON form; a forged reply is refused") {
  using namespace reversi::messages;
  const worker::Value asked{9, Board::start(), 0.4};
  const Decoded<WorkerRequest> request = decode_worker_request(encode_worker_request(asked));
  REQUIRE_MESSAGE(request, request.error.message);
  CHECK(std::get<worker::Value>(*request.value) == asked);
  const worker::Values answer{9, {{19, 3, false}, {26, -2, true}}};
  const Decoded<WorkerReply> reply = decode_worker_reply(encode_worker_reply(answer));
  REQUIRE_MESSAGE(reply, reply.error.message);
  CHECK(std::get<worker::Values>(*reply.value) == answer);
  CHECK(decode_worker_reply(encode_worker_reply(worker::Values{4, {}})));  // no move: an empty list
  CHECK_FALSE(decode_worker_reply(R"({"type":"values","id":9,"values":[{"move":"z9","score":1,"exact":true}]})"));
  CHECK_FALSE(decode_worker_reply(R"({"type":"values","id":9,"values":[{"move":"d3","score":99,"exact":true}]})"));
  CHECK_FALSE(decode_worker_reply(R"({"type":"values","id":9,"values":"d3"})"));
  CHECK_FALSE(decode_worker_reply(R"({"type":"values","id":9,"values":[7]})"));
  CHECK_FALSE(decode_worker_request(R"({"type":"value","id":9,"board":"XO","seconds":0.4})"));
}
