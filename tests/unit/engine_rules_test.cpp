#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "engine/board.h"
#include "engine/move_kernels.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "test_support.h"

using namespace reversi;

namespace {
using testing::sq;
Bitboard squares(std::initializer_list<const char*> names) {
  Bitboard bits = 0;
  for (const char* name : names) bits |= bit(sq(name));
  return bits;
}
// A position from a picture: 8 rows of 8 characters, X black, O white.
Position picture(const char* rows, Color to_move) {
  std::string text;
  for (const char* c = rows; *c; ++c)
    if (*c != ' ' && *c != '\n') text += *c;
  text += to_move == Color::Black ? " X" : " O";
  auto parsed = parse_position(text);
  REQUIRE_MESSAGE(parsed, parsed.error);
  return *parsed.value;
}
}  // namespace

TEST_CASE("squares are named from the top left, columns a-h and rows 1-8") {
  CHECK(square_name(0) == "a1");
  CHECK(square_name(7) == "h1");
  CHECK(square_name(56) == "a8");
  CHECK(square_name(63) == "h8");
  CHECK(*parse_square("D3").value == square_at(3, 2));
  CHECK_FALSE(parse_square("i1"));
  CHECK_FALSE(parse_square("a9"));
  CHECK_FALSE(parse_square("a"));
}

TEST_CASE("the start position has black on d5 and e4, white on d4 and e5, black to move") {
  const Position start = Position::start();
  CHECK(start.side_to_move == Color::Black);
  CHECK(start.discs_of(Color::Black) == squares({"d5", "e4"}));
  CHECK(start.discs_of(Color::White) == squares({"d4", "e5"}));
  CHECK(legal_moves(start.board) == squares({"d3", "c4", "f5", "e6"}));
}

TEST_CASE("a move flips every trapped line at once, in all eight directions") {
  const Position position = picture(
      "X--X--X-"
      "-O-O-O--"
      "--OOO---"
      "XOO-OOOX"
      "--OOO---"
      "-O-O-O--"
      "X--X--X-"
      "--------",
      Color::Black);
  const Bitboard flips = flips_for(position.board.player, position.board.opponent, sq("d4"));
  CHECK(count_bits(flips) == 17);  // 2 in each direction, 3 to the east
  const Position after = play(position, sq("d4"));
  CHECK(after.discs_of(Color::White) == 0);
}

TEST_CASE("a gap breaks a line and flipping stops at the first own disc") {
  const Position gap = picture(
      "XO-O----"
      "--------"
      "--------"
      "--------"
      "--------"
      "--------"
      "--------"
      "--------",
      Color::White);
  CHECK((legal_moves(gap.board) & bit(sq("c1"))) == 0);
  const Position nearest = picture(
      "-OOXOOX-"
      "--------"
      "--------"
      "--------"
      "--------"
      "--------"
      "--------"
      "--------",
      Color::Black);
  CHECK(flips_for(nearest.board.player, nearest.board.opponent, sq("a1")) == squares({"b1", "c1"}));
}

TEST_CASE("lines never wrap from the h file to the a file") {
  // White on h1 and black on a2 are neighbours by index but not on the board.
  const Position position = picture(
      "------XO"
      "X-------"
      "--------"
      "--------"
      "--------"
      "--------"
      "--------"
      "--------",
      Color::Black);
  CHECK(legal_moves(position.board) == 0);
}

TEST_CASE("a side with no move passes; when neither can move the game is over") {
  const Position position = picture(
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXO"
      "XXXXXXO-"
      "XXXXXXO-",
      Color::White);
  CHECK_FALSE(can_move(position.board));
  CHECK(can_move(after_pass(position.board)));
  CHECK_FALSE(is_game_over(position.board));
  const Position wiped = picture(
      "XXXXXXXX"
      "XXXXXXXX"
      "--------"
      "--------"
      "--------"
      "--------"
      "--------"
      "--------",
      Color::White);
  CHECK(is_game_over(wiped.board));
}

TEST_CASE("positions round-trip through the OBF text form") {
  const auto lines = testing::read_lines(testing::shared_path("positions/fforum-1-19.obf"));
  REQUIRE(lines.size() == 19);
  for (const std::string& line : lines) {
    const auto parsed = parse_position(line.substr(0, line.find(';')));
    REQUIRE_MESSAGE(parsed, parsed.error);
    CHECK(format_position(*parsed.value) == line.substr(0, 66));
  }
  CHECK_FALSE(parse_position("XO-"));
  CHECK_FALSE(parse_position(std::string(64, '-') + " Z"));
  CHECK_FALSE(parse_position(std::string(63, '-') + "Q X"));
  CHECK_FALSE(parse_position(std::string(64, '-')));
}

