// A match of 1, 3 or 5 games between two seats: first to 1, 2 or 3 wins.
// Draws count for nobody, colours swap every game, and the match is decided
// as soon as one seat reaches the target.
#pragma once

#include <optional>
#include <vector>

#include "engine/board.h"
#include "game/game_result.h"
#include "game/players.h"

namespace reversi {

// 1, 3 and 5 are the lengths offered; anything else is refused by loaders.
inline bool is_valid_match_length(int games) { return games == 1 || games == 3 || games == 5; }

// The finished game from the match's point of view.
enum class GameWinner : std::uint8_t { First, Second, Nobody };

class Match {
 public:
  // `first_colour` is the first seat's colour in game 1. An invalid length is treated as 1.
  explicit Match(int games = 1, Color first_colour = Color::Black);

  int length() const { return length_; }
  int target() const { return length_ / 2 + 1; }  // wins needed
  Color first_colour() const { return first_colour_; }

  // Games recorded so far and the 1-based number of the game being played
  // (or last played, once the match is over).
  int games_finished() const { return static_cast<int>(finished_.size()); }
  int current_game_number() const { return is_over() ? games_finished() : games_finished() + 1; }
  const std::vector<GameWinner>& finished() const { return finished_; }

  // The colour `seat` plays in game `game_number` (1-based): swapped each game.
  Color colour_of(Seat seat, int game_number) const;
  Seat seat_of(Color color, int game_number) const;

  int wins(Seat seat) const;
  int draws() const;
  bool is_over() const { return winner().has_value(); }
  std::optional<Seat> winner() const;

  // Records the result of the current game. Ignored once the match is over
  // or for a game still in progress.
  void record(const GameResult& result);
  // Takes back the last recorded game (undo after a game ended).
  void take_back_last();
  // Records a finished game directly (used by loaders); false when the match is already decided.
  bool record_winner(GameWinner winner);

 private:
  int length_;
  Color first_colour_;
  std::vector<GameWinner> finished_;
};

}  // namespace reversi
