// The arcade around the duel: points for games between people, milestones
// and the level they make, leaderboards by UTC week, month and year, the
// player's card and history. Pure rules here, the queries in the Store; the
// WebSocket messages and the HTTP API (GET /api/…) answer with the same
// objects, built by the functions at the end.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "messages/table_messages.h"
#include "server/store.h"

namespace reversi::server {

namespace online = messages::online;

// online::kWinPoints, kDrawPoints or kLossPoints (the message layer's: the app words them too).
int points_for(online::GameOutcome outcome);
online::GameOutcome outcome_for(std::optional<Color> winner, Color colour);
// Milestones reached + 1.
int level_of(int milestones_reached);

// [from, to) in Unix seconds, UTC: the ISO week from Monday 00:00, the
// calendar month, the calendar year that `now` falls in.
struct PeriodBounds {
  std::int64_t from = 0;
  std::int64_t to = 0;
};
PeriodBounds period_bounds(online::Period period, std::int64_t now);
std::string utc_date(std::int64_t unix_seconds);  // "2026-11-30"

// The milestones that one more rated game makes `before` reach (in order).
// `new_opponent`: the other player had not been played before.
std::vector<online::Milestone> milestones_after(const PlayerTally& before, online::GameOutcome outcome,
                                                bool new_opponent);

// The answers, read from the store at `now`; nullopt and `error` when the store fails.
StoreResult<online::server::Leaderboard> leaderboard_of(Store& store, online::Period period, std::int64_t now,
                                                        const std::string& asker);
// nullopt inside the result: no such player. With `chips_start` (chips
// are played) the card holds the player's balance.
StoreResult<std::optional<online::server::PlayerCard>> player_card_of(Store& store, const std::string& player,
                                                                      std::int64_t now,
                                                                      std::optional<int> chips_start = std::nullopt);

// GET /api/leaderboard?period=week|month|year[&player=ID] and GET /api/players/ID.
struct ApiAnswer {
  int status = 200;
  std::string body;  // JSON, or {"error": "…"}
};
// Whether `path` (without the query) is one of the API's; the server
// answers 404 under /api/ for anything else.
bool is_api_path(std::string_view path);
ApiAnswer answer_api(Store& store, std::string_view target, std::int64_t now,
                     std::optional<int> chips_start = std::nullopt);

}  // namespace reversi::server
