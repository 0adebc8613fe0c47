#include "game/match.h"

namespace reversi {

Match::Match(int games, Color first_colour)
    : length_(is_valid_match_length(games) ? games : 1), first_colour_(first_colour) {}

Color Match::colour_of(Seat seat, int game_number) const {
  const Color first = (game_number % 2 == 1) ? first_colour_ : other(first_colour_);
  return seat == Seat::First ? first : other(first);
}

Seat Match::seat_of(Color color, int game_number) const {
  return colour_of(Seat::First, game_number) == color ? Seat::First : Seat::Second;
}

int Match::wins(Seat seat) const {
  const GameWinner wanted = seat == Seat::First ? GameWinner::First : GameWinner::Second;
  int count = 0;
  for (GameWinner winner : finished_) count += winner == wanted ? 1 : 0;
  return count;
}

int Match::draws() const {
  int count = 0;
  for (GameWinner winner : finished_) count += winner == GameWinner::Nobody ? 1 : 0;
  return count;
}

std::optional<Seat> Match::winner() const {
  if (wins(Seat::First) >= target()) return Seat::First;
  if (wins(Seat::Second) >= target()) return Seat::Second;
  return std::nullopt;
}

void Match::record(const GameResult& result) {
  if (!result.is_over() || is_over()) return;
  const std::optional<Color> colour = result.winner();
  if (!colour) {
    finished_.push_back(GameWinner::Nobody);
    return;
  }
  const Seat seat = seat_of(*colour, games_finished() + 1);
  finished_.push_back(seat == Seat::First ? GameWinner::First : GameWinner::Second);
}

void Match::take_back_last() {
  if (!finished_.empty()) finished_.pop_back();
}

bool Match::record_winner(GameWinner winner) {
  if (is_over()) return false;
  finished_.push_back(winner);
  return true;
}

}  // namespace reversi
