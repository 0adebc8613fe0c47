// A playing session: the match being played, its current game, the optional
// move clock and the queue of events for the UI. This is the one object the
// app (and the embed bridge) drives: commands in, events and state out.
//
// Commands come for a seat (the match's first or second player, whose
// colours swap between games), so the same checks serve a player at this
// device and a remote one at a server's table.
//
// Searches happen outside: when waiting_for_computer() is true the app
// searches game().position() (on a worker) and hands the answer to
// play_computer_move(); when a human's clock runs out, tick() asks for a
// move (expired_move_wanted()) and play_expired_move() plays it. Only
// empty-centre placements are chosen here (any free centre square, from the
// session's seeded random numbers), since there is nothing to search.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ai/computer.h"
#include "engine/notation.h"
#include "game/game.h"
#include "game/match.h"
#include "game/move_clock.h"

namespace reversi {

struct SessionOptions {
  Mode mode = Mode::Solo;
  Strength strength = Strength::Medium;       // the computer's, in solo
  ColourChoice colour = ColourChoice::Black;  // the first seat's colour in game 1
  StartVariant variant = StartVariant::StandardCross;
  int match_length = 1;  // 1, 3 or 5 games
  bool clock_enabled = false;
  double clock_seconds = kDefaultMoveSeconds;
  bool operator==(const SessionOptions&) const = default;
};

// Everything needed to resume a session later (see game_json.h).
struct SessionSnapshot {
  SessionOptions options;
  Color first_colour = Color::Black;  // the first seat's colour in game 1, after any draw
  std::vector<GameWinner> finished;   // the match's earlier games, in order
  std::string moves;                  // the current game's record, redo tail included
  std::size_t applied = 0;            // how many of those moves are on the board (undo position)
  std::optional<Color> resigned;
  std::uint64_t random_state = 0;
  bool operator==(const SessionSnapshot&) const = default;
};

class Session {
 public:
  // `seed` drives the colour draw and computer placements. `time` returns
  // seconds (needed only with the clock on).
  Session(SessionOptions options, std::uint64_t seed, ClockSource time = {});

  // Rebuilds a saved session, replaying and checking every move.
  static Parsed<Session> restore(const SessionSnapshot& snapshot, ClockSource time = {});
  SessionSnapshot snapshot() const;

  const SessionOptions& options() const { return options_; }
  const Game& game() const { return game_; }
  const Match& match() const { return match_; }
  int game_number() const { return game_number_; }
  Color colour_of(Seat seat) const { return match_.colour_of(seat, game_number_); }
  Seat seat_of(Color color) const { return match_.seat_of(color, game_number_); }
  Seat seat_to_move() const { return seat_of(game_.side_to_move()); }
  bool is_computer(Seat seat) const { return game_.player(colour_of(seat)).is_computer(); }
  // Solo: the human's colour in the current game (the first seat's otherwise).
  Color human_colour() const { return colour_of(Seat::First); }
  // True when a human at the board may move now.
  bool human_to_move() const { return !game_.is_over() && !game_.computer_to_move() && !expired_; }
  // True when the app should search game().position() and call play_computer_move.
  bool waiting_for_computer() const { return game_.computer_to_move(); }

  // Whether `seat` may play `square` now: the game is on, it is that seat's
  // turn, a human sits there and the square is playable.
  CommandResult check_play(Seat seat, Square square) const;
  CommandResult play(Seat seat, Square square);
  // A human at this device plays for the seat to move.
  CommandResult play(Square square);
  CommandResult play_computer_move(Square square, const Position& searched);
  // `seat` gives up the game; the other seat wins it.
  CommandResult resign(Seat seat);
  // At this device: solo, the human resigns; two players, the seat to move.
  CommandResult resign();
  // `seat` loses the game for `reason`: Resignation, or Abandoned (an online
  // player left or did not come back in time). Scored like a resignation.
  CommandResult forfeit(Seat seat, EndReason reason);
  // True once both colours have made a move of their own in this game
  // (placements count, passes do not): before that, leaving aborts the game
  // instead of losing it.
  bool both_have_moved() const;
  CommandResult undo();
  CommandResult redo();
  // Takes the game back to just after its first `moves` moves (passes not
  // counted), keeping the later ones to redo: "play on from here" in the
  // moves list. Refused once a resignation has ended the game.
  CommandResult rewind_to(std::size_t moves);
  // Starts the next game of the match with colours swapped.
  CommandResult next_game();

  // Checks the clock. When a human's time has run out during the empty-centre
  // placements, places for them; otherwise input stops and a move is wanted.
  void tick();
  // The position to search for the player whose time ran out, if any.
  std::optional<Position> expired_move_wanted() const;
  // Plays the move found for the player whose time ran out (an illegal or
  // missing square becomes the first legal one, so the game always goes on).
  CommandResult play_expired_move(Square square, const Position& searched);
  void pause_clock();
  void resume_clock();
  bool clock_paused() const { return clock_.paused(); }
  // True while a human turn is being timed.
  bool clock_running() const { return options_.clock_enabled && clock_.running(); }
  double clock_remaining() const { return clock_.remaining(now()); }

  // Events since the last poll, oldest first.
  std::vector<GameEvent> poll_events();

 private:
  GameSetup setup_for(int game_number) const;
  double now() const { return time_ ? time_() : 0.0; }
  std::uint64_t next_random();
  Square random_square(Bitboard squares);
  void play_for_expired_clock(Square square);
  void settle();
  void drain_game_events();

  SessionOptions options_;
  std::uint64_t random_state_;
  ClockSource time_;
  Match match_;
  int game_number_ = 1;
  Game game_;
  bool result_recorded_ = false;
  MoveClock clock_;
  std::optional<Color> expired_;  // whose time ran out, until their move is played
  std::vector<GameEvent> events_;
};

}  // namespace reversi
