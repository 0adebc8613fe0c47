// The pattern evaluation's features, checked against a slow reader that
// walks each pattern's squares one by one.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "ai/evaluation.h"
#include "ai/pattern_eval.h"
#include "ai_test_support.h"
#include "engine/notation.h"
#include "test_support.h"

namespace reversi {
namespace {

// The squares of each shape in the top left of a view, in digit order.
std::vector<Square> shape_squares(int shape) {
  std::vector<Square> squares;
  if (shape == 0) {
    for (int row = 0; row < 3; ++row)
      for (int column = 0; column < 3; ++column) squares.push_back(square_at(column, row));
  } else if (shape == 1) {
    for (int row = 0; row < 2; ++row)
      for (int column = 0; column < 4; ++column) squares.push_back(square_at(column, row));
  } else if (shape <= 5) {
    for (int column = 0; column < 8; ++column) squares.push_back(square_at(column, shape - 2));
  } else {
    const int shift = shape - 6;  // diagonal of 8 - shift squares, (row, row + shift)
    for (int row = 0; row + shift < 8; ++row) squares.push_back(square_at(row + shift, row));
  }
  return squares;
}

// The views each shape is read in, in the order of the feature list.
std::vector<int> shape_views(int shape) {
  if (shape == 0) return {0, 1, 2, 3};
  if (shape == 1) return {0, 1, 2, 3, 4, 5, 6, 7};
  if (shape <= 5) return {0, 2, 4, 5};
  if (shape == 6) return {0, 1};
  return {0, 1, 2, 3};
}

// The board square shown at `square` of view `symmetry`.
Square board_square(Square square, int symmetry) {
  for (Square candidate = 0; candidate < 64; ++candidate)
    if (transform_square(candidate, symmetry) == square) return candidate;
  return kNoMove;
}

std::vector<int> reference_indexes(const Board& board) {
  std::vector<int> indexes;
  for (int shape = 0; shape < ai::kPatternShapes; ++shape) {
    const std::vector<Square> squares = shape_squares(shape);
    REQUIRE(static_cast<int>(squares.size()) == ai::kShapes[shape].squares);
    const std::vector<int> views = shape_views(shape);
    REQUIRE(static_cast<int>(views.size()) == ai::kShapes[shape].copies);
    for (const int view : views) {
      int index = 0, power = 1;
      for (const Square square : squares) {
        const Square on_board = board_square(square, view);
        if (board.player & bit(on_board)) index += power;
        if (board.opponent & bit(on_board)) index += 2 * power;
        power *= 3;
      }
      indexes.push_back(ai::kPatternLayout.offset[shape] + index);
    }
  }
  return indexes;
}

TEST_CASE("ai: pattern features read the squares they are meant to") {
  std::mt19937_64 random(77);
  for (int trial = 0; trial < 400; ++trial) {
    const Board board = testing::random_position(random, static_cast<int>(random() % 60));
    const ai::PatternFeatures features = ai::pattern_features(board);
    const std::vector<int> expected = reference_indexes(board);
    REQUIRE(expected.size() == features.index.size());
    for (std::size_t i = 0; i < expected.size(); ++i) CHECK(features.index[i] == expected[i]);
    CHECK(features.scalars[ai::kMobilityWeight] ==
          count_bits(legal_moves(board)) - count_bits(legal_moves(after_pass(board))));
    CHECK(features.scalars[ai::kParityWeight] == (board.empty_count() & 1));
    CHECK(features.scalars[ai::kBiasWeight] == 1);
    // Potential mobility: empty squares touching the opponent's discs, less
    // those touching one's own, counted square by square.
    int potential = 0;
    for (Square square = 0; square < 64; ++square) {
      if ((board.player | board.opponent) & bit(square)) continue;
      bool by_player = false, by_opponent = false;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int row = square / 8 + dr, column = square % 8 + dc;
          if ((dr || dc) && row >= 0 && row < 8 && column >= 0 && column < 8) {
            by_player |= (board.player & bit(square_at(column, row))) != 0;
            by_opponent |= (board.opponent & bit(square_at(column, row))) != 0;
          }
        }
      potential += by_opponent - by_player;
    }
    CHECK(features.scalars[ai::kPotentialMobilityWeight] == potential);
    CHECK(features.phase == ai::pattern_phase(board.empty_count()));
    CHECK(features.finished == is_game_over(board));
    // Given the moves the caller knows, the features are the same.
    const ai::PatternFeatures told = ai::pattern_features(board, legal_moves(board));
    CHECK(told.index == features.index);
    CHECK(told.scalars == features.scalars);
    CHECK(told.finished == features.finished);
  }
}

TEST_CASE("ai: the pattern evaluation is the weighted sum of the pattern features") {
  // evaluate_pattern adds the weights as it walks the patterns; the trainer
  // reads the same walk through pattern_features. Both must agree.
  const ai::PatternWeights& weights = ai::trained_pattern_weights();
  std::mt19937_64 random(91);
  int compared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Board board = testing::random_position(random, 1 + static_cast<int>(random() % 58));
    const ai::PatternFeatures features = ai::pattern_features(board);
    if (features.finished) continue;
    const std::int32_t* scalars = weights.scalars + features.phase * ai::kScalarWeights;
    int sum = 0;
    for (int k = 0; k < ai::kScalarWeights; ++k) sum += scalars[k] * features.scalars[k];
    for (const std::int32_t index : features.index)
      sum += weights.patterns[features.phase * ai::kPatternWeights + index];
    CHECK(ai::evaluate_pattern(board) == std::clamp(sum, -ai::kWinScore + 1, ai::kWinScore - 1));
    CHECK(ai::evaluate_pattern(board, legal_moves(board)) == ai::evaluate_pattern(board));
    ++compared;
  }
  CHECK(compared > 300);
}

