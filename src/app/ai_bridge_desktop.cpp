// The computer's search on the desktop: one thread at a time, searching or
// pondering, with the same requests as the browser's worker.
#ifndef __EMSCRIPTEN__

#include <mutex>
#include <thread>
#include <utility>

#include "app/ai_bridge.h"

namespace reversi {

struct AiBridge::Impl {
  mutable std::mutex mutex;
  std::thread thread;  // the search or the pondering, one at a time
  std::uint32_t next_id = 1;
  std::uint32_t awaited_id = 0;
  std::optional<SearchReport> result;
  std::optional<Board> ponder_board;
  PonderStatus ponder;
  std::uint32_t values_id = 0;
  std::optional<std::pair<Board, std::vector<MoveValue>>> values;
  Computer computer{32};

  // Ends the thread after its search or its current ponder slice.
  void stop_thread() {
    {
      std::lock_guard lock(mutex);
      ponder.active = false;
    }
    if (thread.joinable()) thread.join();
  }
};

AiBridge::AiBridge() : impl_(std::make_unique<Impl>()) {}
AiBridge::~AiBridge() { impl_->stop_thread(); }

void AiBridge::think(const Board& board, Strength strength, double seconds, std::uint64_t seed) {
  impl_->stop_thread();  // the previous search ends within its budget, a ponder slice sooner
  std::uint32_t id;
  {
    std::lock_guard lock(impl_->mutex);
    id = impl_->next_id++;
    impl_->awaited_id = id;
    impl_->result.reset();
  }
  impl_->thread = std::thread([this, board, strength, seconds, seed, id] {
    SearchLimits limits;
    limits.seconds = seconds;
    limits.seed = seed;
    const SearchReport report = impl_->computer.choose_move(board, strength, limits);
    std::lock_guard lock(impl_->mutex);
    if (impl_->awaited_id != id) return;
    impl_->awaited_id = 0;
    impl_->result = report;
  });
}

void AiBridge::cancel() {
  std::lock_guard lock(impl_->mutex);
  impl_->ponder.active = false;
  impl_->awaited_id = 0;
  impl_->result.reset();
}

void AiBridge::ponder(const Board& board) {
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->awaited_id != 0 || (impl_->ponder_board == board && impl_->ponder.settled())) return;
  }
  impl_->stop_thread();
  impl_->ponder_board = board;
  impl_->ponder = PonderStatus{true, false, 0};
  impl_->thread = std::thread([this, board] {
    for (;;) {
      {
        std::lock_guard lock(impl_->mutex);
        if (!impl_->ponder.active) return;
      }
      const bool done = impl_->computer.ponder(board, Computer::kPonderSliceSeconds);
      std::lock_guard lock(impl_->mutex);
      ++impl_->ponder.slices;
      impl_->ponder.done = done;
      if (done || impl_->ponder.spent()) impl_->ponder.active = false;
    }
  });
}

void AiBridge::stop_pondering() {
  std::lock_guard lock(impl_->mutex);
  impl_->ponder.active = false;
}

ComputerOpponent::PonderStatus AiBridge::ponder_status() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->ponder;
}

std::optional<SearchReport> AiBridge::take_result() {
  std::lock_guard lock(impl_->mutex);
  return std::exchange(impl_->result, std::nullopt);
}

void AiBridge::value_moves(const Board& board, double seconds) {
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->awaited_id != 0) return;  // the computer's move first; the hints are asked again after it
  }
  impl_->stop_thread();
  std::uint32_t id;
  {
    std::lock_guard lock(impl_->mutex);
    id = impl_->values_id = impl_->next_id++;
    impl_->values.reset();
  }
  impl_->thread = std::thread([this, board, seconds, id] {
    std::vector<MoveValue> values = impl_->computer.value_moves(board, seconds);
    std::lock_guard lock(impl_->mutex);
    if (impl_->values_id == id) impl_->values = std::make_pair(board, std::move(values));
  });
}

std::optional<std::pair<Board, std::vector<MoveValue>>> AiBridge::take_values() {
  std::lock_guard lock(impl_->mutex);
  return std::exchange(impl_->values, std::nullopt);
}

const char* AiBridge::failure() const { return ""; }

}  // namespace reversi

#endif
