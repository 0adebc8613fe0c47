// What hints have asked of the AI worker and what came back: each legal
// move's value for the position a player on this device is to move in, and
// the move Hard would play once "Best move" is pressed there. One question
// at a time; an answer is kept for its own position only, so a board that
// has moved on never shows an old answer, and a worker that has not
// answered within kPatienceSeconds is asked again rather than waited for.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "ai/computer.h"

namespace reversi {

class HintBook {
 public:
  // The worker's time for a position's values: enough for Hard's search to
  // reach its usual depth over all the moves, short enough that the
  // computer's reply queued behind it hardly waits.
  static constexpr double kSeconds = 0.4;
  static constexpr double kPatienceSeconds = 4.0;

  // `board` below is the position hints are for now (none: no hints here
  // now, as online, in a review or while the computer thinks); `shown` is
  // the player's setting.
  bool wanted(const std::optional<Board>& board, bool shown) const;
  // The values for `board`, once they have come.
  const std::vector<MoveValue>* values(const std::optional<Board>& board) const;
  // Asked and not answered yet, and still worth waiting for.
  bool pending(const std::optional<Board>& board, bool shown, double now) const;
  // True when the worker is to be asked for `board` now (it is noted as asked).
  bool ask_now(const std::optional<Board>& board, bool shown, double now);
  void answered(std::pair<Board, std::vector<MoveValue>> answer) { answer_ = std::move(answer); }

  // "Best move" pressed in `board`; forgotten once the position moves on.
  void ask_best(const std::optional<Board>& board) { best_asked_ = board; }
  void follow(const std::optional<Board>& board);
  // The first of the best moves in square order, as the search would keep
  // it, once asked for in this position and known; else kNoMove.
  Square best_move(const std::optional<Board>& board) const;

 private:
  std::optional<Board> asked_;  // the position last sent to be valued
  double asked_at_ = 0;
  std::optional<std::pair<Board, std::vector<MoveValue>>> answer_;  // the last answer
  std::optional<Board> best_asked_;                                 // "Best move" pressed in this position
};

}  // namespace reversi
