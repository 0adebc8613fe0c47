// A watcher's open tables list as a client keeps it: the whole list
// (open-tables), then each change (open-tables-changed) applied in turn.
// Shared by the server's unit and process tests and its fuzz target.
#pragma once

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "messages/table_messages.h"

namespace reversi::testing {

struct WatchedList {
  std::vector<messages::online::server::OpenTableEntry> tables;  // newest first
  bool whole = false;                                            // a whole list came
  bool in_step = true;  // every change since the last whole list came after it and fitted
  int changes = 0;      // changes taken in

  // Takes in `message` when it is a list or a change: true when it was one.
  bool take(const messages::online::ServerMessage& message) {
    namespace wire = messages::online::server;
    if (const auto* open = std::get_if<wire::OpenTables>(&message)) {
      tables = open->tables;
      whole = true;
      in_step = true;
      return true;
    }
    const auto* change = std::get_if<wire::OpenTablesChanged>(&message);
    if (!change) return false;
    ++changes;
    if (!whole || !messages::online::apply_open_tables_changed(tables, *change)) in_step = false;
    return true;
  }
  void take(const std::vector<messages::online::ServerMessage>& messages) {
    for (const messages::online::ServerMessage& message : messages) take(message);
  }

  bool names(const std::string& code) const {
    return std::any_of(tables.begin(), tables.end(), [&](const auto& entry) { return entry.code == code; });
  }
};

}  // namespace reversi::testing
