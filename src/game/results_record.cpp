#include "game/results_record.h"

#include "game/session.h"

namespace reversi {

void ResultsRecord::add(const FinishedGame& game) {
  if (!game.result.is_over()) return;
  const std::optional<Color> winner = game.result.winner();
  if (game.mode == Mode::Solo) {
    SoloTally& tally = solo_for(game.strength);
    if (!winner)
      ++tally.drawn;
    else if (*winner == game.human_colour)
      ++tally.won;
    else
      ++tally.lost;
  } else {
    if (!winner)
      ++two_player.draws;
    else if (*winner == Color::Black)
      ++two_player.black_wins;
    else
      ++two_player.white_wins;
  }
  recent.insert(recent.begin(), game);
  if (recent.size() > kRecentGamesKept) recent.resize(kRecentGamesKept);
}

bool ResultsRecord::keep_review(const std::string& transcript, const std::vector<ReviewedMove>& review) {
  for (FinishedGame& game : recent)
    if (game.transcript == transcript && game.review.empty()) {
      game.review = review;
      return true;
    }
  return false;
}

FinishedGame finished_game_of(const Session& session) {
  FinishedGame game;
  game.mode = session.options().mode;
  game.strength = session.options().strength;
  game.human_colour = session.human_colour();
  game.variant = session.game().setup().variant;
  game.transcript = session.game().transcript();
  game.result = session.game().result();
  return game;
}

}  // namespace reversi
