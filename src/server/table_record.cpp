// What a table's finished games leave in the record (store.h): the game,
// whether it is rated, and the milestones its players reach.
#include <cstdio>

#include "game/game_transcript.h"
#include "messages/fair_points.h"
#include "server/arcade.h"
#include "server/table.h"

namespace reversi::server {

namespace online = messages::online;
namespace wire = messages::online::server;

std::optional<online::Unrated> Table::unrated_reason() const {
  const Session& session = *state_.session;
  if (state_.seats[0].computer || state_.seats[1].computer) return online::Unrated::Practice;
  if (online::too_short_to_rate(session.game())) return online::Unrated::Short;
  // The pair's rated games this UTC day, stored and about to be.
  const std::int64_t today = services_.unix_clock ? services_.unix_clock() : 0;
  const std::int64_t day_start = today - today % 86400;
  const std::string& a = state_.seats[0].player;
  const std::string& b = state_.seats[1].player;
  const StoreResult<int> stored = services_.store->rated_games_between(a, b, day_start, day_start + 86400);
  if (!stored)  // the commit that follows will most likely fail too; if not, the game counts
    std::fprintf(stderr, "reversi-server: table %s: %s\n", state_.code.c_str(), stored.error.message.c_str());
  int played = stored ? *stored.value : 0;
  for (const GameRecord& game : state_.finished_games) played += game.rated() ? 1 : 0;
  if (played >= online::kRatedGamesPerPairPerDay) return online::Unrated::DailyLimit;
  return std::nullopt;
}

void Table::record_game(std::optional<online::Unrated> unrated) {
  const Session& session = *state_.session;
  const Game& game = session.game();
  GameRecord record;
  record.code = state_.code;
  record.match_number = state_.match_number;
  record.game_number = session.game_number();
  for (const Color colour : {Color::Black, Color::White}) {
    const SeatRow& seat = state_.seats[index_of(session.seat_of(colour))];
    (colour == Color::Black ? record.black : record.white) = GameSide{seat.player, seat.name, seat.computer};
  }
  const GameResult result = game.result();
  record.winner = result.winner();
  record.reason = result.reason;
  record.black_count = result.black_discs;
  record.white_count = result.white_discs;
  record.transcript = game.transcript();
  record.ended_unix = services_.unix_clock ? services_.unix_clock() : 0;
  record.unrated = unrated;
  state_.finished_games.push_back(std::move(record));
}

std::vector<std::pair<std::string, wire::MilestoneReached>> Table::milestones_reached(StoreTransaction& transaction) {
  std::vector<std::pair<std::string, wire::MilestoneReached>> reached;
  for (const GameRecord& game : state_.finished_games) {
    if (!game.rated()) continue;  // practice: no milestones
    for (const Color colour : {Color::Black, Color::White}) {
      const GameSide& side = colour == Color::Black ? game.black : game.white;
      const GameSide& other = colour == Color::Black ? game.white : game.black;
      const StoreResult<PlayerTally> tally = services_.store->tally(side.player, other.player);
      if (!tally) {
        // The record stays right; only the notice of a milestone would be
        // late (it is stored with the player's next game).
        std::fprintf(stderr, "reversi-server: table %s: %s\n", state_.code.c_str(), tally.error.message.c_str());
        continue;
      }
      int count = static_cast<int>(tally.value->reached.size());
      for (const online::Milestone milestone :
           milestones_after(*tally.value, outcome_for(game.winner, colour), !tally.value->played_with)) {
        transaction.add_milestone(side.player, milestone, game.ended_unix);
        reached.emplace_back(side.player, wire::MilestoneReached{milestone, server::level_of(++count)});
      }
    }
  }
  return reached;
}

int Table::level_of_player(const std::string& player) const {
  if (player.empty()) return 1;
  const StoreResult<PlayerTally> tally = services_.store->tally(player);
  return tally ? server::level_of(static_cast<int>(tally.value->reached.size())) : 1;
}

}  // namespace reversi::server
