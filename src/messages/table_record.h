// The arcade's record as the server sends it (docs/protocol.md, "Points,
// levels and leaderboards", "Chips"): leaderboards, a player's card, the
// games they played, and their chips. Part of table_messages.h's server
// messages.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "messages/table_terms.h"

namespace reversi::messages::online::server {

struct LeaderboardEntry {
  int rank = 0;
  std::string player;
  std::string name;
  int points = 0;
  int level = 1;
  bool operator==(const LeaderboardEntry&) const = default;
};
// "from" and "to": the period's first day and the day after its last (UTC, YYYY-MM-DD).
struct Leaderboard {
  Period period = Period::Week;
  std::string from;
  std::string to;
  std::vector<LeaderboardEntry> entries;  // at most kLeaderboardSize, by rank
  std::optional<LeaderboardEntry> you;    // the asker, when ranked outside the list
  bool operator==(const Leaderboard&) const = default;
};
struct ReachedMilestone {
  Milestone milestone = Milestone::FirstGame;
  std::int64_t reached_unix = 0;
  bool operator==(const ReachedMilestone&) const = default;
};
struct PlayerCard {
  std::string player;
  std::string name;
  int level = 1;
  std::vector<ReachedMilestone> milestones;  // in the order of kMilestones
  int week = 0;                              // points this week, month and year
  int month = 0;
  int year = 0;
  int games = 0;  // against people, all time
  int wins = 0;
  std::optional<int> chips{};  // the balance, when the server plays chips
  bool operator==(const PlayerCard&) const = default;
};
// One finished game as one player saw it.
struct HistoryGame {
  std::string code;
  int match_number = 1;
  int game_number = 1;
  std::string opponent;  // a player id, or "" for the computer
  std::string opponent_name;
  std::optional<Strength> computer;
  Color color = Color::Black;  // the player's own colour
  GameOutcome outcome = GameOutcome::Draw;
  EndReason reason = EndReason::NoMoves;
  int points = 0;
  bool rated = false;  // between people: points and milestones count
  int own_count = 0;
  int opponent_count = 0;
  std::string transcript;
  std::int64_t ended_unix = 0;
  bool operator==(const HistoryGame&) const = default;
};
struct History {
  std::vector<HistoryGame> games;  // the newest first, at most kHistorySize
  std::vector<HistoryGame> match;  // the games so far of the match at the player's table, in order
  bool operator==(const History&) const = default;
};
// Sent to the player who just reached a milestone.
struct MilestoneReached {
  Milestone milestone = Milestone::FirstGame;
  int level = 2;
  bool operator==(const MilestoneReached&) const = default;
};
// A seated player's chips: sent on arriving at a table, when the stake or
// the cost of leaving changes, and after each change of their ledger.
struct Chips {
  int balance = 0;
  int stake = 0;       // of the match at the table (0 while it waits for an opponent)
  int leave_cost = 0;  // what leaving now would cost
  int won_today = 0;   // paid for wins this UTC day
  int daily_limit = kDailyChipWinLimit;
  bool operator==(const Chips&) const = default;
};
struct ChipLedgerEntry {
  int delta = 0;
  int balance_after = 0;
  ChipReason reason = ChipReason::MatchWon;
  std::string table;  // the table's code
  int match_number = 1;
  std::int64_t at = 0;  // Unix seconds
  bool operator==(const ChipLedgerEntry&) const = default;
};
struct ChipsLedger {
  int balance = 0;
  std::vector<ChipLedgerEntry> entries;  // the newest first, at most kChipLedgerSize
  bool operator==(const ChipsLedger&) const = default;
};

}  // namespace reversi::messages::online::server
