// Chips, for arcades that want stakes (reversi-server --chips START; off
// without it): what a match is worth, what winning, losing and leaving
// make a player's ledger say, the daily limit on wins, and the messages
// that show a balance. Pure rules and reads of the Store here; a table
// decides when (table_chips.cpp). docs/protocol.md, "Chips", is the contract.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "messages/table_messages.h"
#include "server/store.h"

namespace reversi::server {

// A best-of-5 match between people is worth this many chips.
inline constexpr int kFullStake = 60;
// Leaving costs chips once the match has had this many moves (passes not counted).
inline constexpr int kMovesBeforeLeavingCosts = 4;
// --chips START: from 1 to this.
inline constexpr int kMostStartingChips = 1'000'000;

// round(60 x length factor x opponent factor), halves up: 1 game 0.5, best
// of 3 0.75, best of 5 1.0; a person 1.0, the computer at Easy 0.25,
// Medium 0.5, Hard 1.25.
int match_stake(int match_length, std::optional<Strength> computer);

// [from, to): the UTC day `now` falls in (the daily limit's).
struct UtcDay {
  std::int64_t from = 0;
  std::int64_t to = 0;
};
UtcDay utc_day(std::int64_t now);

// A player's chips as the ledger stands: the starting chips plus every
// delta (never below 0), and what wins paid today.
struct ChipAccount {
  int balance = 0;
  int won_today = 0;
};
StoreResult<ChipAccount> chip_account(Store& store, int start, const std::string& player, std::int64_t now);

// One decision of a table's change: `winner` is paid the stake (up to the
// daily limit) and `loser` pays it (up to their balance). Either may be
// empty: the computer has no ledger. `by_leaving`: the loser left the
// match ("left", "opponent-left") rather than lost it.
struct ChipSettlement {
  std::string winner;
  std::string loser;
  int stake = 0;
  bool by_leaving = false;
  std::string code;
  int match_number = 1;
  std::string match_key;
};

// The ledger entries the settlements make, the balances read from the store
// at `now` (before these entries); nullopt and the error when it cannot read.
StoreResult<std::vector<ChipEntry>> chip_entries_for(Store& store, int start,
                                                     const std::vector<ChipSettlement>& settlements, std::int64_t now);

// The `chips` message for a player whose table's match has `stake`;
// `leaving_costs`: the match is live past its 4th move.
messages::online::server::Chips chips_message(const ChipAccount& account, int stake, bool leaving_costs);
// The `chips-ledger` answer to get-chips.
StoreResult<messages::online::server::ChipsLedger> chips_ledger_of(Store& store, int start, const std::string& player,
                                                                   std::int64_t now);

}  // namespace reversi::server
