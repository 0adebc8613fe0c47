#include "app/core/turn_driver.h"

#include <algorithm>

namespace reversi {

TurnDriver::TurnDriver(ComputerOpponent& computer, std::function<std::uint64_t()> seeds, TurnPacing pacing)
    : computer_(computer), seeds_(std::move(seeds)), pacing_(pacing) {}

void TurnDriver::cancel() {
  computer_.cancel();
  asked_ = Asked::Nothing;
  reply_.reset();
}

void TurnDriver::ask(Asked what, const Position& position, Strength strength, double now) {
  asked_ = what;
  asked_at_ = now;
  searched_ = position;
  strength_ = strength;
  reply_.reset();
  computer_.think(position.board, strength, pacing_.hard_seconds, seeds_ ? seeds_() : 0);
}

std::optional<CommandResult> TurnDriver::update(Session& session, double now, double animation_end, bool paused) {
  if (paused) {
    computer_.stop_pondering();
    return std::nullopt;
  }
  const Game& game = session.game();
  const std::optional<Position> expired = session.expired_move_wanted();
  // What the game needs now; anything asked for another position is void.
  const Asked needed = session.waiting_for_computer() ? Asked::ComputerMove
                       : expired                      ? Asked::ExpiredMove
                                                      : Asked::Nothing;
  if (asked_ != Asked::Nothing && (asked_ != needed || searched_ != game.position())) cancel();
  if (needed == Asked::Nothing) {
    ponder_on_players_time(session);
    return std::nullopt;
  }
  if (asked_ == Asked::Nothing) {
    // A player whose time ran out gets the move Medium would choose, at once.
    const Strength strength =
        needed == Asked::ComputerMove ? game.player(game.side_to_move()).strength : Strength::Medium;
    ask(needed, game.position(), strength, now);
  }
  if (!reply_) reply_ = computer_.take_result();

  if (asked_ == Asked::ExpiredMove) {
    if (!reply_ && now < asked_at_ + pacing_.expired_move_patience) return std::nullopt;
    const Square move = reply_ ? reply_->move : kNoMove;  // no answer: the session plays the first legal square
    asked_ = Asked::Nothing;
    reply_.reset();
    return session.play_expired_move(move, searched_);
  }

  if (!reply_) return std::nullopt;
  const bool shown = !show_gate_ || show_gate_(WaitingReply{reply_->move, searched_}, now);
  const double earliest = std::max(asked_at_ + pacing_.minimum_delay, animation_end + pacing_.after_animation);
  if (!shown || now < earliest) return std::nullopt;
  const SearchReport reply = *reply_;
  asked_ = Asked::Nothing;
  reply_.reset();
  last_search_ = PlayedSearch{reply, searched_.board.empty_count(), strength_};
  return session.play_computer_move(reply.move, searched_);
}

// Near the end, Hard uses the player's thinking time to solve their position
// and the positions after each of their moves, so that its reply is exact
// more often within its half second.
void TurnDriver::ponder_on_players_time(const Session& session) {
  const Game& game = session.game();
  const Color mover = game.side_to_move();
  const Player& waiting = game.player(other(mover));
  if (!game.is_over() && !game.player(mover).is_computer() && waiting.is_computer() &&
      waiting.strength == Strength::Hard)
    computer_.ponder(game.position().board);
  else
    computer_.stop_pondering();
}

}  // namespace reversi
