// The open tables list, newest first, and what each watcher holds of it, so
// that a watcher gets the whole list once and then only what changed
// (open-tables-changed, docs/protocol.md). Not thread-safe: the lobby keeps
// it under its lock.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "messages/table_messages.h"

namespace reversi::server {

class OpenTablesList {
 public:
  using Entry = messages::online::server::OpenTableEntry;
  // Whether a host's tables are left out of a watcher's list (moderation's avoidances).
  using Hidden = std::function<bool(const std::string& host_player)>;

  // What one watcher was sent last: its entries by their place in the list
  // (the opening order, which a changed entry keeps) and revision. About
  // 50 bytes an entry, where keeping the entries would take ten times that.
  struct Held {
    std::uint64_t order = 0;
    std::uint64_t revision = 0;
    std::string code;
    bool operator==(const Held&) const = default;
  };
  using Holding = std::vector<Held>;  // newest first

  // A table's entry now; nullopt when it is not listed. True when the list changed.
  bool update(const std::string& code, const std::optional<Entry>& entry);

  // The whole list as `hidden` leaves it, at most kMaxOpenTablesListed
  // entries; `holding` becomes what it names.
  messages::online::server::OpenTables whole(Holding& holding, const Hidden& hidden = {}) const;
  // What turns the list `holding` names into the whole list now; nothing
  // when they are the same. `holding` becomes what the whole list names.
  std::optional<messages::online::server::OpenTablesChanged> changes(Holding& holding, const Hidden& hidden = {}) const;

 private:
  struct Listed {
    Entry entry;
    std::uint64_t revision = 0;
  };
  Holding current(const Hidden& hidden) const;

  std::map<std::uint64_t, Listed> listed_;  // by opening order
  std::unordered_map<std::string, std::uint64_t> order_of_;
  std::uint64_t next_order_ = 0;
  std::uint64_t next_revision_ = 0;
};

}  // namespace reversi::server
