// Keeping settings, the results record and the game in progress between
// visits. Documents load once at start-up; the board appears when all three
// have answered (or after a short wait, when storage does not answer at all).
// A document that cannot be read is reported once and left alone until the
// player changes something, so nothing is silently destroyed.
#include <cstdio>

#include "app/app.h"
#include "app/web_platform.h"
#include "game/game_json.h"

namespace reversi {
namespace {
constexpr const char* kSettingsKey = "settings";
constexpr const char* kRecordKey = "record";
constexpr const char* kCurrentKey = "current";
}  // namespace

void App::load_documents() {
  loading_started_at_ = clock_now();
  documents_pending_ = 3;
  web::set_load_callback([this](const std::string& key, const web::LoadOutcome& outcome) { on_document(key, outcome); });
  web::storage_load(kSettingsKey);
  web::storage_load(kRecordKey);
  web::storage_load(kCurrentKey);
}

void App::report_storage_problem(const std::string& detail) {
  std::fprintf(stderr, "Reversi storage: %s\n", detail.c_str());
  storage_failed_ = true;
  if (storage_warned_) return;
  storage_warned_ = true;
  storage_notice_ = "Your progress can't be saved in this browser window — games still play normally.";
}

void App::on_document(const std::string& key, const web::LoadOutcome& outcome) {
  if (key == "!save") {
    report_storage_problem("saving " + outcome.text + " failed: " + outcome.error);
    if (ready_) notify(storage_notice_, 5);
    return;
  }
  if (!outcome.error.empty()) {
    report_storage_problem("reading " + key + " failed: " + outcome.error);
  } else if (outcome.found) {
    if (key == kSettingsKey) {
      if (auto parsed = settings_from_json(outcome.text)) settings_ = *parsed.value;
      else unreadable_documents_ += "settings (" + parsed.error + "); ";
    } else if (key == kRecordKey) {
      if (auto parsed = record_from_json(outcome.text)) record_ = *parsed.value;
      else {
        record_loaded_ok_ = false;
        unreadable_documents_ += "record (" + parsed.error + "); ";
      }
    } else if (key == kCurrentKey) {
      saved_game_text_ = outcome.text;
    }
  }
  if (documents_pending_ > 0 && --documents_pending_ == 0) finish_loading();
}

void App::finish_loading() {
  if (ready_) return;
  documents_pending_ = 0;
  ready_ = true;
  SessionOptions options = settings_.session_options();
  const bool configured = options_from_url(options);
  if (!saved_game_text_.empty() && !configured) {
    Parsed<Session> restored = session_from_json(
        saved_game_text_, [this] { return clock_now(); },
        [this](const Position& position) { return clock_helper_.choose_move(position.board, Strength::Medium).move; });
    if (restored) {
      session_.emplace(std::move(*restored.value));
      session_->poll_events();  // replayed moves are not news
      result_dismissed_ = session_->game().is_over();
      game_started_at_ = now_;
    } else {
      unreadable_documents_ += "game in progress (" + restored.error + "); ";
    }
  }
  if (!unreadable_documents_.empty()) {
    std::fprintf(stderr, "Reversi: saved data could not be read and was not used: %s\n", unreadable_documents_.c_str());
    notify("Some saved data could not be read, so defaults are used. It is kept until you play on.", 5);
  } else if (!storage_notice_.empty()) {
    notify(storage_notice_, 5);
  }
  announce_ready();
  if (!session_) start_session(options, /*save=*/false);
  // ?moves=f5d6c3… opens a written game (shared links, tests).
  if (const std::string moves = web::url_parameter("moves"); !moves.empty()) {
    std::string error;
    if (!load_transcript(moves, &error)) std::fprintf(stderr, "Reversi: ignoring moves=%s (%s)\n", moves.c_str(), error.c_str());
  }
  state_dirty_ = true;
  web::signal_ready();
}

void App::save_settings() {
  if (!ready_) return;
  web::storage_save(kSettingsKey, settings_to_json(settings_));
}

void App::save_current_game() {
  if (!ready_ || !session_) return;
  web::storage_save(kCurrentKey, session_to_json(session_->snapshot()));
}

void App::record_finished_game(const GameResult& result) {
  if (!session_ || !result.is_over()) return;
  // A record that could not be read is replaced only now that a new game
  // has been played to the end.
  record_loaded_ok_ = true;
  record_.add(finished_game_of(*session_));
  if (ready_) web::storage_save(kRecordKey, record_to_json(record_));
  save_current_game();
}

}  // namespace reversi
