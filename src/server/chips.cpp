#include "server/chips.h"

#include <algorithm>
#include <climits>
#include <map>

namespace reversi::server {

namespace online = messages::online;
namespace wire = messages::online::server;
using online::ChipReason;

namespace {

constexpr std::int64_t kDaySeconds = 86'400;

// The factors in hundredths, so that the rounding is exact.
int length_factor(int match_length) { return match_length >= 5 ? 100 : match_length >= 3 ? 75 : 50; }

int opponent_factor(std::optional<Strength> computer) {
  if (!computer) return 100;
  switch (*computer) {
    case Strength::Easy:
      return 25;
    case Strength::Medium:
      return 50;
    case Strength::Hard:
      return 125;
  }
  return 100;
}

int balance_of(int start, std::int64_t ledger_sum) {
  return static_cast<int>(std::clamp<std::int64_t>(start + ledger_sum, 0, INT_MAX));
}

}  // namespace

int match_stake(int match_length, std::optional<Strength> computer) {
  return (kFullStake * length_factor(match_length) * opponent_factor(computer) + 5'000) / 10'000;
}

UtcDay utc_day(std::int64_t now) {
  const std::int64_t from = now - ((now % kDaySeconds) + kDaySeconds) % kDaySeconds;
  return UtcDay{from, from + kDaySeconds};
}

StoreResult<ChipAccount> chip_account(Store& store, int start, const std::string& player, std::int64_t now) {
  const UtcDay day = utc_day(now);
  const StoreResult<ChipTotals> totals = store.chip_totals(player, day.from, day.to);
  if (!totals) return {std::nullopt, totals.error};
  return {ChipAccount{balance_of(start, totals.value->sum),
                      static_cast<int>(std::clamp<std::int64_t>(totals.value->won, 0, INT_MAX))},
          {}};
}

StoreResult<std::vector<ChipEntry>> chip_entries_for(Store& store, int start,
                                                     const std::vector<ChipSettlement>& settlements, std::int64_t now) {
  std::map<std::string, ChipAccount> accounts;  // as the entries so far leave them
  auto account_of = [&](const std::string& player) -> ChipAccount* {
    auto found = accounts.find(player);
    if (found != accounts.end()) return &found->second;
    StoreResult<ChipAccount> read = chip_account(store, start, player, now);
    if (!read) return nullptr;
    return &accounts.emplace(player, *read.value).first->second;
  };
  std::vector<ChipEntry> entries;
  for (const ChipSettlement& settlement : settlements) {
    auto entry_for = [&](const std::string& player, int delta, ChipReason reason, int balance_after) {
      return ChipEntry{
          player, delta, balance_after, reason, settlement.code, settlement.match_number, settlement.match_key, now};
    };
    if (!settlement.loser.empty()) {
      ChipAccount* account = account_of(settlement.loser);
      if (!account) return {std::nullopt, {"chips: the balance of " + settlement.loser + " cannot be read"}};
      const int cost = std::min(settlement.stake, account->balance);
      account->balance -= cost;
      entries.push_back(entry_for(settlement.loser, -cost,
                                  settlement.by_leaving ? ChipReason::Left : ChipReason::MatchLost, account->balance));
    }
    if (!settlement.winner.empty()) {
      ChipAccount* account = account_of(settlement.winner);
      if (!account) return {std::nullopt, {"chips: the balance of " + settlement.winner + " cannot be read"}};
      // The win that reaches or crosses the limit is paid in full; the later ones that day nothing.
      if (account->won_today >= online::kDailyChipWinLimit) {
        entries.push_back(entry_for(settlement.winner, 0, ChipReason::LimitReached, account->balance));
      } else {
        account->balance += settlement.stake;
        account->won_today += settlement.stake;
        entries.push_back(entry_for(settlement.winner, settlement.stake,
                                    settlement.by_leaving ? ChipReason::OpponentLeft : ChipReason::MatchWon,
                                    account->balance));
      }
    }
  }
  return {entries, {}};
}

wire::Chips chips_message(const ChipAccount& account, int stake, bool leaving_costs) {
  return wire::Chips{account.balance, stake, leaving_costs ? std::min(stake, account.balance) : 0, account.won_today,
                     online::kDailyChipWinLimit};
}

StoreResult<wire::ChipsLedger> chips_ledger_of(Store& store, int start, const std::string& player, std::int64_t now) {
  const StoreResult<ChipAccount> account = chip_account(store, start, player, now);
  if (!account) return {std::nullopt, account.error};
  const StoreResult<std::vector<ChipEntry>> entries = store.chip_ledger(player, online::kChipLedgerSize);
  if (!entries) return {std::nullopt, entries.error};
  wire::ChipsLedger ledger;
  ledger.balance = account.value->balance;
  for (const ChipEntry& entry : *entries.value)
    ledger.entries.push_back(
        {entry.delta, entry.balance_after, entry.reason, entry.code, entry.match_number, entry.created_unix});
  return {ledger, {}};
}

}  // namespace reversi::server
