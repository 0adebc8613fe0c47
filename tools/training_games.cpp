#include "training_games.h"

#include "ai/computer.h"
#include "ai/evaluation.h"
#include "ai/midgame_search.h"
#include "ai/search_clock.h"

namespace reversi::training {
namespace {

// Which empties counts are sampled, and how often (solving 18-20 empties
// costs far more than 10-14).
bool wanted(int empties, int lowest, int highest, std::mt19937_64& random) {
  if (empties < lowest || empties > highest) return false;
  if (empties <= 14) return empties % 2 == 0;
  if (empties <= 16) return true;
  if (empties <= 18) return random() % 3 == 0;
  return random() % 12 == 0;
}

Square sampling_move(const Position& position, Bitboard moves, int ply, int opening, std::mt19937_64& random) {
  if (ply < opening || random() % 6 == 0) return nth_square(moves, static_cast<int>(random() % count_bits(moves)));
  ai::Deadline unlimited;
  ai::MidgameSearch search(ai::Evaluation::Strong, nullptr, unlimited);
  return search.search_root(position.board, 3).move;
}

}  // namespace

void play_sampling_games(long long games, std::uint64_t seed,
                         const std::function<bool(const Position&, std::mt19937_64&)>& visit) {
  std::mt19937_64 random(seed);
  for (long long game = 0; game < games; ++game) {
    Position position = Position::start();
    const int opening = 6 + static_cast<int>(random() % 3);
    for (int ply = 0;; ++ply) {
      Bitboard moves = legal_moves(position.board);
      if (!moves) {
        position = play(position, kPass);
        moves = legal_moves(position.board);
        if (!moves) break;
      }
      if (!visit(position, random)) break;
      position = play(position, sampling_move(position, moves, ply, opening, random));
    }
  }
}

void exact_endgame_samples(long long games, std::uint64_t seed, int lowest, int highest,
                           const std::function<void(const Position&, int margin)>& emit) {
  Computer solver(64);
  play_sampling_games(games, seed, [&](const Position& position, std::mt19937_64& random) {
    const int empties = position.board.empty_count();
    if (wanted(empties, lowest, highest, random)) {
      emit(position, solver.solve_exact(position.board).score);
    }
    return empties > lowest;
  });
}

}  // namespace reversi::training