TEST_CASE("transcripts replay with implicit passes and report the first bad move") {
  const auto game = replay_transcript("F5d6C3d3c4");
  REQUIRE(game);
  CHECK(format_transcript(game.replay->moves) == "f5d6c3d3c4");
  CHECK(game.replay->final_position.side_to_move == Color::White);

  const auto taken = replay_transcript("f5d6d6");
  REQUIRE_FALSE(taken);
  CHECK(taken.error.move_number == 3);
  CHECK(taken.error.reason.find("taken") != std::string::npos);

  const auto traps_nothing = replay_transcript("f5a1");
  REQUIRE_FALSE(traps_nothing);
  CHECK(traps_nothing.error.move_number == 2);
  CHECK(traps_nothing.error.position == play(Position::start(), sq("f5")));

  const auto not_a_square = replay_transcript("f5z9");
  REQUIRE_FALSE(not_a_square);
  CHECK(not_a_square.message().find("z9") != std::string::npos);
}

TEST_CASE("a written game is cut into tokens of two characters, never inside one") {
  using Tokens = std::vector<std::string_view>;
  CHECK(transcript_tokens("1. f5 d6, 2. c3;d3-c4") == Tokens{"f5", "d6", "c3", "d3", "c4"});
  // "é" is two bytes in UTF-8 and "😀" four: each stays whole in its token.
  CHECK(transcript_tokens("f5d6a\xC3\xA9") == Tokens{"f5", "d6", "a\xC3\xA9"});
  CHECK(transcript_tokens("\xF0\x9F\x98\x80") == Tokens{"\xF0\x9F\x98\x80"});
  // A byte that starts no UTF-8 character counts as one of its own.
  CHECK(transcript_tokens("f5\xC3") == Tokens{"f5", "\xC3"});
  CHECK(transcript_tokens("\xFFz") == Tokens{"\xFFz"});
  const auto accented = replay_transcript("f5d6a\xC3\xA9");
  REQUIRE_FALSE(accented);
  CHECK(accented.error.text == "a\xC3\xA9");
  CHECK(accented.message() == "move 3 ('a\xC3\xA9'): 'a\xC3\xA9' is not a square name (a1 to h8)");
}

TEST_CASE("perft matches the published reference at depths 1 to 9") {
  std::istringstream reference;
  const auto lines = testing::read_lines(testing::shared_path("positions/perft-reference.txt"));
  int checked = 0;
  for (const std::string& line : lines) {
    if (line[0] == '#' || line.rfind("depth", 0) == 0) continue;
    std::istringstream fields(line);
    int depth = 0;
    unsigned long long leaves = 0;
    fields >> depth >> leaves;
    if (depth > 9) continue;
    CAPTURE(depth);
    CHECK(perft(Board::start(), depth) == leaves);
    ++checked;
  }
  CHECK(checked == 9);
}

TEST_CASE("the eight symmetries keep move generation consistent") {
  const auto game = replay_transcript("f5d6c3d3c4f4f6f3e6e7");
  REQUIRE(game);
  const Board board = game.replay->final_position.board;
  for (int symmetry = 0; symmetry < 8; ++symmetry) {
    const Board turned{transform(board.player, symmetry), transform(board.opponent, symmetry)};
    CHECK(legal_moves(turned) == transform(legal_moves(board), symmetry));
  }
}

namespace {
// A fixed-seed xorshift64 generator for the random games and boards below.
struct XorShift {
  std::uint64_t state;
  std::uint64_t operator()() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
};

// The discs a move on an empty square turns, found the slow way: walk the
// eight directions by row and column over the opponent's discs.
Bitboard flips_square_by_square(Bitboard player, Bitboard opponent, int row, int column) {
  auto at = [](Bitboard bits, int r, int c) { return (bits >> (r * 8 + c)) & 1; };
  Bitboard flips = 0;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      if (!dr && !dc) continue;
      Bitboard line = 0;
      int r = row + dr, c = column + dc;
      while (r >= 0 && r < 8 && c >= 0 && c < 8 && at(opponent, r, c))
        line |= Bitboard{1} << (r * 8 + c), r += dr, c += dc;
      if (r >= 0 && r < 8 && c >= 0 && c < 8 && at(player, r, c)) flips |= line;
    }
  }
  return flips;
}

