// Runs the computer's search away from the UI thread: in a Web Worker in the
// browser, on a std::thread natively. The UI asks, then polls each frame.
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
  void cancel();
  bool busy() const;
  // The finished search, once, when it is there.
  std::optional<SearchReport> take_result();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace reversi
