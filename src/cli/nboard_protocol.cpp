#include "cli/nboard_protocol.h"

#include <cctype>
#include <cstdio>

#include "cli/cli_support.h"

namespace reversi::cli {
namespace {

using Kind = NboardCommand::Kind;

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// The first word of `text`, removed from it.
std::string_view next_word(std::string_view& text) {
  text = trim(text);
  std::size_t end = 0;
  while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
  const std::string_view word = text.substr(0, end);
  text = trim(text.substr(end));
  return word;
}

Parsed<NboardCommand> with_number(Kind kind, std::string_view argument, long long low, long long high,
                                  const char* what) {
  const auto value = parse_integer(argument, low, high);
  if (!value)
    return Parsed<NboardCommand>::failure(std::string(what) + " must be a whole number from " + std::to_string(low) +
                                          " to " + std::to_string(high) + ", not '" + std::string(argument) + "'");
  NboardCommand command;
  command.kind = kind;
  command.number = static_cast<int>(*value);
  return Parsed<NboardCommand>::success(std::move(command));
}

// "F5", "f5/-1.23/0.5" or "PA"; the eval and time are the GUI's notes.
Parsed<NboardCommand> parse_move(std::string_view argument) {
  const std::string_view name = argument.substr(0, argument.find('/'));
  NboardCommand command;
  command.kind = Kind::Move;
  if (name == "PA" || name == "pa" || name == "Pa") {
    command.square = kPass;
    return Parsed<NboardCommand>::success(std::move(command));
  }
  const auto square = parse_square(name);
  if (!square || *square.value >= 64) {
    std::string message(1, '\'');  // built piece by piece: GCC 12 misreads "'" + string as overlapping
    message += argument;
    message += "' is not a move";
    return Parsed<NboardCommand>::failure(message);
  }
  command.square = *square.value;
  return Parsed<NboardCommand>::success(std::move(command));
}

}  // namespace

Parsed<NboardCommand> parse_nboard_command(std::string_view line) {
  using Result = Parsed<NboardCommand>;
  std::string_view rest = line;
  const std::string_view word = next_word(rest);
  NboardCommand command;
  if (word.empty()) return Result::success(command);
  if (word == "nboard") return with_number(Kind::Nboard, rest, 0, 1000, "the protocol version");
  if (word == "set") {
    const std::string_view what = next_word(rest);
    if (what == "depth") return with_number(Kind::SetDepth, rest, 1, 60, "the depth");
    if (what == "contempt") return with_number(Kind::SetContempt, rest, -6400, 6400, "the contempt");
    if (what == "game") {
      const auto game = parse_ggf(rest);
      if (!game) return Result::failure("set game: " + game.error);
      command.kind = Kind::SetGame;
      command.game = std::move(*game.value);
      return Result::success(std::move(command));
    }
  } else if (word == "move") {
    return parse_move(rest);
  } else if (word == "hint") {
    return with_number(Kind::Hint, rest, 1, 64, "the number of hints");
  } else if (word == "ping") {
    return with_number(Kind::Ping, rest, 0, (1LL << 31) - 1, "the ping number");
  } else if (rest.empty()) {
    if (word == "go") command.kind = Kind::Go;
    if (word == "learn") command.kind = Kind::Learn;
    if (word == "analyze") command.kind = Kind::Analyze;
    if (word == "quit") command.kind = Kind::Quit;
    if (command.kind != Kind::Empty) return Result::success(std::move(command));
    // NBoard 1.1 sent a bare "F5" for "move F5".
    if (word.size() == 2) {
      if (auto move = parse_move(word)) return move;
    }
  }
  command.kind = Kind::Unknown;
  command.text = std::string(trim(line));
  return Result::success(std::move(command));
}

std::string nboard_move_name(Square square) {
  if (square == kPass) return "PA";
  std::string name = square_name(square);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

std::string nboard_move_line(Square square, double eval, double seconds) {
  char numbers[64];
  std::snprintf(numbers, sizeof numbers, " %.2f %.1f", eval, seconds);
  return "=== " + nboard_move_name(square) + numbers;
}

}  // namespace reversi::cli
