// The AI Web Worker: engine + AI only (no SDL, no GL), so a long search never
// blocks the page's frames. The UI sends a ThinkRequest, we answer a ThinkReply;
// while the player thinks it sends short PonderRequest slices, so that a
// ThinkRequest never waits behind more than one of them.
#include <emscripten.h>

#include "ai/computer.h"
#include "app/ai_protocol.h"

namespace {

// One searcher for the worker's lifetime keeps its transposition table warm
// between moves of a game.
reversi::Computer& searcher() {
  static reversi::Computer computer(32);
  return computer;
}

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void think(char* data, int size) {
  reversi::ThinkReply reply;
  if (size == static_cast<int>(sizeof(reversi::ThinkRequest))) {
    reversi::ThinkRequest request;
    __builtin_memcpy(&request, data, sizeof request);
    reversi::SearchLimits limits;
    limits.seconds = request.seconds;
    limits.seed = request.seed;
    const auto strength = static_cast<reversi::Strength>(request.strength);
    const reversi::SearchReport report =
        searcher().choose_move(reversi::Board{request.player, request.opponent}, strength, limits);
    reply = reversi::ThinkReply{request.request_id, report.move,           report.score, report.depth,
                                report.exact,       report.nodes, report.seconds};
  } else {
    reply.move = reversi::kNoMove;  // a malformed request: answer "no move" rather than guess
  }
  emscripten_worker_respond(reinterpret_cast<char*>(&reply), sizeof reply);
}

extern "C" EMSCRIPTEN_KEEPALIVE void ponder(char* data, int size) {
  reversi::PonderReply reply;
  if (size == static_cast<int>(sizeof(reversi::PonderRequest))) {
    reversi::PonderRequest request;
    __builtin_memcpy(&request, data, sizeof request);
    reply.request_id = request.request_id;
    // At most a tenth of a second, whatever the page asks: a move the player
    // makes meanwhile waits for the slice to end.
    const double seconds = request.seconds > 0 && request.seconds < 0.1 ? request.seconds : 0.1;
    reply.done = searcher().ponder(reversi::Board{request.player, request.opponent}, seconds);
  } else {
    reply.done = 1;  // a malformed request: nothing to ponder
  }
  emscripten_worker_respond(reinterpret_cast<char*>(&reply), sizeof reply);
}