TEST_CASE("ai: the pattern evaluation scores finished games exactly and others as estimates") {
  std::mt19937_64 random(78);
  for (int trial = 0; trial < 400; ++trial) {
    const Board board = testing::random_position(random, static_cast<int>(random() % 30));
    const int score = ai::evaluate_pattern(board);
    if (is_game_over(board)) {
      CHECK(score == ai::finished_game_score(board));
    } else {
      CHECK(score > -ai::kWinScore);
      CHECK(score < ai::kWinScore);
    }
  }
}

// Root-mean-square error, in discs, of an evaluation of every move's
// resulting position against the move's published exact score, over the
// FFO positions #1-#39 (14-20 empties: where the solver uses the patterns).
double move_score_error(int (*evaluate)(const Board&)) {
  double squared = 0;
  int count = 0;
  for (const char* file : {"positions/fforum-1-19.obf", "positions/fforum-20-39.obf"}) {
    for (const std::string& line : testing::read_lines(testing::shared_path(file))) {
      const auto position = parse_position(line);
      REQUIRE_MESSAGE(position, position.error);
      const Board& board = position.value->board;
      // "; A2:+38; C7:+36; ..." after the position.
      for (std::size_t at = line.find(';'); at != std::string::npos; at = line.find(';', at + 1)) {
        const std::size_t colon = line.find(':', at);
        if (colon == std::string::npos) break;
        std::string name = line.substr(at + 1, colon - at - 1);
        name.erase(0, name.find_first_not_of(' '));
        const auto square = parse_square(name);
        REQUIRE_MESSAGE(square, square.error);
        const Square move = *square.value;
        const Bitboard flips = flips_for(board.player, board.opponent, move);
        REQUIRE(flips);
        const double estimate = -evaluate(after_move(board, move, flips)) / double(ai::kDiscScale);
        const double error = estimate - std::stoi(line.substr(colon + 1));
        squared += error * error;
        ++count;
      }
    }
  }
  REQUIRE(count > 300);
  return std::sqrt(squared / count);
}

TEST_CASE("ai: the learned patterns predict exact endgame scores better than the hand-written evaluation") {
  const double learned = move_score_error([](const Board& board) { return ai::evaluate_pattern(board); });
  const double hand_written = move_score_error(ai::evaluate_strong);
  INFO("rms error, discs: patterns " << learned << ", hand-written " << hand_written);
  CHECK(learned < 0.75 * hand_written);
}

}  // namespace
}  // namespace reversi
