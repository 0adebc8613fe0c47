// egaroucid-web-nboard: Egaroucid's web engine (the search and small
// evaluation its site compiles to WebAssembly, src/web/ of its sources)
// built natively and spoken to over NBoard's protocol, so that
// `reversi-cli match` can play Hard against it. bench/anchors.sh compiles
// this file with that folder on the include path; nothing of Egaroucid is in
// this tree. The engine is GPL-3.0-or-later: so is any binary built from this
// file with it.
//
//   egaroucid-web-nboard [--level N] [--no-book]
//       NBoard on stdin/stdout: "nboard", "ping N", "set game GGF", "move SQ",
//       "go" (answered "=== SQ/VALUE/SECONDS"), "quit"; other commands are
//       ignored. The search is the web page's: a fixed level (15 by default:
//       15 plies of midgame with probable cuts, exact from 22 empties), one
//       thread, its built-in opening book unless --no-book. Each move's
//       processor and wall seconds go to stderr ("...: move cpu S wall S").
//   egaroucid-web-nboard --solve FILE [--count N]
//       Solves the first N positions of an OBF file ("<64 squares> X|O;"),
//       exactly (level 60, no probable cuts, no book), and prints one line per
//       position with its value, move and processor and wall seconds, then
//       the totals.
//
// Written for this project from reading the engine's headers; the calls
// mirror what its Egaroucid_for_Web.cpp does at start-up and per move.
#include <cstdint>

// The engine's timing lines take max(1ULL, uint64_t), one type under
// Emscripten but two on 64-bit Linux, where uint64_t is unsigned long: this
// overload lets them compile natively.
inline unsigned long long max(unsigned long long a, unsigned long b) { return a > b ? a : b; }

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>

#include "ai.hpp"

namespace anchor {

constexpr int kSolveLevel = 60;

// The position the engine is asked about: Egaroucid's Board holds the side
// to move as `player`; square a1 is bit 63, h8 bit 0.
struct Game {
  Board board;
  bool black_to_move = true;
};

int bit_of(int column, int row) { return HW2_M1 - (row * HW + column); }

// "f5" or "F5" as Egaroucid's bit index; nullopt for anything else.
std::optional<int> parse_square(const std::string& text) {
  if (text.size() < 2) return std::nullopt;
  const int column = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  const int row = text[1] - '1';
  if (column < 0 || column >= HW || row < 0 || row >= HW) return std::nullopt;
  return bit_of(column, row);
}

std::string square_text(int bit) {
  const int index = HW2_M1 - bit;
  return std::string(1, static_cast<char>('A' + index % HW)) + static_cast<char>('1' + index / HW);
}

void play_move(Game& game, int bit) {
  Flip flip;
  calc_flip(&flip, &game.board, static_cast<uint_fast8_t>(bit));
  game.board.move_board(&flip);
  game.black_to_move = !game.black_to_move;
}

void play_pass(Game& game) {
  game.board.pass();
  game.black_to_move = !game.black_to_move;
}

// A board of 64 squares ('*'/'X' black, 'O' white, anything else empty) and
// the side to move.
std::optional<Game> parse_board(const std::string& squares, char side) {
  if (squares.size() < HW2) return std::nullopt;
  uint64_t black = 0, white = 0;
  for (int index = 0; index < HW2; ++index) {
    const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(squares[index])));
    const uint64_t mask = 1ULL << (HW2_M1 - index);
    if (c == '*' || c == 'X' || c == 'B') black |= mask;
    if (c == 'O' || c == 'W') white |= mask;
  }
  Game game;
  game.black_to_move = side == '*' || side == 'X' || side == 'x' || side == 'B';
  game.board.player = game.black_to_move ? black : white;
  game.board.opponent = game.black_to_move ? white : black;
  return game;
}

