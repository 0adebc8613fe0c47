#include "cli/ggf.h"

#include <cctype>
#include <string>

namespace reversi::cli {
namespace {

// One TAG[value] of a GGF record.
struct Property {
  std::string tag, value;
};

// Reads the properties between "(;" and ";)"; values may escape ']' as "\]".
Parsed<std::vector<Property>> read_properties(std::string_view text) {
  using Result = Parsed<std::vector<Property>>;
  const std::size_t open = text.find("(;");
  if (open == std::string_view::npos) return Result::failure("a GGF game starts with \"(;\"");
  std::vector<Property> properties;
  std::size_t at = open + 2;
  for (;;) {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    if (at + 1 < text.size() && text[at] == ';' && text[at + 1] == ')') return Result::success(std::move(properties));
    if (at >= text.size()) return Result::failure("the game does not end with \";)\"");
    Property property;
    while (at < text.size() && std::isupper(static_cast<unsigned char>(text[at]))) property.tag += text[at++];
    if (property.tag.empty() || at >= text.size() || text[at] != '[')
      return Result::failure("expected TAG[value] at character " + std::to_string(at + 1));
    for (++at; at < text.size() && text[at] != ']'; ++at) {
      if (text[at] == '\\' && at + 1 < text.size()) ++at;
      property.value += text[at];
    }
    if (at >= text.size()) return Result::failure("the value of " + property.tag + " has no closing ']'");
    ++at;
    properties.push_back(std::move(property));
  }
}

// "8 <64 squares> <side>", with '*' for black.
Parsed<Position> parse_board(const std::string& value) {
  std::string text;
  for (const char c : value)
    if (!std::isspace(static_cast<unsigned char>(c))) text += c == '*' ? 'X' : c;
  if (text.size() != 66 || text[0] != '8') return Parsed<Position>::failure("BO must be \"8 <64 squares> <side>\"");
  return parse_position(text.substr(1, 64) + " " + text.substr(65));
}

}  // namespace

Parsed<GgfGame> parse_ggf(std::string_view text) {
  using Result = Parsed<GgfGame>;
  const auto properties = read_properties(text);
  if (!properties) return Result::failure(properties.error);
  GgfGame game;
  bool has_board = false;
  for (const Property& property : *properties.value) {
    if (property.tag == "BO") {
      if (has_board || !game.moves.empty()) return Result::failure("BO must come once, before the moves");
      const auto board = parse_board(property.value);
      if (!board) return Result::failure("BO: " + board.error);
      game.start = game.final_position = *board.value;
      has_board = true;
    } else if (property.tag == "B" || property.tag == "W") {
      if (!has_board) return Result::failure("a move comes before the board (BO)");
      const Color color = property.tag == "B" ? Color::Black : Color::White;
      // "F5", "f5/-1.23/0.5" or "PA": the square, then eval and time.
      const std::string name = property.value.substr(0, property.value.find('/'));
      const std::string number = std::to_string(game.moves.size() + 1);
      Position& position = game.final_position;
      const Bitboard legal = legal_moves(position.board);
      if (color != position.side_to_move) {
        // Some writers leave a forced pass out.
        if (legal || is_game_over(position.board)) return Result::failure("move " + number + " is out of turn");
        game.moves.push_back(kPass);
        position = play(position, kPass);
      }
      if (name == "PA" || name == "pa") {
        if (legal_moves(position.board)) return Result::failure("move " + number + ": a pass with moves to make");
        game.moves.push_back(kPass);
        position = play(position, kPass);
        continue;
      }
      const auto square = parse_square(name);
      if (!square || *square.value >= 64) return Result::failure("move " + number + ": '" + name + "' is not a square");
      if (!(legal_moves(position.board) & bit(*square.value)))
        return Result::failure("move " + number + ": " + name + " is not legal there");
      game.moves.push_back(*square.value);
      position = play(position, *square.value);
    }
  }
  if (!has_board) return Result::failure("the game has no board (BO)");
  return Result::success(std::move(game));
}

std::string format_ggf(const GgfGame& game) {
  std::string board = format_position(game.start);  // "<64 squares> X|O"
  for (char& c : board) c = c == 'X' ? '*' : c;
  std::string text = "(;GM[Othello]PC[reversi-cli]TY[8]BO[8 " + board + "]";
  Position position = game.start;
  for (const Square square : game.moves) {
    std::string name = square == kPass ? "PA" : square_name(square);
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    text += (position.side_to_move == Color::Black ? "B[" : "W[") + name + "]";
    position = play(position, square);
  }
  return text + ";)";
}

}  // namespace reversi::cli
