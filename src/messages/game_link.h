// A finished game as a link to share: the page's address with the moves and
// a check over them, "?review=f5d6c3…&check=3fa2c19e". The check finds a link
// that was cut short or edited by hand (it is no signature: anyone may write
// a game and its check); a link that fails it opens nothing.
#pragma once

#include <string>
#include <string_view>

#include "engine/notation.h"
#include "game/game.h"

namespace reversi::messages {

// The address parameters that carry a shared game.
inline constexpr std::string_view kReviewParameter = "review";
inline constexpr std::string_view kCheckParameter = "check";

// The check over a transcript: 8 lower-case hex digits.
std::string review_check(std::string_view transcript);
// "review=…&check=…" for `game` (its moves on the board).
std::string review_query(const Game& game);
// The game a shared link carries, or why it cannot be opened (in words for
// the player: the check is missing or does not match, or the moves are not
// a game).
Parsed<Game> game_from_review_link(std::string_view moves, std::string_view check);

}  // namespace reversi::messages
