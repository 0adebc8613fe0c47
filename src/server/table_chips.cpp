// What a table decides about chips (chips.h): the stake of its match, when
// leaving costs, the settlements of a match that is won or left, and the
// chips messages its players are sent. With chips off none of it happens.
#include <algorithm>
#include <cstdio>

#include "server/table.h"

namespace reversi::server {

namespace online = messages::online;
namespace wire = messages::online::server;

namespace {

std::int64_t unix_time(const TableServices& services) { return services.unix_clock ? services.unix_clock() : 0; }

}  // namespace

int Table::match_moves() const {
  if (!state_.session) return 0;
  int moves = state_.earlier_moves;
  for (const Ply& ply : state_.session->game().record().applied())
    if (!ply.is_pass()) ++moves;
  return moves;
}

int Table::stake() const {
  return state_.session ? match_stake(state_.options.match_length, state_.seats[1].computer) : 0;
}

bool Table::leaving_costs() const {
  return chips_on() && state_.session && !state_.session->match().is_over() && !state_.chips_settled &&
         match_moves() >= kMovesBeforeLeavingCosts;
}

// Unique to this match of this table: codes come back into use once a table closes.
std::string Table::new_match_key() {
  char random[17];
  std::snprintf(random, sizeof random, "%016llx", static_cast<unsigned long long>(services_.random()));
  return state_.code + "/" + std::to_string(state_.match_number) + "/" + std::to_string(unix_time(services_)) + "/" +
         random;
}

void Table::settle_match() {
  if (!chips_on() || state_.chips_settled || !state_.session) return;
  const std::optional<Seat> winner = state_.session->match().winner();
  if (!winner) return;
  state_.chips_settled = true;
  const int won = index_of(*winner);
  state_.chip_settlements.push_back(ChipSettlement{state_.seats[won].player, state_.seats[1 - won].player, stake(),
                                                   false, state_.code, state_.match_number, state_.match_key});
}

// Before the seat is given up: whatever the forfeit then makes of the
// match, leaving has decided its chips (nothing before the 4th move).
void Table::settle_leaving(int seat) {
  if (!chips_on() || !state_.session || state_.session->match().is_over() || state_.chips_settled) return;
  const bool costs = leaving_costs();
  state_.chips_settled = true;
  if (!costs) return;
  state_.chip_settlements.push_back(ChipSettlement{state_.seats[1 - seat].player, state_.seats[seat].player, stake(),
                                                   true, state_.code, state_.match_number, state_.match_key});
}

StoreStatus Table::add_chip_entries(StoreTransaction& transaction, std::vector<ChipEntry>& entries) {
  if (state_.chip_settlements.empty()) return std::nullopt;
  StoreResult<std::vector<ChipEntry>> made =
      chip_entries_for(*services_.store, *services_.chips_start, state_.chip_settlements, unix_time(services_));
  if (!made) return made.error;
  for (const ChipEntry& entry : *made.value) transaction.add_chips(entry);
  entries = std::move(*made.value);
  return std::nullopt;
}

void Table::show_chips(int seat) {
  Presence& presence = presence_[seat];
  const std::string& player = state_.seats[seat].player;
  if (!chips_on() || player.empty() || !presence.link) return;
  const StoreResult<ChipAccount> account =
      chip_account(*services_.store, *services_.chips_start, player, unix_time(services_));
  if (!account) {
    std::fprintf(stderr, "reversi-server: table %s: %s\n", state_.code.c_str(), account.error.message.c_str());
    presence.chips_shown.reset();  // read again next time
    return;
  }
  presence.chips_shown = chips_message(*account.value, stake(), leaving_costs());
  presence.link->send(online::encode_server_message(*presence.chips_shown));
}

// After a commit: whoever's ledger changed is told (also one who has just
// left); the others when their stake or the cost of leaving changed.
void Table::send_chips(const Snapshot& before, const std::vector<ChipEntry>& entries) {
  if (!chips_on()) return;
  auto changed = [&](const std::string& player) {
    return std::any_of(entries.begin(), entries.end(), [&](const ChipEntry& entry) { return entry.player == player; });
  };
  for (int seat = 0; seat < 2; ++seat) {
    Presence& presence = presence_[seat];
    const std::string& player = state_.seats[seat].player;
    if (player.empty() || !presence.link) continue;
    if (!presence.chips_shown || changed(player)) {
      show_chips(seat);
      continue;
    }
    const ChipAccount account{presence.chips_shown->balance, presence.chips_shown->won_today};
    const wire::Chips chips = chips_message(account, stake(), leaving_costs());
    if (chips == *presence.chips_shown) continue;
    presence.chips_shown = chips;
    presence.link->send(online::encode_server_message(chips));
  }
  for (int seat = 0; seat < 2; ++seat) {
    const std::string& player = before.state.seats[seat].player;
    const LinkPtr& link = before.presence[seat].link;
    if (player.empty() || !link || seat_of(player) >= 0 || !changed(player)) continue;
    const StoreResult<ChipAccount> account =
        chip_account(*services_.store, *services_.chips_start, player, unix_time(services_));
    if (account) link->send(online::encode_server_message(chips_message(*account.value, 0, false)));
  }
}

}  // namespace reversi::server
