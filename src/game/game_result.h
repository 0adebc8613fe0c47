// How a game ended (or that it has not yet).
#pragma once

#include <cstdint>
#include <optional>

#include "engine/board.h"

namespace reversi {

enum class Outcome : std::uint8_t { InProgress, BlackWins, WhiteWins, Draw };
// Abandoned: a player left an online game, or did not come back in time;
// scored like a resignation. Time: an online game clock's flag fell (the
// whole game's time ran out); a loss, as Reversi has no insufficient material.
enum class EndReason : std::uint8_t { None, NoMoves, Resignation, Abandoned, Time };

struct GameResult {
  Outcome outcome = Outcome::InProgress;
  EndReason reason = EndReason::None;
  int black_discs = 0;  // empty squares count for nobody
  int white_discs = 0;

  bool is_over() const { return outcome != Outcome::InProgress; }
  std::optional<Color> winner() const {
    if (outcome == Outcome::BlackWins) return Color::Black;
    if (outcome == Outcome::WhiteWins) return Color::White;
    return std::nullopt;
  }
  bool operator==(const GameResult&) const = default;
};

inline Outcome win_for(Color color) { return color == Color::Black ? Outcome::BlackWins : Outcome::WhiteWins; }

}  // namespace reversi
