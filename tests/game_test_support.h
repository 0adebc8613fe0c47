// Helpers shared by the game-model unit tests.
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "engine/notation.h"
#include "game/session.h"

namespace reversi::testing {

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

}  // namespace reversi::testing
