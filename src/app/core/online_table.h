// A seat at a table on reversi-server, without its pictures: speaks the
// table protocol (docs/protocol.md) for the player's requests and the
// server's words, and keeps what the screen shows of the table (seats, the
// match, chat, the arcade's record, chips, the open tables). Its parts:
// OnlineConnection carries the messages (socket, identity, reconnecting,
// resync by `seq`); OnlineMirror is the server's game as a Session that the
// screen draws exactly as a game on this device. The server is the
// authority: a tap becomes a `play` request, and the board changes only
// when the server's `move` comes back. Runs natively in unit tests with a
// fake link and store; the App draws it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/core/online_chat.h"
#include "app/core/online_connection.h"
#include "app/core/online_mirror.h"
#include "app/core/online_record.h"
#include "app/core/persistence.h"
#include "game/session.h"
#include "messages/table_messages.h"

namespace reversi {

// Whether a start-up may go back to a kept seat: only from an address that
// asks for no table of its own (an invite, a seat transfer, a device link).
bool starts_without_online_link(std::string_view table, std::string_view claim, std::string_view link = "");

class OnlineTable {
 public:
  using Connection = OnlineConnection::State;
  struct Services {
    OnlineLink& link;
    DocumentStore& store;  // the guest's id and secret, under kPlayerKey
    ClockSource clock;
    // Tells the player something ("Ada joined", a refusal's reason).
    std::function<void(std::string_view text, double seconds)> notify;
  };
  static constexpr const char* kPlayerKey = OnlineConnection::kPlayerKey;

  explicit OnlineTable(Services services);

  // What the player asks for. Each connects first when needed; the request
  // goes out once the server has said who we are.
  void open_table(const messages::online::TableOptions& options, bool is_private);
  void join(const std::string& code);
  void claim(const std::string& code);
  // One player on several devices: asks the server for a code that makes
  // another device this player (link_code(), good once for five minutes);
  // and, on that other device, uses such a code (a link's ?link=, or typed).
  void link_device();
  void use_link(const std::string& code);
  // At start-up (a plain address, the home-screen icon): a device that keeps
  // an online player asks the server whether that player still has a seat,
  // and goes back to it. A device that never played online keeps no player
  // and connects nowhere; without a seat the connection is closed again.
  void return_to_saved_seat();
  bool returning() const { return returning_; }
  CommandResult play(Square square);
  void resign();
  void next_game();
  void rematch();
  void seat_computer(Strength strength);
  void set_private(bool is_private);
  void transfer_seat();
  // The nickname others see (checked by the server: 2 to 20 letters, digits, spaces).
  void set_name(const std::string& name);
  // Asks the server to forget this player (name, points, level, record);
  // once it has, this device forgets the guest too, and a later online game
  // starts a new one. Refused by the server while a seat is held.
  void delete_player();
  void watch_open_tables(bool watch);
  // The host page's signed word for its player (docs/protocol.md, "Host
  // tokens"): from now on the server is told who we are by the token
  // instead of the guest's id and secret (which stay kept for later). A
  // connection already open is made again with it. A refused token is
  // dropped with a notice, and play goes on as the guest.
  void sign_in(const std::string& token);
  // The arcade's record: a leaderboard, the player's own card and games.
  // Each asks the server (connecting when needed); the answer is kept below.
  void ask_leaderboard(messages::online::Period period);
  void ask_record();
  const std::optional<messages::online::server::Leaderboard>& leaderboard() const { return record_.leaderboard(); }
  const std::optional<messages::online::server::PlayerCard>& card() const { return record_.card(); }
  const std::optional<messages::online::server::History>& history() const { return record_.history(); }
  // Chat at the table: a line for both players (the server checks and masks
  // it), muting the opponent's lines, and reporting the opponent (or the
  // last one, once they have left).
  void chat(const std::string& text);
  void mute_opponent(bool muted);
  void report_opponent(messages::ReportReason reason, const std::string& note);
  const std::vector<messages::online::server::Chat>& chat_lines() const { return chat_.lines(); }
  bool opponent_muted() const { return chat_.opponent_muted(); }
  // A line the server refused, to be offered again ("" when none).
  const std::string& chat_draft() const { return chat_.draft(); }
  // The person to report: the one across the table, or the last one there.
  const std::string& reportable() const { return chat_.opponent(); }
  const std::string& reportable_name() const { return chat_.opponent_name(); }
  // Chips, on a server that plays them (docs/protocol.md, "Chips"): the
  // balance, the stake at this table and what leaving now would cost, as
  // the server last said; the ledger once asked for (with the record).
  const std::optional<messages::online::server::Chips>& chips() const { return record_.chips(); }
  const std::optional<messages::online::server::ChipsLedger>& chips_ledger() const { return record_.chips_ledger(); }
  // The result card's word on chips once a match is decided ("+45 chips: you
  // have 515."), or "" when chips are off or nothing changed hands.
  std::string chips_line() const;
  // What leaving now would cost, in words, for the leave confirmation: the
  // game in play counted as resigned, the exact chips. "" when leaving
  // costs nothing, and the app leaves without asking.
  std::string leave_consequences() const;
  // Leaves the table (a game in progress counts as resigned) and goes back
  // to the game on this device.
  void leave();

  // From the link.
  void link_opened();
  void link_message(std::string_view text);
  void link_closed();
  // Reconnects when it is time; call every frame and when the page comes
  // back into view or online (`now_please` skips the wait).
  void update(bool now_please = false);

