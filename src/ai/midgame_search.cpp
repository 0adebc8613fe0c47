#include "ai/midgame_search.h"

#include <algorithm>
#include <utility>

#include "ai/bit_kernels.h"

namespace reversi::ai {
namespace {

constexpr int kInfinity = 32000;
constexpr int kNoCut = -kInfinity - 1;

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

// Multi-ProbCut (Buro, 1997): see probable_cut. Below this depth the
// shallow search would cost about as much as the node.
constexpr int kProbCutMinDepth = 3;
// How many spreads beyond the window the shallow value must land for a cut.
// At 0.1 s a move, Hard cutting at 1.5 spreads took 76.8 % of the points
// from Hard without cuts (200 games); cutting at 1.0 or 2.0 played level
// with 1.5 (52.5 % and 50 %, 100 games each).
constexpr double kProbCutSpreads = 1.5;

}  // namespace

// The shallow search is about half as deep, with the same parity (the
// evaluation judges positions with the same side to move alike).
int probcut_shallow_depth(int depth) { return depth - 2 * ((depth + 2) / 4); }

// Measured with the v4 weights over 587 positions of 20-52 empties from the
// trainer's games (`reversi-train depths --games 40 --seed 1`, the same with
// `--seed 2`, then `reversi-train spreads` on both): the deep value less the
// shallow one has a mean within half a disc of zero and these standard
// deviations (v3's were 485, 388, 353, 505, 453, 410, 365, 453). From depth
// 11 on, 5 discs.
int probcut_spread(int depth) {
  constexpr int kSpread[11] = {0, 0, 0, 431, 317, 296, 403, 359, 334, 327, 398};
  return depth <= 10 ? kSpread[std::max(depth, 0)] : 500;
}

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

  if (probable_cuts_ && beta - alpha == 1 && depth >= kProbCutMinDepth &&
      depth < 64 - std::popcount(player | opponent)) {
    const int cut = probable_cut(player, opponent, alpha, depth);
    if (deadline_.has_expired()) return 0;
    if (cut != kNoCut) return cut;
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

// A search of depth shallow(d) predicts the value of a depth-d search to
// within a spread or so. When it shows the value far above the null window
// (alpha, alpha + 1), or far below, the node is cut with that bound instead
// of being searched in full.
int MidgameSearch::probable_cut(Bitboard player, Bitboard opponent, int alpha, int depth) {
  const int margin = static_cast<int>(kProbCutSpreads * probcut_spread(depth));
  const int shallow = probcut_shallow_depth(depth);
  const int beta = alpha + 1;
  // Proven results are never cut on a guess.
  const int high = beta + margin, low = alpha - margin;
  if (high < kWinScore && search(player, opponent, high - 1, high, shallow, false) >= high) return beta;
  if (low > -kWinScore && search(player, opponent, low, low + 1, shallow, false) <= low) return alpha;
  return kNoCut;
}

MidgameSearch::Result MidgameSearch::search_root(const Board& board, int depth, Square first_move) {
  ++nodes_;
  OrderedMove list[32];
  const int count = order_moves(board.player, board.opponent, legal_moves(board), first_move, std::max(depth, 3), list);
  Result result{list[0].square, -kInfinity, 0};
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
    ++result.searched;
    if (score > result.score) {
      result.move = move.square;
      result.score = score;
      alpha = std::max(alpha, score);
    }
  }
  return result;
}

}  // namespace reversi::ai
