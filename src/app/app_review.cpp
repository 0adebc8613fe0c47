// The review after a game: the board at any move with the best move ringed
// and both moves' values on their squares, a graph of who was ahead move by
// move with each side's three biggest mistakes marked on it, "Try again from
// here" against the computer, and a link to share the game. The values are
// asked of the AI worker one position at a time (Computer::value_moves), only
// while hints do not need it, so the board never waits; a finished review is
// kept with its game in the record and opens at once next time.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/app.h"
#include "app/core/wording.h"
#include "app/platform.h"
#include "app/widgets.h"
#include "game/game_transcript.h"
#include "messages/game_link.h"

namespace reversi {
namespace {

// The worker's time for one position of a review: the depth of a quick
// Hard move, so that a whole game takes seconds, not minutes.
constexpr double kReviewSeconds = 0.12;
// A worker that has not answered in this long is asked again.
constexpr double kReviewPatienceSeconds = 4.0;

// A value in words for the status line: "+3" when proven, "about +3" when estimated.
std::string value_words(int value, bool exact) {
  std::string text = std::to_string(value < 0 ? -value : value);
  if (value != 0) text.insert(0, value > 0 ? "+" : "\u2013");
  return exact ? text : "about " + text;
}

const char* colour_name(Color colour) { return colour == Color::Black ? "Black" : "White"; }

}  // namespace

void App::open_review(const Game& game, Strength strength, std::string title, bool in_record,
                      std::span<const ReviewedMove> kept) {
  std::optional<GameReview> restored = kept.empty() ? std::nullopt : GameReview::restore(game, kept);
  // The same game already being valued (closed and opened again) goes on where it was.
  if (reviewing_ && reviewing_->game.transcript() == game.transcript() && !restored) {
    reviewing_->title = std::move(title);
    reviewing_->in_record = reviewing_->in_record || in_record;
  } else {
    reviewing_.emplace(Reviewing{game, restored ? std::move(*restored) : GameReview(game), 0, strength,
                                 std::move(title), in_record, now_, restored ? 0.0 : -1.0});
  }
  reviewing_->at = reviewing_->review.size();  // the final position first, as the game ended
  review_open_ = true;
  viewing_.reset();
  animation_.finish();
  switch_panel(Panel::None);
  state_dirty_ = true;
  follow_review();  // the first position goes to the worker now: frames follow while it is out
}

void App::review_current_game() {
  if (!session()) return;
  const Session& current = *session();
  std::string title;
  Strength strength = game_.settings().session_options().strength;
  bool in_record = false;
  std::span<const ReviewedMove> kept;
  if (online()) {
    title = "Review: you against " + online_.opponent_name();
  } else if (current.options().mode == Mode::Solo) {
    strength = current.options().strength;
    title = std::string("Review: you against ") + strength_title(strength);
    in_record = current.game().is_over();
  } else {
    title = "Review: two players";
    in_record = current.game().is_over();
  }
  // The record's copy of this game, if it has been reviewed before.
  const std::string transcript = current.game().transcript();
  for (const FinishedGame& finished : game_.record().recent)
    if (finished.transcript == transcript && !finished.review.empty()) {
      kept = finished.review;
      break;
    }
  open_review(current.game(), strength, std::move(title), in_record, kept);
}

void App::review_recent_game(std::size_t index) {
  if (index >= game_.record().recent.size()) return;
  const FinishedGame finished = game_.record().recent[index];
  Parsed<Game> game = game_from_transcript(finished.transcript, GameSetup{{}, {}, finished.variant});
  if (!game) {
    game_.notify(NoticeKind::LoadFailed, "That game cannot be reviewed: " + game.error, 5);
    return;
  }
  const std::string title = finished.mode == Mode::Solo
                                ? std::string("Review: you against ") + strength_title(finished.strength)
                                : "Review: two players";
  open_review(*game.value,
              finished.mode == Mode::Solo ? finished.strength : game_.settings().session_options().strength, title,
              true, finished.review);
}

void App::review_transcript(const std::string& transcript, const std::string& title) {
  Parsed<Game> game = game_from_transcript(transcript);
  if (!game) {
    game_.notify(NoticeKind::LoadFailed, "That game cannot be reviewed: " + game.error, 5);
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
  open_review(*game.value, game_.settings().session_options().strength, "Review: a shared game", false);
}

void App::close_review() {
  review_open_ = false;
  state_dirty_ = true;
}

void App::review_step(std::size_t at) {
  if (!reviewing()) return;
  reviewing_->at = std::min(at, reviewing_->review.size());
  state_dirty_ = true;
}

void App::review_next_mistake() {
  if (!reviewing()) return;
  // Every marked mistake of both sides, in the order they were played.
  std::vector<std::size_t> all = reviewing_->review.mistakes(Color::Black);
  for (std::size_t index : reviewing_->review.mistakes(Color::White)) all.push_back(index);
  std::sort(all.begin(), all.end());
  if (all.empty()) return;
  const auto next = std::upper_bound(all.begin(), all.end(), reviewing_->at);
  review_step(next == all.end() ? all.front() : *next);
}

void App::try_again_from_review() {
  // At a table the game on screen is the server's: leave it first.
  if (!reviewing() || reviewing_->at >= reviewing_->review.size() || online()) return;
  const Reviewing& review = *reviewing_;
  std::vector<Square> moves;
  for (std::size_t index = 0; index < review.at; ++index) moves.push_back(review.review.moves()[index].played);
  SessionOptions options = game_.settings().session_options();
  options.mode = Mode::Solo;
  options.strength = review.strength;
  // The player takes the side whose move it is: the one to find a better move.
  options.colour = review.review.moves()[review.at].colour == Color::Black ? ColourChoice::Black : ColourChoice::White;
  options.match_length = 1;
  std::string error;
  review_open_ = false;
  if (!game_.load_transcript(format_transcript(moves), &error, options)) review_open_ = true;
  show_events();
  state_dirty_ = true;
}

void App::share_game(const Game& game) {
  const std::string link = platform::page_link("?" + messages::review_query(game));
  // The share sheet on phones; elsewhere the link goes to the clipboard.
  if (!platform::share_link("A game of Reversi", link))
    game_.notify(NoticeKind::Copied, "Link to this game copied: it opens the game in review.");
}

void App::follow_review() {
  if (!reviewing_ || reviewing_->review.complete()) return;
  if (hints_wanted()) return;  // hints come first; the review waits its turn
  const std::optional<Board> next = reviewing_->review.next_question();
  if (!next) return;
  if (review_asked_ == next && now_ < review_asked_at_ + kReviewPatienceSeconds) return;
  review_asked_ = next;
  review_asked_at_ = now_;
  computer_.value_moves(*next, kReviewSeconds);
}

bool App::review_pending(double now) const {
  return review_asked_.has_value() && now < review_asked_at_ + kReviewPatienceSeconds;
}

bool App::take_review_answer(const Board& board, const std::vector<MoveValue>& values) {
  if (!reviewing_ || !reviewing_->review.answer(board, values)) return false;
  review_asked_.reset();
  state_dirty_ = true;
  if (reviewing_->review.complete()) {
    reviewing_->took = now_ - reviewing_->started_at;
    if (reviewing_->in_record) game_.keep_review(reviewing_->game.transcript(), reviewing_->review.kept());
  }
  follow_review();  // the next position at once, not a frame later
  return true;
}

BoardPicture App::review_picture() const {
  BoardPicture picture;
  const Reviewing& review = *reviewing_;
  const Position position = review.review.position_after(review.at);
  picture.black = position.discs_of(Color::Black);
  picture.white = position.discs_of(Color::White);
  if (review.at > 0) picture.last_move = review.review.moves()[review.at - 1].played;
  if (review.at < review.review.size()) {
    const GameReview::Move& move = review.review.moves()[review.at];
    if (move.value) {
      // The move played and the best one, each with its value; the best ringed.
      picture.dots = bit(move.played) | bit(move.value->best);
      picture.valued = picture.dots;
      if (move.value->exact) picture.exact_values = picture.dots;
      picture.values[move.played] = static_cast<std::int8_t>(move.value->played_score);
      picture.values[move.value->best] = static_cast<std::int8_t>(move.value->best_score);
      picture.best = move.value->best;
    } else {
      picture.dots = bit(move.played);
    }
  }
  picture.cursor = cursor_visible_ ? cursor_ : kNoMove;
  return picture;
}

std::string App::review_status() const {
  const Reviewing& review = *reviewing_;
  const GameReview& moves = review.review;
  if (review.at >= moves.size()) {
    // The end: the game's result and what each side gave away.
    const Position end = moves.position_after(moves.size());
    const int black = count_bits(end.discs_of(Color::Black)), white = count_bits(end.discs_of(Color::White));
    std::string line = "The end: Black " + std::to_string(black) + ", White " + std::to_string(white) + ".";
    if (moves.complete() && moves.reviewable() > 0)
      line += " Given away against the best moves: Black " + std::to_string(moves.total_loss(Color::Black)) +
              " discs, White " + std::to_string(moves.total_loss(Color::White)) + ".";
    return line;
  }
  const GameReview::Move& move = moves.moves()[review.at];
  std::string line =
      "Move " + std::to_string(review.at + 1) + ": " + colour_name(move.colour) + " played " + square_name(move.played);
  if (!move.reviewable) return line + " (a placement).";
  if (!move.value) return line + "; its value is still being worked out.";
  const ReviewedMove& value = *move.value;
  if (value.loss() == 0) return line + " (" + value_words(value.played_score, value.exact) + "), the best move.";
  line += " (" + value_words(value.played_score, value.exact) + "): " + std::to_string(value.loss()) +
          (value.loss() == 1 ? " disc" : " discs") + " worse than " + square_name(value.best) + " (" +
          value_words(value.best_score, value.exact) + ").";
  const std::vector<std::size_t> mistakes = moves.mistakes(move.colour);
  const auto rank = std::find(mistakes.begin(), mistakes.end(), review.at);
  if (rank != mistakes.end())
    line += std::string(" ") + colour_name(move.colour) + "'s " +
            (rank == mistakes.begin()       ? "biggest mistake."
             : rank - mistakes.begin() == 1 ? "second biggest mistake."
                                            : "third biggest mistake.");
  return line;
}

void App::draw_review_graph(ImVec2 origin, ImVec2 size) {
  const Reviewing& review = *reviewing_;
  const GameReview& moves = review.review;
  ImDrawList& draw_list = *ImGui::GetWindowDrawList();
  const ImVec2 end(origin.x + size.x, origin.y + size.y);
  draw_list.AddRectFilled(origin, end, palette::kFrame, 8);
  draw_list.AddRect(origin, end, palette::kPanelBorder, 8, 0, 1.0f);
  const float pad = 8;
  const float left = origin.x + pad, right = end.x - pad, top = origin.y + pad, bottom = end.y - pad;
  const float middle = (top + bottom) * 0.5f;
  const std::size_t count = moves.size();
  // The scale: the largest lead, at least 8 discs, rounded up to a multiple of 8.
  int largest = 8;
  for (std::size_t at = 0; at <= count; ++at)
    if (const std::optional<int> lead = moves.black_lead_after(at)) largest = std::max(largest, std::abs(*lead));
  largest = std::min(64, (largest + 7) / 8 * 8);
  auto x_of = [&](std::size_t at) {
    return count == 0 ? left : left + (right - left) * static_cast<float>(at) / static_cast<float>(count);
  };
  auto y_of = [&](int lead) { return middle - (bottom - top) * 0.5f * static_cast<float>(lead) / largest; };
  // Who leads, by brightness as well as hue: dark above the line (Black
  // ahead), light below (White ahead), so no colour alone tells them apart.
  std::optional<ImVec2> previous;
  for (std::size_t at = 0; at <= count; ++at) {
    const std::optional<int> lead = moves.black_lead_after(at);
    if (!lead) {
      previous.reset();
      continue;
    }
    const ImVec2 point(x_of(at), y_of(*lead));
    if (previous) {
      // One column per move between the zero line and the curve.
      const ImU32 fill = (previous->y + point.y) * 0.5f <= middle ? palette::kEbony : palette::kPearl;
      draw_list.AddQuadFilled(ImVec2(previous->x, middle), *previous, point, ImVec2(point.x, middle), fill);
    }
    previous = point;
  }
  draw_list.AddLine(ImVec2(left, middle), ImVec2(right, middle), palette::kTextDim, 1.0f);
  previous.reset();
  for (std::size_t at = 0; at <= count; ++at) {
    const std::optional<int> lead = moves.black_lead_after(at);
    if (!lead) {
      previous.reset();
      continue;
    }
    const ImVec2 point(x_of(at), y_of(*lead));
    if (previous) draw_list.AddLine(*previous, point, palette::kCopperBright, 2.0f);
    previous = point;
  }
  // Each side's mistakes: a disc of its colour where the lead was given away.
  const float radius = std::clamp(size.y * 0.06f, 4.0f, 7.0f);
  for (Color colour : {Color::Black, Color::White})
    for (std::size_t index : moves.mistakes(colour)) {
      const std::optional<int> lead = moves.black_lead_after(index + 1);
      if (!lead) continue;
      const ImVec2 point(x_of(index + 1), y_of(*lead));
      draw_list.AddCircleFilled(point, radius, colour == Color::Black ? palette::kEbony : palette::kPearl);
      draw_list.AddCircle(point, radius, colour == Color::Black ? palette::kPearl : palette::kEbony, 0, 2.0f);
    }
  // The move on the board.
  const float cursor_x = x_of(std::min(review.at + 1, count));
  draw_list.AddLine(ImVec2(cursor_x, top - 2), ImVec2(cursor_x, bottom + 2), palette::kCopper, 2.0f);
  const float label = 13;
  draw_list.AddText(theme_.body, label, ImVec2(left + 2, top - 1), palette::kTextDim, "Black ahead");
  draw_list.AddText(theme_.body, label, ImVec2(left + 2, bottom - label), palette::kTextDim, "White ahead");
  char scale[16];
  std::snprintf(scale, sizeof scale, "\u00b1%d", largest);
  const ImVec2 extent = theme_.body->CalcTextSizeA(label, FLT_MAX, 0, scale);
  draw_list.AddText(theme_.body, label, ImVec2(right - extent.x - 2, top - 1), palette::kTextDim, scale);
  // Working: how far the valuing has come, as a bar along the bottom.
  if (!moves.complete()) {
    const float done = moves.reviewable() ? static_cast<float>(moves.valued()) / moves.reviewable() : 1.0f;
    // Along the frame's bottom edge, under the plot and its labels.
    const float bar_top = end.y - 6, bar_bottom = end.y - 2;
    draw_list.AddRectFilled(ImVec2(left, bar_top), ImVec2(right, bar_bottom), palette::kPanelBorder, 2);
    draw_list.AddRectFilled(ImVec2(left, bar_top), ImVec2(left + (right - left) * done, bar_bottom),
                            palette::kCopperBright, 2);
    char working[64];
    std::snprintf(working, sizeof working, "Reviewing: %zu of %zu moves", moves.valued(), moves.reviewable());
    const ImVec2 words = theme_.body->CalcTextSizeA(label, FLT_MAX, 0, working);
    draw_list.AddText(theme_.body, label, ImVec2(right - words.x - 2, bottom - label), palette::kText, working);
  }
  // A tap or click on the graph goes to that move.
  ImGui::SetCursorScreenPos(origin);
  if (ImGui::InvisibleButton("##review-graph", size) && count > 0) {
    const float fraction = std::clamp((ImGui::GetIO().MousePos.x - left) / (right - left), 0.0f, 1.0f);
    const std::size_t move = static_cast<std::size_t>(std::lround(fraction * count));
    review_step(move == 0 ? 0 : move - 1);
  }
  widgets::note_control("review-graph");  // where it is, for the state hook
}

float App::draw_review_buttons(ImVec2 origin, float width, float height) {
  const Reviewing& review = *reviewing_;
  const float gap = width < 400 ? 6 : 8;
  const float button = (width - gap * 2) / 3;
  ImGui::PushFont(button >= 100 ? theme_.strong : theme_.body);
  int index = 0;
  auto action = [&](const char* label, bool enabled, const char* name) {
    ImGui::SetCursorScreenPos(ImVec2(origin.x + (index % 3) * (button + gap), origin.y + (index / 3) * (height + gap)));
    ++index;
    return widgets::button(label, ImVec2(button, height), enabled, name);
  };
  const std::size_t at = review.at, size = review.review.size();
  const bool has_mistakes =
      !review.review.mistakes(Color::Black).empty() || !review.review.mistakes(Color::White).empty();
  if (action("Earlier", at > 0, "review:earlier")) review_step(at - 1);
  if (action("Later", at < size, "review:later")) review_step(at + 1);
  if (action("Next mistake", has_mistakes, "review:mistake")) review_next_mistake();
  if (action("Try again", at < size && !game_.paused() && !online(), "review:try-again")) try_again_from_review();
  if (action("Share", size > 0, "review:share")) share_game(reviewing_->game);
  if (action("Close", true, "review:close")) close_review();
  ImGui::PopFont();
  return height * 2 + gap;
}

void App::draw_review_mistakes(ImVec2 origin, float width, float height) {
  // Beside the board on wide screens: each side's biggest mistakes, to tap.
  const GameReview& moves = reviewing_->review;
  ImGui::SetCursorScreenPos(origin);
  ImGui::BeginChild("##review-mistakes", ImVec2(width, height), false, ImGuiWindowFlags_NoBackground);
  for (Color colour : {Color::Black, Color::White}) {
    ImGui::PushFont(theme_.strong);
    ImGui::Text("%s's biggest mistakes", colour_name(colour));
    ImGui::PopFont();
    const std::vector<std::size_t> mistakes = moves.mistakes(colour);
    if (mistakes.empty())
      ImGui::TextDisabled("%s", moves.complete() ? "None: every move within a disc of the best." : "Still reviewing…");
    for (std::size_t index : mistakes) {
      const GameReview::Move& move = moves.moves()[index];
      const std::string line = std::to_string(index + 1) + ". " + square_name(move.played) + "   lost " +
                               std::to_string(move.value->loss()) + "   (best " + square_name(move.value->best) + ")";
      ImGui::PushID(static_cast<int>(index));
      const bool chosen = ImGui::Selectable(line.c_str(), reviewing_->at == index, 0, ImVec2(0, 26));
      const bool by_key = widgets::note_control("mistake:" + std::to_string(index + 1));
      ImGui::PopID();
      if (chosen || by_key) review_step(index);
    }
    ImGui::Spacing();
  }
  ImGui::EndChild();
}

}  // namespace reversi
