// match's fixed openings and fresh-per-move players (cli/match_openings.h).
// The whole command with them runs as ctests (CMakeLists.txt,
// cli_match_openings*, cli_match_per_move).
#include <doctest/doctest.h>

#include <string>

#include "cli/match_openings.h"

namespace reversi {
namespace {

TEST_CASE("match openings: one transcript a line, comments, blanks and notes after it skipped") {
  const auto openings = cli::parse_openings(
      "# XOT-style openings\n"
      "\n"
      "f5d6c3d3\t---- X; value +1\n"
      "  f5f6e6f4  # parallel\r\n"
      "f5d6");
  REQUIRE(openings);
  REQUIRE(openings.value->size() == 3);
  CHECK(format_transcript((*openings.value)[0]) == "f5d6c3d3");
  CHECK(format_transcript((*openings.value)[1]) == "f5f6e6f4");
  CHECK(format_transcript((*openings.value)[2]) == "f5d6");
}

TEST_CASE("match openings: a transcript that does not replay is refused with its line") {
  const auto bad = cli::parse_openings("f5d6\nf5f5\n");
  REQUIRE_FALSE(bad);
  CHECK(bad.error.rfind("line 2: ", 0) == 0);
  CHECK(cli::parse_openings("# nothing\n\n").error == "no openings");
  CHECK(cli::read_openings_file("/nonexistent/openings.txt").error == "cannot read /nonexistent/openings.txt");
}

TEST_CASE("match openings: a fresh player moves legally every time and keeps its name") {
  CHECK(cli::make_fresh_player("nobody", {}) == nullptr);
  const auto player = cli::make_fresh_player("medium", {});
  REQUIRE(player);
  CHECK(player->name() == cli::make_player("medium")->name());
  const Position position = replay_transcript("f5d6c3").replay->final_position;
  SearchLimits limits;
  limits.seconds = 0.01;
  for (int move = 0; move < 2; ++move) {
    const SearchReport report = player->choose_move(position.board, limits);
    CHECK((legal_moves(position.board) & bit(report.move)) != 0);
  }
}

}  // namespace
}  // namespace reversi
