// The game at an online table as this device mirrors it: a Session set up
// from what the server says (a game's start, or a snapshot after a
// reconnect) and moved only by the server's moves, with the server's clock
// as last read and counted down since. It knows nothing of the connection or
// the table's people: OnlineTable feeds it and words what it shows.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/session.h"
#include "messages/table_messages.h"

namespace reversi {

// Under this many seconds a running game clock shows its warning (red, a
// tick a second with sounds on, "10 seconds left" said once).
inline constexpr double kLowTimeSeconds = 10;

class OnlineMirror {
 public:
  explicit OnlineMirror(ClockSource clock) : clock_source_(std::move(clock)) {}

  // Game `game_number` of a match under `options`, whose owner (the first
  // seat: a player id, or "computer") plays the match's first game with the
  // colour that makes `black` black in this one; `score` counts the games
  // before it and `moves` are its moves so far. False when the server's game
  // cannot be set up here (the mirror is then empty).
  struct Start {
    messages::online::TableOptions options;
    std::string owner;
    std::string black, white;
    int game_number = 1;
    messages::MatchScore score;
    std::string moves;
  };
  bool start(const Start& start);
  // The server's move; false when it does not follow from this board (the
  // mirror is out of step and the table must be asked for again).
  bool play(const messages::online::server::Move& move);
  // Ends the game as the server ended it: a resignation or a player who left
  // is not in the moves.
  void end_as(std::optional<Color> winner, EndReason reason);
  void reset();

  const Session* session() const { return session_ ? &*session_ : nullptr; }
  bool in_play() const { return session_ && !session_->game().is_over(); }
  bool over() const { return session_ && session_->game().is_over(); }
  // The colour `player` plays in this game, if any.
  std::optional<Color> colour_of(const std::string& player) const;

  // The mover's clock as the server last read it (none: untimed, or over).
  void read_clock(std::optional<messages::online::server::ClockReading> reading);
  std::optional<std::pair<Color, double>> clock() const;

  // A table with a game clock: both banks as the server last read them. The
  // reading with the latest server time is kept (an event replayed on coming
  // back never winds a clock back), and the running bank is counted down
  // here from when it arrived. start_game_clock fills both banks for a new
  // game (none: the table has no game clock).
  struct GameClockShown {
    double black = 0;  // seconds left
    double white = 0;
    std::optional<Color> running;
  };
  void start_game_clock(const std::optional<messages::online::GameClockOptions>& options);
  void read_game_clock(const std::optional<messages::online::server::GameClockReading>& reading);
  std::optional<GameClockShown> game_clock() const;

  // What the board did (moves, passes, the end) since the last take, for
  // the screen's animations and sounds; `note` adds one of the table's own.
  void poll();
  // Drops what the board did so far (a fresh picture: nothing to announce).
  void skip_events() {
    if (session_) session_->poll_events();
  }
  void note(GameEvent event) { events_.push_back(std::move(event)); }
  std::vector<GameEvent> take_events() { return std::exchange(events_, {}); }

 private:
  double now() const { return clock_source_ ? clock_source_() : 0; }

  ClockSource clock_source_;
  std::optional<Session> session_;
  std::string black_, white_;  // player ids (or "computer")
  std::optional<messages::online::server::ClockReading> clock_;
  double clock_read_at_ = 0;
  std::optional<messages::online::server::GameClockReading> game_clock_;
  double game_clock_read_at_ = 0;
  std::vector<GameEvent> events_;
};

}  // namespace reversi
