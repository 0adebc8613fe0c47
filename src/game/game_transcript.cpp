#include "game/game_transcript.h"

#include <cctype>
#include <string>
#include <vector>

namespace reversi {

namespace {

struct Token {
  std::string text;
  Parsed<Square> square;
};

bool is_separator(unsigned char c) {
  return std::isspace(c) || c == ',' || c == ';' || c == '.' || c == '-' || std::isdigit(c);
}

// Splits like replay_transcript: two characters per move between separators.
std::vector<Token> tokens_of(std::string_view transcript) {
  std::vector<Token> tokens;
  std::size_t index = 0;
  while (index < transcript.size()) {
    if (is_separator(static_cast<unsigned char>(transcript[index]))) {
      ++index;
      continue;
    }
    std::string text(transcript.substr(index, 2));
    index += text.size();
    tokens.push_back(Token{text, parse_square(text)});
  }
  return tokens;
}

}  // namespace

StartVariant detect_variant(std::string_view transcript) {
  const std::vector<Token> tokens = tokens_of(transcript);
  if (!tokens.empty() && tokens.front().square && (centre_squares() & bit(*tokens.front().square.value)))
    return StartVariant::EmptyCentre;
  return StartVariant::StandardCross;
}

Parsed<Game> game_from_transcript(std::string_view transcript, const Player& black, const Player& white) {
  return game_from_transcript(transcript, GameSetup{black, white, detect_variant(transcript)});
}

Parsed<Game> game_from_transcript(std::string_view transcript, const GameSetup& setup) {
  Game game(setup);
  int move_number = 0;
  for (const Token& token : tokens_of(transcript)) {
    ++move_number;
    const std::string where = "move " + std::to_string(move_number) + " ('" + token.text + "'): ";
    if (!token.square) return Parsed<Game>::failure(where + token.square.error);
    const CommandResult verdict = game.apply_any(*token.square.value);
    if (!verdict) return Parsed<Game>::failure(where + verdict.message);
  }
  game.take_events();  // a freshly loaded game has nothing to announce
  return Parsed<Game>::success(std::move(game));
}

}  // namespace reversi
