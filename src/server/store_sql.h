// SQL that the SQLite and PostgreSQL stores speak alike, written once.
// Parameters are $1, $2…, each used (PostgreSQL wants a type for every one):
// the SQLite store reads them as ?1, ?2… (sqlite_numbered).
#pragma once

namespace reversi::server::sql {

// Schema version 6 on both: one player on several devices
// (docs/protocol.md, "One player on several devices"). A link code lives
// until it is used or expires; each linked device has a secret of its own,
// kept as a SHA-256 beside the first device's in `players`.
inline constexpr const char* kDeviceLinksSchema = R"sql(
CREATE TABLE device_links (
  code TEXT PRIMARY KEY,
  player TEXT NOT NULL,
  expires_unix BIGINT NOT NULL
);
CREATE INDEX device_links_by_player ON device_links (player);
CREATE TABLE device_secrets (
  player TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  created_unix BIGINT NOT NULL,
  PRIMARY KEY (player, secret_hash)
);
)sql";

// $1 player, $2 now: a player has one live code at a time, and expired
// codes go whenever a new one is made.
inline constexpr const char* kDropDeviceLinks = "DELETE FROM device_links WHERE player = $1 OR expires_unix <= $2";
// $1 code, $2 player, $3 expiry.
inline constexpr const char* kPutDeviceLink =
    "INSERT INTO device_links (code, player, expires_unix) VALUES ($1, $2, $3)";
// $1 code, $2 now: used once, so deleted as it is read.
inline constexpr const char* kClaimDeviceLink =
    "DELETE FROM device_links WHERE code = $1 AND expires_unix > $2 RETURNING player";
// $1 player, $2 hash, $3 time.
inline constexpr const char* kPutDeviceSecret =
    "INSERT INTO device_secrets (player, secret_hash, created_unix) VALUES ($1, $2, $3)";
inline constexpr const char* kDeviceSecrets = "SELECT secret_hash FROM device_secrets WHERE player = $1";

}  // namespace reversi::server::sql
