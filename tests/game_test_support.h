// Helpers shared by the game-model unit tests.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ai/computer.h"
#include "engine/notation.h"
#include "game/game_transcript.h"
#include "game/session.h"
#include "test_support.h"

namespace reversi::testing {

// Random-playout finds: black must pass after these 8 moves (the 9th, c5,
// is white's again).
inline constexpr const char* kBlackPassesAfter8 = "c4c3c2b2e6c1a1a3";

inline SessionOptions two_players(int match_length = 1) {
  SessionOptions options;
  options.mode = Mode::TwoPlayers;
  options.match_length = match_length;
  return options;
}

// Plays a transcript into a session, routing each move to the human or the
// computer, and stops the test at the first move the session refuses.
inline void play_all(Session& session, const std::string& text) {
  for (std::size_t i = 0; i + 1 < text.size(); i += 2) {
    const Square square = *parse_square(text.substr(i, 2)).value;
    const CommandResult verdict = session.waiting_for_computer()
                                      ? session.play_computer_move(square, session.game().position())
                                      : session.play(square);
    const std::string why = text.substr(i, 2) + ": " + verdict.message;
    REQUIRE_MESSAGE(verdict, why);
  }
}

// The game a transcript plays; a transcript that is no game stops the test.
inline Game game_of(const char* transcript) {
  Parsed<Game> parsed = game_from_transcript(transcript);
  REQUIRE(parsed);
  return *parsed.value;
}

// Every legal move of `board` worth `base` but the move played, worth `played_score`.
inline std::vector<MoveValue> values_for(const Board& board, Square played, int base, int played_score) {
  std::vector<MoveValue> values;
  for (Bitboard rest = legal_moves(board); rest; rest &= rest - 1) {
    const Square square = first_square(rest);
    values.push_back(MoveValue{square, square == played ? played_score : base, false});
  }
  return values;
}

}  // namespace reversi::testing
