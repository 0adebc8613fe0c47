// What the app needs of the computer's search, whatever runs it: the AI Web
// Worker in the browser, a thread on the desktop, a fake in unit tests.
// Requests never block; answers are collected with take_result().
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "ai/computer.h"

namespace reversi {

class ComputerOpponent {
 public:
  virtual ~ComputerOpponent() = default;

  // Starts a search of `board` (the side to move) at `strength`; a reply to
  // an earlier request still in flight will be dropped.
  virtual void think(const Board& board, Strength strength, double seconds, std::uint64_t seed) = 0;
  // The finished search, once, when it is there.
  virtual std::optional<SearchReport> take_result() = 0;
  // Forgets the search in flight and stops pondering.
  virtual void cancel() = 0;

  // Thinking on the player's time: ponders `board` (the player to move) in
  // short slices until there is nothing left to do or the time allowed for
  // it is spent; asking again for the same board changes nothing.
  virtual void ponder(const Board& board) = 0;
  virtual void stop_pondering() = 0;

  // Thinking on the player's time costs battery: at most this much per position.
  static constexpr double kMaxPonderSeconds = 20.0;
  struct PonderStatus {
    bool active = false;  // slices are being run
    bool done = false;    // the last pondered position has nothing left to ponder
    int slices = 0;       // slices finished for it
    // The position has had all the time it may have.
    bool spent() const { return slices * Computer::kPonderSliceSeconds >= kMaxPonderSeconds; }
    // Whether pondering the same position again would add nothing.
    bool settled() const { return active || done || spent(); }
    bool operator==(const PonderStatus&) const = default;
  };
  virtual PonderStatus ponder_status() const = 0;

  // Hints: every legal move of `board` valued in about `seconds`
  // (Computer::value_moves), collected with take_values() with the board
  // they are for; asking again replaces the question. One that cannot value
  // moves never answers, and the app shows no values.
  virtual void value_moves(const Board& board, double seconds) {
    static_cast<void>(board);
    static_cast<void>(seconds);
  }
  virtual std::optional<std::pair<Board, std::vector<MoveValue>>> take_values() { return std::nullopt; }
  // Why the computer cannot play ("" while it can): the worker failed to start, say.
  virtual const char* failure() const { return ""; }
};

}  // namespace reversi
