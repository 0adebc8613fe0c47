// The AI Web Worker seen from the page: requests go out as the message
// layer's JSON through emscripten_call_worker, replies come back the same
// way. A worker that does not answer (its script or wasm missing from an
// offline cache, say) is replaced by the other build; if that one fails too,
// failure() says so and the app tells the player.
#ifdef __EMSCRIPTEN__

#include <emscripten.h>

#include <cstdlib>
#include <string>
#include <utility>

#include "app/ai_bridge.h"
#include "app/core/words.h"
#include "messages/worker_messages.h"

extern "C" char* reversi_js_worker_url(int allow_simd);  // js/library_reversi.js

namespace reversi {
namespace {
// A search answers within its budget; compiling the worker's wasm on a slow
// phone takes a few seconds more. Past this, the worker is taken for dead.
constexpr double kWorkerPatienceSeconds = 10.0;
}  // namespace

struct AiBridge::Impl {
  worker_handle worker = 0;
  bool simd_allowed = true;
  int workers_tried = 0;
  std::uint32_t next_id = 1;
  std::uint32_t awaited_id = 0;  // 0: nothing awaited
  double asked_at = 0;
  double asked_seconds = 0;
  messages::worker::Think last_request;
  std::optional<SearchReport> result;
  // Pondering: the board, its request id, and whether a slice is in flight.
  Board ponder_board;
  std::uint32_t ponder_id = 0;
  bool slice_in_flight = false;
  PonderStatus ponder;
  // Hints: the board last asked about, its request id, and the answer.
  Board values_board;
  std::uint32_t values_id = 0;
  std::optional<std::pair<Board, std::vector<MoveValue>>> values;
  const char* failure = "";

  void start_worker() {
    if (worker) emscripten_destroy_worker(worker);
    char* url = reversi_js_worker_url(simd_allowed ? 1 : 0);
    worker = emscripten_create_worker(url);
    std::free(url);
    ++workers_tried;
    slice_in_flight = false;
  }

  void call(const char* function, const std::string& json, em_worker_callback_func reply) {
    emscripten_call_worker(worker, function, const_cast<char*>(json.data()), static_cast<int>(json.size()), reply,
                           this);
  }

  void send_think(const messages::worker::Think& request) {
    last_request = request;
    awaited_id = request.id;
    asked_at = emscripten_get_now() / 1000.0;
    asked_seconds = request.seconds;
    call("think", messages::encode_worker_request(request), on_reply);
  }

  void send_slice() {
    slice_in_flight = true;
    call("ponder", messages::encode_worker_request(messages::worker::Ponder{ponder_id, ponder_board}), on_ponder_reply);
  }

  // A worker that has not answered in time is replaced once, by the scalar
  // build, and the request sent again.
  void check_worker() {
    if (!awaited_id || emscripten_get_now() / 1000.0 - asked_at < asked_seconds + kWorkerPatienceSeconds) return;
    if (workers_tried >= 2) {
      failure = tr("The computer could not start in this browser. Reload the page to try again.");
      awaited_id = 0;
      return;
    }
    simd_allowed = false;
    start_worker();
    send_think(last_request);
  }

  static void on_ponder_reply(char* data, int size, void* argument) {
    auto* self = static_cast<Impl*>(argument);
    self->slice_in_flight = false;
    const auto reply = messages::decode_worker_reply(std::string_view(data, size > 0 ? std::size_t(size) : 0));
    const auto* pondered = reply ? std::get_if<messages::worker::Pondered>(&*reply.value) : nullptr;
    if (pondered && pondered->id == self->ponder_id) {
      ++self->ponder.slices;
      self->ponder.done = pondered->done;
      if (self->ponder.done || self->ponder.spent()) self->ponder.active = false;
    }
    // A newer board, or more of the same: the next slice.
    if (self->ponder.active && !self->awaited_id) self->send_slice();
  }

  static void on_values_reply(char* data, int size, void* argument) {
    auto* self = static_cast<Impl*>(argument);
    const auto reply = messages::decode_worker_reply(std::string_view(data, size > 0 ? std::size_t(size) : 0));
    const auto* values = reply ? std::get_if<messages::worker::Values>(&*reply.value) : nullptr;
    if (!values || values->id != self->values_id) return;  // a newer question is out
    self->values_id = 0;
    self->values = std::make_pair(self->values_board, values->values);
  }

  static void on_reply(char* data, int size, void* argument) {
    auto* self = static_cast<Impl*>(argument);
    const auto reply = messages::decode_worker_reply(std::string_view(data, size > 0 ? std::size_t(size) : 0));
    const auto* thought = reply ? std::get_if<messages::worker::Thought>(&*reply.value) : nullptr;
    if (!thought || thought->id != self->awaited_id) return;  // stale: the game moved on
    self->awaited_id = 0;
    self->result = thought->report;
  }
};

AiBridge::AiBridge() : impl_(std::make_unique<Impl>()) { impl_->start_worker(); }
AiBridge::~AiBridge() { emscripten_destroy_worker(impl_->worker); }

void AiBridge::think(const Board& board, Strength strength, double seconds, std::uint64_t seed) {
  stop_pondering();
  impl_->result.reset();
  impl_->send_think(messages::worker::Think{impl_->next_id++, board, strength, seconds, seed});
}

void AiBridge::cancel() {
  stop_pondering();
  impl_->awaited_id = 0;
  impl_->result.reset();
}

void AiBridge::ponder(const Board& board) {
  if (impl_->awaited_id || (impl_->ponder_id && board == impl_->ponder_board && impl_->ponder.settled())) return;
  impl_->ponder_board = board;
  impl_->ponder_id = impl_->next_id++;
  impl_->ponder = PonderStatus{true, false, 0};
  if (!impl_->slice_in_flight) impl_->send_slice();
}
void AiBridge::stop_pondering() { impl_->ponder.active = false; }
void AiBridge::value_moves(const Board& board, double seconds) {
  impl_->values_board = board;
  impl_->values_id = impl_->next_id++;
  impl_->values.reset();
  impl_->call("value", messages::encode_worker_request(messages::worker::Value{impl_->values_id, board, seconds}),
              Impl::on_values_reply);
}
std::optional<std::pair<Board, std::vector<MoveValue>>> AiBridge::take_values() {
  return std::exchange(impl_->values, std::nullopt);
}
ComputerOpponent::PonderStatus AiBridge::ponder_status() const { return impl_->ponder; }
std::optional<SearchReport> AiBridge::take_result() {
  impl_->check_worker();
  return std::exchange(impl_->result, std::nullopt);
}
const char* AiBridge::failure() const { return impl_->failure; }

}  // namespace reversi

#endif
