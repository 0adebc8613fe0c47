// What `reversi-cli match` needs beyond its own loop for an engine match
// (bench/engine_match.sh): a fixed list of openings read from a file, and
// our players made afresh for every move, as one process per move would be.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/players.h"
#include "engine/notation.h"

namespace reversi::cli {

using Opening = std::vector<Square>;

// The openings of `text`: the first word of each line that is not blank or
// a # comment is a transcript ("f5d6c3d3"); anything after it on the line
// is ignored. Fails, naming the line, on a transcript that does not replay
// or ends the game, and on a text with no opening.
Parsed<std::vector<Opening>> parse_openings(std::string_view text);

// parse_openings of the file at `path`, or why it cannot be read.
Parsed<std::vector<Opening>> read_openings_file(const std::string& path);

// The player `name` (make_player's names), made anew before every move: no
// table carries over from one move to the next and nothing is thought
// ahead. nullptr for an unknown name.
std::unique_ptr<Player> make_fresh_player(const std::string& name, const PlayerOptions& options);

}  // namespace reversi::cli
