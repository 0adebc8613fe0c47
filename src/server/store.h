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
#include "server/player_names.h"

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
  // When the player last said hello or changed name: the name counts as in
  // use for kNameInUseSeconds after. Stored as never before created_unix, and
  // never moved back by a later put_player.
  std::int64_t seen_unix = 0;
};

// How long a player's name stays theirs after they were last seen: no other
// player may take a name that looks like it (set-name).
constexpr std::int64_t kNameInUseSeconds = 30 * 24 * 60 * 60;

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
  std::string match_key;  // the match's key in the chip ledger (chips.h); empty with chips off
  int earlier_moves = 0;  // moves of the match's earlier games, passes left out
  // With a game clock: black's and white's seconds left at this commit.
  std::array<double, 2> game_clock_left{};
};

struct StoredTable {
  TableRow row;
  std::vector<Square> moves;  // the current game's moves in order, passes left out
};

// One side of a finished game: a person, or the computer.
struct GameSide {
  std::string player;  // empty for the computer
  std::string name;
  std::optional<Strength> computer;
  bool operator==(const GameSide&) const = default;
};

// A finished online game for the record (aborted games are not kept).
struct GameRecord {
  std::string code;
  int match_number = 1;
  int game_number = 1;
  GameSide black;
  GameSide white;
  std::optional<Color> winner;  // nullopt: a draw
  EndReason reason = EndReason::NoMoves;
  int black_count = 0;
  int white_count = 0;
  std::string transcript;
  std::int64_t ended_unix = 0;
  // Why the game earns nothing (the computer played, too short, the pair's
  // daily limit: docs/protocol.md, "Fair points"); nullopt: rated, so points
  // and milestones count.
  std::optional<messages::online::Unrated> unrated;
  bool rated() const { return !unrated; }
  bool operator==(const GameRecord&) const = default;
};

// What the milestones are decided on: a player's games against people.
struct PlayerTally {
  int games = 0;
  int wins = 0;
  int opponents = 0;         // different people played
  bool played_with = false;  // has played the `opponent` asked about
  std::vector<messages::online::server::ReachedMilestone> reached;
};

// One player's line of a leaderboard, before ranks are given.
struct LeaderboardRow {
  std::string player;
  std::string name;
  int points = 0;
  int wins = 0;
  std::int64_t last_unix = 0;  // when the last points of the period came
  int level = 1;
  int rank = 0;
};

// One change of a player's chips (chips.h), tied to the match that made it.
struct ChipEntry {
  std::string player;
  int delta = 0;
  int balance_after = 0;  // the starting chips plus the ledger so far: never below 0
  messages::online::ChipReason reason = messages::online::ChipReason::MatchWon;
  std::string code;
  int match_number = 1;
  // One match instance (codes are reused once a table closes): the ledger
  // holds at most one entry per player, key and reason.
  std::string match_key;
  std::int64_t created_unix = 0;
  bool operator==(const ChipEntry&) const = default;
};

// A player's ledger summed: every delta, and what wins paid in a period.
struct ChipTotals {
  std::int64_t sum = 0;
  std::int64_t won = 0;
};

// A unit of change. Writes are kept until commit(); destroying an
// uncommitted transaction rolls it back. After a failed write the rest do
// nothing and commit() reports the first failure.
class StoreTransaction {
 public:
  virtual ~StoreTransaction() = default;
  // The player, with the look-alike keys of its name (player_names.h: name_keys).
  virtual void put_player(const PlayerRow& player) = 0;
  // A player said hello: their name stays in use from `unix` on.
  virtual void mark_seen(const std::string& player, std::int64_t unix) = 0;
  virtual void put_table(const TableRow& table) = 0;
  // The `index`-th move (from 0, passes left out) of a game of a match.
  virtual void add_move(const std::string& code, int match_number, int game_number, int index, Square square) = 0;
  // The table and every move stored for it (the record of its games stays).
  virtual void delete_table(const std::string& code) = 0;
  // A finished game, with each person's points (arcade.h: points_for).
  virtual void add_game(const GameRecord& game) = 0;
  virtual void add_milestone(const std::string& player, messages::online::Milestone milestone,
                             std::int64_t reached_unix) = 0;
  virtual StoreStatus commit() = 0;
  // A ledger entry; a second one with the same player, key and reason fails the commit.
  virtual void add_chips(const ChipEntry& entry) = 0;
  // Forgets a player: forget_player.h's statements.
  virtual void forget_player(const std::string& player) = 0;
  // One player on several devices: a link code for `player` (replacing any
  // other of theirs, and dropping every expired one) made at `now_unix`, good
  // until `expires_unix`; and a linked device's secret.
  virtual void put_device_link(const std::string& code, const std::string& player, std::int64_t now_unix,
                               std::int64_t expires_unix) = 0;
  virtual void add_device_secret(const std::string& player, const std::string& secret_hash,
                                 std::int64_t created_unix) = 0;
};

