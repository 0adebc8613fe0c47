// A finished game gone over move by move: each move's worth against the best
// move of its position, the evaluation after every move, and each side's
// biggest mistakes. The values come from the computer (Computer::value_moves,
// one position at a time, in the AI worker in the browser); this class only
// asks for positions, takes the answers and sums them up, so it runs natively
// in unit tests. Placements (the empty-centre start) and passes are not valued:
// there is nothing to choose in them.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "ai/computer.h"
#include "game/game.h"

namespace reversi {

// One move as the review values it, in discs for the side that moved: the
// best move of the position and what it was worth, and what the move played
// was worth (the same search valued both, so the loss is never negative).
struct ReviewedMove {
  Square best = kNoMove;
  int best_score = 0;
  int played_score = 0;
  bool exact = false;  // both values proven by the endgame solver
  int loss() const { return best_score - played_score; }
  bool operator==(const ReviewedMove&) const = default;
};

class GameReview {
 public:
  // A loss below this many discs is within what the search can tell apart
  // from an equal move: it is not called a mistake.
  static constexpr int kSmallestMistake = 2;
  static constexpr std::size_t kMistakesShown = 3;

  struct Move {
    Square played = kNoMove;
    Color colour = Color::Black;
    Position before;
    bool reviewable = false;  // a move with a choice (not a placement)
    std::optional<ReviewedMove> value;
  };

  // Every move of `game`'s record (its redo tail included), none valued yet.
  explicit GameReview(const Game& game);
  // A review kept earlier (one entry per reviewable move, in order); nothing
  // when it does not fit the game: then the review is made again.
  static std::optional<GameReview> restore(const Game& game, std::span<const ReviewedMove> kept);

  // The moves (passes left out) in order: index i is the (i+1)-th move, and
  // the position after i moves is the one `before` move i shows.
  const std::vector<Move>& moves() const { return moves_; }
  std::size_t size() const { return moves_.size(); }
  // The position after the first `count` moves (count <= size()).
  Position position_after(std::size_t count) const;

  // The next position to value, or nothing once every move is valued.
  std::optional<Board> next_question() const;
  // The values of every legal move in `board`; false (and nothing changes)
  // when the board is not one still to value or the answer leaves out the
  // move played there.
  bool answer(const Board& board, std::span<const MoveValue> values);
  std::size_t reviewable() const { return reviewable_; }
  std::size_t valued() const { return valued_; }
  bool complete() const { return valued_ == reviewable_; }
  // The review to keep with the game (complete reviews only; empty otherwise).
  std::vector<ReviewedMove> kept() const;

  // The evaluation from Black's side (discs ahead with best play) after the
  // first `count` moves, once known: for count 0 the best value of the first
  // position, otherwise the value of the move that led there.
  std::optional<int> black_lead_after(std::size_t count) const;
  // The indices of `colour`'s biggest mistakes, biggest first (earlier first
  // among equals), at most kMistakesShown, each losing kSmallestMistake or more.
  std::vector<std::size_t> mistakes(Color colour) const;
  // What `colour`'s valued moves lost against the best moves, all told.
  int total_loss(Color colour) const;

 private:
  std::vector<Move> moves_;
  std::size_t reviewable_ = 0;
  std::size_t valued_ = 0;
  Position start_;
};

}  // namespace reversi
