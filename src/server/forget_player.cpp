#include "server/forget_player.h"

namespace reversi::server {

std::span<const char* const> forget_player_statements() {
  // Their own rows go; the games stay in the other side's record, under a
  // name that is no longer theirs. The other side's tallies keep counting
  // them as an opponent once played (an id that now names nobody). Reports
  // and bans stay with the operators (docs/server.md).
  static const char* const statements[] = {
      "DELETE FROM scores WHERE player = $1",
      "DELETE FROM milestones WHERE player = $1",
      "UPDATE games SET black_name = 'Deleted player' WHERE black = $1",
      "UPDATE games SET white_name = 'Deleted player' WHERE white = $1",
      "DELETE FROM mutes WHERE player = $1 OR muted = $1",
      "DELETE FROM avoidances WHERE player = $1 OR avoided = $1",
      "DELETE FROM chips WHERE player = $1",
      "DELETE FROM device_links WHERE player = $1",
      "DELETE FROM device_secrets WHERE player = $1",
      "DELETE FROM players WHERE id = $1",
  };
  return statements;
}

StoreResult<Deletion> delete_player(Store& store, const std::string& player) {
  const StoreResult<std::optional<PlayerRow>> found = store.find_player(player);
  if (!found) return {std::nullopt, found.error};
  if (!*found.value) return {Deletion::NoSuchPlayer, {}};
  const StoreResult<std::optional<std::string>> seated = store.seated_at(player);
  if (!seated) return {std::nullopt, seated.error};
  if (*seated.value) return {Deletion::Seated, {}};
  std::unique_ptr<StoreTransaction> transaction = store.begin();
  transaction->forget_player(player);
  if (StoreStatus failed = transaction->commit()) return {std::nullopt, *failed};
  return {Deletion::Deleted, {}};
}

}  // namespace reversi::server
