#include "app/ai_bridge.h"

#include <utility>

#include "app/ai_protocol.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

#include <cstdlib>
#else
#include <mutex>
#include <thread>
#endif

namespace reversi {

#ifdef __EMSCRIPTEN__

// The worker script's URL. Browsers that validate a module with SIMD
// instructions (i8x16.popcnt, from the final SIMD proposal) get the SIMD
// build; others the scalar one. A sandboxed iframe without allow-same-origin
// has an opaque origin and may not start a worker from the server's URL, so
// there the worker starts from a blob that imports the real script (the
// server must then send Access-Control-Allow-Origin for the .wasm files).
EM_JS(char*, js_worker_url, (), {
  const simd = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65,
                               0, 253, 15, 253, 98, 11]);
  let script = 'ai_worker.js';
  try {
    if (WebAssembly.validate(simd)) script = 'ai_worker_simd.js';
  } catch (e) {
  }
  const base = new URL('.', location.href).href;
  if (self.origin !== 'null') return stringToNewUTF8(script);
  const source = 'var Module = {locateFile: function (path) { return ' + JSON.stringify(base) + ' + path; }};' +
                 'importScripts(' + JSON.stringify(base + script) + ');';
  return stringToNewUTF8(URL.createObjectURL(new Blob([source], {type: 'text/javascript'})));
});

struct AiBridge::Impl {
  worker_handle worker = 0;
  std::uint32_t next_id = 1;
  std::uint32_t awaited_id = 0;  // 0: nothing awaited
  std::optional<SearchReport> result;
  // Pondering: the board, its request id, and whether a slice is in flight.
  Board ponder_board;
  std::uint32_t ponder_id = 0;
  bool slice_in_flight = false;
  PonderStatus ponder;

  void send_slice() {
    PonderRequest request{ponder_board.player, ponder_board.opponent, ponder_id, Computer::kPonderSliceSeconds};
    slice_in_flight = true;
    emscripten_call_worker(worker, "ponder", reinterpret_cast<char*>(&request), sizeof request, on_ponder_reply, this);
  }

  static void on_ponder_reply(char* data, int size, void* argument) {
    auto* self = static_cast<Impl*>(argument);
    self->slice_in_flight = false;
    PonderReply reply;
    if (size == static_cast<int>(sizeof reply)) __builtin_memcpy(&reply, data, sizeof reply);
    if (reply.request_id == self->ponder_id) {
      ++self->ponder.slices;
      self->ponder.done = reply.done != 0;
      if (self->ponder.done || self->ponder.spent()) self->ponder.active = false;
    }
    // A newer board, or more of the same: the next slice.
    if (self->ponder.active) self->send_slice();
  }

  static void on_reply(char* data, int size, void* argument) {
    auto* self = static_cast<Impl*>(argument);
    if (size != static_cast<int>(sizeof(ThinkReply))) return;
    ThinkReply reply;
    __builtin_memcpy(&reply, data, sizeof reply);
    if (reply.request_id != self->awaited_id) return;  // stale: the game moved on
    self->awaited_id = 0;
    self->result = SearchReport{reply.move, reply.score, reply.depth, reply.exact != 0, reply.nodes, reply.seconds};
  }
};

AiBridge::AiBridge() : impl_(std::make_unique<Impl>()) {
  char* url = js_worker_url();
  impl_->worker = emscripten_create_worker(url);
  std::free(url);
}
AiBridge::~AiBridge() { emscripten_destroy_worker(impl_->worker); }

void AiBridge::request(const Board& board, Strength strength, double seconds, std::uint64_t seed) {
  stop_pondering();
  ThinkRequest request{board.player, board.opponent, impl_->next_id++, static_cast<std::uint8_t>(strength), seconds,
                       seed};
  impl_->awaited_id = request.request_id;
  impl_->result.reset();
  emscripten_call_worker(impl_->worker, "think", reinterpret_cast<char*>(&request), sizeof request, Impl::on_reply,
                         impl_.get());
}

void AiBridge::cancel() {
  stop_pondering();
  impl_->awaited_id = 0;
  impl_->result.reset();
}
bool AiBridge::busy() const { return impl_->awaited_id != 0; }

void AiBridge::ponder(const Board& board) {
  if (busy() || (impl_->ponder_id && board == impl_->ponder_board && impl_->ponder.settled())) return;
  impl_->ponder_board = board;
  impl_->ponder_id = impl_->next_id++;
  impl_->ponder = PonderStatus{true, false, 0};
  if (!impl_->slice_in_flight) impl_->send_slice();
}
void AiBridge::stop_pondering() { impl_->ponder.active = false; }
AiBridge::PonderStatus AiBridge::ponder_status() const { return impl_->ponder; }
std::optional<SearchReport> AiBridge::take_result() { return std::exchange(impl_->result, std::nullopt); }

#else

struct AiBridge::Impl {
  mutable std::mutex mutex;
  std::thread thread;  // the search or the pondering, one at a time
  std::uint32_t next_id = 1;
  std::uint32_t awaited_id = 0;
  std::optional<SearchReport> result;
  std::optional<Board> ponder_board;
  PonderStatus ponder;
  Computer computer{32};

  // Ends the pondering thread after its current slice.
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

void AiBridge::request(const Board& board, Strength strength, double seconds, std::uint64_t seed) {
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
bool AiBridge::busy() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->awaited_id != 0;
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
AiBridge::PonderStatus AiBridge::ponder_status() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->ponder;
}
std::optional<SearchReport> AiBridge::take_result() {
  std::lock_guard lock(impl_->mutex);
  return std::exchange(impl_->result, std::nullopt);
}

#endif

}  // namespace reversi
