// Runs the computer's search away from the UI thread: in a Web Worker in the
// browser (ai_bridge_web.cpp), on a std::thread on the desktop
// (ai_bridge_desktop.cpp). Requests and replies are the message layer's
// worker messages. While the player thinks, the computer may ponder their
// position in short slices (Computer::ponder); a request stops that and
// waits at most for the slice in progress.
#pragma once

#include <memory>

#include "app/core/computer_opponent.h"

namespace reversi {

class AiBridge final : public ComputerOpponent {
 public:
  AiBridge();
  ~AiBridge() override;
  AiBridge(const AiBridge&) = delete;
  AiBridge& operator=(const AiBridge&) = delete;

  void think(const Board& board, Strength strength, double seconds, std::uint64_t seed) override;
  std::optional<SearchReport> take_result() override;
  void cancel() override;
  void ponder(const Board& board) override;
  void stop_pondering() override;
  PonderStatus ponder_status() const override;
  void value_moves(const Board& board, double seconds) override;
  std::optional<std::pair<Board, std::vector<MoveValue>>> take_values() override;
  const char* failure() const override;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace reversi
