// Fakes of the app's platform parts for its native unit tests and fuzzers:
// a computer that answers when told to, a document store in memory, and a
// host page that keeps what it is sent.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/core/computer_opponent.h"
#include "app/core/host_bridge.h"
#include "app/core/persistence.h"

namespace reversi::testing {

class FakeComputer final : public ComputerOpponent {
 public:
  struct Request {
    Board board;
    Strength strength;
  };
  std::vector<Request> requests;
  std::optional<SearchReport> answer;  // handed out by take_result(), once
  int cancels = 0;
  std::optional<Board> pondering;
  const char* failing = "";

  void think(const Board& board, Strength strength, double, std::uint64_t) override {
    requests.push_back({board, strength});
    answer.reset();
  }
  std::optional<SearchReport> take_result() override { return std::exchange(answer, std::nullopt); }
  void cancel() override {
    ++cancels;
    answer.reset();
    pondering.reset();
  }
  void ponder(const Board& board) override { pondering = board; }
  void stop_pondering() override { pondering.reset(); }
  PonderStatus ponder_status() const override { return PonderStatus{pondering.has_value(), false, 0}; }
  const char* failure() const override { return failing; }

  // Answers the last request with its first legal move.
  void answer_first_legal() {
    const Board& board = requests.back().board;
    answer = SearchReport{first_square(legal_moves(board))};
  }
};

// Documents in memory; answers at once unless `hold` is set (then on release()).
class MemoryStore final : public DocumentStore {
 public:
  std::map<std::string, std::string> documents;
  std::string save_error;  // what every save answers ("" for success)
  std::string load_error;
  bool hold = false;        // loads answer on release()
  bool hold_saves = false;  // saves are stored at once but answer on release()
  int saves = 0;

  void load(const std::string& key, std::function<void(Loaded)> done) override {
    Loaded loaded;
    loaded.error = load_error;
    if (const auto found = documents.find(key); found != documents.end() && load_error.empty()) {
      loaded.found = true;
      loaded.text = found->second;
    }
    if (hold)
      held_.push_back([done, loaded] { done(loaded); });
    else
      done(loaded);
  }
  void save(const std::string& key, const std::string& text, std::function<void(std::string)> done) override {
    ++saves;
    if (save_error.empty()) documents[key] = text;
    if (hold_saves)
      held_.push_back([done, error = save_error] { done(error); });
    else
      done(save_error);
  }
  void update(const std::string& key, Change change, std::function<void(std::string)> done) override {
    ++saves;
    Loaded current;
    if (const auto found = documents.find(key); found != documents.end()) {
      current.found = true;
      current.text = found->second;
    }
    const std::optional<std::string> next = change(current);
    if (next && save_error.empty()) documents[key] = *next;
    done(save_error);
  }
  void release() {
    hold = false;
    hold_saves = false;
    for (auto& answer : std::exchange(held_, {})) answer();
  }

 private:
  std::vector<std::function<void()>> held_;
};

class RecordingHost final : public HostChannel {
 public:
  std::vector<std::string> sent;
  bool connected() const override { return true; }
  void post(const std::string& json) override { sent.push_back(json); }
};

}  // namespace reversi::testing
