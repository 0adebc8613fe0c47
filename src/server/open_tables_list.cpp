#include "server/open_tables_list.h"

namespace reversi::server {

namespace online = messages::online;

bool OpenTablesList::update(const std::string& code, const std::optional<Entry>& entry) {
  const auto order = order_of_.find(code);
  if (order == order_of_.end()) {
    if (!entry) return false;
    order_of_[code] = next_order_;
    listed_[next_order_++] = Listed{*entry, next_revision_++};
    return true;
  }
  const auto listed = listed_.find(order->second);
  if (!entry) {
    listed_.erase(listed);
    order_of_.erase(order);
    return true;
  }
  if (listed->second.entry == *entry) return false;
  // A new name or level for its host: the table keeps its place.
  listed->second = Listed{*entry, next_revision_++};
  return true;
}

OpenTablesList::Holding OpenTablesList::current(const Hidden& hidden) const {
  Holding now;
  for (auto listed = listed_.rbegin(); listed != listed_.rend() && now.size() < online::kMaxOpenTablesListed; ++listed)
    if (!hidden || !hidden(listed->second.entry.host_player))
      now.push_back(Held{listed->first, listed->second.revision, listed->second.entry.code});
  return now;
}

online::server::OpenTables OpenTablesList::whole(Holding& holding, const Hidden& hidden) const {
  holding = current(hidden);
  online::server::OpenTables open;
  for (const Held& held : holding) open.tables.push_back(listed_.at(held.order).entry);
  return open;
}

std::optional<online::server::OpenTablesChanged> OpenTablesList::changes(Holding& holding, const Hidden& hidden) const {
  Holding now = current(hidden);
  online::server::OpenTablesChanged change;
  // Both lists run from the highest order down, and an entry keeps its
  // order for life: one pass pairs them up.
  std::size_t before = 0, after = 0;
  while (before < holding.size() || after < now.size()) {
    if (after == now.size() || (before < holding.size() && holding[before].order > now[after].order)) {
      change.removed.push_back(holding[before++].code);
    } else if (before == holding.size() || now[after].order > holding[before].order) {
      change.added.push_back({static_cast<int>(after), listed_.at(now[after].order).entry});
      ++after;
    } else {
      if (holding[before].revision != now[after].revision) change.changed.push_back(listed_.at(now[after].order).entry);
      ++before;
      ++after;
    }
  }
  holding = std::move(now);
  if (change.removed.empty() && change.changed.empty() && change.added.empty()) return std::nullopt;
  return change;
}

}  // namespace reversi::server
