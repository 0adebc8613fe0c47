// The plies of one game with an undo cursor: everything before the cursor is
// on the board, everything after it can be redone until a new move replaces it.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "engine/notation.h"

namespace reversi {

// One turn: a move, a placement (empty-centre start) or an automatic pass.
struct Ply {
  Color color = Color::Black;  // who played
  Square square = kPass;       // kPass for a pass
  Bitboard flips = 0;          // discs turned over (none for passes and placements)
  Position before;
  Position after;

  bool is_pass() const { return square == kPass; }
};

class MoveRecord {
 public:
  explicit MoveRecord(Position start = Position::start()) : start_(start) {}

  const Position& start() const { return start_; }
  const Position& current() const { return cursor_ == 0 ? start_ : plies_[cursor_ - 1].after; }

  // Appends after the cursor, dropping any redo tail first.
  void push(const Ply& ply);

  bool can_step_back() const { return cursor_ > 0; }
  bool can_step_forward() const { return cursor_ < plies_.size(); }
  const Ply& step_back() { return plies_[--cursor_]; }
  const Ply& step_forward() { return plies_[cursor_++]; }

  std::size_t cursor() const { return cursor_; }
  std::span<const Ply> applied() const { return {plies_.data(), cursor_}; }
  std::span<const Ply> all() const { return plies_; }
  const Ply* last_applied() const { return cursor_ == 0 ? nullptr : &plies_[cursor_ - 1]; }

 private:
  Position start_;
  std::vector<Ply> plies_;
  std::size_t cursor_ = 0;
};

}  // namespace reversi
