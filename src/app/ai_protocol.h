// The messages between the UI and the AI worker: plain fixed-size structs,
// copied as bytes by emscripten_call_worker / emscripten_worker_respond.
#pragma once

#include <cstdint>

#include "ai/computer.h"

namespace reversi {

struct ThinkRequest {
  std::uint64_t player = 0;    // Board of the side to move
  std::uint64_t opponent = 0;
  std::uint32_t request_id = 0;
  std::uint8_t strength = 0;   // Strength
  double seconds = 0.5;
  std::uint64_t seed = 0;
};

struct ThinkReply {
  std::uint32_t request_id = 0;
  std::int32_t move = 0;       // Square, kPass or kNoMove
  std::int32_t score = 0;
  std::int32_t depth = 0;
  std::uint8_t exact = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// One slice of thinking on the player's time (Computer::ponder): `player`
// and `opponent` are the board with the player to move.
struct PonderRequest {
  std::uint64_t player = 0;
  std::uint64_t opponent = 0;
  std::uint32_t request_id = 0;
  double seconds = Computer::kPonderSliceSeconds;
};

struct PonderReply {
  std::uint32_t request_id = 0;
  std::uint8_t done = 0;  // nothing left to ponder in that position
};

}  // namespace reversi
