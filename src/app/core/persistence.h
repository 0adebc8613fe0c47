// Keeping settings, the results record and the game in progress between
// visits. The three documents load once at start-up; the board appears when
// all have answered (or after a short wait, when storage does not answer at
// all). A document that cannot be read is reported once and left alone until
// the player changes what it holds, so nothing is silently destroyed; a save
// that fails says so once and play goes on.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "game/results_record.h"
#include "game/session.h"
#include "game/settings.h"

namespace reversi {

// Small text documents by key: IndexedDB in the browser, files on the
// desktop, memory in tests. Answers may come later, through the callbacks.
class DocumentStore {
 public:
  virtual ~DocumentStore() = default;
  struct Loaded {
    bool found = false;
    std::string text;
    std::string error;         // not empty: the store could not be read
    std::size_t oversize = 0;  // not 0: the stored text, of this many bytes, was too large to read
  };
  virtual void load(const std::string& key, std::function<void(Loaded)> done) = 0;
  // `done` gets "" when the document is stored, or what went wrong.
  virtual void save(const std::string& key, const std::string& text, std::function<void(std::string)> done) = 0;
  // Reads `key`, has `change` make the new text from what is stored now (or
  // nothing, to leave it), and writes it back, with no other tab able to
  // come between: how results are added to a record that several tabs share.
  using Change = std::function<std::optional<std::string>(const Loaded&)>;
  virtual void update(const std::string& key, Change change, std::function<void(std::string)> done) = 0;
};

class Persistence {
 public:
  // Storage that has not answered after this long is given up on.
  static constexpr double kLoadPatience = 6.0;

  explicit Persistence(DocumentStore& store);

  void start_loading(double now);
  // Gives up on storage that never answers; true once everything is loaded.
  bool update(double now);
  bool loaded() const { return pending_ == 0; }

  Settings& settings() { return settings_; }
  const Settings& settings() const { return settings_; }
  const ResultsRecord& record() const { return record_; }
  bool record_readable() const { return record_readable_; }
  // The saved game in progress, as stored (empty when there is none).
  const std::string& saved_game() const { return saved_game_; }
  // Documents that could not be read and were not used, e.g. "record (…); ".
  const std::string& unreadable() const { return unreadable_; }
  void mark_unreadable(const std::string& what) { unreadable_ += what + "; "; }
  bool storage_ok() const { return !failed_; }
  // A problem the player should hear of, once ("" when none is new).
  std::string take_notice();

  void save_settings();
  // The game in progress. In the browser each tab keeps its own, so two tabs
  // never overwrite each other's game (see js/library_reversi.js).
  // `kept`, if given, is called once the store has answered (stored or not).
  void save_game(const SessionSnapshot& snapshot, std::function<void()> kept = {});
  // Adds a finished game to the record as it is stored now, so that games
  // finished in other tabs meanwhile are kept: results are appended, never
  // overwritten.
  void add_result(const FinishedGame& game);
  // Keeps a finished review with its game in the record (the newest recent
  // game of that transcript without one), in the stored record too.
  void keep_review(const std::string& transcript, const std::vector<ReviewedMove>& review);

 private:
  void on_loaded(const std::string& key, const DocumentStore::Loaded& loaded);
  void save(const std::string& key, const std::string& text, std::function<void()> kept = {});
  void report(const std::string& detail);

  DocumentStore& store_;
  int pending_ = 0;
  double started_at_ = 0;
  Settings settings_;
  ResultsRecord record_;
  bool record_readable_ = true;  // false: an unreadable record is kept until a game is finished
  std::string saved_game_;
  std::string unreadable_;
  bool failed_ = false;
  bool warned_ = false;
  std::string notice_;
};

}  // namespace reversi
