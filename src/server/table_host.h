// A table's host (the thread its work runs on) and where players sit, as
// the lobby (lobby.h) keeps them: what the parts the lobby uses (moderation.h:
// a banned player leaves their table) need of it, without depending on it.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "server/table.h"

namespace reversi::server {

// Runs work on one table's thread (a strand in the server, at once in tests).
class TableHost {
 public:
  virtual ~TableHost() = default;
  // Nothing runs when the table has closed (or went to another node) by
  // the time the work's turn comes, or was never built.
  void run(std::function<void(Table&)> work) { run_or(std::move(work), {}); }
  // As run(), with `gone` run instead in those cases: for work whose
  // connection would otherwise wait for an answer that never comes.
  virtual void run_or(std::function<void(Table&)> work, std::function<void()> gone) = 0;
};
using HostPtr = std::shared_ptr<TableHost>;

// The tables players hold seats at.
class SeatedTables {
 public:
  virtual ~SeatedTables() = default;
  // The host of the table where `player` sits; nullptr when none.
  virtual HostPtr host_of(const std::string& player) const = 0;
};

}  // namespace reversi::server