class Store {
 public:
  virtual ~Store() = default;
  virtual std::unique_ptr<StoreTransaction> begin() = 0;
  virtual StoreResult<std::optional<PlayerRow>> find_player(std::string_view id) = 0;
  // The player a live link code names, the code used up in the same step;
  // nothing for a code unknown, used or expired at `now_unix`.
  virtual StoreResult<std::optional<std::string>> claim_device_link(const std::string& code, std::int64_t now_unix) = 0;
  // The secret hashes of the devices linked to `player` (the first device's is in PlayerRow).
  virtual StoreResult<std::vector<std::string>> device_secret_hashes(const std::string& player) = 0;
  // The code of a stored table where `player` holds a seat; nothing when none.
  virtual StoreResult<std::optional<std::string>> seated_at(const std::string& player) = 0;
  // The name of a player other than `except`, seen at `seen_since` or later,
  // whose name has either of `keys` (look-alike names); nothing when none has.
  virtual StoreResult<std::optional<std::string>> look_alike_name(const NameKeys& keys, const std::string& except,
                                                                  std::int64_t seen_since) = 0;
  // Every table kept, each with its current game's moves (start-up).
  virtual StoreResult<std::vector<StoredTable>> load_tables() = 0;
  // One stored table (a node taking over another's table); nothing when there is none.
  virtual StoreResult<std::optional<StoredTable>> load_table(const std::string& code) {
    StoreResult<std::vector<StoredTable>> all = load_tables();
    if (!all) return {std::nullopt, all.error};
    for (StoredTable& table : *all.value)
      if (table.row.code == code) return {std::move(table), {}};
    return {std::optional<StoredTable>{}, {}};
  }
  // The moves of one game, in order (a table's earlier games, for tests and tools).
  virtual StoreResult<std::vector<Square>> load_moves(const std::string& code, int match_number, int game_number) = 0;

  // The record. Rated games only count toward tallies and leaderboards.
  virtual StoreResult<PlayerTally> tally(const std::string& player, const std::string& opponent = "") = 0;
  // Rated games between `a` and `b` (either colour) that ended in [from, to).
  virtual StoreResult<int> rated_games_between(const std::string& a, const std::string& b, std::int64_t from,
                                               std::int64_t to) = 0;
  // Points earned in [from, to) (Unix seconds).
  virtual StoreResult<int> points(const std::string& player, std::int64_t from, std::int64_t to) = 0;
  // The first `size` ranks of [from, to), and `player`'s row wherever it ranks
  // (ties broken as docs/protocol.md says: wins, then who got there first, then id).
  virtual StoreResult<std::vector<LeaderboardRow>> leaderboard(std::int64_t from, std::int64_t to, std::size_t size,
                                                               const std::string& player) = 0;
  // A player's games, the newest first.
  virtual StoreResult<std::vector<messages::online::server::HistoryGame>> history(const std::string& player,
                                                                                  std::size_t size) = 0;
  // One match's games at a table, in order, as `player` saw them.
  virtual StoreResult<std::vector<messages::online::server::HistoryGame>> match_games(const std::string& player,
                                                                                      const std::string& code,
                                                                                      int match_number) = 0;
  // Chat, mutes, reports and bans (moderation_store.h), when this backend keeps them.
  virtual ModerationStore* moderation() { return nullptr; }

  // The ledger summed, with the wins paid in [from, to) (Unix seconds).
  virtual StoreResult<ChipTotals> chip_totals(const std::string& player, std::int64_t from, std::int64_t to) = 0;
  // The last `size` entries, the newest first.
  virtual StoreResult<std::vector<ChipEntry>> chip_ledger(const std::string& player, std::size_t size) = 0;
};

}  // namespace reversi::server
