// The lines `reversi-cli perft|solve|move|match|bench --json` print, each
// described once like the protocol's messages (messages/message_fields.h)
// and written by its JsonWriter, so every command's JSON has one spelling
// of a move, a score or a count (bot_lines.h does the same for `bot`).
// Their keys are the figures' names in bench/ and docs/tuning.md, which
// read them; tests/unit/cli_lines_test.cpp holds one of each byte for byte.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "ai/computer.h"
#include "cli/cli_support.h"
#include "messages/message_fields.h"

namespace reversi::cli::lines {

namespace fields = messages::fields;

// A count of nodes or leaves, a game's number, a whole figure.
inline constexpr fields::Whole kCount{0, std::numeric_limits<std::int64_t>::max()};
// A score or a margin in discs.
inline constexpr fields::Whole kDiscs{-64, 64};
// Seconds, milliseconds, rates, percentages and means, written as measured
// (header-only, like the other rules here: the wasm reversi-cli links no
// message library).
struct Measure {
  messages::Json write(double value) const { return value; }
};
inline constexpr Measure kMeasure{};
inline constexpr Measure kSignedMeasure{};
inline constexpr fields::Text kName{4096};

// A move as the CLI writes it: a square, "pass", or "none" (no move).
struct MoveName {
  messages::Json write(Square move) const { return move_name(move); }
};

// perft.
struct Perft {
  int depth = 0;
  std::uint64_t leaves = 0;
  double seconds = 0;
  std::uint64_t leaves_per_second = 0;
  std::string kernel;
};

// A search's report: move and solve use the same six fields.
template <class Fields>
void describe_report(Fields& v, SearchReport& report) {
  v.field("move", report.move, MoveName{});
  v.field("score", report.score, kDiscs);
  v.field("depth", report.depth, kCount);
  v.field("exact", report.exact, fields::Flag{});
  v.field("nodes", report.nodes, kCount);
  v.field("seconds", report.seconds, kMeasure);
}

// move: one position's answer, and the total over a file.
struct MoveAnswer {
  SearchReport report;
  std::string level;
  std::string position;
};
struct MoveTotal {
  int positions = 0;
  int exact = 0;
  double median_seconds = 0;
  double max_seconds = 0;
  std::optional<int> ponders_solved;  // with --ponder
  // Where the file publishes move scores: how often the best was kept.
  struct BestMoves {
    int scored = 0;
    int kept = 0;
    double percent = 0;
    double ci95 = 0;  // the 95 % interval's half-width, in percent
  };
  std::optional<BestMoves> best_moves;
};

// solve: one position, and the total.
struct SolvedPosition {
  int index = 0;
  int empties = 0;
  Square move = kNoMove;
  int score = 0;
  std::uint64_t nodes = 0;
  double ms = 0;
  double cpu_ms = 0;
  double nodes_per_second = 0;
  std::optional<int> expected;  // the file's published score
};
struct SolveTotal {
  int positions = 0;
  int agree = 0;
  int published = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  double cpu_seconds = 0;
  double nodes_per_second = 0;
};

// bench: one search, and the signature.
struct BenchSearch {
  std::string kind;  // "endgame" or "midgame"
  int index = 0;
  std::uint64_t nodes = 0;
  double ms = 0;
  int score = 0;
};
struct BenchTotal {
  std::uint64_t signature = 0;
  double seconds = 0;
  double nodes_per_second = 0;
};

// match: one game, each side's figures, and the summary.
struct MatchForfeit {
  std::string loser;  // "a" or "b"
  std::string kind;   // PlayerFailure::kind
  std::string message;
};
struct MatchGame {
  long long game = 0;
  std::string opening;
  std::string black, white;
  int black_margin = 0;
  std::optional<MatchForfeit> forfeit;
};
struct MatchForfeits {
  int illegal_move = 0, bad_answer = 0, exited = 0, no_answer = 0;
  bool operator==(const MatchForfeits&) const = default;
};
struct MatchSide {
  std::string level;
  double seconds = 0;
  int wins = 0, draws = 0, losses = 0;
  double average_margin = 0, margin_ci95 = 0;
  double points_percent = 0, points_ci95 = 0;
  double median_move_seconds = 0, mean_move_seconds = 0, max_move_seconds = 0;
  std::optional<double> max_move_cpu_seconds;  // none for an engine in another process
  MatchForfeits forfeits;
  bool operator==(const MatchSide&) const = default;
};
struct MatchSummary {
  int games = 0;
  std::uint64_t seed = 0;
  std::size_t openings = 0;
  std::string openings_file;
  double seconds = 0;
  bool b_without_cuts = false, cpu_time = false, per_move = false;
  MatchSide a, b;
};

template <class Fields>
void describe(Fields& v, Perft& line) {
  v.field("depth", line.depth, kCount);
  v.field("leaves", line.leaves, kCount);
  v.field("seconds", line.seconds, kMeasure);
  v.field("leaves_per_second", line.leaves_per_second, kCount);
  v.field("kernel", line.kernel, kName);
}
template <class Fields>
void describe(Fields& v, MoveAnswer& line) {
  describe_report(v, line.report);
  v.field("level", line.level, kName);
  v.field("position", line.position, kName);
}
template <class Fields>
void describe(Fields& v, MoveTotal& line) {
  v.derived("total", true);
  v.field("positions", line.positions, kCount);
  v.field("exact", line.exact, kCount);
  v.field("median_seconds", line.median_seconds, kMeasure);
  v.field("max_seconds", line.max_seconds, kMeasure);
  v.optional("ponders_solved", line.ponders_solved, kCount);
  if (line.best_moves) {
    v.field("scored", line.best_moves->scored, kCount);
    v.field("best_moves", line.best_moves->kept, kCount);
    v.field("best_move_percent", line.best_moves->percent, kMeasure);
    v.field("best_move_ci95", line.best_moves->ci95, kMeasure);
  }
}
template <class Fields>
void describe(Fields& v, SolvedPosition& line) {
  v.field("index", line.index, kCount);
  v.field("empties", line.empties, kCount);
  v.field("move", line.move, MoveName{});
  v.field("score", line.score, kDiscs);
  v.field("nodes", line.nodes, kCount);
  v.field("ms", line.ms, kMeasure);
  v.field("cpu_ms", line.cpu_ms, kMeasure);
  v.field("nodes_per_second", line.nodes_per_second, kMeasure);
  v.optional("expected", line.expected, kDiscs, fields::Absent::Null);
  v.derived("agrees", line.expected && *line.expected == line.score);
}
template <class Fields>
void describe(Fields& v, SolveTotal& line) {
  v.derived("total", true);
  v.field("positions", line.positions, kCount);
  v.field("agree", line.agree, kCount);
  v.field("published", line.published, kCount);
  v.field("nodes", line.nodes, kCount);
  v.field("seconds", line.seconds, kMeasure);
  v.field("cpu_seconds", line.cpu_seconds, kMeasure);
  v.field("nodes_per_second", line.nodes_per_second, kMeasure);
}
template <class Fields>
void describe(Fields& v, BenchSearch& line) {
  v.field("kind", line.kind, kName);
  v.field("index", line.index, kCount);
  v.field("nodes", line.nodes, kCount);
  v.field("ms", line.ms, kMeasure);
  v.field("score", line.score, kDiscs);
}
template <class Fields>
void describe(Fields& v, BenchTotal& line) {
  v.field("signature", line.signature, kCount);
  v.field("seconds", line.seconds, kMeasure);
  v.field("nodes_per_second", line.nodes_per_second, kMeasure);
}
template <class Fields>
void describe(Fields& v, MatchForfeit& forfeit) {
  v.field("loser", forfeit.loser, fields::Text{1});
  v.field("kind", forfeit.kind, kName);
  v.field("message", forfeit.message, kName);
}
template <class Fields>
void describe(Fields& v, MatchGame& line) {
  v.field("game", line.game, kCount);
  v.field("opening", line.opening, kName);
  v.field("black", line.black, kName);
  v.field("white", line.white, kName);
  v.field("black_margin", line.black_margin, kDiscs);
  v.optional("forfeit", line.forfeit, fields::Described{});
}
template <class Fields>
void describe(Fields& v, MatchForfeits& forfeits) {
  v.field("illegal_move", forfeits.illegal_move, kCount);
  v.field("bad_answer", forfeits.bad_answer, kCount);
  v.field("exited", forfeits.exited, kCount);
  v.field("no_answer", forfeits.no_answer, kCount);
}
template <class Fields>
void describe(Fields& v, MatchSide& side) {
  v.field("level", side.level, kName);
  v.field("seconds", side.seconds, kMeasure);
  v.field("wins", side.wins, kCount);
  v.field("draws", side.draws, kCount);
  v.field("losses", side.losses, kCount);
  v.field("average_margin", side.average_margin, kSignedMeasure);
  v.field("margin_ci95", side.margin_ci95, kMeasure);
  v.field("points_percent", side.points_percent, kMeasure);
  v.field("points_ci95", side.points_ci95, kMeasure);
  v.field("median_move_seconds", side.median_move_seconds, kMeasure);
  v.field("mean_move_seconds", side.mean_move_seconds, kMeasure);
  v.field("max_move_seconds", side.max_move_seconds, kMeasure);
  v.optional("max_move_cpu_seconds", side.max_move_cpu_seconds, kMeasure, fields::Absent::Null);
  v.field("forfeits", side.forfeits, fields::Described{});
}
template <class Fields>
void describe(Fields& v, MatchSummary& line) {
  v.field("games", line.games, kCount);
  v.field("seed", line.seed, kCount);
  v.field("openings", line.openings, kCount);
  v.field("openings_file", line.openings_file, kName);
  v.field("seconds", line.seconds, kMeasure);
  v.field("b_without_cuts", line.b_without_cuts, fields::Flag{});
  v.field("cpu_time", line.cpu_time, fields::Flag{});
  v.field("per_move", line.per_move, fields::Flag{});
  v.field("a", line.a, fields::Described{});
  v.field("b", line.b, fields::Described{});
}

// Prints `line`'s JSON on a line of its own.
template <class Line>
void print(const Line& line) {
  print_json_line(fields::to_json(line));
}

}  // namespace reversi::cli::lines
