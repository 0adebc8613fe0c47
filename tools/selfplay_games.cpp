#include "selfplay_games.h"

#include <random>
#include <utility>
#include <vector>

#include "ai/computer.h"
#include "ai/endgame_solver.h"
#include "ai/evaluation.h"
#include "ai/midgame_search.h"
#include "ai/search_clock.h"
#include "ai/transposition_table.h"

namespace reversi::training {
namespace {

// The move Hard's search finds at `depth` plies, deepening from 1 as Hard
// does, on a table kept for the whole run.
Square searched_move(const Board& board, int depth, ai::TranspositionTable& table) {
  ai::Deadline unlimited;
  table.next_generation();
  ai::MidgameSearch search(ai::Evaluation::Pattern, &table, unlimited, /*probable_cuts=*/true);
  Square best = kNoMove;
  for (int d = 1; d <= depth && d <= board.empty_count(); ++d) best = search.search_root(board, d, best).move;
  return best;
}

}  // namespace

void selfplay_games(const SelfplayOptions& options, const std::function<void(const Position&, int margin)>& emit) {
  std::mt19937_64 random(options.seed);
  ai::TranspositionTable table(32);
  Computer solver(64);
  for (long long game = 0; game < options.games; ++game) {
    const int random_moves =
        options.fewest_random + static_cast<int>(random() % (options.most_random - options.fewest_random + 1));
    Position position = Position::start();
    std::vector<Position> seen;
    for (int ply = 0; !is_game_over(position.board); ++ply) {
      const Bitboard moves = legal_moves(position.board);
      if (!moves) {
        position = play(position, kPass);
        continue;
      }
      const int empties = position.board.empty_count();
      if (ply >= random_moves) seen.push_back(position);
      Square square;
      if (ply < random_moves || (empties > 24 && random() % options.random_one_in == 0)) {
        square = nth_square(moves, static_cast<int>(random() % count_bits(moves)));
      } else if (empties <= options.exact_empties) {
        square = solver.solve_exact(position.board).move;
      } else {
        square = searched_move(position.board, options.depth, table);
      }
      position = play(position, square);
    }
    // The final margin for black, then for each position's side to move.
    const int black_margin = position.side_to_move == Color::Black
                                 ? ai::final_score(position.board.player, position.board.opponent)
                                 : -ai::final_score(position.board.player, position.board.opponent);
    for (const Position& at : seen) emit(at, at.side_to_move == Color::Black ? black_margin : -black_margin);
  }
}

}  // namespace reversi::training
