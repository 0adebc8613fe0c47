// What the server keeps: players, tables and the moves of the games being
// played. An interface of plain values so that a PostgreSQL backend can
// stand beside the SQLite one (sqlite_store.h): every change goes through a
// transaction that commits all of its writes or none, and every failure is
// a value, never an exception.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "messages/table_messages.h"

namespace reversi::server {

class ModerationStore;

struct StoreError {
  std::string message;
};
// Nothing on success.
using StoreStatus = std::optional<StoreError>;

template <class T>
struct StoreResult {
  std::optional<T> value;
  StoreError error;
  explicit operator bool() const { return value.has_value(); }
};

struct PlayerRow {
  std::string id;  // "p_…" for guests, "h_…" for a host page's players
  std::string name;
  std::string secret_hash;  // SHA-256 hex of the guest's secret; empty for host players
  std::int64_t created_unix = 0;
};

struct SeatRow {
  std::string player;  // empty when the seat is free or the computer's
  std::string name;
  std::optional<Strength> computer;  // the computer sits here
  bool empty() const { return player.empty() && !computer; }
  bool operator==(const SeatRow&) const = default;
};

// A table and its match, as stored after every change; the current game's
// moves are stored one by one beside it (StoreTransaction::add_move).
struct TableRow {
  std::string code;
  std::string owner;
  bool is_private = false;
  messages::online::TableOptions options;
  std::array<SeatRow, 2> seats;
  messages::TablePhase phase = messages::TablePhase::Waiting;
  int seq = 0;  // the last event number
  // The match, once one has started (phase other than waiting, or a match
  // that ended and may be called back).
  bool has_match = false;
  int match_number = 0;               // 1 for the table's first match, +1 for each rematch
  Color first_colour = Color::Black;  // seat 0's colour in game 1
  std::string finished;               // earlier games of the match: 'F', 'S' or 'N' each
  int game_number = 0;                // the game being played (or last played)
  std::optional<Color> forfeited;     // the colour that resigned or abandoned the current game
  EndReason forfeit_reason = EndReason::None;
  std::uint64_t random_state = 0;  // the session's seed for computer placements
  std::int64_t updated_unix = 0;
};

struct StoredTable {
  TableRow row;
  std::vector<Square> moves;  // the current game's moves in order, passes left out
};

// A unit of change. Writes are kept until commit(); destroying an
// uncommitted transaction rolls it back. After a failed write the rest do
// nothing and commit() reports the first failure.
class StoreTransaction {
 public:
  virtual ~StoreTransaction() = default;
  virtual void put_player(const PlayerRow& player) = 0;
  virtual void put_table(const TableRow& table) = 0;
  // The `index`-th move (from 0, passes left out) of a game of a match.
  virtual void add_move(const std::string& code, int match_number, int game_number, int index, Square square) = 0;
  // The table and every move stored for it.
  virtual void delete_table(const std::string& code) = 0;
  virtual StoreStatus commit() = 0;
};

class Store {
 public:
  virtual ~Store() = default;
  virtual std::unique_ptr<StoreTransaction> begin() = 0;
  virtual StoreResult<std::optional<PlayerRow>> find_player(std::string_view id) = 0;
  // Every table kept, each with its current game's moves (start-up).
  virtual StoreResult<std::vector<StoredTable>> load_tables() = 0;
  // The moves of one game, in order (a table's earlier games, for tests and tools).
  virtual StoreResult<std::vector<Square>> load_moves(const std::string& code, int match_number, int game_number) = 0;
  // Chat, mutes, reports and bans (moderation_store.h), when this backend keeps them.
  virtual ModerationStore* moderation() { return nullptr; }
};

}  // namespace reversi::server
