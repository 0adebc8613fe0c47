// The AI Web Worker: engine + AI only (no SDL, no GL), so a long search never
// blocks the page's frames. Requests and replies are the message layer's
// worker messages (messages/worker_messages.h) as JSON text: "think" is
// answered by "thought" and "value" (the hints) by "values"; while the
// player thinks the page sends short "ponder" slices, so that a think never
// waits behind more than one.
#include <emscripten.h>

#include <string>
#include <string_view>

#include "ai/computer.h"
#include "messages/worker_messages.h"

namespace {

// One searcher for the worker's lifetime keeps its transposition table warm
// between moves of a game.
reversi::Computer& searcher() {
  static reversi::Computer computer(32);
  return computer;
}

void respond(const reversi::messages::WorkerReply& reply) {
  const std::string text = reversi::messages::encode_worker_reply(reply);
  emscripten_worker_respond(const_cast<char*>(text.data()), static_cast<int>(text.size()));
}

std::string_view text_of(const char* data, int size) {
  return std::string_view(data ? data : "", data && size > 0 ? static_cast<std::size_t>(size) : 0);
}

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void think(char* data, int size) {
  namespace worker = reversi::messages::worker;
  const auto request = reversi::messages::decode_worker_request(text_of(data, size));
  const auto* think = request ? std::get_if<worker::Think>(&*request.value) : nullptr;
  if (!think) {
    // A malformed request: answer "no move" (id 0 matches no request) rather than guess.
    respond(worker::Thought{0, reversi::SearchReport{}});
    return;
  }
  reversi::SearchLimits limits;
  limits.seconds = think->seconds;
  limits.seed = think->seed;
  respond(worker::Thought{think->id, searcher().choose_move(think->board, think->strength, limits)});
}

extern "C" EMSCRIPTEN_KEEPALIVE void ponder(char* data, int size) {
  namespace worker = reversi::messages::worker;
  const auto request = reversi::messages::decode_worker_request(text_of(data, size));
  const auto* slice = request ? std::get_if<worker::Ponder>(&*request.value) : nullptr;
  if (!slice) {
    respond(worker::Pondered{0, true});  // a malformed request: nothing to ponder
    return;
  }
  // At most a tenth of a second, whatever the page asks: a move the player
  // makes meanwhile waits for the slice to end.
  const double seconds = slice->seconds > 0 && slice->seconds < 0.1 ? slice->seconds : 0.1;
  respond(worker::Pondered{slice->id, searcher().ponder(slice->board, seconds)});
}

extern "C" EMSCRIPTEN_KEEPALIVE void value(char* data, int size) {
  namespace worker = reversi::messages::worker;
  const auto request = reversi::messages::decode_worker_request(text_of(data, size));
  const auto* asked = request ? std::get_if<worker::Value>(&*request.value) : nullptr;
  if (!asked) {
    respond(worker::Values{0, {}});  // a malformed request: id 0 matches none
    return;
  }
  // At most a second, whatever the page asks: the computer's own move may be next in line.
  const double seconds = asked->seconds > 0 && asked->seconds < 1.0 ? asked->seconds : 1.0;
  respond(worker::Values{asked->id, searcher().value_moves(asked->board, seconds)});
}
