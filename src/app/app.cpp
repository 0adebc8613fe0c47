#include "app/app.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "app/web_platform.h"
#include "game/game_transcript.h"

namespace reversi {
namespace {

// The computer never answers faster than this, so its move can be followed.
constexpr double kComputerMinimumDelay = 0.55;
// And it waits this long after the previous animation ends.
constexpr double kPauseAfterAnimation = 0.2;
// Hard's thinking time per move, as players are told.
constexpr double kHardSeconds = 0.5;

double animation_speed_factor(AnimationSpeed speed) {
  switch (speed) {
    case AnimationSpeed::Slow: return 0.6;
    case AnimationSpeed::Normal: return 1.0;
    case AnimationSpeed::Fast: return 1.8;
  }
  return 1.0;
}

std::uint64_t fresh_seed() {
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
         std::random_device{}();
}

}  // namespace

App::App(Theme& theme) : theme_(theme) {
  ImGui::GetIO().UserData = &controls_;
  reduced_motion_ = web::prefers_reduced_motion();
  web::install_host_bridge([this](const std::string& json) { handle_host_message(json); });
  load_documents();
}

App::~App() = default;

void App::shutdown() {
  if (ready_) save_current_game();
}

double App::clock_now() const { return SDL_GetTicks64() / 1000.0; }

void App::start_session(const SessionOptions& options, bool save) {
  ai_.cancel();
  computer_requested_ = false;
  computer_reply_.reset();
  animation_.finish();
  auto expired = [this](const Position& position) {
    return clock_helper_.choose_move(position.board, Strength::Medium).move;
  };
  session_.emplace(options, fresh_seed(), [this] { return clock_now(); }, expired);
  if (paused_) session_->pause_clock();
  remember_options(options);
  game_started_at_ = now_;
  result_dismissed_ = false;
  load_error_.clear();
  close_panels();
  process_session_events();
  if (save) {
    save_settings();
    save_current_game();
  }
  state_dirty_ = true;
}

void App::remember_options(const SessionOptions& options) {
  settings_.mode = options.mode;
  settings_.strength = options.strength;
  settings_.colour = options.colour;
  settings_.variant = options.variant;
  settings_.match_length = options.match_length;
  settings_.clock_enabled = options.clock_enabled;
  settings_.clock_seconds = options.clock_seconds;
}

void App::rematch() {
  if (!session_) return;
  start_session(session_->options());
}

void App::next_game() {
  if (!session_) return;
  const CommandResult result = session_->next_game();
  if (!result) {
    notify(result.message);
    return;
  }
  game_started_at_ = now_;
  result_dismissed_ = false;
  close_panels();
  animation_.finish();
  process_session_events();
  save_current_game();
}

void App::close_panels() {
  // The open dialog closes itself on the next frame (ImGui's popup stack must
  // be told from inside the popup).
  if (panel_ != Panel::None) close_panel_ = true;
}

void App::tap_square(Square square) {
  if (!session_ || !ready_) return;
  cursor_ = square;
  if (paused_) {
    notify("The game is paused.");
    return;
  }
  CommandResult result;
  const Game& game = session_->game();
  if (session_->waiting_for_computer() && !game.is_over()) {
    result = CommandResult::failure(CommandError::ComputerThinking, "The computer is thinking — wait for its move.");
  } else {
    result = session_->play(square);
  }
  if (!result) {
    if (result.error == CommandError::GameOver)
      result.message = "The game is over — start a new game or a rematch.";
    notify(result.message);
    refused_square_ = square;
    refused_until_ = now_ + 0.9;
    if (settings_.sound) web::play_sound(web::Sound::Refused);
    return;
  }
  animation_.finish();  // a fast second player never waits for the last flips
  process_session_events();
}

void App::undo() {
  if (!session_) return;
  const CommandResult result = session_->undo();
  if (!result) {
    notify(result.message);
    return;
  }
  ai_.cancel();
  computer_requested_ = false;
  computer_reply_.reset();
  animation_.finish();
  result_dismissed_ = false;
  process_session_events();
  save_current_game();
}

void App::redo() {
  if (!session_) return;
  const CommandResult result = session_->redo();
  if (!result) {
    notify(result.message);
    return;
  }
  animation_.finish();
  process_session_events();
  save_current_game();
}

void App::resign() {
  if (!session_) return;
  const CommandResult result = session_->resign();
  if (!result) notify(result.message);
  ai_.cancel();
  computer_requested_ = false;
  computer_reply_.reset();
  process_session_events();
}

void App::set_sound(bool on) {
  settings_.sound = on;
  save_settings();
  state_dirty_ = true;
}

void App::set_paused(bool paused) {
  if (paused_ == paused) return;
  paused_ = paused;
  if (session_) {
    if (paused) session_->pause_clock();
    else session_->resume_clock();
  }
  if (paused) {
    ai_.cancel();
    computer_requested_ = false;
    computer_reply_.reset();
  }
  notify(paused ? "Paused." : "Play resumes.");
  state_dirty_ = true;
}

bool App::load_transcript(const std::string& text, std::string* error) {
  const Parsed<Game> parsed = game_from_transcript(text);
  if (!parsed) {
    if (error) *error = parsed.error;
    notify("That game could not be loaded: " + parsed.error, 5);
    return false;
  }
  SessionSnapshot snapshot;
  snapshot.options = session_ ? session_->options() : settings_.session_options();
  snapshot.options.variant = detect_variant(text);
  snapshot.options.match_length = 1;
  snapshot.moves = text;
  // The undo position counts written moves; passes are implicit in the text.
  const std::vector<Square> moves = parsed.value->moves();
  snapshot.applied = static_cast<std::size_t>(std::count_if(moves.begin(), moves.end(), [](Square move) { return move != kPass; }));
  snapshot.random_state = fresh_seed();
  Parsed<Session> restored = Session::restore(snapshot, [this] { return clock_now(); },
                                              [this](const Position& position) {
                                                return clock_helper_.choose_move(position.board, Strength::Medium).move;
                                              });
  if (!restored) {
    if (error) *error = restored.error;
    notify("That game could not be loaded: " + restored.error, 5);
    return false;
  }
  ai_.cancel();
  computer_requested_ = false;
  computer_reply_.reset();
  animation_.finish();
  session_.emplace(std::move(*restored.value));
  session_->poll_events();  // the replayed moves are not news
  result_dismissed_ = session_->game().is_over();
  game_started_at_ = now_;
  notify("Game loaded: " + std::to_string(snapshot.applied) + " moves.");
  save_current_game();
  state_dirty_ = true;
  return true;
}

void App::notify(std::string text, double seconds) {
  notice_ = std::move(text);
  notice_until_ = now_ + seconds;
  state_dirty_ = true;
}

std::string App::name_of(Color color) const {
  if (!session_) return color == Color::Black ? "Black" : "White";
  if (session_->options().mode == Mode::TwoPlayers) return color == Color::Black ? "Black" : "White";
  return color == session_->human_colour() ? "You" : "Computer";
}

void App::process_session_events() {
  if (!session_) return;
  for (const GameEvent& event : session_->poll_events()) {
    state_dirty_ = true;
    post_event(event);
    switch (event.kind) {
      case EventKind::MovePlayed: {
        const bool motion = !reduced_motion_ && !settings_.reduced_motion;
        animation_.start(event.square, event.color, event.flips, now_,
                         motion ? animation_speed_factor(settings_.animation_speed) : 0);
        settled_frame_owed_ = true;
        if (settings_.sound) web::play_sound(web::Sound::Place);
        break;
      }
      case EventKind::Passed: {
        const std::string who = name_of(event.color);
        const std::string next = name_of(other(event.color));
        notify(who == "You" ? "You have no move — you pass, and the computer plays again."
               : who == "Computer" ? "The computer has no move and passes — your turn again."
                                   : who + " has no move and passes — " + next + " plays again.",
               3.5);
        if (settings_.sound) web::play_sound(web::Sound::Pass);
        break;
      }
      case EventKind::ClockExpired:
        notify((name_of(event.color) == "You" ? std::string("Time ran out — ") + "a move was played for you at "
                                               : "Time ran out — a move was played for " + name_of(event.color) + " at ") +
                   square_name(event.square) + ".",
               4);
        break;
      case EventKind::GameOver:
        result_dismissed_ = false;
        record_finished_game(event.result);
        if (settings_.sound) web::play_sound(web::Sound::GameOver);
        break;
      case EventKind::MatchOver:
      case EventKind::GameStarted:
      case EventKind::Undone:
      case EventKind::Redone:
        break;
    }
  }
  if (session_->game().record().cursor() > 0 && !session_->game().is_over()) save_current_game();
}

void App::drive_computer() {
  if (!session_) return;
  if (paused_) {
    ai_.stop_pondering();
    return;
  }
  if (!session_->waiting_for_computer()) {
    computer_requested_ = false;
    ponder_on_players_time();
    return;
  }
  if (!computer_requested_) {
    const Position& position = session_->game().position();
    computer_searched_ = position;
    computer_requested_ = true;
    computer_requested_at_ = now_;
    computer_reply_.reset();
    const Strength strength = session_->game().player(position.side_to_move).strength;
    ai_.request(position.board, strength, kHardSeconds, fresh_seed());
    state_dirty_ = true;
  }
  if (!computer_reply_) computer_reply_ = ai_.take_result();
  if (!computer_reply_) return;
  const double earliest = std::max(computer_requested_at_ + kComputerMinimumDelay,
                                   animation_.end_time() + kPauseAfterAnimation);
  if (now_ < earliest) return;
  const SearchReport reply = *computer_reply_;
  computer_reply_.reset();
  computer_requested_ = false;
  last_search_ = reply;
  last_search_empties_ = computer_searched_.board.empty_count();
  last_search_strength_ = session_->game().player(computer_searched_.side_to_move).strength;
  const CommandResult result = session_->play_computer_move(reply.move, computer_searched_);
  if (!result && result.error != CommandError::StalePosition) notify(result.message);
  process_session_events();
}

// Near the end, Hard uses the player's thinking time to solve their position
// and the positions after each of their moves, so that its reply is exact
// more often within its half second.
void App::ponder_on_players_time() {
  const Game& game = session_->game();
  const Color mover = game.position().side_to_move;
  const Player& waiting = game.player(other(mover));
  if (!game.is_over() && !game.player(mover).is_computer() && waiting.is_computer() &&
      waiting.strength == Strength::Hard) {
    ai_.ponder(game.position().board);
  } else {
    ai_.stop_pondering();
  }
}

void App::between_frames() {
  // Pondering goes on without frames (none are drawn while the player
  // thinks): the hook hears of its progress here. A dirty state is
  // published by the frame it asks for.
  const AiBridge::PonderStatus status = ai_.ponder_status();
  if (status.active == ponder_.active && status.done == ponder_.done && status.slices == ponder_.slices) return;
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
  // Storage that never answers (some locked-down browsers) must not keep the board away.
  if (!ready_ && clock_now() - loading_started_at_ > 6.0) {
    report_storage_problem("no answer from storage");
    finish_loading();
  }
  if (reduced_motion_ != web::reduced_motion_now()) reduced_motion_ = web::reduced_motion_now();
  if (session_) {
    if (!paused_) session_->tick();
    process_session_events();
    drive_computer();
  }
  if (notice_until_ > 0 && now_ > notice_until_) {
    notice_until_ = 0;
    notice_.clear();
    state_dirty_ = true;
  }
  controls_.controls.clear();
  draw_screen();
  draw_panels();
  if (panel_ != last_panel_) {
    last_panel_ = panel_;
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
  if (signature != controls_signature_) {
    controls_signature_ = std::move(signature);
    state_dirty_ = true;
  }
  // The move clock's countdown is part of the published state.
  if (session_ && session_->clock_running() && now_ - clock_published_at_ > 0.25) {
    clock_published_at_ = now_;
    state_dirty_ = true;
  }
  if (state_dirty_ || animation_.running(now_)) publish_state();
}

void App::frame_rendered() {
  ++frames_;
  if (frames_owed_ > 0) --frames_owed_;
  web::publish_frame_count(frames_);
}

bool App::wants_frames(double now) const {
  // state_dirty_: something changed outside a frame (storage answered, a host message).
  // Draw on a little past the animation's end so its final frame (rings, dots) shows.
  const bool settling = settled_frame_owed_ || now < animation_.end_time() + 0.1;
  if (state_dirty_ || settling || frames_owed_ > 0 || (notice_until_ > 0) || now < refused_until_ + 0.1 ||
      now < transition_until_)
    return true;
  if (!ready_) return true;
  // The result card is due once the last flips settle.
  if (session_ && session_->game().is_over() && !result_dismissed_ && panel_ == Panel::None) return true;
  if (session_ && !paused_) {
    if (session_->waiting_for_computer() && !session_->game().is_over()) return true;
    if (session_->clock_running()) return true;
  }
  return false;
}

void App::handle_event(const SDL_Event& event) {
  state_dirty_ = true;  // layout or hover may change: republish the hook
  if (event.type != SDL_KEYDOWN) return;
  if (ImGui::GetIO().WantTextInput) return;
  const SDL_Keycode key = event.key.keysym.sym;
  const bool control = (event.key.keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
  const bool shift = (event.key.keysym.mod & KMOD_SHIFT) != 0;
  if (key == SDLK_ESCAPE) {
    if (panel_ != Panel::None) close_panel_ = true;
    else if (session_ && session_->game().is_over()) result_dismissed_ = true;
    cursor_visible_ = false;
    return;
  }
  if (panel_ != Panel::None && panel_ != Panel::Result) return;  // dialogs take their own keys
  if ((control && key == SDLK_z && shift) || (control && key == SDLK_y)) return redo();
  if ((control && key == SDLK_z) || (!control && key == SDLK_u)) return undo();
  if (!control && key == SDLK_n) {
    panel_ = Panel::NewGame;
    return;
  }
  int column = column_of(cursor_), row = row_of(cursor_);
  switch (key) {
    case SDLK_LEFT: column = std::max(0, column - 1); break;
    case SDLK_RIGHT: column = std::min(7, column + 1); break;
    case SDLK_UP: row = std::max(0, row - 1); break;
    case SDLK_DOWN: row = std::min(7, row + 1); break;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE:
      if (cursor_visible_) tap_square(cursor_);
      cursor_visible_ = true;
      return;
    default: return;
  }
  if (cursor_visible_) cursor_ = square_at(column, row);
  cursor_visible_ = true;
  state_dirty_ = true;
}

}  // namespace reversi
