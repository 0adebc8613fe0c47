// The arcade's record of this device's player as the server last told it:
// a leaderboard, the player's own card and games, and chips on a server
// that plays them (the balance, the stake at the table, what leaving would
// cost, the ledger, and what the match at this table has won or lost).
#pragma once

#include <optional>
#include <string>

#include "messages/table_messages.h"

namespace reversi {

class ArcadeRecord {
 public:
  void take(const messages::online::server::Leaderboard& board) { leaderboard_ = board; }
  void take(const messages::online::server::History& history) { history_ = history; }
  // The player's own card; true when its chips are news (no ledger yet).
  bool take_card(const messages::online::server::PlayerCard& card);
  // The balance and the table's stakes; a change while `at_table` counts
  // for the match there.
  void take(const messages::online::server::Chips& chips, bool at_table);
  void take(const messages::online::server::ChipsLedger& ledger);
  void new_match() { chips_change_ = 0; }
  // Whether the server has said it plays chips.
  bool plays_chips() const { return chips_ || (card_ && card_->chips); }

  const std::optional<messages::online::server::Leaderboard>& leaderboard() const { return leaderboard_; }
  const std::optional<messages::online::server::PlayerCard>& card() const { return card_; }
  const std::optional<messages::online::server::History>& history() const { return history_; }
  const std::optional<messages::online::server::Chips>& chips() const { return chips_; }
  const std::optional<messages::online::server::ChipsLedger>& chips_ledger() const { return chips_ledger_; }
  // The result card's word on chips ("+45 chips for the match: you have
  // 515."), or "" when chips are off or nothing changed hands; `won` counts
  // only once the match is over.
  std::string chips_line(bool match_over, bool won) const;

 private:
  std::optional<messages::online::server::Leaderboard> leaderboard_;
  std::optional<messages::online::server::PlayerCard> card_;
  std::optional<messages::online::server::History> history_;
  std::optional<messages::online::server::Chips> chips_;
  std::optional<messages::online::server::ChipsLedger> chips_ledger_;
  int chips_change_ = 0;  // since the match at this table began
};

}  // namespace reversi
