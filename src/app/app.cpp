#include "app/app.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <span>
#include <string_view>

#include "app/core/state_hook.h"
#include "app/core/words.h"
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
  if (const std::string lang = platform::url_parameter("lang"); !lang.empty() && !language_from_code(lang))
    ignore(std::string("?lang=").append(lang, 0, 40).append(": use en, de or es"));
  static constexpr std::string_view kOtherNames[] = {"sound", "moves",  "table",  "claim", "link", "nosw",
                                                     "host",  "server", "review", "check", "pace", "lang"};
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
      online_(OnlineTable::Services{platform::server_link(platform::ServerListener{[this] {
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
                                                                                     online_.update(
                                                                                         /*now_please=*/true);
                                                                                     state_dirty_ = true;
                                                                                   }}),
                                    platform::document_store(), seconds_now,
                                    [this](std::string_view text, double seconds) {
                                      game_.notify(NoticeKind::Online, text, seconds);
                                      state_dirty_ = true;
                                    }}),
      language_(words(), platform::load_language) {
  ImGui::GetIO().UserData = &controls_;
  reduced_motion_ = platform::reduced_motion();
  game_.set_listener([this](const GameEvent& event, const Session& session) { host_.forward(event, session); });
  platform::listen_to_host([this](std::string_view text) { host_.receive(text); });
  platform::listen_to_access([this](std::string_view json) { return access_command(json); });
  language_.set_preferred(platform::preferred_languages());
  if (const std::string lang = platform::url_parameter("lang"); !lang.empty()) language_.set_override(lang);
  host_.on_language([this](const std::string& code) {
    const std::string problem = language_.set_override(code);
    state_dirty_ = true;
    return problem;
  });
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
    moves_.loaded();
    close_panels();
  } else {
    moves_.refused(repaired_utf8(error));
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
    game_.notify(NoticeKind::Refused,
                 tr("This is the review: Try again plays on from here, Close goes back to the game."));
    return;
  }
  if (viewing_) {
    game_.notify(NoticeKind::Refused, tr("This is an earlier position: press Back to return to the game."));
    return;
  }
  if (!online() && !session()) return;
  cursor_ = square;
  // Refused here or at the table, the controller has said why; the refusal
  // is shown here, the one place for both.
  if (!(online() ? online_tap(square) : static_cast<bool>(game_.tap(square)))) show_refused_tap(square);
  if (!online()) show_events();
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
        judge_try_again(event.square, event.color);
        break;
      }
      case EventKind::Passed:
        if (sound) platform::play_sound(platform::Sound::Pass);
        break;
      case EventKind::GameOver:
        result_dismissed_ = false;
        if (sound) platform::play_sound(platform::Sound::GameOver);
        start_review_early();
        break;
      case EventKind::GameStarted:
        viewing_.reset();
        review_.session().close();
        animation_.finish();
        result_dismissed_ = false;
        moves_.clear_error();
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

}  // namespace reversi
