// reversi-cli's --json lines (src/cli/cli_lines.h), byte for byte: one of
// each, against the text the hand-built JSON printed before them (main at
// 92ba441; perft's keys then came in another order). bench/ scripts and the
// ctest checks in CMakeLists.txt read these lines; a change here changes
// what they read.
#include "cli/cli_lines.h"

#include <doctest/doctest.h>

#include "engine/notation.h"

using namespace reversi;
namespace lines = reversi::cli::lines;

namespace {

template <class Line>
std::string text_of(const Line& line) {
  return messages::fields::to_json(line).dump();
}

Square square(const char* name) { return *parse_square(name).value; }

}  // namespace

TEST_CASE("cli lines: perft, move and its total") {
  CHECK(text_of(lines::Perft{11, 1'048'576, 1.5, 699'051, "avx2"}) ==
        R"({"depth":11,"kernel":"avx2","leaves":1048576,"leaves_per_second":699051,"seconds":1.5})");
  const SearchReport report{square("d3"), -2, 7, false, 12'345, 0.25};
  CHECK(text_of(lines::MoveAnswer{report, "hard", "position text"}) ==
        R"({"depth":7,"exact":false,"level":"hard","move":"d3","nodes":12345,"position":"position text",)"
        R"("score":-2,"seconds":0.25})");
  const SearchReport over{kNoMove, 64, 0, true, 1, 0};
  CHECK(text_of(lines::MoveAnswer{over, "easy", "x"}) ==
        R"({"depth":0,"exact":true,"level":"easy","move":"none","nodes":1,"position":"x","score":64,"seconds":0.0})");
  // Without --ponder and without published scores: neither part is there.
  CHECK(text_of(lines::MoveTotal{19, 3, 0.125, 0.5, std::nullopt, std::nullopt}) ==
        R"({"exact":3,"max_seconds":0.5,"median_seconds":0.125,"positions":19,"total":true})");
  CHECK(text_of(lines::MoveTotal{4, 2, 0.25, 0.5, 1, lines::MoveTotal::BestMoves{4, 3, 75, 5.5}}) ==
        R"({"best_move_ci95":5.5,"best_move_percent":75.0,"best_moves":3,"exact":2,"max_seconds":0.5,)"
        R"("median_seconds":0.25,"ponders_solved":1,"positions":4,"scored":4,"total":true})");
}

TEST_CASE("cli lines: solve and bench") {
  CHECK(text_of(lines::SolvedPosition{1, 20, square("g8"), 18, 1000, 12.5, 12.0, 80000.0, 18}) ==
        R"({"agrees":true,"cpu_ms":12.0,"empties":20,"expected":18,"index":1,"move":"g8","ms":12.5,"nodes":1000,)"
        R"("nodes_per_second":80000.0,"score":18})");
  CHECK(text_of(lines::SolvedPosition{2, 14, kPass, -4, 10, 0.5, 0.5, 20000.0, std::nullopt}) ==
        R"({"agrees":false,"cpu_ms":0.5,"empties":14,"expected":null,"index":2,"move":"pass","ms":0.5,"nodes":10,)"
        R"("nodes_per_second":20000.0,"score":-4})");
  CHECK(text_of(lines::SolveTotal{19, 18, 19, 123'456, 2.5, 2.25, 49382.4}) ==
        R"({"agree":18,"cpu_seconds":2.25,"nodes":123456,"nodes_per_second":49382.4,"positions":19,"published":19,)"
        R"("seconds":2.5,"total":true})");
  CHECK(text_of(lines::BenchSearch{"endgame", 3, 98'765, 41.5, -6}) ==
        R"({"index":3,"kind":"endgame","ms":41.5,"nodes":98765,"score":-6})");
  CHECK(text_of(lines::BenchTotal{3'031'587, 1.25, 2425269.6}) ==
        R"({"nodes_per_second":2425269.6,"seconds":1.25,"signature":3031587})");
}

TEST_CASE("cli lines: a match's games and its summary") {
  CHECK(text_of(lines::MatchGame{1, "f5d6c3", "hard", "medium", 12, std::nullopt}) ==
        R"({"black":"hard","black_margin":12,"game":1,"opening":"f5d6c3","white":"medium"})");
  CHECK(text_of(lines::MatchGame{2, "f5", "engine:x", "hard", -64,
                                 lines::MatchForfeit{"b", "no_answer", "engine:x gave no move within 5.1 s"}}) ==
        R"({"black":"engine:x","black_margin":-64,"forfeit":{"kind":"no_answer","loser":"b",)"
        R"("message":"engine:x gave no move within 5.1 s"},"game":2,"opening":"f5","white":"hard"})");

  lines::MatchSide a;
  a.level = "hard";
  a.seconds = 0.5;
  a.wins = 3;
  a.draws = 1;
  a.losses = 0;
  a.average_margin = 9.5;
  a.margin_ci95 = 2.25;
  a.points_percent = 87.5;
  a.points_ci95 = 12.5;
  a.median_move_seconds = 0.5;
  a.mean_move_seconds = 0.375;
  a.max_move_seconds = 0.75;
  a.max_move_cpu_seconds = 0.625;
  lines::MatchSide b = a;
  b.level = "engine:ReversiHard";
  b.average_margin = -9.5;
  b.max_move_cpu_seconds.reset();  // another process: not measured
  b.forfeits.no_answer = 2;
  const lines::MatchSummary summary{4, 7, 2, "", 0.5, false, true, false, a, b};
  CHECK(text_of(summary) ==
        R"({"a":{"average_margin":9.5,"draws":1,"forfeits":{"bad_answer":0,"exited":0,"illegal_move":0,"no_answer":0},)"
        R"("level":"hard","losses":0,"margin_ci95":2.25,"max_move_cpu_seconds":0.625,"max_move_seconds":0.75,)"
        R"("mean_move_seconds":0.375,"median_move_seconds":0.5,"points_ci95":12.5,"points_percent":87.5,"seconds":0.5,)"
        R"("wins":3},"b":{"average_margin":-9.5,"draws":1,"forfeits":{"bad_answer":0,"exited":0,"illegal_move":0,)"
        R"("no_answer":2},"level":"engine:ReversiHard","losses":0,"margin_ci95":2.25,"max_move_cpu_seconds":null,)"
        R"("max_move_seconds":0.75,"mean_move_seconds":0.375,"median_move_seconds":0.5,"points_ci95":12.5,)"
        R"("points_percent":87.5,"seconds":0.5,"wins":3},"b_without_cuts":false,"cpu_time":true,"games":4,)"
        R"("openings":2,"openings_file":"","per_move":false,"seconds":0.5,"seed":7})");
}
