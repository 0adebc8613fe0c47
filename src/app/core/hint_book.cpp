#include "app/core/hint_book.h"

#include <algorithm>

namespace reversi {

bool HintBook::wanted(const std::optional<Board>& board, bool shown) const {
  return board && (shown || best_asked_ == board);
}

const std::vector<MoveValue>* HintBook::values(const std::optional<Board>& board) const {
  if (!board || !answer_ || answer_->first != *board) return nullptr;
  return &answer_->second;
}

bool HintBook::pending(const std::optional<Board>& board, bool shown, double now) const {
  return wanted(board, shown) && !values(board) && now < asked_at_ + kPatienceSeconds;
}

bool HintBook::ask_now(const std::optional<Board>& board, bool shown, double now) {
  if (!wanted(board, shown) || values(board)) return false;
  if (asked_ == board && now < asked_at_ + kPatienceSeconds) return false;  // asked; once more after that
  asked_ = board;
  asked_at_ = now;
  return true;
}

void HintBook::follow(const std::optional<Board>& board) {
  if (best_asked_ && best_asked_ != board) best_asked_.reset();  // the position moved on
}

Square HintBook::best_move(const std::optional<Board>& board) const {
  const std::vector<MoveValue>* found = values(board);
  if (!found || found->empty() || best_asked_ != board) return kNoMove;
  return std::max_element(found->begin(), found->end(),
                          [](const MoveValue& a, const MoveValue& b) { return a.score < b.score; })
      ->move;
}

}  // namespace reversi
