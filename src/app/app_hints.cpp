// Hints for games on this device: each legal move's value (the Hard engine's
// estimate as a disc margin, proven near the end), asked of the AI worker
// for the position a player here is to move in, and the move Hard would
// play on "Best move". The board never waits for them: an answer for a
// position already left is dropped. Online games show none (the server's
// game is between two people).
#include <algorithm>

#include "app/app.h"

namespace reversi {
namespace {

// The worker's time for a position's values: enough for Hard's search to
// reach its usual depth over all the moves, short enough that the computer's
// reply queued behind it hardly waits.
constexpr double kHintSeconds = 0.4;
// A worker that has not answered in this long is not waited for (no frames
// are kept coming for it).
constexpr double kHintPatienceSeconds = 4.0;

}  // namespace

std::optional<Board> App::hint_board() const {
  if (online() || !game_.ready() || !session() || viewing_ || reviewing() || game_.paused()) return std::nullopt;
  const Game& game = session()->game();
  if (game.is_over() || game.in_placement_phase() || session()->waiting_for_computer()) return std::nullopt;
  return game.position().board;
}

bool App::hints_wanted() const {
  const std::optional<Board> board = hint_board();
  return board && (game_.settings().show_hints || best_asked_ == board);
}

const std::vector<MoveValue>* App::current_hints() const {
  const std::optional<Board> board = hint_board();
  if (!board || !hints_ || hints_->first != *board) return nullptr;
  return &hints_->second;
}

bool App::hints_pending() const {
  return hints_wanted() && !current_hints() && now_ < hints_asked_at_ + kHintPatienceSeconds;
}

void App::follow_hints() {
  // One channel to the worker's valuing (a question replaces the one before):
  // an answer is the review's when the review asked last, the hints' otherwise.
  if (auto answer = computer_.take_values()) {
    if (review_asked_ != answer->first || !take_review_answer(answer->first, answer->second))
      hints_ = std::move(*answer);
    state_dirty_ = true;
  }
  const std::optional<Board> board = hint_board();
  if (best_asked_ && best_asked_ != board) best_asked_.reset();  // the position moved on
  if (!hints_wanted() || current_hints()) return follow_review();
  if (hints_asked_ == board && now_ < hints_asked_at_ + kHintPatienceSeconds) return;  // asked; once more after that
  hints_asked_ = board;
  hints_asked_at_ = now_;
  review_asked_.reset();  // replaced: the review asks again when its turn comes
  computer_.value_moves(*board, kHintSeconds);
}

void App::ask_best_move() {
  best_asked_ = hint_board();
  state_dirty_ = true;
  follow_hints();
}

Square App::best_move() const {
  const std::vector<MoveValue>* values = current_hints();
  if (!values || values->empty() || best_asked_ != hint_board()) return kNoMove;
  // The first of the best in square order, as the search would keep it.
  return std::max_element(values->begin(), values->end(),
                          [](const MoveValue& a, const MoveValue& b) { return a.score < b.score; })
      ->move;
}

}  // namespace reversi
