#include "app/app.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <span>
#include <string_view>

#include "app/core/state_hook.h"
#include "app/platform.h"

namespace reversi {
namespace {

double animation_speed_factor(AnimationSpeed speed) {
  switch (speed) {
    case AnimationSpeed::Slow:
      return 0.6;
    case AnimationSpeed::Normal:
      return 1.0;
    case AnimationSpeed::Fast:
      return 1.8;
  }
  return 1.0;
}

std::uint64_t fresh_seed() {
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
         std::random_device{}();
}

double seconds_now() { return SDL_GetTicks64() / 1000.0; }

// ?pace=N (a whole number from 2 to 20) plays the flips and paces the
// computer's replies N times as quick, for the browser tests (whose
// software-drawn frames cost a tenth of a second each) and for
// demonstrations. The player's own settings are not touched. 1 otherwise.
constexpr int kMaxPace = 20;
int pace_from(std::string_view text) {
  int pace = 0;
  for (const char c : text) {
    if (c < '0' || c > '9' || pace > kMaxPace) return 1;
    pace = pace * 10 + (c - '0');
  }
  return pace >= 2 && pace <= kMaxPace ? pace : 1;
}

TurnPacing paced(int pace) {
  TurnPacing pacing;
  pacing.minimum_delay /= pace;
  pacing.after_animation /= pace;
  return pacing;
}

// The page address's game options (?mode=…, ?match=…): each checked alone,
// so one typo does not throw away the rest. What is not taken is said on
// the console and, through the ready message, to a host page.
StartRequest start_request_from_url() {
  StartRequest request;
  auto ignore = [&](const std::string& why) {
    const std::string text = repaired_utf8(why);
    std::fprintf(stderr, "Reversi: ignoring %s\n", text.c_str());
    request.ignored.push_back(text);
  };
  for (std::string_view name : messages::kOptionUrlNames) {
    const std::string parameter(name);
    const std::string value = platform::url_parameter(parameter.c_str());
    if (value.empty()) continue;
    const messages::Decoded<messages::OptionsPatch> option = messages::option_from_url(name, value);
    if (option)
      request.options.merge(*option.value);
    else
      ignore(option.error.message);
  }
  const std::string sound = platform::url_parameter("sound");
  if (sound == "on" || sound == "off")
    request.sound = sound == "on";
  else if (!sound.empty())
    ignore(std::string("?sound=").append(sound, 0, 40).append(": use on or off"));
  request.moves = platform::url_parameter("moves");
  if (const std::string pace = platform::url_parameter("pace"); !pace.empty() && pace_from(pace) == 1)
    ignore(std::string("?pace=").append(pace, 0, 40).append(": use a whole number from 2 to 20"));
  // The page's other parameters, read by the shell, the service worker's
  // switch and the online client.
  static constexpr std::string_view kOtherNames[] = {"sound", "moves",  "table",  "claim", "link", "nosw",
                                                     "host",  "server", "review", "check", "pace"};
  for (const std::string& name : platform::url_parameter_names()) {
    const bool known = std::find(std::begin(messages::kOptionUrlNames), std::end(messages::kOptionUrlNames), name) !=
                           std::end(messages::kOptionUrlNames) ||
                       std::find(std::begin(kOtherNames), std::end(kOtherNames), name) != std::end(kOtherNames);
    if (known) continue;
    std::string what = "?";
    what.append(name, 0, 40).append(": not a parameter this game knows");
    ignore(what);
  }
  return request;
}

}  // namespace

App::App(Theme& theme)
    : theme_(theme),
      pace_(pace_from(platform::url_parameter("pace"))),
      game_(GameController::Services{computer_, platform::document_store(), seconds_now, fresh_seed}, paced(pace_)),
      host_(platform::host_channel(), game_, &online_),
      online_(
          OnlineTable::Services{platform::server_link(platform::ServerListener{[this] {
                                                                                 online_.link_opened();
                                                                                 state_dirty_ = true;
                                                                               },
                                                                               [this](std::string_view text) {
                                                                                 online_.link_message(text);
                                                                                 state_dirty_ = true;
                                                                               },
                                                                               [this] {
                                                                                 online_.link_closed();
                                                                                 state_dirty_ = true;
                                                                               },
                                                                               [this] {
                                                                                 online_.update(/*now_please=*/true);
                                                                                 state_dirty_ = true;
                                                                               }}),
                                platform::document_store(), seconds_now, [this](std::string_view text, double seconds) {
                                  game_.notify(NoticeKind::Online, text, seconds);
                                  state_dirty_ = true;
                                }}) {
  ImGui::GetIO().UserData = &controls_;
  reduced_motion_ = platform::reduced_motion();
  game_.set_listener([this](const GameEvent& event, const Session& session) { host_.forward(event, session); });
  platform::listen_to_host([this](std::string_view text) { host_.receive(text); });
  platform::listen_to_access([this](std::string_view json) { return access_command(json); });
  game_.start(start_request_from_url());
  game_.set_ready_listener([this] { host_.announce_ready(); });
  // An invite link (?table=K7M2QX) sits down at that table; a seat-transfer
  // link (?claim=…) carries a game on from another device.
  if (const std::string code = platform::url_parameter("table"); !code.empty()) online_.join(code);
  if (const std::string code = platform::url_parameter("claim"); !code.empty()) online_.claim(code);
  // A device link (?link=ABCDEFGH) makes this device the player who showed it.
  if (const std::string code = platform::url_parameter("link"); !code.empty()) {
    online_.use_link(code);
    platform::show_in_address("");  // used once: a reload must not try it again
  }
  // A plain address (the home-screen icon, a reopened tab) goes back to a
  // seat this device still holds; the solo game stays kept for after.
  if (starts_without_online_link(platform::url_parameter("table"), platform::url_parameter("claim"),
                                 platform::url_parameter("link")))
    online_.return_to_saved_seat();
}

const char* App::panel_name(Panel panel) {
  switch (panel) {
    case Panel::None:
      return "none";
    case Panel::NewGame:
      return "new-game";
    case Panel::Menu:
      return "menu";
    case Panel::Moves:
      return "moves";
    case Panel::Help:
      return "help";
    case Panel::Statistics:
      return "statistics";
    case Panel::Settings:
      return "settings";
    case Panel::ConfirmResign:
      return "confirm-resign";
    case Panel::Result:
      return "result";
    case Panel::Table:
      return "table";
    case Panel::Arcade:
      return "arcade";
    case Panel::Chat:
      return "chat";
    case Panel::Report:
      return "report";
    case Panel::ConfirmLeave:
      return "confirm-leave";
    case Panel::ConfirmDeletePlayer:
      return "confirm-delete-player";
  }
  return "none";
}

void App::start_game(const SessionOptions& options) {
  game_.new_game(options);
  show_events();
}

void App::load_game(const std::string& text) {
  std::string error;
  if (game_.load_transcript(text, &error)) {
    animation_.finish();
    result_dismissed_ = session() && session()->game().is_over();
    load_error_.clear();
    desktop_text_entry_ = false;
    close_panels();
  } else {
    load_error_ = repaired_utf8(error);
  }
  state_dirty_ = true;
}

void App::close_panels() {
  // The open dialog closes itself on the next frame (ImGui's popup stack must
  // be told from inside the popup).
  if (panel_ != Panel::None) close_panel_ = true;
}

void App::tap_square(Square square) {
  if (reviewing()) {
    game_.notify(NoticeKind::Refused, "This is the review: Try again plays on from here, Close goes back to the game.");
    return;
  }
  if (viewing_) {
    game_.notify(NoticeKind::Refused, "This is an earlier position: press Back to return to the game.");
    return;
  }
  if (online()) return online_tap(square);
  if (!session()) return;
  cursor_ = square;
  if (!game_.tap(square)) show_refused_tap(square);  // the controller has said why
  show_events();
  state_dirty_ = true;
}

void App::show_refused_tap(Square square) {
  refused_square_ = square;
  refused_until_ = now_ + 0.9;
  if (game_.settings().sound) platform::play_sound(platform::Sound::Refused);
}

std::size_t App::moves_in_record() const {
  if (!session()) return 0;
  const std::span<const Ply> plies = session()->game().record().all();
  return static_cast<std::size_t>(
      std::count_if(plies.begin(), plies.end(), [](const Ply& ply) { return !ply.is_pass(); }));
}

void App::view_move(std::size_t moves) {
  if (!session()) return;
  viewing_ = std::min(moves, moves_in_record());
  animation_.finish();
  state_dirty_ = true;
}

void App::play_on_from_view() {
  if (!viewing_ || online() || game_.paused()) return;
  const std::size_t moves = *viewing_;
  viewing_.reset();
  game_.rewind_to(moves);
  show_events();
  state_dirty_ = true;
}

void App::undo() {
  game_.undo();
  show_events();
  state_dirty_ = true;
}

void App::redo() {
  game_.redo();
  show_events();
  state_dirty_ = true;
}

void App::show_events() {
  const bool sound = game_.settings().sound;
  std::vector<GameEvent> happened = game_.take_events();
  for (GameEvent& event : online_.take_events()) happened.push_back(std::move(event));
  for (const GameEvent& event : happened) {
    state_dirty_ = true;
    switch (event.kind) {
      case EventKind::MovePlayed: {
        const bool motion = !reduced_motion_ && !game_.settings().reduced_motion;
        animation_.start(event.square, event.color, event.flips, now_,
                         motion ? animation_speed_factor(game_.settings().animation_speed) * pace_ : 0);
        settled_frame_owed_ = true;
        if (sound) platform::play_sound(platform::Sound::Place);
        break;
      }
      case EventKind::Passed:
        if (sound) platform::play_sound(platform::Sound::Pass);
        break;
      case EventKind::GameOver:
        result_dismissed_ = false;
        if (sound) platform::play_sound(platform::Sound::GameOver);
        break;
      case EventKind::GameStarted:
        viewing_.reset();
        review_open_ = false;
        animation_.finish();
        result_dismissed_ = false;
        load_error_.clear();
        close_panels();
        break;
      case EventKind::Undone:
        viewing_.reset();
        result_dismissed_ = false;
        animation_.finish();
        break;
      case EventKind::Redone:
        animation_.finish();
        break;
      case EventKind::ClockExpired:
      case EventKind::MatchOver:
        break;
    }
  }
}

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
  // ring), and the hook learns it has ended.
  if (settled_frame_owed_ && !animation_.running(now_)) {
    settled_frame_owed_ = false;
    state_dirty_ = true;
  }
  reduced_motion_ = platform::reduced_motion();
  follow_theme();
  widgets::begin_frame(static_cast<int>(panel_));
  // Sitting down at a table or getting up changes the game on screen.
  if (online() != was_online_) {
    was_online_ = online();
    viewing_.reset();
    review_open_ = false;
  }
  const bool was_ready = game_.ready();
  const std::string notice = game_.notices().text();
  game_.update(now_, animation_.end_time());
  if (game_.ready() != was_ready) {
    // A resumed or written game that is already over shows its board, not the result card.
    result_dismissed_ = session()->game().is_over();
    state_dirty_ = true;
  }
  if (host_.pump()) frames_owed_ = std::max(frames_owed_, 1);
  follow_online();
  follow_hints();
  if (game_.notices().text() != notice) state_dirty_ = true;
  show_events();
  if (game_.ready() && !shared_link_checked_) {
    // A shared game opens in review over the game on the board, once that is there.
    shared_link_checked_ = true;
    open_shared_link();
  }
  controls_.controls.clear();
  controls_.regions.clear();
  draw_screen();
  draw_panels();
  toast_.draw({theme_, game_.notices(), now_, reduced_motion_});
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
                        (online() && (online_.clock() || online_.opponent_away() ||
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
  if (!game_.ready() || host_.waiting()) return true;
  if (hints_pending()) return true;      // the worker's values are on their way
  if (review_pending(now)) return true;  // and the review's
  // Online: the server's clock, a countdown for the opponent, reconnecting.
  if (online() &&
      (online_.connection() != OnlineTable::Connection::Connected || online_.clock() || online_.opponent_away()))
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
    screen.review = &reviewing_->review;
    screen.review_at = reviewing_->at;
    screen.review_title = reviewing_->title;
    screen.review_seconds = reviewing_->took;
  }
  platform::publish_state(state_hook_json(game_, screen, &online_));
}

void App::handle_event(const SDL_Event& event) {
  state_dirty_ = true;  // layout or hover may change: republish the hook
  if (event.type != SDL_KEYDOWN) return;
  if (ImGui::GetIO().WantTextInput) return;
  const SDL_Keycode key = event.key.keysym.sym;
  const bool control = (event.key.keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
  const bool shift = (event.key.keysym.mod & KMOD_SHIFT) != 0;
  if (key == SDLK_ESCAPE) {
    if (panel_ != Panel::None)
      close_panel_ = true;
    else if (reviewing())
      close_review();
    else if (viewing_)
      stop_viewing();
    else if (session() && session()->game().is_over())
      result_dismissed_ = true;
    cursor_visible_ = false;
    widgets::clear_focus();
    return;
  }
  // Tab and Shift+Tab walk the buttons (in a dialog, its own); Enter and
  // Space press the one with the ring.
  if (key == SDLK_TAB) {
    // Past the screen's row of buttons (Menu ends it, draw_buttons), Tab goes
    // on to the board's accessible mirror beside the canvas, for screen
    // readers; the moves beside the board are a Shift+Tab away.
    const bool past_buttons = widgets::focused_control() == "Menu" || widgets::focus_on_last();
    if (!shift && panel_ == Panel::None && past_buttons && platform::focus_access_board()) {
      widgets::clear_focus();
      return;
    }
    widgets::move_focus(shift ? widgets::FocusMove::Previous : widgets::FocusMove::Next);
    cursor_visible_ = false;
    return;
  }
  if ((key == SDLK_RETURN || key == SDLK_KP_ENTER || key == SDLK_SPACE) && widgets::activate_focus()) return;
  if (panel_ != Panel::None) {
    // In a dialog the arrows walk its controls too, and the page keys scroll it.
    switch (key) {
      case SDLK_DOWN:
      case SDLK_RIGHT:
        return widgets::move_focus(widgets::FocusMove::Next);
      case SDLK_UP:
      case SDLK_LEFT:
        return widgets::move_focus(widgets::FocusMove::Previous);
      case SDLK_PAGEDOWN:
        return widgets::request_page(1);
      case SDLK_PAGEUP:
        return widgets::request_page(-1);
      case SDLK_END:
        return widgets::request_page(2);
      case SDLK_HOME:
        return widgets::request_page(-2);
      default:
        break;
    }
    if (panel_ != Panel::Result) return;  // nothing else reaches the board under a dialog
  }
  if (reviewing() && panel_ == Panel::None) {
    // In the review the arrows step through the game, Home and End go to its ends.
    const std::size_t at = reviewing_->at;
    if ((key == SDLK_LEFT || key == SDLK_UP) && at > 0) review_step(at - 1);
    if (key == SDLK_RIGHT || key == SDLK_DOWN) review_step(at + 1);
    if (key == SDLK_HOME) review_step(0);
    if (key == SDLK_END) review_step(reviewing_->review.size());
    return;
  }
  if (online() && (control || key == SDLK_u)) return;  // no taking back at a table
  if ((control && key == SDLK_z && shift) || (control && key == SDLK_y)) return redo();
  if ((control && key == SDLK_z) || (!control && key == SDLK_u)) return undo();
  if (!control && key == SDLK_n) {
    panel_ = Panel::NewGame;
    return;
  }
  if (viewing_) {
    // Looking back: the arrows step through the moves.
    if (key == SDLK_LEFT && *viewing_ > 0) view_move(*viewing_ - 1);
    if (key == SDLK_RIGHT) view_move(*viewing_ + 1);
    return;
  }
  int column = column_of(cursor_), row = row_of(cursor_);
  switch (key) {
    case SDLK_LEFT:
      column = std::max(0, column - 1);
      break;
    case SDLK_RIGHT:
      column = std::min(7, column + 1);
      break;
    case SDLK_UP:
      row = std::max(0, row - 1);
      break;
    case SDLK_DOWN:
      row = std::min(7, row + 1);
      break;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE:
      if (panel_ != Panel::None) return;  // the result card: its buttons, by Tab
      if (cursor_visible_) tap_square(cursor_);
      cursor_visible_ = true;
      return;
    default:
      return;
  }
  if (cursor_visible_) cursor_ = square_at(column, row);
  cursor_visible_ = true;
  widgets::clear_focus();  // the arrows went to the board
  state_dirty_ = true;
}

}  // namespace reversi
