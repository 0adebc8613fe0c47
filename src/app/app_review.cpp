// The review after a game, where App ties it to the rest: opening a game in
// review (the game just played, one from the record, a transcript, a shared
// link), its share of the AI worker (asked one position at a time, only
// while hints do not need it, so the board never waits), keeping a finished
// review with its game in the record, and carrying out what ReviewPanel
// hands back (Try again against the computer, Share, Close). The review's
// state and pictures are ReviewPanel's and ReviewSession's.
#include <cstdio>

#include "app/app.h"
#include "app/core/wording.h"
#include "app/core/words.h"
#include "app/platform.h"
#include "game/game_transcript.h"
#include "messages/game_link.h"

namespace reversi {

void App::open_review(const Game& game, Strength strength, std::string title, bool in_record,
                      std::span<const ReviewedMove> kept) {
  review_.session().open(game, strength, std::move(title), in_record, kept, now_);
  viewing_.reset();
  animation_.finish();
  switch_panel(Panel::None);
  state_dirty_ = true;
  follow_review();  // the first position goes to the worker now: frames follow while it is out
}

namespace {

// What opening the game on screen in review takes: its title, the strength
// it is valued at, whether it goes into the record, and its kept review.
struct ReviewOfCurrent {
  std::string title;
  Strength strength = Strength::Hard;
  bool in_record = false;
  std::span<const ReviewedMove> kept;
};

ReviewOfCurrent review_of_current(const Session& current, const GameController& game, const OnlineTable& online,
                                  bool is_online) {
  ReviewOfCurrent review;
  review.strength = game.settings().session_options().strength;
  if (is_online) {
    review.title = tr("Review: you against {opponent}", {{"opponent", online.opponent_name()}});
  } else if (current.options().mode == Mode::Solo) {
    review.strength = current.options().strength;
    review.title = tr("Review: you against {opponent}", {{"opponent", strength_title(review.strength)}});
    review.in_record = current.game().is_over();
  } else {
    review.title = tr("Review: two players");
    review.in_record = current.game().is_over();
  }
  // The record's copy of this game, if it has been reviewed before.
  const std::string transcript = current.game().transcript();
  for (const FinishedGame& finished : game.record().recent)
    if (finished.transcript == transcript && !finished.review.empty()) {
      review.kept = finished.review;
      break;
    }
  return review;
}

}  // namespace

void App::review_current_game() {
  if (!session()) return;
  ReviewOfCurrent review = review_of_current(*session(), game_, online_, online());
  open_review(session()->game(), review.strength, std::move(review.title), review.in_record, review.kept);
}

void App::start_review_early() {
  if (!session() || !session()->game().is_over() || reviewing()) return;
  ReviewOfCurrent review = review_of_current(*session(), game_, online_, online());
  review_.session().open(session()->game(), review.strength, std::move(review.title), review.in_record, review.kept,
                         now_);
  review_.session().close();  // not shown: valued meanwhile
  follow_review();
}

std::optional<Color> App::player_here() const {
  if (online()) return online_.colour();
  if (session() && session()->options().mode == Mode::Solo) return session()->human_colour();
  return std::nullopt;  // two players on this device: both
}

void App::review_biggest_mistake() {
  if (!session()) return;
  const std::optional<Color> mine = player_here();
  review_current_game();
  if (!reviewing()) return;
  if (const std::optional<std::size_t> mistake = review_.session().biggest_mistake(mine)) review_step(*mistake);
}

void App::review_recent_game(std::size_t index) {
  if (index >= game_.record().recent.size()) return;
  const FinishedGame finished = game_.record().recent[index];
  Parsed<Game> game = game_from_transcript(finished.transcript, GameSetup{{}, {}, finished.variant});
  if (!game) {
    game_.notify(NoticeKind::LoadFailed, tr("That game cannot be reviewed: {why}", {{"why", game.error}}), 5);
    return;
  }
  const std::string title = finished.mode == Mode::Solo ? tr("Review: you against {opponent}",
                                                             {{"opponent", strength_title(finished.strength)}})
                                                        : std::string(tr("Review: two players"));
  open_review(*game.value,
              finished.mode == Mode::Solo ? finished.strength : game_.settings().session_options().strength, title,
              true, finished.review);
}

void App::review_transcript(const std::string& transcript, const std::string& title) {
  Parsed<Game> game = game_from_transcript(transcript);
  if (!game) {
    game_.notify(NoticeKind::LoadFailed, tr("That game cannot be reviewed: {why}", {{"why", game.error}}), 5);
    return;
  }
  open_review(*game.value, game_.settings().session_options().strength, title, false);
}

void App::open_shared_link() {
  const std::string moves = platform::url_parameter(std::string(messages::kReviewParameter).c_str());
  const std::string check = platform::url_parameter(std::string(messages::kCheckParameter).c_str());
  if (moves.empty() && check.empty()) return;
  Parsed<Game> game = messages::game_from_review_link(moves, check);
  if (!game) {
    std::fprintf(stderr, "Reversi: not opening the shared game (%s)\n", game.error.c_str());
    game_.notify(NoticeKind::LoadFailed, game.error, 8);
    return;
  }
  open_review(*game.value, game_.settings().session_options().strength, tr("Review: a shared game"), false);
}

void App::close_review() {
  review_.session().close();
  state_dirty_ = true;
}

void App::review_step(std::size_t at) {
  if (!reviewing()) return;
  review_.session().step(at);
  state_dirty_ = true;
}

void App::try_again_from_review() {
  // At a table the game on screen is the server's: leave it first.
  if (!reviewing() || online()) return;
  const std::optional<ReviewSession::TryAgain> again = review_.session().try_again();
  if (!again) return;
  SessionOptions options = game_.settings().session_options();
  options.mode = Mode::Solo;
  options.strength = again->strength;
  // The player takes the side whose move it is: the one to find a better move.
  options.colour = again->player == Color::Black ? ColourChoice::Black : ColourChoice::White;
  options.match_length = 1;
  std::string error;
  review_.session().close();
  if (!game_.load_transcript(again->transcript, &error, options)) {
    review_.session().show();
    show_events();
    return;
  }
  show_events();
  // Said after the load's own notice, which it replaces.
  game_.notify(NoticeKind::GameLoaded, ReviewSession::try_again_goal(*again), 8);
  trying_ = again;
  state_dirty_ = true;
}

void App::judge_try_again(Square played, Color colour) {
  if (!trying_ || !session()) return;
  const ReviewSession::TryAgain again = *trying_;
  // Only the player's move in the position tried again: the record holds
  // the moves before it and this one.
  if (colour != again.player || session()->game().record().cursor() != again.ply + 1) {
    trying_.reset();
    return;
  }
  trying_.reset();
  if (const std::string verdict = ReviewSession::try_again_verdict(again, played); !verdict.empty())
    game_.notify(NoticeKind::GameLoaded, verdict, 8);
}

void App::share_game(const Game& game) {
  // Built by appending: GCC 12 warns falsely (-Wstringop-overflow) on "?" + a temporary string at -O3.
  std::string query = "?";
  query += messages::review_query(game);
  const std::string link = platform::page_link(query);
  // The share sheet on phones; elsewhere the link goes to the clipboard.
  if (!platform::share_link(tr("A game of Reversi"), link))
    game_.notify(NoticeKind::Copied, tr("Link to this game copied: it opens the game in review."));
}

ReviewPanel::Params App::review_params() const { return {theme_, !game_.paused() && !online()}; }

void App::carry_out_review(const ReviewPanel::Result& result) {
  if (result.stepped) state_dirty_ = true;
  if (result.try_again) try_again_from_review();
  if (result.share) share_game(review_.session().game());
  if (result.close) close_review();
}

void App::follow_review() {
  if (const std::optional<Board> next = review_.session().question(hints_wanted(), now_))
    computer_.value_moves(*next, ReviewSession::kSeconds);
}

bool App::review_pending(double now) const { return review_.session().pending(now); }

bool App::take_review_answer(const Board& board, const std::vector<MoveValue>& values) {
  const ReviewSession::Answer answer = review_.session().answer(board, values, now_);
  if (answer == ReviewSession::Answer::Refused) return false;
  state_dirty_ = true;
  if (answer == ReviewSession::Answer::Finished && review_.session().in_record())
    game_.keep_review(review_.session().game().transcript(), review_.session().review().kept());
  follow_review();  // the next position at once, not a frame later
  return true;
}

}  // namespace reversi