// Legal moves found the same slow way: the empty squares that turn a disc.
Bitboard legal_moves_square_by_square(Bitboard player, Bitboard opponent) {
  Bitboard moves = 0;
  for (int row = 0; row < 8; ++row)
    for (int column = 0; column < 8; ++column) {
      const Bitboard square = Bitboard{1} << (row * 8 + column);
      if (!((player | opponent) & square) && flips_square_by_square(player, opponent, row, column)) moves |= square;
    }
  return moves;
}
}  // namespace

TEST_CASE("every move kernel agrees with the portable one on random games") {
  // Random playouts reach all kinds of positions, edges and passes included.
  XorShift next{0x9e3779b97f4a7c15ULL};
  int positions = 0;
  for (int game = 0; game < 200; ++game) {
    Board board = Board::start();
    while (!is_game_over(board)) {
      const Bitboard moves = legal_moves_portable(board.player, board.opponent);
      CHECK(legal_moves(board) == moves);
#if REVERSI_HAVE_WIDE_KERNELS
      CHECK(legal_moves_wide(board.player, board.opponent) == moves);
#endif
#if REVERSI_HAVE_SIMD128_KERNELS
      CHECK(legal_moves_simd128(board.player, board.opponent) == moves);
#endif
      ++positions;
      if (!moves) {
        board = after_pass(board);
        continue;
      }
      const Square square = nth_square(moves, static_cast<int>(next() % static_cast<std::uint64_t>(count_bits(moves))));
      board = after_move(board, square, flips_for(board.player, board.opponent, square));
    }
  }
  CHECK(positions > 10000);
  MESSAGE("move kernel in this build: " << std::string(move_kernel_name()));
}

TEST_CASE("every move kernel agrees with a square-by-square reader on arbitrary boards") {
  // Boards no game reaches too: long runs, full rows, discs on every edge.
  XorShift next{0x2545f4914f6cdd1dULL};
  for (int i = 0; i < 20000; ++i) {
    const Bitboard occupied = next() | (i % 3 ? next() : 0);  // two densities
    const Bitboard player = occupied & next() & (i % 5 ? next() : ~Bitboard{0});
    const Bitboard opponent = occupied & ~player;
    const Bitboard expected = legal_moves_square_by_square(player, opponent);
    REQUIRE(legal_moves_portable(player, opponent) == expected);
    CHECK(legal_moves(Board{player, opponent}) == expected);
#if REVERSI_HAVE_WIDE_KERNELS
    CHECK(legal_moves_wide(player, opponent) == expected);
#endif
#if REVERSI_HAVE_SIMD128_KERNELS
    CHECK(legal_moves_simd128(player, opponent) == expected);
#endif
  }
}

TEST_CASE("every flip kernel agrees with a square-by-square reader on arbitrary boards") {
  // Every empty square, a legal move or not: the search asks about both.
  XorShift next{0x6a09e667f3bcc909ULL};
  int squares = 0, with_flips = 0;
  for (int i = 0; i < 4000; ++i) {
    const Bitboard occupied = next() | (i % 3 ? next() : 0);
    const Bitboard player = occupied & next() & (i % 5 ? next() : ~Bitboard{0});
    const Bitboard opponent = occupied & ~player;
    for (Square square = 0; square < 64; ++square) {
      if (occupied & bit(square)) continue;
      const Bitboard expected = flips_square_by_square(player, opponent, row_of(square), column_of(square));
      REQUIRE(flips_for(player, opponent, square) == expected);
      CHECK(flips_portable(player, opponent, square) == expected);
      CHECK(flips_fast(player, opponent, square) == expected);
#if REVERSI_HAVE_WIDE_KERNELS
      CHECK(flips_wide(player, opponent, square) == expected);
#endif
#if REVERSI_HAVE_SIMD128_KERNELS
      CHECK(flips_simd128(player, opponent, square) == expected);
#endif
      ++squares;
      with_flips += expected != 0;
    }
  }
  CHECK(squares > 50000);
  CHECK(with_flips > squares / 10);
}
