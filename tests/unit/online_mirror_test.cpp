// The mirrored online game alone (app/core/online_mirror.h): set up from the
// server's word, moved only by the server's moves, out of step said at once,
// ended as the server ended it, and the server's clock counted down here.
#include "app/core/online_mirror.h"

#include <doctest/doctest.h>

#include "engine/notation.h"
#include "test_support.h"

using namespace reversi;
namespace wire = reversi::messages::online::server;

namespace {

using testing::sq;

struct MirrorRig {
  double now = 100;
  OnlineMirror mirror{[this] { return now; }};

  OnlineMirror::Start start(int game_number = 1, std::string moves = "") const {
    OnlineMirror::Start start;
    start.options.match_length = 3;
    start.owner = "p_owner";
    start.black = "p_owner";
    start.white = "p_guest";
    start.game_number = game_number;
    start.moves = std::move(moves);
    return start;
  }
  // The server's word for `color` playing `square` as move number `ply`.
  static wire::Move move(Color color, const char* square, int ply, std::optional<wire::ClockReading> clock = {}) {
    wire::Move move;
    move.seq = ply;
    move.move.square = sq(square);
    move.move.color = color;
    move.move.ply = ply;
    move.clock = clock;
    return move;
  }
};

}  // namespace

TEST_SUITE("online mirror") {
  TEST_CASE("a game set up from the server's start is moved only by the server's moves, in order") {
    MirrorRig rig;
    REQUIRE(rig.mirror.start(rig.start()));
    CHECK(rig.mirror.colour_of("p_owner") == Color::Black);
    CHECK(rig.mirror.colour_of("p_guest") == Color::White);
    CHECK(rig.mirror.colour_of("p_nobody") == std::nullopt);
    CHECK(rig.mirror.colour_of("") == std::nullopt);
    CHECK(rig.mirror.in_play());

    REQUIRE(rig.mirror.play(MirrorRig::move(Color::Black, "f5", 1)));
    CHECK(rig.mirror.session()->game().record().cursor() == 1);
    const std::vector<GameEvent> events = rig.mirror.take_events();
    REQUIRE(!events.empty());
    CHECK(events.front().kind == EventKind::MovePlayed);
    CHECK(rig.mirror.take_events().empty());

    // A move that skips one, repeats one, or is illegal here: out of step.
    CHECK(!rig.mirror.play(MirrorRig::move(Color::Black, "d3", 3)));
    CHECK(!rig.mirror.play(MirrorRig::move(Color::Black, "f5", 1)));
    CHECK(!rig.mirror.play(MirrorRig::move(Color::White, "a1", 2)));
    CHECK(rig.mirror.session()->game().record().cursor() == 1);
    CHECK(rig.mirror.play(MirrorRig::move(Color::White, "d6", 2)));
  }

  TEST_CASE("a snapshot's moves are all on the board, with the colours of the match's game") {
    MirrorRig rig;
    OnlineMirror::Start start = rig.start(2, "f5d6c3");
    start.black = "p_guest";  // the colours swap for the match's second game
    start.white = "p_owner";
    start.score = messages::MatchScore{3, 1, 0, false};  // the owner won the first
    REQUIRE(rig.mirror.start(start));
    CHECK(rig.mirror.session()->game().record().cursor() == 3);
    CHECK(rig.mirror.colour_of("p_owner") == Color::White);
    CHECK(rig.mirror.session()->game().side_to_move() == Color::White);

    // A snapshot that cannot be a game leaves no mirror, and says so.
    CHECK(!rig.mirror.start(rig.start(1, "f5f5")));
    CHECK(rig.mirror.session() == nullptr);
    CHECK(!rig.mirror.in_play());
    CHECK(!rig.mirror.play(MirrorRig::move(Color::Black, "f5", 1)));
  }

  TEST_CASE("a game the server ended by resignation ends here with the same winner") {
    MirrorRig rig;
    REQUIRE(rig.mirror.start(rig.start()));
    rig.mirror.end_as(Color::White, EndReason::Resignation);
    REQUIRE(rig.mirror.over());
    CHECK(rig.mirror.session()->game().result().winner() == Color::White);
    rig.mirror.end_as(Color::Black, EndReason::Resignation);  // already over: nothing changes
    CHECK(rig.mirror.session()->game().result().winner() == Color::White);
  }

  TEST_CASE("the server's clock counts down from its reading, after the time it is held") {
    MirrorRig rig;
    REQUIRE(rig.mirror.start(rig.start()));
    CHECK(rig.mirror.clock() == std::nullopt);
    rig.mirror.read_clock(wire::ClockReading{Color::Black, 45, 2});
    rig.now += 1;  // still held
    CHECK(rig.mirror.clock() == std::make_pair(Color::Black, 45.0));
    rig.now += 11;
    CHECK(rig.mirror.clock() == std::make_pair(Color::Black, 35.0));
    rig.now += 100;
    CHECK(rig.mirror.clock() == std::make_pair(Color::Black, 0.0));

    // Each server move brings the next mover's reading.
    REQUIRE(rig.mirror.play(MirrorRig::move(Color::Black, "f5", 1, wire::ClockReading{Color::White, 30, 0})));
    rig.now += 5;
    CHECK(rig.mirror.clock() == std::make_pair(Color::White, 25.0));
    // A game over shows no clock.
    rig.mirror.end_as(Color::Black, EndReason::Resignation);
    CHECK(rig.mirror.clock() == std::nullopt);
  }
}

