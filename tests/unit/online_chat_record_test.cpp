// The table's chat and the arcade's record alone (app/core/online_chat.h,
// online_record.h): each chat line once and the history capped, the person
// across remembered for a report, chips counted for the match at the table
// and worded for the result card.
#include <doctest/doctest.h>

#include "app/core/online_chat.h"
#include "app/core/online_record.h"

using namespace reversi;
namespace online = reversi::messages::online;
namespace wire = reversi::messages::online::server;

namespace {

wire::Chat line(int id, const std::string& text) { return wire::Chat{"p_bea", "Bea", text, 0, id}; }

wire::Chips chips(int balance, int won_today = 0) {
  wire::Chips chips;
  chips.balance = balance;
  chips.won_today = won_today;
  chips.daily_limit = 100;
  return chips;
}

}  // namespace

TEST_SUITE("online chat and record") {
  TEST_CASE("a chat line sent again after a reconnect is kept once, and the history keeps the newest lines") {
    TableChat chat;
    CHECK(chat.add(line(1, "hi")));
    CHECK(!chat.add(line(1, "hi")));
    for (int id = 2; id <= static_cast<int>(online::kChatHistoryLines) + 5; ++id) CHECK(chat.add(line(id, "more")));
    REQUIRE(chat.lines().size() == online::kChatHistoryLines);
    CHECK(chat.lines().front().id == 6);
    CHECK(chat.lines().back().id == static_cast<int>(online::kChatHistoryLines) + 5);
    chat.replace({line(9, "from the history")});
    CHECK(chat.lines().size() == 1);
  }

  TEST_CASE("the person across is remembered after leaving, and muted only once the server says so") {
    TableChat chat;
    CHECK(chat.opponent().empty());
    CHECK(!chat.opponent_muted());
    chat.sat_across("p_bea", "Bea");
    chat.clear();  // a new table: the lines go, the person stays reportable
    CHECK(chat.opponent() == "p_bea");
    CHECK(chat.opponent_name() == "Bea");
    CHECK(!chat.opponent_muted());
    chat.set_mutes({"p_someone", "p_bea"});
    CHECK(chat.opponent_muted());
  }

  TEST_CASE("chips won or lost at the table are counted for the match and worded for the result card") {
    ArcadeRecord record;
    CHECK(!record.plays_chips());
    CHECK(record.chips_line(true, true).empty());  // chips are off
    record.take(chips(500), /*at_table=*/false);
    CHECK(record.plays_chips());
    record.take(chips(545), /*at_table=*/true);
    CHECK(record.chips_line(false, false) == "+45 chips for the match: you have 545 chips.");
    record.take(chips(445), /*at_table=*/true);
    CHECK(record.chips_line(true, false) == "\u201355 chips for the match: you have 445 chips.");
    record.new_match();
    CHECK(record.chips_line(false, false).empty());
    // A win that paid nothing because today's wins have paid the limit.
    record.take(chips(445, 100), /*at_table=*/true);
    CHECK(
        record.chips_line(true, true) ==
        "No chips for this win: wins have paid today's 100 chips. Play on for fun; wins pay again from midnight UTC.");
    CHECK(record.chips_line(true, false).empty());
  }

  TEST_CASE("the ledger's balance is the newest word; a card with chips asks for the ledger until it has come") {
    ArcadeRecord record;
    wire::PlayerCard card;
    card.player = "p_me";
    card.chips = 300;
    CHECK(record.take_card(card));
    CHECK(record.plays_chips());
    record.take(chips(300), false);
    record.take(wire::ChipsLedger{280, {}});
    CHECK(record.chips()->balance == 280);
    CHECK(!record.take_card(card));
  }
}
