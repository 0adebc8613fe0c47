// One table: two seats, the match played at it, the clocks, the grace
// windows of players who dropped, and the last events for those who come
// back. A Table is single-threaded: its owner (a strand in the server, the
// test itself in unit tests) calls it one thing at a time, and it reaches
// the world only through TableServices. Every change is committed to the
// store before anyone is told of it; a change the store refuses is undone
// and answered with server-error.
#pragma once

#include <array>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "game/game_clock.h"
#include "game/session.h"
#include "messages/table_messages.h"
#include "server/chips.h"
#include "server/moderation_store.h"
#include "server/store.h"

namespace reversi::server {

class Moderation;
struct Sitting;

// One connection as a table sees it. send() and close() may be called from
// any thread; close() lets what was sent go out first.
class ClientLink {
 public:
  virtual ~ClientLink() = default;
  virtual void send(std::string text) = 0;
  virtual void close() = 0;
};
using LinkPtr = std::shared_ptr<ClientLink>;

// What a connection is told, before it is closed, when its table is not
// played on this node (any more, or not yet known where): it connects
// again, and finds the table where it is played then.
inline constexpr const char* kTableMovingReason = "Your table is moving to another server. Connect again in a moment.";

// What a table tells the directory of open tables and seated players.
struct TableSummary {
  std::string code;
  std::array<std::string, 2> players;                              // seated humans ("" for none)
  std::optional<messages::online::server::OpenTableEntry> listed;  // on the open tables list
  std::optional<std::string> transfer_code;                        // a seat-transfer code being offered
  bool closed = false;
};

struct SearchRequest {
  Position position;
  Strength strength = Strength::Medium;
  std::uint64_t seed = 0;
};

struct TableServices {
  Store* store = nullptr;
  ClockSource clock;                          // steady seconds, for clocks and windows
  std::function<std::int64_t()> unix_clock;   // wall seconds, for the stored rows
  std::function<std::int64_t()> unix_millis;  // wall milliseconds, for game clock readings (else unix_clock's)
  std::function<void(double when)> wake_at;   // call on_timer() at `when` (replaces the last request)
  // Finds a move off this thread and calls `done` back on the table's thread.
  std::function<void(SearchRequest, std::function<void(Square)>)> search;
  std::function<std::uint64_t()> random;  // a cryptographic generator
  std::function<std::string()> new_code;  // a seat-transfer code not in use
  std::function<void(const TableSummary&)> changed;
  // Before seating `player` here: false when the player has a seat elsewhere.
  std::function<bool(const std::string& player, const std::string& code)> claim_player;
  double grace_seconds = 40;
  double next_game_seconds = 20;      // between games, the next starts this long after the last ended
  double restart_grace_seconds = 15;  // after a restart the mover's clock waits this long
  double transfer_seconds = 120;
  // Chat, mutes, reports and avoidances (moderation.h); without it chat is off.
  Moderation* moderation = nullptr;
  std::optional<int> chips_start{};  // --chips START: chips are played (chips.h); nullopt: off
  // Game clocks run with their time and increment times this (tests only:
  // --game-clock-scale, so that a flag falls in a second, not minutes).
  double game_clock_scale = 1;
};

class Table {
 public:
  // A new table with its owner on the first seat, stored before it returns
  // (nullopt and `error` when the store refuses).
  static std::optional<Table> open(TableServices services, std::string code, const SeatRow& owner,
                                   const messages::online::TableOptions& options, bool is_private, StoreError& error);
  // A table read back after a restart: everyone is away (their grace windows
  // start now) and the mover's clock starts afresh after a short grace.
  static std::optional<Table> restore(TableServices services, const StoredTable& stored, StoreError& error);

  Table(Table&&) = default;
  Table& operator=(Table&&) = default;

  // Once the table is where it will stay (callbacks hold its address):
  // asks for the computer's move or a timer if one is due.
  void start();

  const std::string& code() const { return state_.code; }
  bool closed() const { return state_.closed; }
  const std::optional<Session>& session() const { return state_.session; }
  messages::TablePhase phase() const { return state_.phase; }
  int seq() const { return state_.seq; }
  int seat_of(const std::string& player) const;
  int match_number() const { return state_.match_number; }

  // A connection of a seated player arrives (hello, join, claim). Any other
  // connection on that seat is told seat-moved and closed. With `resume`,
  // the events after that number are sent if still kept, else a snapshot.
  void attach(const std::string& player, const LinkPtr& link, std::optional<int> resume);
  // The connection dropped (not leaving): the grace window starts.
  void detach(const LinkPtr& link);

  // Requests; a refusal is sent to `from` only and changes nothing.
  void join(const SeatRow& player, const LinkPtr& from);
  void seat_computer(const std::string& player, Strength strength, const LinkPtr& from);
  void set_private(const std::string& player, bool is_private, const LinkPtr& from);
  void leave(const std::string& player, const LinkPtr& from);
  void play(const std::string& player, Square square, int ply, const LinkPtr& from);
  void resign(const std::string& player, const LinkPtr& from);
  void next_game(const std::string& player, const LinkPtr& from);
  void rematch(const std::string& player, const LinkPtr& from);
  void rename(const std::string& player, const std::string& name);
  void transfer_seat(const std::string& player, const LinkPtr& from);
  void claim_seat(const std::string& code, const SeatRow& claimer, const LinkPtr& from);

  // Chat (table_chat.cpp). The line was checked and masked by the
  // connection; it is stored, kept, and sent to both seats except to a
  // player who muted the writer.
  void chat(const std::string& player, const std::string& written, const std::string& shown, const LinkPtr& from);
  // A report by `player`: about the one at the other seat when it names
  // them, else about the one they sat with last (Moderation::report).
  void report(const std::string& player, const messages::online::client::Report& request, const LinkPtr& from);

