// Whole games as text, for both start variants.
//
// A transcript is the squares played in order, passes implicit, as written by
// format_transcript: "f5d6c3d3". An empty-centre game writes its four opening
// placements first, e.g. "d4e5e4d5f3...". No standard game can begin on a
// centre square (they are taken), so a transcript whose first square is d4,
// e4, d5 or e5 is an empty-centre game; the empty transcript is a standard
// game with no moves yet. Separators and move numbers are skipped as in
// replay_transcript.
#pragma once

#include <string_view>

#include "engine/notation.h"
#include "game/game.h"

namespace reversi {

// The start variant a transcript was written from (see above).
StartVariant detect_variant(std::string_view transcript);

// Replays a transcript into a Game with the given players. The start variant
// is detected from the text. Fails with "move N ('xx'): reason" on the first
// square that cannot be played, or on text after the game ended.
Parsed<Game> game_from_transcript(std::string_view transcript, const Player& black = Player::human(),
                                  const Player& white = Player::human());

// The same with the variant given rather than detected (saved games store it).
Parsed<Game> game_from_transcript(std::string_view transcript, const GameSetup& setup);

}  // namespace reversi
