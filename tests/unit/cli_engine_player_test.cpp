// match's external engines (cli/engine_player.h): the command line split
// into words, the game sent as GGF, and a scripted engine's move read back.
// The misbehaving engines are ctests (CMakeLists.txt, cli_match_engine_*).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cli/engine_player.h"
#include "cli/ggf.h"

namespace reversi {
namespace {

using Words = std::vector<std::string>;

TEST_CASE("engine player: a command line splits on spaces, quotes keeping theirs") {
  CHECK(*cli::split_command_line("reversi-cli nboard --player hard-v1").value ==
        Words{"reversi-cli", "nboard", "--player", "hard-v1"});
  CHECK(*cli::split_command_line("  sh   -c 'echo a  b' \"x y\"z ").value == Words{"sh", "-c", "echo a  b", "x yz"});
  CHECK(*cli::split_command_line("a '' b").value == Words{"a", "", "b"});
  CHECK(cli::split_command_line("").value->empty());
  CHECK(cli::split_command_line("sh -c 'echo").error == "a ' is not closed");
}

TEST_CASE("engine player: the game goes out as GGF that reads back the same, passes and all") {
  cli::GgfGame game;
  for (const char* name : {"f5", "d6", "c3", "d3", "c4"}) {
    const Square square = *parse_square(name).value;
    game.moves.push_back(square);
    game.final_position = play(game.final_position, square);
  }
  const std::string text = cli::format_ggf(game);
  CHECK(text.rfind("(;GM[Othello]PC[reversi-cli]TY[8]BO[8 ", 0) == 0);
  CHECK(text.find("B[F5]W[D6]B[C3]W[D3]B[C4];)") != std::string::npos);
  const auto back = cli::parse_ggf(text);
  REQUIRE_MESSAGE(back, back.error);
  CHECK(back.value->moves == game.moves);
  CHECK(back.value->final_position == game.final_position);

  // A game from a set-up position where Black must pass: "PA".
  const auto stuck = parse_position(std::string(62, 'O') + "X- X");
  REQUIRE(stuck);
  REQUIRE_FALSE(legal_moves(stuck.value->board));
  cli::GgfGame passing{*stuck.value, {kPass}, play(*stuck.value, kPass)};
  const std::string passing_text = cli::format_ggf(passing);
  CHECK(passing_text.find("O*- *]B[PA];)") != std::string::npos);
  const auto passing_back = cli::parse_ggf(passing_text);
  REQUIRE_MESSAGE(passing_back, passing_back.error);
  CHECK(passing_back.value->final_position == passing.final_position);
}

#ifndef __EMSCRIPTEN__
// A scripted engine in sh: it names itself, answers "ping" (after a stray
// "=== A1", as if left from an earlier "go"), and plays F5 with its eval and
// time written NBoard's way.
constexpr const char* kScriptedEngine =
    "sh -c 'while read -r c r; do case $c in nboard) echo \"set myname Scripted\";; "
    "ping) echo \"=== A1\"; echo \"pong $r\";; go) echo status thinking; echo \"=== F5/-1.00/0.5\";; "
    "quit) exit 0;; esac; done'";

// The engine's answer to the opening position, told as a game.
SearchReport opening_move(cli::Player& engine) {
  cli::GgfGame game;
  engine.follow_game(game);
  return engine.choose_move(game.final_position.board, SearchLimits{.seconds = 0.01});
}

TEST_CASE("engine player: an engine's move is read back, under the name it gave, stray lines skipped") {
  auto player = cli::start_engine_player(kScriptedEngine);
  REQUIRE_MESSAGE(player, player.error);
  cli::Player& engine = **player.value;
  CHECK(engine.name() == "engine:Scripted");
  CHECK_FALSE(engine.in_process());
  CHECK(opening_move(engine).move == *parse_square("f5").value);
  CHECK_FALSE(engine.failure());
}

// An engine that loses what it is sent while it starts, as Edax does: it
// drops its first two lines ("nboard 2" and the first ping) unread.
constexpr const char* kSlowStartingEngine =
    "sh -c 'read -r a; read -r b; while read -r c r; do case $c in ping) echo \"pong $r\";; "
    "go) echo \"=== D3\";; esac; done'";

TEST_CASE("engine player: an engine that misses its first ping is asked again, and its game goes on") {
  auto player = cli::start_engine_player(kSlowStartingEngine);
  REQUIRE_MESSAGE(player, player.error);
  cli::Player& engine = **player.value;
  // Asked again after its first ping was lost, it answered; its move follows.
  CHECK(opening_move(engine).move == *parse_square("d3").value);
  CHECK_FALSE(engine.failure());
}

TEST_CASE("engine player: a program that cannot start, or quits at once, says so") {
  const auto missing = cli::start_engine_player("/nonexistent/engine --flag");
  REQUIRE_FALSE(missing);
  CHECK(missing.error == "cannot start '/nonexistent/engine': No such file or directory");
  const auto quitting = cli::start_engine_player("sh -c 'exit 4'");
  REQUIRE_FALSE(quitting);
  // Gone before or after reading "nboard 2": either way its exit status.
  CHECK(quitting.error.find("(exit status 4)") != std::string::npos);
  CHECK(cli::start_engine_player("sh -c 'echo").error == "engine command line: a ' is not closed");
}
#endif

}  // namespace
}  // namespace reversi
