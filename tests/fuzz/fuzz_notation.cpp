// libFuzzer target for the text parsers of the engine (squares, OBF
// positions, transcripts) and the game's transcripts with start variants.
// Whatever the input, parsing must not crash, and whatever parses must
// format and parse back to the same thing.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/notation.h"
#include "game/game_transcript.h"

using namespace reversi;

namespace {

void require(bool condition) {
  if (!condition) std::abort();  // a broken invariant is a finding
}

void check_square(std::string_view text) {
  const Parsed<Square> square = parse_square(text);
  if (!square) {
    require(!square.error.empty());
    return;
  }
  require(*square.value >= 0 && *square.value < 64);
  const std::string name = square_name(*square.value);
  require(name.size() == 2 && std::tolower(static_cast<unsigned char>(text[0])) == name[0] && text[1] == name[1]);
  require(*parse_square(name).value == *square.value);
}

void check_position(std::string_view text) {
  const Parsed<Position> position = parse_position(text);
  if (!position) {
    require(!position.error.empty());
    return;
  }
  require((position.value->board.player & position.value->board.opponent) == 0);
  const std::string formatted = format_position(*position.value);
  const Parsed<Position> again = parse_position(formatted);
  require(again && *again.value == *position.value && format_position(*again.value) == formatted);
  require(!draw_position(*position.value).empty());
}

void check_replay(std::string_view text) {
  const ReplayResult replay = replay_transcript(text);
  if (!replay) {
    require(!replay.message().empty());
    return;
  }
  require(replay.replay->moves.size() <= 120);
  const ReplayResult again = replay_transcript(format_transcript(replay.replay->moves));
  require(again && again.replay->moves == replay.replay->moves &&
          again.replay->final_position == replay.replay->final_position);
}

void check_game_transcript(std::string_view text) {
  const Parsed<Game> game = game_from_transcript(text);
  if (!game) {
    require(!game.error.empty());
    return;
  }
  require(game.value->setup().variant == detect_variant(text));
  const std::string written = game.value->transcript();
  const Parsed<Game> again = game_from_transcript(written);
  require(again && again.value->position() == game.value->position() && again.value->moves() == game.value->moves() &&
          again.value->setup().variant == game.value->setup().variant && again.value->transcript() == written);
  // Undoing everything and redoing it lands on the same position.
  Game copy = *game.value;
  while (copy.undo()) {
  }
  while (copy.redo()) {
  }
  require(copy.position() == game.value->position());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_square(text);
  if (size >= 2) check_square(text.substr(0, 2));
  check_position(text);
  check_replay(text);
  check_game_transcript(text);
  return 0;
}
