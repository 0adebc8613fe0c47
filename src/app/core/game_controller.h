// A game on this device, without its pictures: owns the session, takes the
// player's commands (from the screen, the keyboard or the host page), lets
// the turn driver bring in the computer's moves, keeps the documents saved
// and says what happened through notices and events. Everything here runs
// natively in unit tests and fuzzers; the App draws it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/computer_opponent.h"
#include "app/core/notices.h"
#include "app/core/persistence.h"
#include "app/core/turn_driver.h"
#include "game/session.h"
#include "messages/options.h"

namespace reversi {

// What the page's address asks of the first game.
struct StartRequest {
  messages::OptionsPatch options;    // ?mode=…, ?strength=…: the options of a new game
  std::string moves;                 // ?moves=f5d6…: a written game to open
  std::optional<bool> sound;         // ?sound=on|off
  std::vector<std::string> ignored;  // what the address asked for and was not done, with why
};

class GameController {
 public:
  struct Services {
    ComputerOpponent& computer;
    DocumentStore& store;
    ClockSource clock;                     // seconds, for the move clock and the loading timeout
    std::function<std::uint64_t()> seeds;  // fresh random seeds (colour draws, the computer's ties)
  };
  explicit GameController(Services services, TurnPacing pacing = {});

  // Start-up: loads the saved documents; once they are in, resumes the saved
  // game or starts one as `request` asks.
  void start(StartRequest request);
  bool ready() const { return session_.has_value(); }
  // The address's requests that were not carried out (for the host page).
  const std::vector<std::string>& ignored_requests() const { return request_.ignored; }

  // One step each frame: the loading timeout, the clock, the computer's
  // moves, notices running out. `animation_end` is when the flips on screen end.
  void update(double now, double animation_end);

  // The player at this device.
  CommandResult tap(Square square);
  void new_game(const SessionOptions& options);
  void rematch();
  CommandResult next_game();
  CommandResult undo();
  CommandResult redo();
  // Takes the game back to just after its first `moves` moves, the later
  // ones kept to redo: "play on from here" in the moves list.
  CommandResult rewind_to(std::size_t moves);
  CommandResult resign();
  void set_paused(bool paused);
  void set_sound(bool on);
  // Opens a written game; false (with a notice and `error`) when it is not one.
  // Opens a written game, with the options of the game on the board unless
  // `with` is given (a game in the address takes the address's options).
  bool load_transcript(std::string_view text, std::string* error, std::optional<SessionOptions> with = std::nullopt);
  // The settings were edited in place (the settings panel): keep them.
  void settings_changed();
  // Tells the player something outside the game (e.g. "Transcript copied").
  void notify(NoticeKind kind, std::string_view text, double seconds = 2.8);
  // A command refused (a tap, an undo): its reason, said as every refusal is.
  void refuse(const CommandResult& result);

  const Session* session() const { return session_ ? &*session_ : nullptr; }
  Settings& settings() { return persistence_.settings(); }
  const Settings& settings() const { return persistence_.settings(); }
  const ResultsRecord& record() const { return persistence_.record(); }
  void keep_review(const std::string& transcript, const std::vector<ReviewedMove>& review) {
    persistence_.keep_review(transcript, review);
  }
  bool record_readable() const { return persistence_.record_readable(); }
  bool storage_ok() const { return persistence_.storage_ok(); }
  const Notices& notices() const { return notices_; }
  const TurnDriver& turn() const { return turn_; }
  bool paused() const { return paused_; }
  // True while the computer (or a clock's replacement move) is awaited.
  bool waiting() const {
    return session_ && !session_->game().is_over() &&
           (session_->waiting_for_computer() || session_->expired_move_wanted());
  }
  double game_started_at() const { return game_started_at_; }
  // The controller's clock (the last frame's time where there is none).
  double now() const { return services_.clock ? services_.clock() : now_; }

  // The session's events since the last call, in order, for the view
  // (animation, sound) and the host page.
  std::vector<GameEvent> take_events() { return std::exchange(events_, {}); }
  // Called with each event as it happens, with the session as it then is.
  void set_listener(std::function<void(const GameEvent&, const Session&)> listener) { listener_ = std::move(listener); }
  // Called once the saved documents are in, before the first game starts.
  void set_ready_listener(std::function<void()> listener) { ready_listener_ = std::move(listener); }

 private:
  void finish_loading();
  bool reply_kept(const TurnDriver::WaitingReply& reply, double now);
  void begin(Session session, bool announce);
  void process_events();
  void save_game();
  CommandResult took_back(const CommandResult& result);

  Services services_;
  Persistence persistence_;
  TurnDriver turn_;
  Notices notices_;
  std::optional<Session> session_;
  StartRequest request_;
  bool started_ = false;
  bool computer_failed_ = false;
  std::optional<TurnDriver::WaitingReply> saving_reply_;  // the computer's move being saved before it is shown
  double reply_arrived_at_ = 0;
  bool reply_saved_ = false;
  bool paused_ = false;
  double now_ = 0;
  double game_started_at_ = 0;
  std::vector<GameEvent> events_;
  std::function<void(const GameEvent&, const Session&)> listener_;
  std::function<void()> ready_listener_;
};

}  // namespace reversi
