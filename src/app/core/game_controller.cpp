#include "app/core/game_controller.h"

#include <algorithm>
#include <cstdio>

#include "app/core/wording.h"
#include "app/core/words.h"
#include "game/game_transcript.h"
#include "messages/documents.h"

namespace reversi {
namespace {

// A notice that stays until the game moves on (a pass).
constexpr double kUntilNextMove = 1e9;

}  // namespace

GameController::GameController(Services services, TurnPacing pacing)
    : services_(std::move(services)),
      persistence_(services_.store),
      turn_(services_.computer, services_.seeds, pacing) {
  turn_.set_show_gate([this](const TurnDriver::WaitingReply& reply, double now) { return reply_kept(reply, now); });
}

void GameController::start(StartRequest request) {
  if (started_) return;
  started_ = true;
  request_ = std::move(request);
  now_ = services_.clock ? services_.clock() : 0;
  persistence_.start_loading(now_);
  if (persistence_.update(now_)) finish_loading();  // a store that answers at once
}

void GameController::update(double now, double animation_end) {
  now_ = now;
  if (!ready()) {
    if (started_ && persistence_.update(now)) finish_loading();
    return;
  }
  if (const std::string problem = persistence_.take_notice(); !problem.empty()) notify(NoticeKind::Storage, problem, 5);
  notices_.expire(now);
  // A computer that cannot play is said once, and stays said.
  if (const char* failure = services_.computer.failure(); *failure && !computer_failed_) {
    computer_failed_ = true;
    notify(NoticeKind::ComputerFailed, failure, 1e9);
  }
  if (!paused_) session_->tick();
  process_events();
  if (const std::optional<CommandResult> played = turn_.update(*session_, now, animation_end, paused_)) {
    if (!*played && played->error != CommandError::StalePosition) notify(NoticeKind::Refused, played->message);
    process_events();
  }
}

// The computer's move is saved as soon as it arrives and shown only once the
// store has it (or after a short wait for a store that does not answer):
// closing the page the moment it appears loses nothing.
bool GameController::reply_kept(const TurnDriver::WaitingReply& reply, double now) {
  static constexpr double kLongestWaitForStore = 2.0;
  if (saving_reply_ != reply) {
    saving_reply_ = reply;
    reply_arrived_at_ = now;
    reply_saved_ = false;
    Session ahead = *session_;
    if (!ahead.play_computer_move(reply.move, reply.searched)) return true;  // refused when played: nothing to keep
    persistence_.save_game(ahead.snapshot(), [this, reply] {
      if (saving_reply_ == reply) reply_saved_ = true;
    });
  }
  return reply_saved_ || now - reply_arrived_at_ > kLongestWaitForStore;
}

void GameController::finish_loading() {
  if (request_.sound) settings().sound = *request_.sound;
  // Options in the address are the next new game's; a game in progress is
  // never thrown away for them (an embedded game that reloads carries on).
  const SessionOptions options = request_.options.applied_to(settings().session_options());
  settings().remember(options);
  const std::string& saved = persistence_.saved_game();
  if (!saved.empty()) {
    messages::Decoded<Session> restored = messages::session_from_json(saved, services_.clock);
    if (restored) {
      begin(std::move(*restored.value), /*announce=*/false);
      // The address's options wait for the next new game: say so, so that
      // a player who followed a link does not think it was ignored.
      if (!request_.options.empty() && request_.moves.empty() && !session_->game().is_over() &&
          request_.options.applied_to(session_->options()) != session_->options())
        notify(NoticeKind::GameLoaded,
               tr("Your game in progress goes on. The options in the address are set for your next new game."), 5);
    } else
      persistence_.mark_unreadable("game in progress (" + restored.error.message + ")");
  }
  if (!persistence_.unreadable().empty()) {
    std::fprintf(stderr, "Reversi: saved data could not be read and was not used: %s\n",
                 persistence_.unreadable().c_str());
    notify(NoticeKind::Storage,
           tr("Some saved data could not be read, so defaults are used. It is kept until you play on."), 5);
    persistence_.take_notice();
  } else if (const std::string problem = persistence_.take_notice(); !problem.empty()) {
    notify(NoticeKind::Storage, problem, 5);
  }
  // ?moves=f5d6c3… opens a written game (shared links, tests); what cannot
  // be opened is said on the console and in the ready message.
  if (!request_.moves.empty()) {
    std::string error;
    // The address's options describe the game it opens.
    if (!load_transcript(request_.moves, &error, options)) {
      std::fprintf(stderr, "Reversi: ignoring the moves in the address (%s)\n", error.c_str());
      request_.ignored.push_back("?moves: " + error);
    }
  }
  if (ready_listener_) ready_listener_();
  if (!session_) begin(Session(options, services_.seeds(), services_.clock), /*announce=*/true);
}

void GameController::begin(Session session, bool announce) {
  turn_.cancel();
  session_.emplace(std::move(session));
  if (paused_) session_->pause_clock();
  game_started_at_ = now();
  if (announce)
    process_events();
  else
    session_->poll_events();  // a resumed or loaded game's moves are not news
}

void GameController::new_game(const SessionOptions& options) {
  settings().remember(options);
  begin(Session(options, services_.seeds(), services_.clock), /*announce=*/true);
  persistence_.save_settings();
  save_game();
}

void GameController::rematch() {
  if (session_) new_game(session_->options());
}

CommandResult GameController::next_game() {
  if (!session_) return CommandResult::failure(CommandError::GameNotOver, tr("The game is still loading."));
  const CommandResult result = session_->next_game();
  if (!result) {
    notify(NoticeKind::Refused, result.message);
    return result;
  }
  game_started_at_ = now();
  process_events();
  save_game();
  return result;
}

void GameController::refuse(const CommandResult& result) { notify(NoticeKind::Refused, result.message); }

CommandResult GameController::tap(Square square) {
  if (!session_) return CommandResult::failure(CommandError::GameNotOver, tr("The game is still loading."));
  CommandResult result;
  if (paused_)
    result = CommandResult::failure(CommandError::NotYourTurn, tr("The game is paused."));
  else if (session_->waiting_for_computer() && !session_->game().is_over())
    result =
        CommandResult::failure(CommandError::ComputerThinking, tr("The computer is thinking — wait for its move."));
  else
    result = session_->play(square);
  if (!result) {
    if (result.error == CommandError::GameOver)
      result.message = tr("The game is over — start a new game or a rematch.");
    if (result.error == CommandError::Occupied)
      result.message = tr("{square} is already taken.", {{"square", square_name(square)}});
    if (result.error == CommandError::TrapsNothing) {
      const bool black_trapped = session_->game().side_to_move() == Color::White;
      result.message =
          tr(black_trapped ? Text("{square} traps no black discs.") : Text("{square} traps no white discs."),
             {{"square", square_name(square)}});
    }
    refuse(result);
    return result;
  }
  process_events();
  return result;
}

// After moves were taken back (undo, play on from an earlier move): what
// the computer was asked is void, and the game is told and saved.
CommandResult GameController::took_back(const CommandResult& result) {
  if (!result) {
    refuse(result);
    return result;
  }
  turn_.cancel();
  process_events();
  save_game();
  return result;
}

CommandResult GameController::rewind_to(std::size_t moves) {
  if (!session_) return CommandResult::failure(CommandError::NothingToUndo, tr("There is no game to take back."));
  return took_back(session_->rewind_to(moves));
}

CommandResult GameController::undo() {
  if (!session_) return CommandResult::failure(CommandError::NothingToUndo, tr("There is no move to take back."));
  return took_back(session_->undo());
}

CommandResult GameController::redo() {
  if (!session_) return CommandResult::failure(CommandError::NothingToRedo, tr("There is no move to play again."));
  const CommandResult result = session_->redo();
  if (!result) {
    refuse(result);
    return result;
  }
  process_events();
  save_game();
  return result;
}

CommandResult GameController::resign() {
  if (!session_) return CommandResult::failure(CommandError::GameOver, tr("There is no game in progress."));
  const CommandResult result = session_->resign();
  if (!result) refuse(result);
  turn_.cancel();
  process_events();
  return result;
}

void GameController::set_paused(bool paused) {
  if (paused_ == paused) return;
  paused_ = paused;
  if (session_) {
    if (paused)
      session_->pause_clock();
    else
      session_->resume_clock();
  }
  if (paused) turn_.cancel();
  notify(NoticeKind::Paused, paused ? tr("Paused.") : tr("Play resumes."));
}

void GameController::set_sound(bool on) {
  settings().sound = on;
  persistence_.save_settings();
}

void GameController::settings_changed() { persistence_.save_settings(); }

void GameController::notify(NoticeKind kind, std::string_view text, double seconds) {
  // The game layer's refusals are written in English: shown in the player's language.
  notices_.show(kind, words().translated(text), now(), seconds);
}

bool GameController::load_transcript(std::string_view text, std::string* error, std::optional<SessionOptions> with) {
  auto refuse_load = [&](const std::string& why) {
    if (error) *error = why;
    notify(NoticeKind::LoadFailed, tr("That game could not be loaded: {why}", {{"why", why}}), 5);
    return false;
  };
  if (text.size() > messages::kMaxTranscriptBytes)
    return refuse_load(
        tr("that is {n} characters, more than a game can take ({most})",
           {{"n", std::to_string(text.size())}, {"most", std::to_string(messages::kMaxTranscriptBytes)}}));
  const Parsed<Game> parsed = game_from_transcript(text);
  if (!parsed) return refuse_load(parsed.error);
  SessionSnapshot snapshot;
  snapshot.options = with ? *with : session_ ? session_->options() : settings().session_options();
  snapshot.options.variant = detect_variant(text);
  // A game in the address may open a match (?match=3&moves=…); a pasted one is a single game.
  snapshot.options.match_length = with ? with->match_length : 1;
  // The player sits where the options say (White: "Try again" from a
  // white move, or White chosen in the settings); Random keeps Black.
  snapshot.first_colour = snapshot.options.colour == ColourChoice::White ? Color::White : Color::Black;
  snapshot.moves = std::string(text);
  // The undo position counts written moves; passes are implicit in the text.
  const std::vector<Square> moves = parsed.value->moves();
  snapshot.applied =
      static_cast<std::size_t>(std::count_if(moves.begin(), moves.end(), [](Square move) { return move != kPass; }));
  snapshot.random_state = services_.seeds();
  Parsed<Session> restored = Session::restore(snapshot, services_.clock);
  if (!restored) return refuse_load(restored.error);
  begin(std::move(*restored.value), /*announce=*/false);
  notify(NoticeKind::GameLoaded, trn("Game loaded: {n} move.", "Game loaded: {n} moves.", snapshot.applied));
  save_game();
  return true;
}

void GameController::save_game() {
  if (session_) persistence_.save_game(session_->snapshot());
}

void GameController::process_events() {
  if (!session_) return;
  const std::vector<GameEvent> happened = session_->poll_events();
  for (const GameEvent& event : happened) {
    if (listener_) listener_(event, *session_);
    events_.push_back(event);
    switch (event.kind) {
      case EventKind::MovePlayed:
      case EventKind::Undone:
      case EventKind::Redone:
      case EventKind::GameStarted:
        // What was said about the position before this move is no longer true.
        notices_.clear(NoticeKind::Pass);
        notices_.clear(NoticeKind::Refused);
        break;
      case EventKind::Passed:
        // Said until the next move, so that nobody misses it.
        notify(NoticeKind::Pass, pass_notice(*session_, event.color), kUntilNextMove);
        break;
      case EventKind::ClockExpired:
        notify(NoticeKind::ClockExpired, clock_notice(*session_, event.color, event.square), 4);
        break;
      case EventKind::GameOver:
        notices_.clear(NoticeKind::Pass);  // a resignation right after a pass ends it there
        persistence_.add_result(finished_game_of(*session_));
        break;
      default:
        break;
    }
  }
  // Saved when something happened, not every frame: a save of an unchanged
  // game would only overwrite a newer one (the computer's move saved before
  // it is shown).
  if (!happened.empty() && (session_->game().record().cursor() > 0 || session_->game().is_over())) save_game();
}

}  // namespace reversi
