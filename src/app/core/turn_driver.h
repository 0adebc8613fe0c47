// Moves a game on when no human is to: asks the computer for its move and
// plays it once the player has had time to see the last one, ponders on the
// player's time, and gets a move for a player whose clock ran out. The one
// place that starts and stops the computer.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "app/core/computer_opponent.h"
#include "game/session.h"

namespace reversi {

struct TurnPacing {
  // The computer never answers faster than this, so its move can be followed.
  double minimum_delay = 0.55;
  // And it waits this long after the previous move's flips have ended.
  double after_animation = 0.2;
  // Hard's thinking time per move, as players are told.
  double hard_seconds = 0.5;
  // A clock's move that does not come within this long is replaced by the
  // first legal square, so a game never hangs on a failed search.
  double expired_move_patience = 3.0;
};

class TurnDriver {
 public:
  TurnDriver(ComputerOpponent& computer, std::function<std::uint64_t()> seeds, TurnPacing pacing = {});

  // One step, each frame: `animation_end` is when the flips on screen end.
  // Returns the result of a move it played (refusals included), or nothing.
  std::optional<CommandResult> update(Session& session, double now, double animation_end, bool paused);
  // The game changed under the driver (undo, new game, load, pause):
  // whatever was asked is forgotten.
  void cancel();

  // True while a search for the computer is in flight or its reply waits to be shown.
  bool thinking() const { return asked_ != Asked::Nothing; }
  // The computer's move that has arrived and waits to be shown, with the
  // position it was found for.
  struct WaitingReply {
    Square move = kNoMove;
    Position searched;
    bool operator==(const WaitingReply&) const = default;
  };
  std::optional<WaitingReply> waiting_reply() const {
    if (asked_ != Asked::ComputerMove || !reply_) return std::nullopt;
    return WaitingReply{reply_->move, searched_};
  }
  // Asked before the computer's move is played, each frame until it says
  // yes: the controller keeps the move (saves it) before it is shown.
  void set_show_gate(std::function<bool(const WaitingReply&, double now)> gate) { show_gate_ = std::move(gate); }

  // The last search the computer played from (for the page's state hook:
  // benchmarks read Hard's time and exactness in the worker).
  struct PlayedSearch {
    SearchReport report;
    int empties = 0;
    Strength strength = Strength::Easy;
  };
  const std::optional<PlayedSearch>& last_search() const { return last_search_; }
  ComputerOpponent::PonderStatus ponder_status() const { return computer_.ponder_status(); }

 private:
  enum class Asked { Nothing, ComputerMove, ExpiredMove };
  void ask(Asked what, const Position& position, Strength strength, double now);
  void ponder_on_players_time(const Session& session);

  ComputerOpponent& computer_;
  std::function<std::uint64_t()> seeds_;
  TurnPacing pacing_;
  Asked asked_ = Asked::Nothing;
  double asked_at_ = 0;
  Position searched_;
  Strength strength_ = Strength::Easy;
  std::optional<SearchReport> reply_;
  std::optional<PlayedSearch> last_search_;
  std::function<bool(const WaitingReply&, double)> show_gate_;
};

}  // namespace reversi
