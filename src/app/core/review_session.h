// A finished game gone over on this device, as logic alone: the game and its
// GameReview, the move the board shows, whom "Try again" plays, and the
// review's share of the AI worker (one position asked at a time, asked again
// only once kPatienceSeconds have passed without an answer). ReviewPanel
// draws it and App carries out what it asks (the worker, the record), so
// unit tests drive it with made-up answers.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ai/computer.h"
#include "game/game.h"
#include "game/game_review.h"

namespace reversi {

class ReviewSession {
 public:
  // The worker's time for one position: the depth of a quick Hard move, so
  // that a whole game takes seconds, not minutes.
  static constexpr double kSeconds = 0.12;
  // A worker that has not answered in this long is asked again.
  static constexpr double kPatienceSeconds = 4.0;

  // Opens `game` on its final position, valued afresh or from `kept` (a
  // review kept with it in the record) when that fits. The same game already
  // being valued, closed and opened again, goes on where it was.
  void open(const Game& game, Strength strength, std::string title, bool in_record, std::span<const ReviewedMove> kept,
            double now);
  // Off the screen (its valuing goes on), and back on.
  void close() { shown_ = false; }
  void show() { shown_ = true; }
  bool shown() const { return current_ && shown_; }
  // A game has been opened (shown or not), so the accessors below may be called.
  bool started() const { return current_.has_value(); }

  const Game& game() const { return current_->game; }
  const GameReview& review() const { return current_->review; }
  std::size_t at() const { return current_->at; }               // the board shows the position after this many moves
  const std::string& title() const { return current_->title; }  // "Review: you against Hard"
  bool in_record() const { return current_->in_record; }
  double took() const { return current_->took; }  // the valuing's seconds once finished (0: kept from before)

  // The position after `at` moves (the last one at most).
  void step(std::size_t at);
  // Every marked mistake of both sides, the biggest first (earlier first
  // among equals): what "Next mistake" goes through.
  std::vector<std::size_t> mistakes_by_size() const;
  // The mistake after the one shown in that order (the biggest when the
  // move shown is none of them, and again after the last); nothing when
  // there is none.
  std::optional<std::size_t> next_mistake() const;
  // `colour`'s biggest mistake (either side's without one), once the
  // valuing is complete: the result card's way into the review.
  std::optional<std::size_t> biggest_mistake(std::optional<Color> colour) const;

  // "Try again from here": the moves up to the one shown, the side to move
  // there (the player, to find a better move) and the computer's strength.
  struct TryAgain {
    std::string transcript;
    Color player = Color::Black;
    Strength strength = Strength::Hard;
    std::size_t ply = 0;                // the moves before the one to find
    Square played = kNoMove;            // the game's move there
    std::optional<ReviewedMove> value;  // its value and the best move's, once valued
  };
  std::optional<TryAgain> try_again() const;  // nothing at the end of the game
  // What the player is to find, said when the game from there opens: "Your
  // move as Black: find a better move than the game's c4 (it gave away 6
  // discs)."
  static std::string try_again_goal(const TryAgain& again);
  // What the player's `chosen` move was, against the best move and the
  // game's: "Found it: f5 is the best move here (+4)."; empty when there is
  // nothing to say (no values yet, and neither the game's move).
  static std::string try_again_verdict(const TryAgain& again, Square chosen);

  // The position to send to the worker now, marked as asked at `now`:
  // nothing once complete, while hints come first, or while the last
  // question may still be answered.
  std::optional<Board> question(bool hints_first, double now);
  bool pending(double now) const { return asked_.has_value() && now < asked_at_ + kPatienceSeconds; }
  bool asked(const Board& board) const { return asked_ == board; }
  // The worker was asked something else (hints): the review asks again in its turn.
  void forget_question() { asked_.reset(); }
  // Takes the worker's values for `board`: Refused when they are not for a
  // position still to value; Finished for the answer that completes it.
  enum class Answer { Refused, Taken, Finished };
  Answer answer(const Board& board, std::span<const MoveValue> values, double now);

  // The status line under the board for the move shown.
  std::string status() const;

 private:
  struct Current {
    Game game;
    GameReview review;
    std::size_t at = 0;
    Strength strength = Strength::Hard;
    std::string title;
    bool in_record = false;
    double started_at = 0;
    double took = -1;
  };
  std::optional<Current> current_;  // the game last reviewed, its valuing going on while unfinished
  bool shown_ = false;
  std::optional<Board> asked_;  // the position last sent to be valued
  double asked_at_ = 0;
};

}  // namespace reversi
