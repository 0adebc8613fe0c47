// The Reversi board as two bitboards and the rules that act on it.
//
// Squares are numbered 0..63 row by row from the top left: a1 = 0, h1 = 7,
// a8 = 56, h8 = 63 (columns a-h from the left, rows 1-8 from the top).
// A Board is always seen from the side to move: `player` holds the discs of
// the side to move, `opponent` the other side's. Everything here is pure,
// allocation-free and identical in the native and the wasm build.
#pragma once

#include <bit>
#include <cstdint>

namespace reversi {

using Bitboard = std::uint64_t;

// A square index 0..63, or one of the two markers below.
using Square = int;
inline constexpr Square kPass = 64;    // the side to move has no move
inline constexpr Square kNoMove = 65;  // no move at all (the game is over)

inline constexpr Bitboard bit(Square square) { return Bitboard{1} << square; }
inline constexpr int column_of(Square square) { return square & 7; }
inline constexpr int row_of(Square square) { return square >> 3; }
inline constexpr Square square_at(int column, int row) { return row * 8 + column; }
inline constexpr int count_bits(Bitboard bits) { return std::popcount(bits); }

// Lowest set square of a non-empty set.
inline constexpr Square first_square(Bitboard bits) { return std::countr_zero(bits); }
// The square of rank `n` (0 = lowest) in a set of more than n squares; with
// n drawn below count_bits(bits), a square picked at random.
inline constexpr Square nth_square(Bitboard bits, int n) {
  for (; n > 0; --n) bits &= bits - 1;
  return first_square(bits);
}

enum class Color : std::uint8_t { Black, White };
inline constexpr Color other(Color color) { return color == Color::Black ? Color::White : Color::Black; }

struct Board {
  Bitboard player = 0;    // discs of the side to move
  Bitboard opponent = 0;  // discs of the side that just moved

  // Black d5 and e4, white d4 and e5, seen from black (who moves first).
  static constexpr Board start() {
    return Board{bit(square_at(3, 4)) | bit(square_at(4, 3)), bit(square_at(3, 3)) | bit(square_at(4, 4))};
  }
  constexpr Bitboard empties() const { return ~(player | opponent); }
  constexpr int empty_count() const { return 64 - count_bits(player | opponent); }
  constexpr bool operator==(const Board&) const = default;
};

// Every square where the side to move may play (traps at least one line).
Bitboard legal_moves(Bitboard player, Bitboard opponent);
inline Bitboard legal_moves(const Board& board) { return legal_moves(board.player, board.opponent); }
// Marks a set of legal moves not computed yet (no real set has every square),
// for searches that pass on the moves they know.
inline constexpr Bitboard kUnknownMoves = ~Bitboard{0};

// The opponent discs that a disc of `player` on `square` would turn over, in
// all eight directions. Empty when the move is illegal (or the square is taken
// and traps nothing); callers check occupancy themselves.
Bitboard flips_for(Bitboard player, Bitboard opponent, Square square);

// The position after the side to move plays `square`, already flipped and
// turned around so that the other side is to move. `flips` must be
// flips_for(square) and non-empty.
inline constexpr Board after_move(const Board& board, Square square, Bitboard flips) {
  return Board{board.opponent ^ flips, board.player ^ flips ^ bit(square)};
}

// The same position with the other side to move (a pass).
inline constexpr Board after_pass(const Board& board) { return Board{board.opponent, board.player}; }

inline bool can_move(const Board& board) { return legal_moves(board) != 0; }

// True when neither side can move.
inline bool is_game_over(const Board& board) {
  return legal_moves(board.player, board.opponent) == 0 && legal_moves(board.opponent, board.player) == 0;
}

// Final disc margin for the side to move at the end of a game: own discs
// minus opponent discs, empty squares counted for nobody.
inline constexpr int disc_margin(const Board& board) { return count_bits(board.player) - count_bits(board.opponent); }

// A well-mixed 64-bit hash of the position (for transposition tables).
inline constexpr std::uint64_t hash_of(const Board& board) {
  auto mix = [](std::uint64_t x) {
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    return x ^ (x >> 33);
  };
  return mix(board.player) ^ mix(board.opponent ^ 0x9e3779b97f4a7c15ULL) * 3;
}

// One of the eight symmetries of the square (0 = identity). Used to map
// positions onto each other for tests and opening variety.
Bitboard transform(Bitboard bits, int symmetry);
Square transform_square(Square square, int symmetry);

}  // namespace reversi