  // True from a request until the player leaves: the screen shows the table.
  bool active() const { return active_; }
  Connection connection() const { return conn_.state(); }
  // The server's game as this device mirrors it; none while a seat is free.
  const Session* session() const { return game_.session(); }
  const messages::online::server::Table* table() const { return table_ ? &*table_ : nullptr; }
  const std::string& player() const { return conn_.player(); }
  const std::string& name() const { return conn_.name(); }
  // Our seat (0: the owner's) and colour in the game being played.
  std::optional<int> seat() const;
  std::optional<Color> colour() const;
  bool my_turn() const;
  // The name on a colour's side of the board ("You" for ours).
  std::string name_of(Color color) const;
  std::string opponent_name() const;
  // The mover's clock as the server last read it, counted down since.
  std::optional<std::pair<Color, double>> clock() const;
  // Both sides' game clocks (a table with one), counted down since the server's reading.
  std::optional<OnlineMirror::GameClockShown> game_clock() const { return game_.game_clock(); }
  // Seconds the opponent has left to come back, while they are away.
  std::optional<double> opponent_away() const;
  bool rematch_offered() const { return rematch_offered_; }
  bool rematch_asked() const { return rematch_asked_; }
  const std::optional<messages::online::server::MatchOver>& match_over() const { return match_over_; }
  const std::string& transfer_code() const { return transfer_code_; }
  // The link code to show while it is good ("" before it comes and once it expires).
  std::string link_code() const { return now() < link_code_until_ ? link_code_ : ""; }
  // A host page's player is that player on every device already: nothing to link.
  bool signed_in_by_host() const { return conn_.player().rfind("h_", 0) == 0; }
  // True once our seat went on on another device, until the next table.
  bool moved_away() const { return moved_away_; }
  const std::vector<messages::online::server::OpenTableEntry>& open_tables() const { return open_tables_; }
  // The reason the last game ended, in words ("Ada resigned.").
  const std::string& ending() const { return ending_; }

  // The words for the screen: the status line when no notice is up, and
  // the result card's headline ("You win!", "Ada wins.", "A draw.").
  std::string status_line() const;
  std::string result_headline() const;
  // What the game just ended earned: "+10 points for the win." against a
  // person, "Practice: no points." against the computer.
  std::string points_line() const;

  std::vector<GameEvent> take_events() { return game_.take_events(); }
  // What the host page is told about online play (table opened, opponent
  // joined, a game started or over, a refused sign-in), in order.
  std::vector<messages::Event> take_host_events() { return std::exchange(host_events_, {}); }

 private:
  double now() const { return services_.clock ? services_.clock() : 0; }
  // The seat `player` sits in at `table`, if any.
  static std::optional<int> seat_in(const messages::online::server::Table& table, const std::string& player);
  void want(messages::online::ClientMessage request, bool sits = true);
  void send(const messages::online::ClientMessage& message);
  // The kept guest has been read: connects if still wanted.
  void identity_loaded();
  void say(std::string_view text, double seconds = 3.5);
  void handle(const messages::online::ServerMessage& message);
  // Each a group of the server's messages: false for one of another group.
  bool handle_game(const messages::online::ServerMessage& message);
  bool handle_people(const messages::online::ServerMessage& message);
  bool handle_account(const messages::online::ServerMessage& message);
  void on_welcome(const messages::online::server::Welcome& welcome);
  void on_table(const messages::online::server::Table& table);
  void on_open_tables_changed(const messages::online::server::OpenTablesChanged& change);
  void on_game_started(const messages::online::server::GameStarted& started);
  void announce_start();
  void warn_low_time();  // "10 seconds left", once a game, on the player's own game clock
  void on_move(const messages::online::server::Move& move);
  void on_game_over(const messages::online::server::GameOver& over);
  void on_state(const messages::online::server::State& state);
  void on_player_deleted();
  void on_error(const messages::online::server::Error& error);
  void tell_host_about(const messages::online::server::Table& table, bool first);
  // A fresh mirror for game `game_number` of the table's match.
  bool start_mirror(const std::string& black, const std::string& white, int game_number,
                    const messages::MatchScore& score, const std::string& moves);
  // Ends the mirror's game as the server ended it, and words how.
  void end_as(std::optional<Color> winner, EndReason reason);
  // The table owner's player id, or "computer".
  std::string owner_id() const;
  void lost_track();
  void finish();

  Services services_;
  OnlineConnection conn_;
  OnlineMirror game_;
  bool active_ = false;
  bool watching_ = false;  // the open tables list is wanted
  bool moved_away_ = false;
  bool returning_ = false;  // return_to_saved_seat() until the server's welcome
  std::string link_code_;   // the code to show another device
  double link_code_until_ = 0;
  std::optional<messages::online::server::Table> table_;
  std::optional<double> away_until_;
  bool rematch_offered_ = false;
  bool rematch_asked_ = false;
  std::optional<messages::online::server::MatchOver> match_over_;
  std::optional<messages::online::Unrated> unrated_;  // why the last game earned nothing, as the server said
  bool unrated_told_ = false;                         // the server's game-over said it (not a snapshot)
  std::string transfer_code_;
  std::vector<messages::online::server::OpenTableEntry> open_tables_;  // newest first
  bool open_tables_whole_ = false;  // open_tables_ is the server's list for us, to which changes apply
  TableChat chat_;
  ArcadeRecord record_;
  std::string ending_;
  std::optional<messages::online::server::GameStarted> early_start_;
  std::optional<messages::online::server::GameStarted> unannounced_start_;  // until the seat across is known
  bool low_time_told_ = false;
  std::vector<messages::Event> host_events_;
};

}  // namespace reversi