TEST_SUITE("online mirror: game clocks") {
  TEST_CASE("both banks are counted down from the server's newest reading, never wound back by an older one") {
    MirrorRig rig;
    REQUIRE(rig.mirror.start(rig.start()));
    CHECK_FALSE(rig.mirror.game_clock());  // a table without a game clock
    rig.mirror.start_game_clock(messages::online::GameClockOptions{180, 2});
    auto shown = rig.mirror.game_clock();
    REQUIRE(shown);
    CHECK(shown->black == 180);
    CHECK(shown->white == 180);
    CHECK_FALSE(shown->running);
    // The table's reading: black runs, held 2 s after a restart.
    rig.mirror.read_game_clock(wire::GameClockReading{170000, 180000, Color::Black, 5000, 2000});
    rig.now += 5;
    shown = rig.mirror.game_clock();
    CHECK(shown->black == doctest::Approx(167));  // 5 s since, the first 2 held
    CHECK(shown->white == 180);
    CHECK(shown->running == Color::Black);
    // A move: black's bank with the increment, white's now running.
    wire::Move move = MirrorRig::move(Color::Black, "f5", 1);
    move.game_clock = wire::GameClockReading{169000, 180000, Color::White, 9000, 0};
    REQUIRE(rig.mirror.play(move));
    rig.now += 1.5;
    shown = rig.mirror.game_clock();
    CHECK(shown->black == doctest::Approx(169));
    CHECK(shown->white == doctest::Approx(178.5));
    // An event replayed on coming back, read before: ignored.
    rig.mirror.read_game_clock(wire::GameClockReading{170000, 180000, Color::Black, 5000, 0});
    CHECK(rig.mirror.game_clock()->running == Color::White);
    CHECK(rig.mirror.game_clock()->white == doctest::Approx(178.5));
  }

  TEST_CASE("the banks stop when the game ends, and a fallen flag shows zero") {
    MirrorRig rig;
    REQUIRE(rig.mirror.start(rig.start()));
    rig.mirror.start_game_clock(messages::online::GameClockOptions{60, 0});
    rig.mirror.read_game_clock(wire::GameClockReading{400, 30000, Color::Black, 1000, 0});
    rig.now += 0.3;
    rig.mirror.end_as(Color::White, EndReason::Time);
    rig.now += 10;
    const auto shown = rig.mirror.game_clock();
    REQUIRE(shown);
    CHECK(shown->black == 0);
    CHECK(shown->white == doctest::Approx(30));
    CHECK_FALSE(shown->running);
    CHECK(rig.mirror.session()->game().result().reason == EndReason::Time);
    rig.mirror.reset();
    CHECK_FALSE(rig.mirror.game_clock());
  }
}
