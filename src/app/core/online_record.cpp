#include "app/core/online_record.h"

#include "app/core/wording.h"
#include "app/core/words.h"

namespace reversi {

namespace wire = messages::online::server;

bool ArcadeRecord::take_card(const wire::PlayerCard& card) {
  card_ = card;
  return card.chips && !chips_ledger_;
}

void ArcadeRecord::take(const wire::Chips& chips, bool at_table) {
  if (chips_ && at_table) chips_change_ += chips.balance - chips_->balance;
  chips_ = chips;
}

void ArcadeRecord::take(const wire::ChipsLedger& ledger) {
  chips_ledger_ = ledger;
  if (chips_) chips_->balance = ledger.balance;
}

std::string ArcadeRecord::chips_line(bool match_over, bool won) const {
  if (!chips_ || (!match_over && chips_change_ == 0)) return "";
  const std::string balance = chips_words(chips_->balance);
  if (chips_change_ > 0)
    return tr("+{chips} for the match: you have {balance}.",
              {{"chips", chips_words(chips_change_)}, {"balance", balance}});
  if (chips_change_ < 0)
    return tr("–{chips} for the match: you have {balance}.",
              {{"chips", chips_words(-chips_change_)}, {"balance", balance}});
  if (!match_over) return "";
  if (won && chips_->won_today >= chips_->daily_limit)
    return tr(
        "No chips for this win: wins have paid today's {chips}. Play on for fun; wins pay again from midnight UTC.",
        {{"chips", chips_words(chips_->daily_limit)}});
  return "";
}

}  // namespace reversi
