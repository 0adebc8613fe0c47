// Who sits at the board: humans and computer opponents, and how a session
// pairs them up. Plain values shared by the game, the match and settings.
#pragma once

#include <cstdint>

#include "ai/computer.h"
#include "engine/board.h"

namespace reversi {

enum class PlayerKind : std::uint8_t { Human, Computer };

struct Player {
  PlayerKind kind = PlayerKind::Human;
  Strength strength = Strength::Medium;  // meaningful only for a computer

  static Player human() { return Player{}; }
  static Player computer(Strength level) { return Player{PlayerKind::Computer, level}; }
  bool is_computer() const { return kind == PlayerKind::Computer; }
  bool operator==(const Player&) const = default;
};

// Solo: one human against the computer. TwoPlayers: two humans on one device.
enum class Mode : std::uint8_t { Solo, TwoPlayers };

// The colour the first seat (the human in solo) takes in the first game.
enum class ColourChoice : std::uint8_t { Black, White, Random };

// The two seats of a match. Colours swap between games, seats do not, so the
// match score is kept per seat. In solo the first seat is the human.
enum class Seat : std::uint8_t { First, Second };
inline constexpr Seat other(Seat seat) { return seat == Seat::First ? Seat::Second : Seat::First; }
inline constexpr int index_of(Seat seat) { return seat == Seat::First ? 0 : 1; }

// How the board looks before the first move.
enum class StartVariant : std::uint8_t {
  StandardCross,  // the usual four discs on d4 e4 d5 e5
  EmptyCentre,    // the centre starts empty; the players place the first four discs
};

}  // namespace reversi
