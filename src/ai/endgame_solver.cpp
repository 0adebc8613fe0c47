// The exact endgame solver's search kernel, kept whole, as Stockfish keeps
// its search: the searches for the last one, two and three empties, the
// shallow and the deep null-window searches and the principal-variation
// search call one another at every node, with the move ordering helpers
// above inlined into them; one file lets the compiler see the whole
// recursion (the bench's nodes per second is the measure of any change, and
// its node-count signature must not move). What the solver offers is in
// endgame_solver.h; its tests are in tests/unit/ai_solver_test.cpp.
#include "ai/endgame_solver.h"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <utility>

#include "ai/bit_kernels.h"
#include "ai/evaluation.h"
#include "ai/midgame_search.h"
#include "ai/stability.h"

namespace reversi::ai {
namespace {

// Below this many empties the solver tries the empty squares directly (no
// move generation), odd quadrants first: the last move of a region is worth
// having.
constexpr int kShallowEmpties = 6;
// From this many empties results go into the transposition table.
constexpr int kTableEmpties = 9;
// From this many empties up to kTableEmpties results go into the solver's
// small table instead: a probe there costs no cache miss, where the main
// table would cost one at nearly every node. FFO #40-#49: 607 M nodes
// against 714 M with the main table from 8 empties and no small table, and
// 30.0 s against 32.7 s (medians of five paired runs on one core).
constexpr int kSmallTableEmpties = 5;
static_assert(kSmallTableEmpties <= kShallowEmpties + 1 && kShallowEmpties < kTableEmpties);
constexpr int kMaxScore = 64;
// From this many empties children are looked up in the table before searching.
constexpr int kEnhancedCutoffEmpties = 12;

// Stability is only worth computing when alpha is this high: the opponent's
// stable discs cap our score at 64 - 2 * stable.
constexpr int kStabilityThreshold[65] = {99, 99, 99, 99, 6,  8,  10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32,
                                         34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56,
                                         58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
                                         64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64};

// From this many empties a move's place in the order also depends on a
// shallow midgame search of the position it leads to, with the pattern
// evaluation learned from exact endgame scores (a disc of expected margin
// weighs 40/64 of a reply move). Near the root a better first move saves far
// more than these searches cost. (A table for these searches, and the
// midgame table's moves as first tries, made the order worse.)
constexpr int kSortSearchEmpties = 19;
constexpr int kSortSearchWeight = 40;  // key units per disc; a reply move is 64
// 3 plies at 19-20 empties, 4 at 21-23, 5 at 24-26, 6 from 27.
inline int sort_search_depth(int empties) { return std::min(6, (empties - 9) / 3); }
// Between kEvalOrderEmpties and kSortSearchEmpties the position a move leads
// to is only evaluated, and weighs less against the reply count.
// FFO #40-#49, nodes: fastest-first alone below 18 empties and the
// hand-written evaluation above, 2.72 G; searches with the patterns from 17,
// 1.18 G; and evaluation from 13, 975 M. With the evaluation from 13,
// searches from 18 or 19 instead of 17 cost fewer nodes or only a few more
// (#40-#44: 122.5 M and 128.2 M against 124.9 M) and take less time:
// paired medians 0.91 (18) and 0.89 (19) of the time with searches from 17.
constexpr int kEvalOrderEmpties = 13;
constexpr int kEvalOrderWeight = 10;

constexpr Bitboard kQuadrants[4] = {0x000000000f0f0f0fULL, 0x00000000f0f0f0f0ULL, 0x0f0f0f0f00000000ULL,
                                    0xf0f0f0f000000000ULL};

// The X and C squares, next to the corners: taking them tends to give a
// corner away. The other squares are neither these nor corners.
constexpr Bitboard kCornerNeighbours = 0x42c300000000c342ULL;
constexpr Bitboard kMiddleSquares = ~(kCornerNeighbours | kCorners);

// Empty squares lying in quadrants with an odd number of empties.
inline Bitboard odd_quadrant_squares(Bitboard empty_squares) {
  Bitboard odd = 0;
  for (const Bitboard quadrant : kQuadrants)
    if (std::popcount(empty_squares & quadrant) & 1) odd |= quadrant;
  return empty_squares & odd;
}

// The mover's corners and the edge squares it holds next to them: discs that
// are stable for certain, and cheap to count.
inline int corner_stability(Bitboard own) {
  constexpr Bitboard kLeftCorners = 0x0100000000000001ULL, kRightCorners = 0x8000000000000080ULL;
  constexpr Bitboard kTopCorners = 0x0000000000000081ULL, kBottomCorners = 0x8100000000000000ULL;
  const Bitboard held = ((own & kLeftCorners) << 1) | ((own & kRightCorners) >> 1) | ((own & kTopCorners) << 8) |
                        ((own & kBottomCorners) >> 8) | kCorners;
  return std::popcount(held & own);
}

// Fastest first: the reply that leaves the opponent fewest moves (corners
// counted twice) is searched first; it tends to be best and its subtree small.
// Stable discs at the corners count an eighth of a reply each (4-6 % fewer
// nodes on FFO #40-#47 than counting the corners alone).
// The opponent's replies are kept in the move: the search of the child needs
// them again.
inline int ordering_key(Bitboard player, Bitboard opponent, SolverMove& move, Bitboard odd_squares) {
  const Square square = move.square;
  const Bitboard flips = move.flips;
  const Bitboard next_player = opponent ^ flips;
  const Bitboard next_opponent = player ^ flips ^ bit(square);
  const Bitboard replies = legal_moves_fast(next_player, next_opponent);
  move.replies = replies;
  int key = 64 * (std::popcount(replies) + std::popcount(replies & kCorners));
  key += 2 * std::popcount(neighbours(next_opponent) & ~(next_player | next_opponent));
  key -= 8 * corner_stability(next_opponent);
  if (odd_squares & bit(square)) key -= 8;
  return key;
}

// The most the mover can score, 64 - 2 x the opponent's stable discs, when
// that may cut at `alpha`; above every score when it cannot. Stable discs are
// some of the opponent's discs, so with too few discs in all there is no
// need to count them (a fifth of the counts skipped on FFO #40-#44).
inline int stability_ceiling(Bitboard player, Bitboard opponent, int alpha) {
  if (64 - 2 * std::popcount(opponent) > alpha) return kMaxScore + 1;
  return 64 - 2 * std::popcount(stable_discs(opponent, player));
}

// Moves `square`'s entry to the front of the list; false when it is not there.
inline bool move_to_front(SolverMove* list, int count, Square square) {
  for (int i = 0; i < count; ++i) {
    if (list[i].square != square) continue;
    std::swap(list[0], list[i]);
    return true;
  }
  return false;
}

// Moves the best remaining entry to position `index` (selection sort done
// lazily: a cut-off often comes before the list is sorted).
inline void pick_next(SolverMove* list, int index, int count) {
  int best = index;
  for (int i = index + 1; i < count; ++i)
    if (list[i].key < list[best].key) best = i;
  std::swap(list[index], list[best]);
}

}  // namespace

EndgameSolver::EndgameSolver(TranspositionTable& table, Deadline& deadline)
    : small_table_(std::make_unique<SmallEntry[]>(std::size_t{kTableEmpties - kSmallTableEmpties} << kSmallTableBits)),
      table_(table),
      deadline_(deadline) {}

EndgameSolver::SmallEntry& EndgameSolver::small_entry(Bitboard player, Bitboard opponent, int empties) {
  const std::uint64_t mixed = player * 0x9e3779b97f4a7c15ULL ^ opponent * 0xc2b2ae3d27d4eb4fULL;
  const auto slot = static_cast<std::size_t>(mixed >> (64 - kSmallTableBits));
  return small_table_[(static_cast<std::size_t>(empties - kSmallTableEmpties) << kSmallTableBits) + slot];
}

// A null-window result at `alpha`: a lower bound when it failed high, an
// upper one when it failed low.
void EndgameSolver::record(SmallEntry& entry, Bitboard player, Bitboard opponent, int alpha, int best) {
  entry = best > alpha ? SmallEntry{player, opponent, best, kMaxScore} : SmallEntry{player, opponent, -kMaxScore, best};
}

int final_score(Bitboard player, Bitboard opponent) {
  const int own = std::popcount(player), other = std::popcount(opponent);
  const int empties = 64 - own - other;
  const int margin = own - other;
  return margin > 0 ? margin + empties : margin < 0 ? margin - empties : 0;
}

int EndgameSolver::generate_ordered(Bitboard player, Bitboard opponent, Bitboard moves, Square first, SolverMove* list,
                                    int empties) {
  const int count = list_moves(player, opponent, moves, list);
  // The move to try first needs no ordering searches.
  const int next = move_to_front(list, count, first) ? 1 : 0;
  if (next) list[0].key = -1000000;
  score_moves(player, opponent, list + next, count - next, empties);
  return count;
}

int EndgameSolver::list_moves(Bitboard player, Bitboard opponent, Bitboard moves, SolverMove* list) {
  int count = 0;
  for (; moves; moves &= moves - 1) {
    const Square square = first_square(moves);
    list[count++] = SolverMove{flips_at(player, opponent, square), kUnknownMoves, square, 0};
  }
  return count;
}

void EndgameSolver::score_moves(Bitboard player, Bitboard opponent, SolverMove* list, int count, int empties) {
  const Bitboard odd = odd_quadrant_squares(~(player | opponent));
  const bool sort_search = empties >= kSortSearchEmpties;
  for (int i = 0; i < count; ++i) {
    SolverMove& move = list[i];
    move.key = ordering_key(player, opponent, move, odd);
    if (empties >= kEvalOrderEmpties) {
      const Board child{opponent ^ move.flips, player ^ move.flips ^ bit(move.square)};
      const int weight = sort_search ? kSortSearchWeight : kEvalOrderWeight;
      move.key +=
          weight * child_estimate(child, move.replies, sort_search ? sort_search_depth(empties) : 0) / kDiscScale;
    }
  }
}

// The position's value for its side to move by a `depth`-ply midgame search
// (depth 0: the evaluation alone), in hundredths of a disc capped at a
// whole-board margin. `moves` are its legal moves, known from the ordering.
int EndgameSolver::child_estimate(const Board& child, Bitboard moves, int depth) {
  if (!moves || depth == 0) return std::clamp(evaluate_pattern(child, moves), -64 * kDiscScale, 64 * kDiscScale);
  // A timed solve must not overrun its budget here either: when the clock
  // runs out inside this search the solver learns it and stops.
  Deadline deadline = deadline_.restarted();
  MidgameSearch search(Evaluation::Pattern, nullptr, deadline);
  const int score = search.search_root(child, depth).score;
  nodes_ += search.nodes();
  if (deadline.has_expired()) deadline_ = deadline;
  return std::clamp(score, -64 * kDiscScale, 64 * kDiscScale);
}

__attribute__((always_inline)) inline int EndgameSolver::last_move(Bitboard player, Bitboard opponent, Square square) {
  ++nodes_;
  const int own = std::popcount(player);
  // Only the number of flips matters: count them without making the move.
  const int flipped = last_flip_count(player, square);
  if (flipped) return 2 * own + 2 * flipped - 62;
  const int flipped_back = last_flip_count(opponent, square);
  if (flipped_back) return 2 * own - 2 * flipped_back - 64;
  return 2 * own - 63 > 0 ? 2 * own - 62 : 2 * own - 64;
}

// The pass is a template argument, so the version after a pass (which never
// recurses) inlines into the other and the whole of last_two into its caller.
template <bool Passed>
__attribute__((always_inline)) inline int EndgameSolver::last_two(Bitboard player, Bitboard opponent, int alpha,
                                                                  Square first, Square second) {
  ++nodes_;
  int best = -kMaxScore - 1;
  if (kNeighbourTable.around[first] & opponent) {
    if (const Bitboard flips = flips_at(player, opponent, first)) {
      best = -last_move(opponent ^ flips, player ^ flips ^ bit(first), second);
      if (best > alpha) return best;
    }
  }
  if (kNeighbourTable.around[second] & opponent) {
    if (const Bitboard flips = flips_at(player, opponent, second))
      best = std::max(best, -last_move(opponent ^ flips, player ^ flips ^ bit(second), first));
  }
  if (best > -kMaxScore - 1) return best;
  if constexpr (Passed) {
    return final_score(player, opponent);
  } else {
    return -last_two<true>(opponent, player, -alpha - 1, first, second);
  }
}

// Three empties: each square tried in turn, a square alone in its quadrant
// first (the two left are passed on in rising order).
int EndgameSolver::last_three(Bitboard player, Bitboard opponent, int alpha, Bitboard empty_squares, bool passed) {
  ++nodes_;
  const Square first = first_square(empty_squares);
  const Bitboard rest = empty_squares & (empty_squares - 1);
  const Square second = first_square(rest), third = first_square(rest & (rest - 1));
  auto quadrant = [](Square square) { return (square >> 5 & 1) * 2 + (square >> 2 & 1); };
  Square order[3] = {first, second, third};
  if (quadrant(first) == quadrant(second)) {
    if (quadrant(second) != quadrant(third)) order[0] = third, order[1] = first, order[2] = second;
  } else if (quadrant(first) == quadrant(third)) {
    order[0] = second, order[1] = first;
  }
  int best = -kMaxScore - 1;
  for (const Square square : order) {
    if (!(kNeighbourTable.around[square] & opponent)) continue;
    const Bitboard flips = flips_at(player, opponent, square);
    if (!flips) continue;
    const Square low = square == first ? second : first, high = square == third ? second : third;
    const int score = -last_two<false>(opponent ^ flips, player ^ flips ^ bit(square), -alpha - 1, low, high);
    if (score > best) {
      best = score;
      if (score > alpha) return best;
    }
  }
  if (best > -kMaxScore - 1) return best;
  if (passed) return final_score(player, opponent);
  return -last_three(opponent, player, -alpha - 1, empty_squares, true);
}

int EndgameSolver::null_window_shallow(Bitboard player, Bitboard opponent, int alpha, Bitboard empty_squares,
                                       int empties, bool passed) {
  ++nodes_;
  if (alpha >= kStabilityThreshold[empties]) {
    if (const int ceiling = stability_ceiling(player, opponent, alpha); ceiling <= alpha) return ceiling;
  }
  SmallEntry* small = nullptr;
  if (empties >= kSmallTableEmpties) {
    small = &small_entry(player, opponent, empties);
    if (int bound; small->settles(player, opponent, alpha, bound)) return bound;
  }
  // First the holes (empty squares with no empty neighbour, each a region of
  // its own whose last move is worth having: FFO #40-#49, 5 % fewer nodes),
  // then odd quadrants; within each parity corners first, the squares next to
  // the corners (X and C) last (3.7 % fewer nodes).
  const Bitboard holes = empty_squares & ~neighbours(empty_squares);
  const Bitboard odd = odd_quadrant_squares(empty_squares) & ~holes, even = empty_squares & ~odd & ~holes;
  const Bitboard groups[7] = {holes,           odd & kCorners,        odd & kMiddleSquares,    odd & kCornerNeighbours,
                              even & kCorners, even & kMiddleSquares, even & kCornerNeighbours};
  int best = -kMaxScore - 1;
  for (Bitboard group : groups) {
    for (; group; group &= group - 1) {
      const Square square = first_square(group);
      if (!(kNeighbourTable.around[square] & opponent)) continue;
      const Bitboard flips = flips_at(player, opponent, square);
      if (!flips) continue;
      const Bitboard next_player = opponent ^ flips, next_opponent = player ^ flips ^ bit(square);
      const Bitboard rest = empty_squares ^ bit(square);
      int score;
      if (empties == 4) {
        score = -last_three(next_player, next_opponent, -alpha - 1, rest, false);
      } else {
        score = -null_window_shallow(next_player, next_opponent, -alpha - 1, rest, empties - 1, false);
      }
      if (score > best) {
        best = score;
        if (score > alpha) {
          if (small) record(*small, player, opponent, alpha, best);
          return best;
        }
      }
    }
  }
  if (best > -kMaxScore - 1) {
    if (small) record(*small, player, opponent, alpha, best);
    return best;
  }
  if (passed) return final_score(player, opponent);
  return -null_window_shallow(opponent, player, -alpha - 1, empty_squares, empties, true);
}

// One node of the deep null-window search, kept whole: it is the hottest
// recursion of the solver, and its steps (the stability ceiling, the table
// probe, the prefetch and enhanced cut-off, the table's move first, then the
// ordered children) share the node's locals; splitting them would pass those
// through a call at every node for nothing a reader gains.
int EndgameSolver::null_window_deep(Bitboard player, Bitboard opponent, int alpha, int empties, bool passed,
                                    Bitboard known_moves) {
  if (empties <= kShallowEmpties) {
    const Bitboard empty_squares = ~(player | opponent);
    const Square first = first_square(empty_squares);
    switch (empties) {
      case 1:
        return last_move(player, opponent, first);
      case 2: {
        const Square second = first_square(empty_squares & (empty_squares - 1));
        return passed ? last_two<true>(player, opponent, alpha, first, second)
                      : last_two<false>(player, opponent, alpha, first, second);
      }
      case 3:
        return last_three(player, opponent, alpha, empty_squares, passed);
      default:
        return null_window_shallow(player, opponent, alpha, empty_squares, empties, passed);
    }
  }
  ++nodes_;
  if (deadline_.expired(nodes_)) return 0;

  if (alpha >= kStabilityThreshold[empties] - 8) {
    if (const int ceiling = stability_ceiling(player, opponent, alpha); ceiling <= alpha) return ceiling;
  }

  Square table_move = kNoMove;
  std::uint64_t key = 0;
  SmallEntry* small = nullptr;
  if (empties < kTableEmpties) {
    small = &small_entry(player, opponent, empties);
    if (int bound; small->settles(player, opponent, alpha, bound)) return bound;
  } else {
    key = hash_of(Board{player, opponent});
    if (const TableEntry* entry = table_.probe(key)) {
      if (entry->lower > alpha) return entry->lower;
      if (entry->upper <= alpha) return entry->upper;
      table_move = entry->move;
    }
  }

  const Bitboard moves = known_moves != kUnknownMoves ? known_moves : legal_moves_fast(player, opponent);
  if (!moves) {
    if (passed) return final_score(player, opponent);
    return -null_window_deep(opponent, player, -alpha - 1, empties, true);
  }

  SolverMove list[32];
  const int count = list_moves(player, opponent, moves, list);
  if (empties >= (TranspositionTable::kCanPrefetch ? kTableEmpties + 1 : kEnhancedCutoffEmpties)) {
    // The children will probe the table: start fetching their buckets now,
    // all at once rather than one cache miss after another (where the target
    // can; elsewhere the keys are only needed for the cut-offs below).
    std::uint64_t child_keys[32];
    for (int i = 0; i < count; ++i) {
      child_keys[i] = hash_of(after_move(Board{player, opponent}, list[i].square, list[i].flips));
      table_.prefetch(child_keys[i]);
    }
    if (empties >= kEnhancedCutoffEmpties) {
      // Enhanced transposition cut-off: a child the table already proves bad
      // enough for the opponent ends this node without searching anything.
      for (int i = 0; i < count; ++i) {
        const TableEntry* entry = table_.probe(child_keys[i]);
        if (entry && -entry->upper > alpha) return -entry->upper;
      }
    }
  }
  if (empties <= kTableEmpties) {
    // The same cut-off where the children are in the small table (FFO
    // #40-#44: 2 % fewer nodes).
    for (int i = 0; i < count; ++i) {
      const Board child = after_move(Board{player, opponent}, list[i].square, list[i].flips);
      const SmallEntry& entry = small_entry(child.player, child.opponent, empties - 1);
      if (entry.holds(child.player, child.opponent) && -entry.upper > alpha) return -entry.upper;
    }
  }
  int best = -kMaxScore - 1;
  Square best_move = kNoMove;
  int next = 0;
  auto search_child = [&](const SolverMove& move) {
    const int score = -null_window_deep(opponent ^ move.flips, player ^ move.flips ^ bit(move.square), -alpha - 1,
                                        empties - 1, false, move.replies);
    if (score > best) {
      best = score;
      best_move = move.square;
    }
  };
  // The table's move often refutes this node again: it is tried before the
  // others are ordered, which near the root costs shallow searches.
  if (move_to_front(list, count, table_move)) {
    search_child(list[0]);
    if (deadline_.has_expired()) return 0;
    next = 1;
  }
  if (best <= alpha) {
    score_moves(player, opponent, list + next, count - next, empties);
    for (int i = next; i < count; ++i) {
      pick_next(list, i, count);
      search_child(list[i]);
      if (deadline_.has_expired()) return 0;
      if (best > alpha) break;
    }
  }
  if (empties >= kTableEmpties) {
    table_.store(key, empties, alpha, alpha + 1, best, best_move, -kMaxScore, kMaxScore);
  } else {
    record(*small, player, opponent, alpha, best);
  }
  return best;
}

int EndgameSolver::principal_search(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, bool passed) {
  if (beta - alpha <= 1) return null_window_deep(player, opponent, alpha, empties, passed);
  ++nodes_;
  if (deadline_.expired(nodes_)) return 0;
  const std::uint64_t key = hash_of(Board{player, opponent});
  Square table_move = kNoMove;
  if (const TableEntry* entry = table_.probe(key)) {
    if (entry->lower == entry->upper) return entry->lower;
    if (entry->lower >= beta) return entry->lower;
    if (entry->upper <= alpha) return entry->upper;
    table_move = entry->move;
  }
  const Bitboard moves = legal_moves_fast(player, opponent);
  if (!moves) {
    if (passed) return final_score(player, opponent);
    return -principal_search(opponent, player, -beta, -alpha, empties, true);
  }
  SolverMove list[32];
  const int count = generate_ordered(player, opponent, moves, table_move, list, empties);
  int best = -kMaxScore - 1;
  Square best_move = kNoMove;
  const int original_alpha = alpha;
  for (int i = 0; i < count; ++i) {
    pick_next(list, i, count);
    const SolverMove& move = list[i];
    const Bitboard next_player = opponent ^ move.flips, next_opponent = player ^ move.flips ^ bit(move.square);
    int score;
    if (i == 0) {
      score = -principal_search(next_player, next_opponent, -beta, -alpha, empties - 1, false);
    } else {
      score = -null_window_deep(next_player, next_opponent, -alpha - 1, empties - 1, false);
      if (score > alpha && score < beta && !deadline_.has_expired())
        score = -principal_search(next_player, next_opponent, -beta, -score, empties - 1, false);
    }
    if (deadline_.has_expired()) return 0;
    if (score > best) {
      best = score;
      best_move = move.square;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
  }
  table_.store(key, empties, original_alpha, beta, best, best_move, -kMaxScore, kMaxScore);
  return best;
}

int EndgameSolver::search(Bitboard player, Bitboard opponent, int alpha, int beta) {
  const int empties = 64 - std::popcount(player | opponent);
  if (empties == 0) return final_score(player, opponent);
  return principal_search(player, opponent, alpha, beta, empties, false);
}

EndgameSolver::Result EndgameSolver::solve(const Board& board, Square first_move, int guess, bool has_guess) {
  const Bitboard player = board.player, opponent = board.opponent;
  const int empties = board.empty_count();
  const Bitboard moves = legal_moves_fast(player, opponent);
  if (!moves) {
    if (!legal_moves(opponent, player)) return Result{kNoMove, final_score(player, opponent)};
    const int score = -search(opponent, player, -kMaxScore - 1, kMaxScore + 1);
    return Result{kPass, score};
  }
  SolverMove list[32];
  const int count = generate_ordered(player, opponent, moves, first_move, list, empties);
  std::sort(list, list + count, [](const SolverMove& a, const SolverMove& b) { return a.key < b.key; });

  // Aspiration: a narrow window around the guess, moved on failure.
  constexpr int kRootStep = 2;
  int low = has_guess ? std::max(-kMaxScore - 1, guess - 3) : -kMaxScore - 1;
  int high = has_guess ? std::min(kMaxScore + 1, guess + 3) : kMaxScore + 1;
  for (;;) {
    int alpha = low;
    int best = -kMaxScore - 1;
    Square best_move = list[0].square;
    for (int i = 0; i < count; ++i) {
      const SolverMove& move = list[i];
      const Bitboard next_player = opponent ^ move.flips, next_opponent = player ^ move.flips ^ bit(move.square);
      int score;
      if (i == 0) {
        score = -principal_search(next_player, next_opponent, -high, -alpha, empties - 1, false);
      } else {
        score = -null_window_deep(next_player, next_opponent, -alpha - 1, empties - 1, false);
        if (score > alpha && score < high && !deadline_.has_expired())
          score = -principal_search(next_player, next_opponent, -high, -score, empties - 1, false);
      }
      if (deadline_.has_expired()) return Result{best_move, 0};
      if (score > best) {
        best = score;
        best_move = move.square;
        if (score > alpha) alpha = score;
        if (alpha >= high) break;
      }
    }
    // A failed window still bounds the score (fail-soft): the next starts
    // there, two points wide, unless the miss was wider than that. FFO
    // #40-#49: 595.6 M nodes against 606.8 M reopening the whole scale on
    // the side that failed; #50-#52 704.4 M against 750.7 M.
    if (best <= low && low > -kMaxScore - 1) {
      high = best + 1;
      low = low - best > kRootStep ? -kMaxScore - 1 : std::max(-kMaxScore - 1, best - kRootStep);
      continue;
    }
    if (best >= high && high < kMaxScore + 1) {
      low = best - 1;
      high = best - high > kRootStep ? kMaxScore + 1 : std::min(kMaxScore + 1, best + kRootStep);
      continue;
    }
    return Result{best_move, best};
  }
}

}  // namespace reversi::ai
