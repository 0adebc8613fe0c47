#include "best_move_positions.h"

#include <cctype>
#include <optional>
#include <random>
#include <vector>

#include "ai/computer.h"
#include "ai/endgame_solver.h"
#include "ai/evaluation.h"
#include "ai/midgame_search.h"
#include "ai/search_clock.h"
#include "ai/transposition_table.h"

namespace reversi::training {
namespace {

// A game from a random start of 6-8 moves, continued by a 4-ply search with
// the hand-written evaluation (which later work on Hard leaves alone) and
// one move in eight drawn at random, stopped at `empties` empty squares
// with the side to move able to move; nullopt when the game ends first.
std::optional<Position> position_at(int empties, std::mt19937_64& random) {
  Position position = Position::start();
  const int opening = 6 + static_cast<int>(random() % 3);
  ai::Deadline unlimited;
  for (int ply = 0; position.board.empty_count() > empties; ++ply) {
    const Bitboard moves = legal_moves(position.board);
    if (!moves) {
      if (is_game_over(position.board)) return std::nullopt;
      position = play(position, kPass);
      continue;
    }
    Square square;
    if (ply < opening || random() % 8 == 0) {
      square = nth_square(moves, static_cast<int>(random() % count_bits(moves)));
    } else {
      ai::MidgameSearch search(ai::Evaluation::Strong, nullptr, unlimited);
      square = search.search_root(position.board, 4).move;
    }
    position = play(position, square);
  }
  if (!legal_moves(position.board)) return std::nullopt;
  return position;
}

}  // namespace

void best_move_positions(const BestMoveOptions& options, const std::function<void(const std::string& line)>& emit) {
  std::mt19937_64 random(options.seed);
  Computer computer(64);
  ai::TranspositionTable table(64);
  const int span = options.most_empties - options.fewest_empties + 1;
  for (int made = 0; made < options.positions;) {
    const int empties = options.fewest_empties + static_cast<int>(random() % span);
    const std::optional<Position> position = position_at(empties, random);
    if (!position || count_bits(legal_moves(position->board)) < 2) continue;
    const Board& board = position->board;
    const int best = computer.solve_exact(board).score;
    // Every other move keeps the best score when its position is worth no
    // more than -best to the opponent: a null-window search proves which.
    std::vector<Square> best_moves;
    table.next_generation();
    ai::Deadline unlimited;
    ai::EndgameSolver solver(table, unlimited);
    for (Bitboard moves = legal_moves(board); moves; moves &= moves - 1) {
      const Square square = first_square(moves);
      const Board child = after_move(board, square, flips_for(board.player, board.opponent, square));
      if (solver.search(child.player, child.opponent, -best, -best + 1) <= -best) best_moves.push_back(square);
    }
    if (best_moves.size() == static_cast<std::size_t>(count_bits(legal_moves(board)))) continue;
    std::string line = format_position(*position);
    std::string score = std::to_string(best);
    if (best >= 0) score.insert(score.begin(), '+');
    for (const Square square : best_moves) {
      std::string name = square_name(square);
      for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      line += line.back() == ';' ? " " : "; ";
      line += name + ":" + score + ";";
    }
    emit(line);
    ++made;
  }
}

}  // namespace reversi::training
