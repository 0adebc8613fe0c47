// The review's logic (app/core/review_session.h).
#include "app/core/review_session.h"

#include <algorithm>
#include <utility>

#include "app/core/words.h"
#include "engine/notation.h"
#include "game/game_transcript.h"

namespace reversi {
namespace {

// A value in words for the status line: "+3" when proven, "about +3" when estimated.
std::string value_words(int value, bool exact) {
  std::string text = std::to_string(value < 0 ? -value : value);
  if (value != 0) text.insert(0, value > 0 ? "+" : "\u2013");
  return exact ? text : tr("about {value}", {{"value", text}});
}

const char* colour_name(Color colour) { return colour == Color::Black ? tr("Black") : tr("White"); }

}  // namespace

void ReviewSession::open(const Game& game, Strength strength, std::string title, bool in_record,
                         std::span<const ReviewedMove> kept, double now) {
  std::optional<GameReview> restored = kept.empty() ? std::nullopt : GameReview::restore(game, kept);
  // The same game goes on where it was (or stays as valued, when its
  // valuing finished meanwhile and went into the record).
  if (current_ && current_->game.transcript() == game.transcript() && (!restored || current_->review.complete())) {
    current_->title = std::move(title);
    current_->in_record = current_->in_record || in_record;
  } else {
    current_.emplace(Current{game, restored ? std::move(*restored) : GameReview(game), 0, strength, std::move(title),
                             in_record, now, restored ? 0.0 : -1.0});
  }
  current_->at = current_->review.size();  // the final position first, as the game ended
  shown_ = true;
}

void ReviewSession::step(std::size_t at) { current_->at = std::min(at, current_->review.size()); }

std::vector<std::size_t> ReviewSession::mistakes_by_size() const {
  const GameReview& review = current_->review;
  std::vector<std::size_t> all = review.mistakes(Color::Black);
  for (std::size_t index : review.mistakes(Color::White)) all.push_back(index);
  std::stable_sort(all.begin(), all.end(), [&](std::size_t a, std::size_t b) {
    const int loss_a = review.moves()[a].value->loss(), loss_b = review.moves()[b].value->loss();
    return loss_a != loss_b ? loss_a > loss_b : a < b;
  });
  return all;
}

std::optional<std::size_t> ReviewSession::next_mistake() const {
  const std::vector<std::size_t> all = mistakes_by_size();
  if (all.empty()) return std::nullopt;
  const auto shown = std::find(all.begin(), all.end(), current_->at);
  return shown == all.end() || shown + 1 == all.end() ? all.front() : *(shown + 1);
}

std::optional<std::size_t> ReviewSession::biggest_mistake(std::optional<Color> colour) const {
  if (!current_ || !current_->review.complete()) return std::nullopt;
  const std::vector<std::size_t> mistakes = colour ? current_->review.mistakes(*colour) : mistakes_by_size();
  return mistakes.empty() ? std::nullopt : std::optional<std::size_t>(mistakes.front());
}

std::optional<ReviewSession::TryAgain> ReviewSession::try_again() const {
  const Current& review = *current_;
  if (review.at >= review.review.size()) return std::nullopt;
  std::vector<Square> moves;
  for (std::size_t index = 0; index < review.at; ++index) moves.push_back(review.review.moves()[index].played);
  const GameReview::Move& move = review.review.moves()[review.at];
  return TryAgain{format_transcript(moves), move.colour, review.strength, review.at, move.played, move.value};
}

std::string ReviewSession::try_again_goal(const TryAgain& again) {
  const std::string played = square_name(again.played);
  if (again.value && again.value->loss() == 0)
    return tr("Your move as {colour}: the game's {square} was the best move here ({value}). Find it, or one as good.",
              {{"colour", colour_name(again.player)},
               {"square", played},
               {"value", value_words(again.value->best_score, again.value->exact)}});
  if (!again.value)
    return tr("Your move as {colour}: find a better move than the game's {square}.",
              {{"colour", colour_name(again.player)}, {"square", played}});
  return trn("Your move as {colour}: find a better move than the game's {square} (it gave away {n} disc).",
             "Your move as {colour}: find a better move than the game's {square} (it gave away {n} discs).",
             again.value->loss(), {{"colour", colour_name(again.player)}, {"square", played}});
}

std::string ReviewSession::try_again_verdict(const TryAgain& again, Square chosen) {
  const std::string played = square_name(again.played);
  if (!again.value) return chosen == again.played ? tr("{square} again, the game's move.", {{"square", played}}) : "";
  const ReviewedMove& value = *again.value;
  const std::string best_value = value_words(value.best_score, value.exact);
  const std::string best = square_name(value.best);
  if (chosen == value.best)
    return tr("Found it: {best} ({value}) is the best move here.", {{"best", best}, {"value", best_value}});
  const std::string game_value = value_words(value.played_score, value.exact);
  if (chosen == again.played)
    return tr("{square} again, the game's move ({value}). Hard would play {best} ({best_value}).",
              {{"square", played}, {"value", game_value}, {"best", best}, {"best_value", best_value}});
  return tr("You played {chosen}. Hard would play {best} ({best_value}); the game's {square} was {value}.",
            {{"chosen", square_name(chosen)},
             {"best", best},
             {"best_value", best_value},
             {"square", played},
             {"value", game_value}});
}

std::optional<Board> ReviewSession::question(bool hints_first, double now) {
  if (!current_ || current_->review.complete() || hints_first) return std::nullopt;
  const std::optional<Board> next = current_->review.next_question();
  if (!next) return std::nullopt;
  if (asked_ == next && now < asked_at_ + kPatienceSeconds) return std::nullopt;
  asked_ = next;
  asked_at_ = now;
  return next;
}

ReviewSession::Answer ReviewSession::answer(const Board& board, std::span<const MoveValue> values, double now) {
  if (!current_ || !current_->review.answer(board, values)) return Answer::Refused;
  asked_.reset();
  if (!current_->review.complete()) return Answer::Taken;
  current_->took = now - current_->started_at;
  return Answer::Finished;
}

std::string ReviewSession::status() const {
  const Current& review = *current_;
  const GameReview& moves = review.review;
  if (review.at >= moves.size()) {
    // The end: the game's result and what each side gave away.
    const Position end = moves.position_after(moves.size());
    const int black = count_bits(end.discs_of(Color::Black)), white = count_bits(end.discs_of(Color::White));
    std::string line = tr("The end: Black {black}, White {white}.", {{"black", black}, {"white", white}});
    if (moves.complete() && moves.reviewable() > 0)
      (line += " ") += tr("Given away against the best moves: Black {black} discs, White {white}.",
                          {{"black", moves.total_loss(Color::Black)}, {"white", moves.total_loss(Color::White)}});
    return line;
  }
  const GameReview::Move& move = moves.moves()[review.at];
  // A WordArg refers to its text: the square's name must outlive `said`.
  const std::string square = square_name(move.played);
  const std::initializer_list<WordArg> said = {
      {"number", review.at + 1}, {"colour", colour_name(move.colour)}, {"square", square}};
  if (!move.reviewable) return tr("Move {number}: {colour} played {square} (a placement).", said);
  if (!move.value) return tr("Move {number}: {colour} played {square}; its value is still being worked out.", said);
  const ReviewedMove& value = *move.value;
  const std::string played_value = value_words(value.played_score, value.exact);
  if (value.loss() == 0)
    return tr("Move {number}: {colour} played {square} ({value}), the best move.",
              {{"number", review.at + 1},
               {"colour", colour_name(move.colour)},
               {"square", square_name(move.played)},
               {"value", played_value}});
  std::string line = trn(
      "Move {number}: {colour} played {square} ({value}): {n} disc worse than {best} ({best_value}).",
      "Move {number}: {colour} played {square} ({value}): {n} discs worse than {best} ({best_value}).", value.loss(),
      {{"number", review.at + 1},
       {"colour", colour_name(move.colour)},
       {"square", square_name(move.played)},
       {"value", played_value},
       {"best", square_name(value.best)},
       {"best_value", value_words(value.best_score, value.exact)}});
  const std::vector<std::size_t> mistakes = moves.mistakes(move.colour);
  const auto rank = std::find(mistakes.begin(), mistakes.end(), review.at);
  if (rank != mistakes.end()) {
    const bool black = move.colour == Color::Black;
    line += " ";
    if (rank == mistakes.begin())
      line += black ? tr("Black's biggest mistake.") : tr("White's biggest mistake.");
    else if (rank - mistakes.begin() == 1)
      line += black ? tr("Black's second biggest mistake.") : tr("White's second biggest mistake.");
    else
      line += black ? tr("Black's third biggest mistake.") : tr("White's third biggest mistake.");
  }
  return line;
}

}  // namespace reversi
