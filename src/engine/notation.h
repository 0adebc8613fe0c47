// Text forms of squares, positions and games. Parsers never throw or abort:
// they return the value or a message a player can read.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"

namespace reversi {

// Either a value or the reason there is none.
template <class T>
struct Parsed {
  std::optional<T> value;
  std::string error;

  static Parsed success(T result) { return Parsed{std::move(result), {}}; }
  static Parsed failure(std::string message) { return Parsed{std::nullopt, std::move(message)}; }
  explicit operator bool() const { return value.has_value(); }
};

// A board together with the colour of the side to move.
struct Position {
  Board board = Board::start();
  Color side_to_move = Color::Black;

  static Position start() { return Position{}; }
  Bitboard discs_of(Color color) const { return color == side_to_move ? board.player : board.opponent; }
  bool operator==(const Position&) const = default;
};

// "a1".."h8" (either case). kPass is written "pass".
std::string square_name(Square square);
Parsed<Square> parse_square(std::string_view text);

// The OBF form: 64 characters a1..h8 ('X' black, 'O' white, '-' empty; '*'
// and '.' accepted too), a space, and 'X' or 'O' for the side to move.
std::string format_position(const Position& position);
Parsed<Position> parse_position(std::string_view text);

// An 8-line picture of the board for terminals and logs.
std::string draw_position(const Position& position);

// The position after the side to move plays `square` (or kPass).
Position play(const Position& position, Square square);

// The tokens of a written game: spaces, punctuation (, ; . -) and move
// numbers are skipped, and every other run is cut into tokens of two
// characters ("f5", "d6"; a stray "a\u00e9" stays one token of two
// characters, never half of one: text is read as UTF-8 code points, and a
// byte that is not UTF-8 counts as a character of its own).
std::vector<std::string_view> transcript_tokens(std::string_view transcript);

// A game written as squares, e.g. "f5d6c3d3c4": case is ignored, spaces and
// punctuation between moves are skipped, passes are implicit.
struct Replay {
  Position final_position;
  std::vector<Square> moves;  // includes kPass entries where a side had to pass
};
struct ReplayError {
  int move_number = 0;  // 1-based among the written moves
  std::string text;     // the offending token as written
  Position position;    // where it was tried
  std::string reason;   // e.g. "d4 is already taken"
};
struct ReplayResult {
  std::optional<Replay> replay;
  ReplayError error;
  explicit operator bool() const { return replay.has_value(); }
  // A one-line message for the player.
  std::string message() const;
};
ReplayResult replay_transcript(std::string_view transcript, const Position& start = Position::start());

// Squares in order without passes, lower case: "f5d6c3".
std::string format_transcript(const std::vector<Square>& moves);

}  // namespace reversi
