#include "game/move_record.h"

namespace reversi {

void MoveRecord::push(const Ply& ply) {
  plies_.resize(cursor_);  // a new move after undo discards the redo tail
  plies_.push_back(ply);
  ++cursor_;
}

}  // namespace reversi
