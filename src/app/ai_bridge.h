// Runs the computer's search away from the UI thread: in a Web Worker in the
// browser, on a std::thread natively. The UI asks, then polls each frame.
// While the player thinks, the computer may ponder their position in short
// slices (Computer::ponder); a request stops that and waits at most for the
// slice in progress.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "ai/computer.h"

namespace reversi {

class AiBridge {
 public:
  AiBridge();
  ~AiBridge();
  AiBridge(const AiBridge&) = delete;
  AiBridge& operator=(const AiBridge&) = delete;

  // Starts a search; a reply to an earlier request still in flight is dropped.
  void request(const Board& board, Strength strength, double seconds, std::uint64_t seed);
  // Forgets the request in flight (new game, undo): its reply will be ignored.
  // Also stops pondering.
  void cancel();

  // Ponders `board` (the player to move) until there is nothing left to do
  // or kMaxPonderSeconds have gone into it; asking again for the same board
  // changes nothing.
  void ponder(const Board& board);
  void stop_pondering();
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
  };
  PonderStatus ponder_status() const;
  bool busy() const;
  // The finished search, once, when it is there.
  std::optional<SearchReport> take_result();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace reversi
