#include "game/game_review.h"

#include <algorithm>

namespace reversi {

GameReview::GameReview(const Game& game) : start_(game.record().start()) {
  for (const Ply& ply : game.record().all()) {
    if (ply.is_pass()) continue;
    Move move;
    move.played = ply.square;
    move.colour = ply.color;
    move.before = ply.before;
    // A placement turns nothing: the empty-centre start's first four discs.
    move.reviewable = ply.flips != 0;
    reviewable_ += move.reviewable;
    moves_.push_back(move);
  }
}

std::optional<GameReview> GameReview::restore(const Game& game, std::span<const ReviewedMove> kept) {
  GameReview review(game);
  if (kept.size() != review.reviewable_) return std::nullopt;
  std::size_t next = 0;
  for (Move& move : review.moves_) {
    if (!move.reviewable) continue;
    const ReviewedMove& value = kept[next++];
    const Bitboard legal = legal_moves(move.before.board.player, move.before.board.opponent);
    if (value.best >= 64 || !(legal & bit(value.best)) || value.loss() < 0 || value.best_score < -64 ||
        value.best_score > 64 || value.played_score < -64 || (value.best == move.played && value.loss() != 0))
      return std::nullopt;
    move.value = value;
  }
  review.valued_ = review.reviewable_;
  return review;
}

Position GameReview::position_after(std::size_t count) const {
  if (count >= moves_.size()) {
    if (moves_.empty()) return start_;
    const Move& last = moves_.back();
    return play(last.before, last.played);
  }
  return moves_[count].before;
}

std::optional<Board> GameReview::next_question() const {
  for (const Move& move : moves_)
    if (move.reviewable && !move.value) return move.before.board;
  return std::nullopt;
}

bool GameReview::answer(const Board& board, std::span<const MoveValue> values) {
  // Discs are only ever added, so no position comes twice in one game.
  const auto move = std::find_if(moves_.begin(), moves_.end(), [&](const Move& candidate) {
    return candidate.reviewable && !candidate.value && candidate.before.board == board;
  });
  if (move == moves_.end() || values.empty()) return false;
  const auto played =
      std::find_if(values.begin(), values.end(), [&](const MoveValue& value) { return value.move == move->played; });
  if (played == values.end()) return false;
  // The first of the best in the answer's order, as Best move shows it.
  const auto best = std::max_element(values.begin(), values.end(),
                                     [](const MoveValue& a, const MoveValue& b) { return a.score < b.score; });
  ReviewedMove value;
  value.best = best->score == played->score ? played->move : best->move;
  value.best_score = std::clamp(best->score, -64, 64);
  value.played_score = std::clamp(played->score, -64, 64);
  value.exact = best->exact && played->exact;
  move->value = value;
  ++valued_;
  return true;
}

std::vector<ReviewedMove> GameReview::kept() const {
  std::vector<ReviewedMove> kept;
  if (!complete()) return kept;
  for (const Move& move : moves_)
    if (move.reviewable) kept.push_back(*move.value);
  return kept;
}

std::optional<int> GameReview::black_lead_after(std::size_t count) const {
  auto for_black = [](const Move& move, int score) { return move.colour == Color::Black ? score : -score; };
  if (count == 0) {
    // Before any move: only a first move with a choice (a standard start) has a value.
    if (moves_.empty() || !moves_.front().value) return std::nullopt;
    return for_black(moves_.front(), moves_.front().value->best_score);
  }
  if (count > moves_.size()) return std::nullopt;
  const Move& move = moves_[count - 1];
  if (!move.value) return std::nullopt;
  return for_black(move, move.value->played_score);
}

std::vector<std::size_t> GameReview::mistakes(Color colour) const {
  std::vector<std::size_t> found;
  for (std::size_t index = 0; index < moves_.size(); ++index) {
    const Move& move = moves_[index];
    if (move.colour == colour && move.value && move.value->loss() >= kSmallestMistake) found.push_back(index);
  }
  std::stable_sort(found.begin(), found.end(),
                   [this](std::size_t a, std::size_t b) { return moves_[a].value->loss() > moves_[b].value->loss(); });
  if (found.size() > kMistakesShown) found.resize(kMistakesShown);
  return found;
}

int GameReview::total_loss(Color colour) const {
  int total = 0;
  for (const Move& move : moves_)
    if (move.colour == colour && move.value) total += move.value->loss();
  return total;
}

}  // namespace reversi