  // Clocks, grace windows, the next game, the restart grace: whatever is due.
  void on_timer();
  // Another node plays this table now (this one lost its lease, cluster.h):
  // nothing more is stored or sent from here, and the seated players'
  // connections end, to find the table on its new node.
  void hand_over();

  messages::online::server::Table view() const;

 private:
  // Everything that is stored or rolled back together.
  struct State {
    std::string code;
    std::string owner;
    bool is_private = false;
    messages::online::TableOptions options;
    std::array<SeatRow, 2> seats;
    messages::TablePhase phase = messages::TablePhase::Waiting;
    int seq = 0;
    std::optional<Session> session;
    int match_number = 0;
    int stored_moves = 0;  // of the current game, passes left out
    std::optional<double> game_ended_at;
    std::array<bool, 2> wants_next{};
    std::array<bool, 2> wants_rematch{};
    bool closed = false;
    std::vector<GameRecord> finished_games;  // ended in the change being committed, for the record
    // Chips (table_chips.cpp): the moves of the match's earlier games, its
    // key in the ledger, whether its chips are decided, and the decisions
    // of the change being committed.
    int earlier_moves = 0;
    std::string match_key;
    bool chips_settled = false;
    std::vector<ChipSettlement> chip_settlements;
    std::optional<GameClock> game_clock;  // the current game's, with a game clock (table_game_clock.cpp)
  };
  struct Presence {
    LinkPtr link;
    std::optional<double> away_since;
    std::optional<messages::online::server::Chips> chips_shown{};  // the last chips message sent on `link`
  };
  struct Transfer {
    std::string code;
    int seat = 0;
    double expires_at = 0;
  };

  struct Snapshot {
    State state;
    std::array<Presence, 2> presence;
  };

  Table(TableServices services, State state);
  Snapshot snapshot() const { return Snapshot{state_, presence_}; }
  double now() const { return services_.clock(); }
  void refuse(const LinkPtr& to, messages::ErrorCode code, const std::string& reason, const char* request) const;
  // Runs `change` on the state; stores it; then sends what it produced.
  // False (state unchanged, server-error sent to `from`) when the store refused.
  bool commit(const Snapshot& before, const LinkPtr& from, const char* request);
  void emit(messages::online::ServerMessage message);  // a game event: numbered, kept, sent after the commit
  void start_match(Color first_colour);
  void drain_session_events();
  // Why the game that just ended earns nothing, if it does not (fair points).
  std::optional<messages::online::Unrated> unrated_reason() const;
  void record_game(std::optional<messages::online::Unrated> unrated);
  // The milestones the games being committed make their players reach: the
  // rows to store, and the messages to send once stored.
  std::vector<std::pair<std::string, messages::online::server::MilestoneReached>> milestones_reached(
      StoreTransaction& transaction);
  int level_of_player(const std::string& player) const;
  void free_seat(int seat);
  void forfeit_or_abort(int seat, EndReason reason);
  void after_change();
  void request_computer_move();
  void request_expired_move();
  void schedule();
  void broadcast(const std::string& text) const;
  void send_table() const;
  void send_snapshot(const LinkPtr& to) const;
  void publish() const;
  int seat_or_refuse(const std::string& player, const LinkPtr& from, const char* request) const;
  void start_next_game();
  TableRow row() const;
  // Chips (table_chips.cpp).
  bool chips_on() const { return services_.chips_start.has_value(); }
  int match_moves() const;
  int stake() const;
  bool leaving_costs() const;
  std::string new_match_key();
  void settle_match();
  void settle_leaving(int seat);
  StoreStatus add_chip_entries(StoreTransaction& transaction, std::vector<ChipEntry>& entries);
  void send_chips(const Snapshot& before, const std::vector<ChipEntry>& entries);
  void show_chips(int seat);
  std::optional<messages::online::server::ClockReading> clock_reading() const;
  // The game clock (table_game_clock.cpp): started with each game, charged
  // and incremented with each move, running for the human to move.
  void start_game_clock();
  void game_clock_moved(Color mover);
  void run_game_clock();
  void restore_game_clock(const TableRow& row);
  // Ends the game on time when the mover's flag has fallen; true if it did.
  bool flag_fell();
  std::optional<messages::online::server::GameClockReading> game_clock_reading() const;
  std::int64_t unix_millis() const;
  std::string colour_holder(Color color) const;
  // Chat and reports (table_chat.cpp).
  bool closed_to(const std::string& player) const;  // the owner reported them
  bool load_chat();
  void send_chat_history(const std::string& player, const LinkPtr& to);
  bool sitting_of(int seat, Sitting& out);  // false when nobody human sits opposite
  void end_sitting(int seat);               // before a seat is given up: remembered for reports, chat cleared

  TableServices services_;
  State state_;
  std::array<Presence, 2> presence_;
  std::vector<std::pair<int, std::string>> outbox_;        // numbered events of the change being committed
  std::deque<std::pair<int, std::string>> recent_events_;  // the last kKeptEvents, for resuming
  std::optional<Transfer> transfer_;
  std::optional<double> restart_grace_until_;
  std::optional<Position> searching_;  // the position a search was asked for
  std::optional<double> retry_at_;     // the store refused a change nobody asked for: try again
  std::deque<ChatLine> chat_;          // the last kChatHistoryLines of the players seated now
  bool chat_loaded_ = false;           // read from the store at the first use (after a restart too)
  int last_chat_id_ = 0;
};

}  // namespace reversi::server
