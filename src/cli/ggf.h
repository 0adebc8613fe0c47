// Games in GGF, the Generic Game Format that NBoard and the Othello servers
// use: "(;GM[Othello]...BO[8 <64 squares> <side>]B[F5]W[F6/-1.23/0.5]...;)".
// Squares '*' black, 'O' white, '-' empty; a move "PA" is a pass. Only the
// start position and the moves matter here; other tags are skipped when
// read, and written only as far as engines expect them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/notation.h"

namespace reversi::cli {

struct GgfGame {
  Position start;
  std::vector<Square> moves;  // kPass for a pass
  Position final_position;
};

// The game, replayed and checked move by move, or what is wrong with it.
Parsed<GgfGame> parse_ggf(std::string_view text);

// The game as one line of GGF, its passes written "PA": what `match` tells
// an external engine before asking it for a move.
std::string format_ggf(const GgfGame& game);

}  // namespace reversi::cli
