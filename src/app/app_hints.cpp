// Hints for games on this device: each legal move's value (the Hard engine's
// estimate as a disc margin, proven near the end), asked of the AI worker
// for the position a player here is to move in, and the move Hard would
// play on "Best move". The board never waits for them: an answer for a
// position already left is dropped. Online games show none (the server's
// game is between two people).
#include "app/app.h"

namespace reversi {

std::optional<Board> App::hint_board() const {
  if (online() || !game_.ready() || !session() || viewing_ || reviewing() || game_.paused()) return std::nullopt;
  const Game& game = session()->game();
  if (game.is_over() || game.in_placement_phase() || session()->waiting_for_computer()) return std::nullopt;
  return game.position().board;
}

bool App::hints_wanted() const { return hints_.wanted(hint_board(), game_.settings().show_hints); }

const std::vector<MoveValue>* App::current_hints() const { return hints_.values(hint_board()); }

bool App::hints_pending() const { return hints_.pending(hint_board(), game_.settings().show_hints, now_); }

void App::follow_hints() {
  // One channel to the worker's valuing (a question replaces the one before):
  // an answer is the review's when the review asked last, the hints' otherwise.
  if (auto answer = computer_.take_values()) {
    if (!review_.session().asked(answer->first) || !take_review_answer(answer->first, answer->second))
      hints_.answered(std::move(*answer));
    state_dirty_ = true;
  }
  const std::optional<Board> board = hint_board();
  hints_.follow(board);
  const bool shown = game_.settings().show_hints;
  if (!hints_.wanted(board, shown) || hints_.values(board)) return follow_review();
  if (!hints_.ask_now(board, shown, now_)) return;
  review_.session().forget_question();  // replaced: the review asks again when its turn comes
  computer_.value_moves(*board, HintBook::kSeconds);
}

void App::ask_best_move() {
  hints_.ask_best(hint_board());
  state_dirty_ = true;
  follow_hints();
}

Square App::best_move() const { return hints_.best_move(hint_board()); }

}  // namespace reversi