// The position at the end of a GGF game: its board (BO[8 ...]) and every
// move after it (B[..] and W[..], "PA" a pass; a move by the side not to
// move implies a pass before it).
std::optional<Game> parse_ggf(const std::string& ggf) {
  const std::size_t board_at = ggf.find("BO[8 ");
  if (board_at == std::string::npos || board_at + 5 + HW2 + 1 >= ggf.size()) return std::nullopt;
  std::size_t at = board_at + 5;
  std::optional<Game> game = parse_board(ggf.substr(at, HW2), ggf[at + HW2 + 1]);
  if (!game) return std::nullopt;
  for (at = ggf.find(']', at); at != std::string::npos && at + 3 < ggf.size(); at = ggf.find(']', at + 1)) {
    const char colour = ggf[at + 1];
    if ((colour != 'B' && colour != 'W') || ggf[at + 2] != '[') continue;
    const std::string move = ggf.substr(at + 3, ggf.find_first_of("/]", at + 3) - (at + 3));
    if ((colour == 'B') != game->black_to_move) play_pass(*game);
    if (move == "PA" || move == "pa") {
      play_pass(*game);
      continue;
    }
    const std::optional<int> bit = parse_square(move);
    if (!bit) return std::nullopt;
    play_move(*game, *bit);
  }
  return game;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// This process's processor time: what a solve costs whatever else the
// machine runs.
double processor_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

struct Options {
  int level = 15;
  bool book = true;
  std::string solve_file;
  int count = 1000000;
};

void answer_go(Game& game, const Options& options) {
  if (game.board.get_legal() == 0ULL) {
    std::cout << "=== PA" << std::endl;
    return;
  }
  const auto started = std::chrono::steady_clock::now();
  const double cpu_started = processor_seconds();
  const Search_result result = ai(game.board, options.level, options.book, false, false);
  const double cpu = processor_seconds() - cpu_started, wall = seconds_since(started);
  char line[64];
  std::snprintf(line, sizeof line, "=== %s/%d.00/%.3f", square_text(result.policy).c_str(), result.value, wall);
  std::cout << line << std::endl;
  // The processor time of each move, which a loaded machine does not
  // stretch: bench/engine_match.sh reports its median and mean.
  std::fprintf(stderr, "egaroucid-web-nboard: move cpu %.4f s wall %.4f s\n", cpu, wall);
}

// One NBoard command; false on "quit".
bool handle_line(const std::string& line, Game& game, const Options& options) {
  const std::string command = line.substr(0, line.find(' '));
  const std::string rest = line.size() > command.size() ? line.substr(command.size() + 1) : "";
  if (command == "nboard") {
    std::cout << "set myname Egaroucid-web-L" << options.level << std::endl;
  } else if (command == "ping") {
    std::cout << "pong " << rest << std::endl;
  } else if (command == "set" && rest.rfind("game ", 0) == 0) {
    if (const std::optional<Game> parsed = parse_ggf(rest.substr(5)))
      game = *parsed;
    else
      std::cerr << "egaroucid-web-nboard: cannot read the game " << rest << std::endl;
  } else if (command == "move") {
    const std::string move = rest.substr(0, rest.find('/'));
    if (move == "PA" || move == "pa")
      play_pass(game);
    else if (const std::optional<int> bit = parse_square(move))
      play_move(game, *bit);
  } else if (command == "go") {
    answer_go(game, options);
  } else if (command == "quit") {
    return false;
  }
  return true;
}

int solve_file(const Options& options) {
  std::ifstream file(options.solve_file);
  if (!file) {
    std::cerr << "egaroucid-web-nboard: cannot read " << options.solve_file << std::endl;
    return 2;
  }
  double total = 0, total_wall = 0;
  int number = 0;
  for (std::string line; number < options.count && std::getline(file, line);) {
    if (line.size() < HW2 + 2 || line[0] == '#') continue;
    std::optional<Game> game = parse_board(line.substr(0, HW2), line[HW2 + 1]);
    if (!game) continue;
    ++number;
    const auto started = std::chrono::steady_clock::now();
    const double cpu_started = processor_seconds();
    const Search_result result = ai(game->board, kSolveLevel, false, false, false);
    const double cpu = processor_seconds() - cpu_started;
    total += cpu;
    total_wall += seconds_since(started);
    std::printf("position %d: %d empties, value %+d, move %s, cpu %.3f s, wall %.3f s\n", number,
                HW2 - game->board.n_discs(), result.value, square_text(result.policy).c_str(), cpu,
                seconds_since(started));
    std::fflush(stdout);
  }
  std::printf("total %d positions, cpu %.3f s, wall %.3f s\n", number, total, total_wall);
  return 0;
}

std::optional<Options> parse_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "--level" && i + 1 < argc) {
      options.level = std::atoi(argv[++i]);
      if (options.level < 1 || options.level > 60) return std::nullopt;
    } else if (option == "--no-book") {
      options.book = false;
    } else if (option == "--solve" && i + 1 < argc) {
      options.solve_file = argv[++i];
    } else if (option == "--count" && i + 1 < argc) {
      options.count = std::atoi(argv[++i]);
    } else {
      return std::nullopt;
    }
  }
  return options;
}

}  // namespace anchor

int main(int argc, char** argv) {
  const std::optional<anchor::Options> options = anchor::parse_options(argc, argv);
  if (!options) {
    std::cerr << "usage: egaroucid-web-nboard [--level 1..60] [--no-book] | --solve FILE.obf [--count N]" << std::endl;
    return 2;
  }
  // The engine's own start-up, as its web build runs it.
  board_init();
  mobility_init();
  stability_init();
  parent_transpose_table.first_init();
  child_transpose_table.first_init();
  evaluate_init();
  book_init();
  if (!options->solve_file.empty()) return anchor::solve_file(*options);
  anchor::Game game = *anchor::parse_board("---------------------------OX------XO---------------------------", '*');
  for (std::string line; std::getline(std::cin, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!anchor::handle_line(line, game, *options)) break;
  }
  return 0;
}
