#include "messages/game_link.h"

#include <cstdint>
#include <cstdio>

#include "game/game_transcript.h"
#include "messages/codec.h"

namespace reversi::messages {

std::string review_check(std::string_view transcript) {
  // FNV-1a over a versioned prefix and the moves, folded to 32 bits.
  std::uint64_t hash = 0xcbf29ce484222325ull;
  auto mix = [&hash](std::string_view text) {
    for (const char c : text) {
      hash ^= static_cast<unsigned char>(c);
      hash *= 0x100000001b3ull;
    }
  };
  mix("reversi-review-1:");
  mix(transcript);
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>((hash >> 32) ^ (hash & 0xffffffffu)));
  return hex;
}

std::string review_query(const Game& game) {
  const std::string transcript = game.transcript();
  return std::string(kReviewParameter) + "=" + transcript + "&" + std::string(kCheckParameter) + "=" +
         review_check(transcript);
}

Parsed<Game> game_from_review_link(std::string_view moves, std::string_view check) {
  constexpr const char* kNothing = " Nothing was opened.";
  if (moves.size() > kMaxTranscriptBytes)
    return Parsed<Game>::failure("This game link is longer than any game can be." + std::string(kNothing));
  if (check.empty())
    return Parsed<Game>::failure("This game link has lost its check: it may have been cut short." +
                                 std::string(kNothing));
  if (check != review_check(moves))
    return Parsed<Game>::failure("This game link has been changed or cut short: its check does not match." +
                                 std::string(kNothing));
  Parsed<Game> game = game_from_transcript(moves);
  if (!game) return Parsed<Game>::failure("This game link's moves are not a game (" + game.error + ")." + kNothing);
  if (game.value->moves().empty())
    return Parsed<Game>::failure("This game link holds no moves." + std::string(kNothing));
  return game;
}

}  // namespace reversi::messages
