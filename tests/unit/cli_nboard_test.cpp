// reversi-cli nboard: the protocol parser, GGF games, and whole scripted
// sessions fed through the same loop as stdin.
#include <doctest/doctest.h>

#include <cctype>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ai/computer.h"
#include "ai_test_support.h"
#include "cli/commands.h"
#include "cli/ggf.h"
#include "cli/line_input.h"
#include "cli/nboard_protocol.h"
#include "cli/nboard_session.h"
#include "cli/players.h"

#ifndef __EMSCRIPTEN__
#include <unistd.h>
#endif

namespace reversi {
namespace {

using Kind = cli::NboardCommand::Kind;

constexpr const char* kGame =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]"
    "W[F4];)";

ClockSource stepping_clock(double step) {
  auto now = std::make_shared<double>(0);
  return [=] { return *now += step; };
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST_CASE("nboard: commands parse, and bad arguments say why") {
  auto kind = [](const char* line) { return cli::parse_nboard_command(line).value->kind; };
  CHECK(kind("") == Kind::Empty);
  CHECK(kind("   ") == Kind::Empty);
  CHECK(kind("go") == Kind::Go);
  CHECK(kind("learn") == Kind::Learn);
  CHECK(kind("analyze") == Kind::Analyze);
  CHECK(kind("quit") == Kind::Quit);
  CHECK(kind("set contempt 100") == Kind::SetContempt);
  CHECK(cli::parse_nboard_command("nboard 2").value->number == 2);
  CHECK(cli::parse_nboard_command("set depth 12").value->number == 12);
  CHECK(cli::parse_nboard_command("hint 3").value->number == 3);
  CHECK(cli::parse_nboard_command("ping 41").value->number == 41);
  CHECK(cli::parse_nboard_command("move F5").value->square == square_at(5, 4));
  CHECK(cli::parse_nboard_command("move f5/-1.00/2.5").value->square == square_at(5, 4));
  CHECK(cli::parse_nboard_command("move PA").value->square == kPass);
  CHECK(cli::parse_nboard_command("D3").value->square == square_at(3, 2));  // NBoard 1.1's bare move
  CHECK(kind("set colour blue") == Kind::Unknown);
  CHECK(kind("newcommand 1 2") == Kind::Unknown);

  const auto bad_depth = cli::parse_nboard_command("set depth deep");
  REQUIRE_FALSE(bad_depth);
  CHECK(bad_depth.error == "the depth must be a whole number from 1 to 60, not 'deep'");
  CHECK_FALSE(cli::parse_nboard_command("set depth 0"));
  CHECK_FALSE(cli::parse_nboard_command("ping"));
  CHECK_FALSE(cli::parse_nboard_command("hint 0"));
  const auto bad_move = cli::parse_nboard_command("move Z9");
  REQUIRE_FALSE(bad_move);
  CHECK(bad_move.error == "'Z9' is not a move");
  CHECK_FALSE(cli::parse_nboard_command("set game (;GM[Othello]B[F5];)"));
}

TEST_CASE("nboard: GGF games replay to their final position, and bad ones are refused") {
  const auto game = cli::parse_ggf(kGame);
  REQUIRE_MESSAGE(game, game.error);
  CHECK(game.value->start == Position::start());
  CHECK(game.value->moves.size() == 8);
  CHECK(game.value->final_position == replay_transcript("f5f6d3c5e6f7e7f4").replay->final_position);
  const auto with_notes = cli::parse_ggf("(;GM[Othello]C[a \\] in a comment]BO[8 " + std::string(27, '-') +
                                         "O*------*O" + std::string(27, '-') + " *]B[f5/1.5/0.2]W[d6//3];)");
  REQUIRE_MESSAGE(with_notes, with_notes.error);
  CHECK(with_notes.value->moves.size() == 2);

  // A pass, written "PA" or left out, where the side to move has no move.
  std::mt19937_64 random(5);
  Board stuck;
  do stuck = testing::random_position(random, static_cast<int>(random() % 40));
  while (legal_moves(stuck) || !legal_moves(after_pass(stuck)));
  std::string squares = format_position(Position{stuck, Color::Black}).substr(0, 64);
  for (char& c : squares) c = c == 'X' ? '*' : c;
  const std::string reply = square_name(first_square(legal_moves(after_pass(stuck))));
  const auto written = cli::parse_ggf("(;BO[8 " + squares + " *]B[PA]W[" + reply + "];)");
  REQUIRE_MESSAGE(written, written.error);
  const auto left_out = cli::parse_ggf("(;BO[8 " + squares + " *]W[" + reply + "];)");
  REQUIRE_MESSAGE(left_out, left_out.error);
  CHECK(left_out.value->moves == written.value->moves);
  CHECK(written.value->moves.front() == kPass);
  CHECK(cli::parse_ggf("(;BO[8 " + squares + " O]B[PA];)").error == "move 1 is out of turn");

  CHECK(cli::parse_ggf("GM[Othello]").error == "a GGF game starts with \"(;\"");
  CHECK(cli::parse_ggf("(;GM[Othello]B[F5];)").error == "a move comes before the board (BO)");
  CHECK(cli::parse_ggf("(;GM[Othello];)").error == "the game has no board (BO)");
  CHECK(cli::parse_ggf("(;BO[8 " + std::string(27, '-') + "O*------*O" + std::string(27, '-') + " *]B[A1];)").error ==
        "move 1: A1 is not legal there");
  CHECK(cli::parse_ggf("(;BO[8 " + std::string(27, '-') + "O*------*O" + std::string(27, '-') + " *]W[F5];)").error ==
        "move 1 is out of turn");
  CHECK_FALSE(cli::parse_ggf("(;GM[Othello"));
  CHECK_FALSE(cli::parse_ggf("(;BO[7 ---];)"));
}

TEST_CASE("nboard: the engine's move line") {
  CHECK(cli::nboard_move_line(square_at(3, 5), -1, 0.53) == "=== D6 -1.00 0.5");
  CHECK(cli::nboard_move_line(kPass, 0, 0) == "=== PA 0.00 0.0");
}

// A whole session as NBoard runs one, through the loop that reads stdin,
// with the pondering between commands on a fake clock.
TEST_CASE("nboard: a scripted session answers every command in turn") {
  std::istringstream script(std::string("nboard 2\n"
                                        "set depth 6\n"
                                        "set game ") +
                            kGame +
                            "\n"
                            "ping 1\n"
                            "go\n"
                            "hint 2\n"
                            "move D6\n"
                            "move A1\n"
                            "bogus command\n"
                            "ping 2\n"
                            "go\n"
                            "learn\n"
                            "quit\n"
                            "ping 3\n");
  std::ostringstream out, errors;
  cli::NboardSession session(cli::NboardOptions{0.2, 8}, out, errors);
  session.set_clock(stepping_clock(1e-3));
  cli::ScriptedLineInput input(script, 3);
  CHECK(cli::run_nboard_loop(input, session, errors) == 0);

  const std::vector<std::string> lines = lines_of(out.str());
  REQUIRE(lines.size() >= 10);
  CHECK(lines[0] == "set myname ReversiHard");
  CHECK(lines[1] == "pong 1");
  CHECK(lines[2] == "status Hard is thinking");
  REQUIRE(lines[3].rfind("=== ", 0) == 0);
  const Position before = replay_transcript("f5f6d3c5e6f7e7f4").replay->final_position;
  const auto first_move = parse_square(lines[3].substr(4, 2));
  REQUIRE(first_move);
  CHECK((legal_moves(before.board) & bit(*first_move.value)) != 0);
  CHECK(lines[4] == "status Hard is thinking");
  CHECK(lines[5].rfind("search ", 0) == 0);
  CHECK(lines[6].rfind("search ", 0) == 0);
  CHECK(lines[7] == "status");
  CHECK(lines[8] == "pong 2");
  REQUIRE(lines[10].rfind("=== ", 0) == 0);
  const Position after = replay_transcript("f5f6d3c5e6f7e7f4d6").replay->final_position;
  const auto second_move = parse_square(lines[10].substr(4, 2));
  REQUIRE(second_move);
  CHECK((legal_moves(after.board) & bit(*second_move.value)) != 0);
  CHECK(lines[11] == "learned");
  CHECK(lines.size() == 12);           // nothing after "quit"
  CHECK(session.position() == after);  // the refused A1 changed nothing
  CHECK(errors.str().find("A1 is not legal") != std::string::npos);
  CHECK(errors.str().find("ignoring 'bogus command'") != std::string::npos);
}

// --player: any player make_player knows plays the session, under its own
// name, and its moves are legal.
TEST_CASE("nboard: another player plays the session under its own name") {
  for (const char* name : {"easy", "medium"}) {
    CAPTURE(name);
    std::istringstream script(std::string("nboard 2\nset game ") + kGame + "\ngo\nquit\n");
    std::ostringstream out, errors;
    cli::NboardSession session(cli::NboardOptions{0.05, 8}, cli::make_player(name, {.table_megabytes = 8}), out,
                               errors);
    session.set_clock(stepping_clock(1e-3));
    cli::ScriptedLineInput input(script, 2);
    CHECK(cli::run_nboard_loop(input, session, errors) == 0);
    const std::vector<std::string> lines = lines_of(out.str());
    REQUIRE(lines.size() == 3);
    std::string display = name;
    display[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(display[0])));
    CHECK(lines[0] == "set myname Reversi" + display);
    CHECK(lines[1] == "status " + display + " is thinking");
    REQUIRE(lines[2].rfind("=== ", 0) == 0);
    const auto move = parse_square(lines[2].substr(4, 2));
    REQUIRE(move);
    const Position before = replay_transcript("f5f6d3c5e6f7e7f4").replay->final_position;
    CHECK((legal_moves(before.board) & bit(*move.value)) != 0);
    CHECK(errors.str().empty());
  }
}

// --move-seconds: each "go" writes its move's time on the session's clock
// (here a clock that steps a millisecond a reading) to the errors stream, a
// line a move; without it the stream stays empty (the case above).
TEST_CASE("nboard: --move-seconds writes each move's time on the player's clock") {
  std::istringstream script(std::string("nboard 2\nset game ") + kGame + "\ngo\ngo\nquit\n");
  std::ostringstream out, errors;
  cli::NboardSession session(cli::NboardOptions{0.05, 8, true}, out, errors);
  session.set_clock(stepping_clock(1e-3));
  cli::ScriptedLineInput input(script, 2);
  CHECK(cli::run_nboard_loop(input, session, errors) == 0);
  const std::vector<std::string> logged = lines_of(errors.str());
  REQUIRE(logged.size() == 2);
  const std::string prefix = "reversi-cli nboard: move seconds ";
  for (const std::string& line : logged) {
    CAPTURE(line);
    REQUIRE(line.rfind(prefix, 0) == 0);
    const double seconds = std::stod(line.substr(prefix.size()));
    // Hard thinks until the 0.05 s budget is spent, a few readings past it at most.
    CHECK(seconds >= 0.045);
    CHECK(seconds < 0.1);
  }
}

TEST_CASE("nboard: an unknown --player is refused before the session starts") {
  char command[] = "--player", name[] = "grandmaster";
  char* arguments[] = {command, name};
  CHECK(cli::run_nboard(2, arguments) == 2);
}

TEST_CASE("nboard: near the end the session solves while waiting, and its move is exact") {
  // 16 empties: the pondering between commands solves the position and
  // the replies, so "go" answers with the exact score at once.
  const std::string board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";
  std::string ggf_board = board;
  for (char& c : ggf_board) c = c == 'X' ? '*' : c;
  std::istringstream script("set game (;GM[Othello]BO[8 " + ggf_board + " *];)\ngo\n");
  std::ostringstream out, errors;
  cli::NboardSession session(cli::NboardOptions{0.01, 8}, out, errors);
  session.set_clock(stepping_clock(1e-3));
  cli::ScriptedLineInput input(script, 400);
  CHECK(cli::run_nboard_loop(input, session, errors) == 0);
  CHECK_FALSE(session.ponder(0.05));  // nothing left to think about
  const std::vector<std::string> lines = lines_of(out.str());
  REQUIRE(lines.size() == 2);
  CHECK(lines[1].rfind("=== G8 18.00", 0) == 0);  // FFO #1: G8 wins by 18
}

#ifndef __EMSCRIPTEN__
TEST_CASE("nboard: stdin lines over the cap are dropped, and the rest still read") {
  int pipe_ends[2];
  REQUIRE(::pipe(pipe_ends) == 0);
  const std::string text = "ping 1\n" + std::string(cli::kMaxProtocolLineLength + 10, 'x') + "\nping 2\r\nlast";
  // Written a chunk at a time and read as it comes, as from a GUI.
  cli::DescriptorLineInput input(pipe_ends[0]);
  std::vector<std::string> got;
  std::vector<cli::LineInput::Status> statuses;
  std::size_t written = 0;
  for (int guard = 0; guard < 100000; ++guard) {
    if (written < text.size()) {
      const std::size_t chunk = std::min<std::size_t>(4096, text.size() - written);
      REQUIRE(::write(pipe_ends[1], text.data() + written, chunk) == static_cast<ssize_t>(chunk));
      written += chunk;
      if (written == text.size()) ::close(pipe_ends[1]);
    }
    std::string line;
    const cli::LineInput::Status status = input.poll_line(line);
    if (status == cli::LineInput::Status::NotYet) continue;
    statuses.push_back(status);
    got.push_back(line);
    if (status == cli::LineInput::Status::End) break;
  }
  ::close(pipe_ends[0]);
  REQUIRE(statuses.size() == 5);
  CHECK(statuses[0] == cli::LineInput::Status::Line);
  CHECK(got[0] == "ping 1");
  CHECK(statuses[1] == cli::LineInput::Status::TooLong);
  CHECK(statuses[2] == cli::LineInput::Status::Line);
  CHECK(got[2] == "ping 2");
  CHECK(got[3] == "last");
  CHECK(statuses[4] == cli::LineInput::Status::End);
}
#endif

}  // namespace
}  // namespace reversi
