// Hints' questions and answers alone (app/core/hint_book.h): asked once per
// position and again only after the worker's patience ran out, an answer
// shown for its own position only, and "Best move" for the position it was
// pressed in.
#include "app/core/hint_book.h"

#include <doctest/doctest.h>

using namespace reversi;

namespace {

const Board kStart = Board::start();
// Another position: the start with the sides' discs swapped.
const Board kOther{Board::start().opponent, Board::start().player};

std::vector<MoveValue> values() { return {{square_at(2, 3), -2, false}, {square_at(3, 2), 4, false}}; }

}  // namespace

TEST_SUITE("hint book") {
  TEST_CASE("no hints are asked where there are none, or when neither shown nor asked for") {
    HintBook book;
    CHECK(!book.ask_now(std::nullopt, true, 0));
    CHECK(!book.ask_now(kStart, false, 0));
    CHECK(!book.wanted(kStart, false));
    CHECK(!book.pending(kStart, false, 0));
  }

  TEST_CASE("a position is asked once, waited for, and asked again only after the patience runs out") {
    HintBook book;
    CHECK(book.ask_now(kStart, true, 10));
    CHECK(book.pending(kStart, true, 10.5));
    CHECK(!book.ask_now(kStart, true, 11));
    CHECK(!book.pending(kStart, true, 10 + HintBook::kPatienceSeconds));
    CHECK(book.ask_now(kStart, true, 10 + HintBook::kPatienceSeconds));
    CHECK(book.ask_now(kOther, true, 15));  // a new position is asked at once
  }

  TEST_CASE("an answer shows for its own position only, and ends the asking") {
    HintBook book;
    REQUIRE(book.ask_now(kStart, true, 0));
    book.answered({kStart, values()});
    REQUIRE(book.values(kStart));
    CHECK(*book.values(kStart) == values());
    CHECK(!book.pending(kStart, true, 0.1));
    CHECK(!book.ask_now(kStart, true, 100));
    CHECK(book.values(kOther) == nullptr);
    CHECK(book.values(std::nullopt) == nullptr);
  }

  TEST_CASE("Best move is wanted without the hints shown, and forgotten once the position moves on") {
    HintBook book;
    book.ask_best(kStart);
    CHECK(book.wanted(kStart, false));
    CHECK(book.best_move(kStart) == kNoMove);  // not known yet
    REQUIRE(book.ask_now(kStart, false, 0));
    book.answered({kStart, values()});
    CHECK(book.best_move(kStart) == square_at(3, 2));
    book.follow(kOther);
    CHECK(book.best_move(kStart) == kNoMove);
    CHECK(!book.wanted(kOther, false));
  }
}
