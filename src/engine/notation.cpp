#include "engine/notation.h"

#include <cctype>

namespace reversi {

std::string square_name(Square square) {
  if (square == kPass) return "pass";
  if (square < 0 || square >= 64) return "none";
  return std::string{static_cast<char>('a' + column_of(square)), static_cast<char>('1' + row_of(square))};
}

namespace {
Parsed<Square> not_a_square(std::string_view text) {
  return Parsed<Square>::failure(std::string(1, '\'').append(text).append("' is not a square name (a1 to h8)"));
}
}  // namespace

Parsed<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return not_a_square(text);
  const char column = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  const char row = text[1];
  if (column < 'a' || column > 'h' || row < '1' || row > '8') return not_a_square(text);
  return Parsed<Square>::success(square_at(column - 'a', row - '1'));
}

std::string format_position(const Position& position) {
  std::string text(64, '-');
  const Bitboard black = position.discs_of(Color::Black), white = position.discs_of(Color::White);
  for (Square square = 0; square < 64; ++square) {
    if (black & bit(square)) text[square] = 'X';
    if (white & bit(square)) text[square] = 'O';
  }
  text += position.side_to_move == Color::Black ? " X" : " O";
  return text;
}

Parsed<Position> parse_position(std::string_view text) {
  Bitboard black = 0, white = 0;
  int square = 0;
  std::size_t index = 0;
  for (; index < text.size() && square < 64; ++index) {
    const char c = text[index];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (c == 'X' || c == 'x' || c == '*')
      black |= bit(square);
    else if (c == 'O' || c == 'o')
      white |= bit(square);
    else if (c != '-' && c != '.')
      return Parsed<Position>::failure("unexpected '" + std::string(1, c) + "' at square " + square_name(square) +
                                       " (use X, O or -)");
    ++square;
  }
  if (square < 64) return Parsed<Position>::failure("the board has " + std::to_string(square) + " squares, not 64");
  while (index < text.size() && std::isspace(static_cast<unsigned char>(text[index]))) ++index;
  if (index >= text.size()) return Parsed<Position>::failure("the side to move (X or O) is missing after the board");
  const char side = text[index];
  Position position;
  if (side == 'X' || side == 'x' || side == '*')
    position.side_to_move = Color::Black;
  else if (side == 'O' || side == 'o')
    position.side_to_move = Color::White;
  else
    return Parsed<Position>::failure("the side to move must be X or O, not '" + std::string(1, side) + "'");
  ++index;
  while (index < text.size() && std::isspace(static_cast<unsigned char>(text[index]))) ++index;
  if (index < text.size() && text[index] != ';')
    return Parsed<Position>::failure("unexpected text after the side to move");
  position.board = position.side_to_move == Color::Black ? Board{black, white} : Board{white, black};
  return Parsed<Position>::success(position);
}

std::string draw_position(const Position& position) {
  const Bitboard moves = legal_moves(position.board);
  const Bitboard black = position.discs_of(Color::Black), white = position.discs_of(Color::White);
  std::string text = "  a b c d e f g h\n";
  for (int row = 0; row < 8; ++row) {
    text += static_cast<char>('1' + row);
    for (int column = 0; column < 8; ++column) {
      const Bitboard square = bit(square_at(column, row));
      text += ' ';
      text += (black & square) ? 'X' : (white & square) ? 'O' : (moves & square) ? '.' : '-';
    }
    text += '\n';
  }
  text += position.side_to_move == Color::Black ? "X to move\n" : "O to move\n";
  return text;
}

Position play(const Position& position, Square square) {
  if (square == kPass) return Position{after_pass(position.board), other(position.side_to_move)};
  const Bitboard flips = flips_for(position.board.player, position.board.opponent, square);
  return Position{after_move(position.board, square, flips), other(position.side_to_move)};
}

std::string ReplayResult::message() const {
  if (replay) return {};
  return "move " + std::to_string(error.move_number) + " ('" + error.text + "'): " + error.reason;
}

namespace {

bool is_transcript_separator(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == ',' || c == ';' ||
         c == '.' || c == '-' || (c >= '0' && c <= '9');
}

// The length of the UTF-8 character starting at `index` (1 for a byte that starts none).
std::size_t character_length(std::string_view text, std::size_t index) {
  const auto lead = static_cast<unsigned char>(text[index]);
  const std::size_t length = lead < 0xC2 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 1;
  if (index + length > text.size()) return 1;
  for (std::size_t next = 1; next < length; ++next)
    if ((static_cast<unsigned char>(text[index + next]) & 0xC0) != 0x80) return 1;
  return length;
}

}  // namespace

std::vector<std::string_view> transcript_tokens(std::string_view transcript) {
  std::vector<std::string_view> tokens;
  std::size_t index = 0;
  while (index < transcript.size()) {
    if (is_transcript_separator(static_cast<unsigned char>(transcript[index]))) {
      ++index;
      continue;
    }
    const std::size_t first = character_length(transcript, index);
    const std::size_t second = index + first < transcript.size() ? character_length(transcript, index + first) : 0;
    tokens.push_back(transcript.substr(index, first + second));
    index += first + second;
  }
  return tokens;
}

ReplayResult replay_transcript(std::string_view transcript, const Position& start) {
  ReplayResult result;
  Replay replay{start, {}};
  int move_number = 0;
  auto fail = [&](std::string token, std::string reason) {
    result.error = ReplayError{move_number, std::move(token), replay.final_position, std::move(reason)};
    return result;
  };
  for (const std::string_view text : transcript_tokens(transcript)) {
    ++move_number;
    const std::string token(text);
    const Parsed<Square> square = parse_square(token);
    if (!square) return fail(token, square.error);
    Position& position = replay.final_position;
    if (!can_move(position.board)) {
      if (is_game_over(position.board)) return fail(token, "the game is already over");
      replay.moves.push_back(kPass);
      position = play(position, kPass);
    }
    const Square target = *square.value;
    const std::string name = square_name(target);
    if (!(position.board.empties() & bit(target))) return fail(token, name + " is already taken");
    if (!(legal_moves(position.board) & bit(target)))
      return fail(token, name + " traps no " + (position.side_to_move == Color::Black ? "white" : "black") +
                             " discs for " + (position.side_to_move == Color::Black ? "black" : "white"));
    replay.moves.push_back(target);
    position = play(position, target);
  }
  // A pass owed at the very end is recorded too, so the side to move is right.
  if (!can_move(replay.final_position.board) && !is_game_over(replay.final_position.board)) {
    replay.moves.push_back(kPass);
    replay.final_position = play(replay.final_position, kPass);
  }
  result.replay = std::move(replay);
  return result;
}

std::string format_transcript(const std::vector<Square>& moves) {
  std::string text;
  for (Square move : moves)
    if (move != kPass) text += square_name(move);
  return text;
}

}  // namespace reversi
