// Between the app and its AI worker (a Web Worker in the browser, a thread
// on the desktop): what to search and what was found, as JSON text such as
//   {"type": "think", "id": 7, "board": "---…XO…", "strength": "hard", "seconds": 0.5, "seed": "12"}
//   {"type": "thought", "id": 7, "move": "d3", "score": 4, "depth": 12, "exact": false, ...}
// `board` is 64 characters a1..h8 with X for the side to move and O for the
// other side (a search needs no colours). Every request carries an id that
// its reply repeats, so a late reply to an abandoned request is recognised.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ai/computer.h"
#include "messages/codec.h"

namespace reversi::messages {

namespace worker {
// The move `strength` would play on `board`.
struct Think {
  std::uint32_t id = 0;
  Board board;
  Strength strength = Strength::Medium;
  double seconds = 0.5;
  std::uint64_t seed = 0;
  bool operator==(const Think&) const = default;
};
// A slice of thinking on the player's time (`board`: the player to move).
struct Ponder {
  std::uint32_t id = 0;
  Board board;
  double seconds = Computer::kPonderSliceSeconds;
  bool operator==(const Ponder&) const = default;
};
// Hints: every legal move of `board` valued in about `seconds`.
struct Value {
  std::uint32_t id = 0;
  Board board;
  double seconds = 0.4;
  bool operator==(const Value&) const = default;
};
struct Thought {
  std::uint32_t id = 0;
  SearchReport report;
};
struct Pondered {
  std::uint32_t id = 0;
  bool done = false;  // nothing left to ponder in that position
  bool operator==(const Pondered&) const = default;
};
struct Values {
  std::uint32_t id = 0;
  std::vector<MoveValue> values;  // in square order; empty when there is no move
  bool operator==(const Values&) const = default;
};
}  // namespace worker

using WorkerRequest = std::variant<worker::Think, worker::Ponder, worker::Value>;
using WorkerReply = std::variant<worker::Thought, worker::Pondered, worker::Values>;

std::string encode_worker_request(const WorkerRequest& request);
Decoded<WorkerRequest> decode_worker_request(std::string_view text);
std::string encode_worker_reply(const WorkerReply& reply);
Decoded<WorkerReply> decode_worker_reply(std::string_view text);

// The board as 64 characters (X to move, O the other side), and back.
std::string board_text(const Board& board);
std::optional<Board> board_from_text(std::string_view text);

}  // namespace reversi::messages
