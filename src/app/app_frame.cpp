// The App's frames (app/app.h): what each frame catches up with and draws,
// when frames are due at all, and what the state hook is told.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/app.h"
#include "app/core/state_hook.h"
#include "app/platform.h"

namespace reversi {

void App::between_frames() {
  follow_theme();
  // Pondering goes on without frames (none are drawn while the player
  // thinks): the hook hears of its progress here. A dirty state is
  // published by the frame it asks for.
  const ComputerOpponent::PonderStatus status = game_.turn().ponder_status();
  if (status == ponder_) return;
  ponder_ = status;
  if (!state_dirty_) publish_state();
}

void App::frame(double now) {
  now_ = now;
  // However sparse frames are, one is drawn after each animation ends (dots,
  // ring), and the hook learns it has ended. The flips count as ended only
  // once that frame is drawn: a computer's reply comes in a later frame, so
  // the player always sees the board their move made, even when a busy
  // machine's next frame comes after the reply was due.
  double flips_end = animation_.end_time();
  if (settled_frame_owed_ && !animation_.running(now_)) {
    settled_frame_owed_ = false;
    state_dirty_ = true;
    flips_end = std::nextafter(now_, std::numeric_limits<double>::infinity());
  }
  reduced_motion_ = platform::reduced_motion();
  follow_theme();
  widgets::begin_frame(static_cast<int>(panel_));
  follow_game(flips_end);
  controls_.controls.clear();
  controls_.regions.clear();
  draw_screen();
  draw_panels();
  toast_.draw(
      {theme_, game_.notices(), now_, reduced_motion_, panel_ == Panel::None ? toast_place_ : widgets::ToastPlace{}});
  widgets::end_frame();
  publish_after_frame();
}

// The game, the host page, the table and the worker, caught up with before drawing.
void App::follow_game(double flips_end) {
  // Sitting down at a table or getting up changes the game on screen.
  if (online() != was_online_) {
    was_online_ = online();
    viewing_.reset();
    review_.session().close();
  }
  const bool was_ready = game_.ready();
  const std::string notice = game_.notices().text();
  game_.update(now_, flips_end);
  if (game_.ready() != was_ready) {
    // A resumed or written game that is already over shows its board, not the result card.
    result_dismissed_ = session()->game().is_over();
    state_dirty_ = true;
  }
  if (host_.pump()) frames_owed_ = std::max(frames_owed_, 1);
  follow_language();
  follow_online();
  follow_hints();
  if (game_.notices().text() != notice) state_dirty_ = true;
  show_events();
  if (game_.ready() && !shared_link_checked_) {
    // A shared game opens in review over the game on the board, once that is there.
    shared_link_checked_ = true;
    open_shared_link();
  }
}

// The words in the language wanted (the host's or the address's, the
// setting, the browser's), once the settings are in; the page's lang follows.
void App::follow_language() {
  if (game_.ready()) language_.follow(game_.settings().language);
  if (!language_.take_change()) return;
  platform::show_language(language_code(words().language()));
  state_dirty_ = true;
  frames_owed_ = std::max(frames_owed_, 2);
}

// What changed on screen this frame reaches the state hook: a dialog opened
// or closed, controls that moved, the clock's countdown.
void App::publish_after_frame() {
  if (panel_ != last_panel_) {
    last_panel_ = panel_;
    frames_since_panel_change_ = 0;
    state_dirty_ = true;
    // A popup is hidden on its first frame and fades in: owe frames by count,
    // not by time, since a software-rendered frame can take 200 ms.
    frames_owed_ = std::max(frames_owed_, 4);
    transition_until_ = now_ + 0.2;
    panel_opened_at_ = now_;
  }
  // Controls move when dialogs open, close or the window resizes.
  std::string signature;
  for (const auto& [name, rect] : controls_.controls)
    signature += name + std::to_string(static_cast<int>(rect.x)) + "," + std::to_string(static_cast<int>(rect.y)) +
                 (rect.enabled ? "+" : "-");
  for (const auto& [name, scroll] : controls_.regions)
    signature += name + std::to_string(static_cast<int>(scroll.y)) + "/" + std::to_string(static_cast<int>(scroll.max));
  signature += widgets::focused_control();
  if (signature != controls_signature_) {
    controls_signature_ = std::move(signature);
    state_dirty_ = true;
  }
  // The move clock's countdown is part of the published state.
  const bool counting = (session() && session()->clock_running()) ||
                        (online() && (online_.clock() || game_clock_running() || online_.opponent_away() ||
                                      online_.connection() == OnlineTable::Connection::Reconnecting));
  if (counting && now_ - clock_published_at_ > 0.25) {
    clock_published_at_ = now_;
    state_dirty_ = true;
  }
  // The state names a panel only with that panel's own controls: in the
  // frame it opens the controls drawn are the old screen's, and in the next
  // ImGui hides a new popup and draws none of them (it measures it first).
  // So a change of panel is published from the third frame on, which the
  // frames owed above draw (the accessible mirror and the tests read the
  // buttons from it).
  if (frames_since_panel_change_ < 2) {
    ++frames_since_panel_change_;
    return;
  }
  if (state_dirty_ || animation_.running(now_)) publish_state();
}

void App::frame_rendered() {
  ++frames_;
  if (frames_owed_ > 0) --frames_owed_;
  platform::publish_frame_count(frames_);
  if (game_.ready() && !signalled_ready_) {
    signalled_ready_ = true;
    platform::signal_ready();
  }
}

bool App::wants_frames(double now) const {
  // state_dirty_: something changed outside a frame (storage answered, a host message).
  // Draw on a little past the animation's end so its final frame (rings, dots) shows.
  const bool settling = settled_frame_owed_ || now < animation_.end_time() + 0.1;
  if (state_dirty_ || settling || frames_owed_ > 0 ||
      (game_.notices().active() && now >= game_.notices().expires_at()) || now < refused_until_ + 0.1 ||
      now < transition_until_ || widgets::scrolling() || toast_.fading())
    return true;
  // What is left waits on time and moves nothing: the clock's seconds, the
  // thinking dots, a countdown, an answer on its way (the computer's move, the
  // worker's values, the store, the host, the server). Ten frames a second
  // show each change within a tenth of a second at a sixth of the drawing,
  // which a phone's battery (and software GL) notices.
  return now - now_ >= kWaitingFrameInterval && waiting_on_time(now);
}

bool App::waiting_on_time(double now) const {
  if (!game_.ready() || host_.waiting() || language_.pending()) return true;
  if (hints_pending()) return true;      // the worker's values are on their way
  if (review_pending(now)) return true;  // and the review's
  // Online: the server's clock, a countdown for the opponent, reconnecting.
  if (online() && (online_.connection() != OnlineTable::Connection::Connected || online_.clock() ||
                   game_clock_running() || online_.opponent_away()))
    return true;
  // The result card is due once the last flips settle.
  if (session() && session()->game().is_over() && !result_dismissed_ && panel_ == Panel::None) return true;
  if (session() && !game_.paused()) {
    if (game_.waiting()) return true;
    if (session()->clock_running()) return true;
  }
  return false;
}

void App::follow_theme() {
  more_contrast_ = platform::more_contrast();
  const ThemeId wanted = resolve_theme(game_.settings().theme, more_contrast_);
  if (wanted == theme_.active()) return;
  theme_.use(wanted);
  state_dirty_ = true;
}

void App::publish_state() {
  state_dirty_ = false;
  ScreenFacts screen;
  screen.theme = theme_name(theme_.active());
  screen.theme_automatic = game_.settings().theme == ThemeChoice::Automatic;
  screen.more_contrast = more_contrast_;
  screen.panel = panel_name(panel_);
  screen.animating = animation_.running(now_);
  screen.viewing = viewing_ ? static_cast<int>(*viewing_) : -1;
  screen.focus = widgets::focused_control();
  screen.cursor = cursor_visible_ ? cursor_ : kNoMove;
  screen.keyboard_controls = widgets::keyboard_controls();
  screen.status = status_line();
  for (const auto& [name, scroll] : controls_.regions) screen.regions[name] = {scroll.y * zoom_, scroll.max * zoom_};
  const widgets::ScoreBarLabels labels = score_labels();
  if (!labels.black_badge.empty()) screen.badges["black"] = labels.black_badge;
  if (!labels.white_badge.empty()) screen.badges["white"] = labels.white_badge;
  for (Square square = 0; square < 64; ++square) {
    const ImVec2 corner = board_view_.square_origin(square);
    const float cell = board_view_.cell() * zoom_;
    screen.squares[square_name(square)] = ScreenRect{corner.x * zoom_, corner.y * zoom_, cell, cell};
  }
  for (const auto& [name, rect] : controls_.controls)
    screen.controls[name] = ScreenRect{rect.x * zoom_, rect.y * zoom_, rect.w * zoom_, rect.h * zoom_, rect.enabled};
  screen.hints_shown = !online() && game_.settings().show_hints;
  if (const std::vector<MoveValue>* values = current_hints()) screen.hints = *values;
  screen.best_move = best_move();
  if (reviewing()) {
    screen.review = &review_.session().review();
    screen.review_at = review_.session().at();
    screen.review_title = review_.session().title();
    screen.review_seconds = review_.session().took();
  }
  if (panel_ == Panel::Result && session()) {
    const ResultPanel::Params params = result_params();
    const std::optional<std::size_t> mistake = ResultPanel::biggest_mistake(params);
    screen.result_card = ScreenFacts::ResultCard{ResultPanel::headline(params), ResultPanel::mistake_line(params),
                                                 mistake ? static_cast<int>(*mistake + 1) : -1};
  }
  platform::publish_state(state_hook_json(game_, screen, &online_));
}

}  // namespace reversi
