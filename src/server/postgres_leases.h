// Which node plays which table, when several reversi-server nodes share one
// PostgreSQL database (cluster.h): a lease row per table (table_leases,
// schema version 5), renewed by its node while it lives and free to take
// once it has run out. Expiry is measured on the database's clock. A
// connection of its own, so that renewals never wait behind a slow commit.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/store.h"

struct pg_conn;

namespace reversi::server {

class LeaseBook {
 public:
  // Connects with a libpq URI; nullptr with `error` when it cannot.
  static std::unique_ptr<LeaseBook> open(const std::string& uri, std::string node, double lease_seconds,
                                         StoreError& error);
  ~LeaseBook();
  LeaseBook(const LeaseBook&) = delete;
  LeaseBook& operator=(const LeaseBook&) = delete;

  // Takes the table's lease when it is free, run out or already this
  // node's. False when another node holds it; an error when the database cannot say.
  StoreResult<bool> acquire(const std::string& code);
  // Gives the lease up (the table closed here, or this node stops).
  StoreStatus release(const std::string& code);
  StoreStatus release_all();
  // The node holding a live lease on the table, if any.
  StoreResult<std::optional<std::string>> holder(const std::string& code);
  // Extends every lease this node holds; the codes of those it still holds.
  StoreResult<std::vector<std::string>> renew();
  // The stored tables that no node holds a live lease on (a node that died,
  // tables kept from before there were leases), and this node's own.
  StoreResult<std::vector<std::string>> orphans();

 private:
  LeaseBook(pg_conn* connection, std::string node, double lease_seconds);
  pg_conn* connection(StoreError& error);
  pg_conn* connection_;
  std::string node_;
  double lease_seconds_;
  std::mutex mutex_;
};

}  // namespace reversi::server
