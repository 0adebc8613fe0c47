#include "ai/midgame_search.h"

#include <algorithm>
#include <utility>

#include "ai/bit_kernels.h"

namespace reversi::ai {
namespace {

constexpr int kInfinity = 32000;

// Static square values used to order moves where a mobility count would cost
// more than it saves: corners first, X-squares last.
constexpr int kSquareValue[64] = {
    100, -20, 10, 5,  5,  10, -20, 100,  //
    -20, -50, -2, -2, -2, -2, -50, -20,  //
    10,  -2,  1,  1,  1,  1,  -2,  10,   //
    5,   -2,  1,  0,  0,  1,  -2,  5,    //
    5,   -2,  1,  0,  0,  1,  -2,  5,    //
    10,  -2,  1,  1,  1,  1,  -2,  10,   //
    -20, -50, -2, -2, -2, -2, -50, -20,  //
    100, -20, 10, 5,  5,  10, -20, 100,
};

struct OrderedMove {
  Bitboard flips;
  Square square;
  int key;  // higher is searched first
};

int order_moves(Bitboard player, Bitboard opponent, Bitboard moves, Square first, int depth, OrderedMove* list) {
  int count = 0;
  for (; moves; moves &= moves - 1) {
    const Square square = first_square(moves);
    const Bitboard flips = flips_at(player, opponent, square);
    int key = kSquareValue[square];
    if (depth >= 3) {
      // Fewer replies for the opponent first (mobility ordering).
      const Bitboard replies = legal_moves_fast(opponent ^ flips, player ^ flips ^ bit(square));
      key -= 12 * (std::popcount(replies) + 2 * std::popcount(replies & kCorners));
    }
    if (square == first) key = 1 << 20;
    list[count++] = OrderedMove{flips, square, key};
  }
  // Equal keys keep the squares' order, so every standard library sorts
  // alike and the wasm and native builds search the same tree.
  std::sort(list, list + count, [](const OrderedMove& a, const OrderedMove& b) {
    return a.key != b.key ? a.key > b.key : a.square < b.square;
  });
  return count;
}

}  // namespace

int score_in_discs(int score) {
  if (score >= kWinScore) return (score - kWinScore) / kDiscScale;
  if (score <= -kWinScore) return (score + kWinScore) / kDiscScale;
  return std::clamp((score + (score >= 0 ? kDiscScale / 2 : -kDiscScale / 2)) / kDiscScale, -64, 64);
}

int MidgameSearch::search(Bitboard player, Bitboard opponent, int alpha, int beta, int depth, bool passed) {
  ++nodes_;
  if (deadline_.expired(nodes_)) return 0;
  const Board board{player, opponent};
  if (depth <= 0) {
    // A leaf where nobody can move is a finished game, not an estimate.
    return evaluate(evaluation_, board);
  }

  const Bitboard moves = legal_moves_fast(player, opponent);
  if (!moves) {
    if (passed) return finished_game_score(board);
    return -search(opponent, player, -beta, -alpha, depth, true);
  }

  std::uint64_t key = 0;
  Square table_move = kNoMove;
  if (table_) {
    key = hash_of(board);
    if (const TableEntry* entry = table_->probe(key)) {
      table_move = entry->move;
      if (entry->depth >= depth) {
        if (entry->lower >= beta) return entry->lower;
        if (entry->upper <= alpha) return entry->upper;
        if (entry->lower == entry->upper) return entry->lower;
      }
    }
  }

  OrderedMove list[32];
  const int count = order_moves(player, opponent, moves, table_move, depth, list);
  const int original_alpha = alpha;
  int best = -kInfinity;
  Square best_move = list[0].square;
  for (int i = 0; i < count; ++i) {
    const OrderedMove& move = list[i];
    const Bitboard next_player = opponent ^ move.flips, next_opponent = player ^ move.flips ^ bit(move.square);
    int score;
    if (i == 0 || beta - alpha <= 1) {
      score = -search(next_player, next_opponent, -beta, -alpha, depth - 1, false);
    } else {
      score = -search(next_player, next_opponent, -alpha - 1, -alpha, depth - 1, false);
      if (score > alpha && score < beta && !deadline_.has_expired())
        score = -search(next_player, next_opponent, -beta, -score, depth - 1, false);
    }
    if (deadline_.has_expired()) return 0;
    if (score > best) {
      best = score;
      best_move = move.square;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
  }
  if (table_) table_->store(key, depth, original_alpha, beta, best, best_move, -kInfinity, kInfinity);
  return best;
}

MidgameSearch::Result MidgameSearch::search_root(const Board& board, int depth, Square first_move) {
  ++nodes_;
  OrderedMove list[32];
  const int count = order_moves(board.player, board.opponent, legal_moves(board), first_move, std::max(depth, 3), list);
  Result result{list[0].square, -kInfinity};
  int alpha = -kInfinity;
  const int beta = kInfinity;
  for (int i = 0; i < count; ++i) {
    const OrderedMove& move = list[i];
    const Bitboard next_player = board.opponent ^ move.flips;
    const Bitboard next_opponent = board.player ^ move.flips ^ bit(move.square);
    int score;
    if (i == 0) {
      score = -search(next_player, next_opponent, -beta, -alpha, depth - 1, false);
    } else {
      score = -search(next_player, next_opponent, -alpha - 1, -alpha, depth - 1, false);
      if (score > alpha && !deadline_.has_expired())
        score = -search(next_player, next_opponent, -beta, -score, depth - 1, false);
    }
    if (deadline_.has_expired()) return result;
    if (score > result.score) {
      result = Result{move.square, score};
      alpha = std::max(alpha, score);
    }
  }
  return result;
}

}  // namespace reversi::ai
