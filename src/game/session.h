// A playing session: the match being played, its current game, the optional
// move clock and the queue of events for the UI. This is the one object the
// app (and the embed bridge) drives: commands in, events and state out.
//
// The computer's moves come from outside: when waiting_for_computer() is
// true the app searches game().position() (on a worker) and hands the answer
// to play_computer_move(). Only the empty-centre placements of the computer
// are made here (any free centre square, chosen with the session's seeded
// random numbers), since there is nothing to search.
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

// Chooses a move for a player whose time ran out (the app passes Medium AI).
using MoveStrategy = std::function<Square(const Position&)>;

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
  // seconds (needed only with the clock on); `expired_move` picks the move
  // for a player whose time ran out (without one, the first legal square).
  Session(SessionOptions options, std::uint64_t seed, ClockSource time = {}, MoveStrategy expired_move = {});

  // Rebuilds a saved session, replaying and checking every move.
  static Parsed<Session> restore(const SessionSnapshot& snapshot, ClockSource time = {},
                                 MoveStrategy expired_move = {});
  SessionSnapshot snapshot() const;

  const SessionOptions& options() const { return options_; }
  const Game& game() const { return game_; }
  const Match& match() const { return match_; }
  int game_number() const { return game_number_; }
  Color colour_of(Seat seat) const { return match_.colour_of(seat, game_number_); }
  // Solo: the human's colour in the current game (the first seat's otherwise).
  Color human_colour() const { return colour_of(Seat::First); }
  // True when a human at the board may move now.
  bool human_to_move() const { return !game_.is_over() && !game_.computer_to_move(); }
  // True when the app should search game().position() and call play_computer_move.
  bool waiting_for_computer() const { return game_.computer_to_move(); }

  CommandResult play(Square square);
  CommandResult play_computer_move(Square square, const Position& searched);
  // Solo: the human resigns. Two players: the side to move resigns.
  CommandResult resign();
  CommandResult undo();
  CommandResult redo();
  // Starts the next game of the match with colours swapped.
  CommandResult next_game();

  // Checks the clock; when a human's time has run out, plays for them.
  void tick();
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
  void settle();
  void drain_game_events();

  SessionOptions options_;
  std::uint64_t random_state_;
  ClockSource time_;
  MoveStrategy expired_move_;
  Match match_;
  int game_number_ = 1;
  Game game_;
  bool result_recorded_ = false;
  MoveClock clock_;
  std::vector<GameEvent> events_;
};

}  // namespace reversi
