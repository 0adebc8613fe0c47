#include "app/core/persistence.h"

#include <cstdio>
#include <utility>

#include "app/core/words.h"
#include "messages/documents.h"

namespace reversi {
namespace {
constexpr const char* kSettingsKey = "settings";
constexpr const char* kRecordKey = "record";
constexpr const char* kCurrentKey = "current";
}  // namespace

Persistence::Persistence(DocumentStore& store) : store_(store) {}

void Persistence::start_loading(double now) {
  started_at_ = now;
  pending_ = 3;
  for (const char* key : {kSettingsKey, kRecordKey, kCurrentKey})
    store_.load(key, [this, name = std::string(key)](DocumentStore::Loaded loaded) { on_loaded(name, loaded); });
}

bool Persistence::update(double now) {
  if (pending_ > 0 && now - started_at_ > kLoadPatience) {
    report("no answer from storage");
    pending_ = 0;
  }
  return loaded();
}

void Persistence::on_loaded(const std::string& key, const DocumentStore::Loaded& loaded) {
  if (pending_ == 0) return;  // too late: storage was given up on
  if (!loaded.error.empty()) {
    report("reading " + key + " failed: " + loaded.error);
  } else if (loaded.oversize > 0) {
    // Left where it is, unread: nothing this build writes is that large.
    mark_unreadable(key + " (" + std::to_string(loaded.oversize) + " bytes, more than a saved document may hold)");
    if (key == kRecordKey) record_readable_ = false;
  } else if (loaded.found) {
    if (key == kSettingsKey) {
      if (auto parsed = messages::settings_from_json(loaded.text))
        settings_ = *parsed.value;
      else
        mark_unreadable("settings (" + parsed.error.message + ")");
    } else if (key == kRecordKey) {
      if (auto parsed = messages::record_from_json(loaded.text)) {
        record_ = *parsed.value;
      } else {
        record_readable_ = false;
        mark_unreadable("record (" + parsed.error.message + ")");
      }
    } else {
      saved_game_ = loaded.text;
    }
  }
  --pending_;
}

void Persistence::report(const std::string& detail) {
  std::fprintf(stderr, "Reversi storage: %s\n", detail.c_str());
  failed_ = true;
  if (warned_) return;
  warned_ = true;
  notice_ = tr("Your progress can't be saved in this browser window — games still play normally.");
}

std::string Persistence::take_notice() { return std::exchange(notice_, std::string()); }

void Persistence::save(const std::string& key, const std::string& text, std::function<void()> kept) {
  if (!loaded()) {  // never overwrite what has not been read yet
    if (kept) kept();
    return;
  }
  store_.save(key, text, [this, key, kept = std::move(kept)](const std::string& error) {
    if (!error.empty()) report("saving " + key + " failed: " + error);
    if (kept) kept();
  });
}

void Persistence::save_settings() { save(kSettingsKey, messages::settings_to_json(settings_)); }

void Persistence::save_game(const SessionSnapshot& snapshot, std::function<void()> kept) {
  save(kCurrentKey, messages::session_to_json(snapshot), std::move(kept));
}

void Persistence::add_result(const FinishedGame& game) {
  // The game counts at once here; the stored record gets it in one step
  // with whatever other tabs added since it was read. An unreadable record
  // is replaced only now that a new game has been played to the end.
  record_.add(game);
  record_readable_ = true;
  if (!loaded()) return;
  store_.update(
      kRecordKey,
      [this, game](const DocumentStore::Loaded& stored) -> std::optional<std::string> {
        ResultsRecord merged;
        if (stored.found && stored.oversize == 0)
          if (auto parsed = messages::record_from_json(stored.text)) merged = *parsed.value;
        merged.add(game);
        record_ = merged;
        return messages::record_to_json(merged);
      },
      [this](const std::string& error) {
        if (!error.empty()) report("saving record failed: " + error);
      });
}

void Persistence::keep_review(const std::string& transcript, const std::vector<ReviewedMove>& review) {
  if (review.empty() || !record_.keep_review(transcript, review) || !loaded()) return;
  store_.update(
      kRecordKey,
      [this, transcript, review](const DocumentStore::Loaded& stored) -> std::optional<std::string> {
        if (!stored.found || stored.oversize != 0) return std::nullopt;
        auto parsed = messages::record_from_json(stored.text);
        if (!parsed) return std::nullopt;  // an unreadable record is left as it is
        ResultsRecord merged = *parsed.value;
        if (!merged.keep_review(transcript, review)) return std::nullopt;
        record_ = merged;
        return messages::record_to_json(merged);
      },
      [this](const std::string& error) {
        if (!error.empty()) report("saving record failed: " + error);
      });
}

}  // namespace reversi
