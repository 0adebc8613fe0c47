// Deleting a player's data, asked by the player (`delete-player`) or done by
// an operator (`reversi-server admin delete-player`). What goes and what
// stays is docs/server.md's "What is kept, and for how long".
#pragma once

#include <span>
#include <string>

#include "server/store.h"

namespace reversi::server {

// The name a forgotten player's games show to the other side.
inline constexpr const char* kForgottenName = "Deleted player";

// The statements that forget one player inside a transaction, in order, in
// the SQL both stores speak; each reads the player's id as $1 (SQLite takes
// $1 as a named parameter, its first).
std::span<const char* const> forget_player_statements();

enum class Deletion { Deleted, NoSuchPlayer, Seated };

// Forgets `player` in one transaction: refused while they hold a seat at a
// stored table (they leave it first), and for an id the store does not know.
StoreResult<Deletion> delete_player(Store& store, const std::string& player);

}  // namespace reversi::server
