#include "game/game_transcript.h"

#include <string>
#include <vector>

namespace reversi {

namespace {

struct Token {
  std::string text;
  Parsed<Square> square;
};

// The written moves, read as replay_transcript reads them.
std::vector<Token> tokens_of(std::string_view transcript) {
  std::vector<Token> tokens;
  for (const std::string_view text : transcript_tokens(transcript))
    tokens.push_back(Token{std::string(text), parse_square(text)});
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
