// Who is at the table's seats right now, what they are sent when they
// arrive or come back, and what the directory is told.
#include "server/table.h"

namespace reversi::server {

using messages::TablePhase;
namespace online = messages::online;
namespace wire = messages::online::server;

void Table::attach(const std::string& player, const LinkPtr& link, std::optional<int> resume) {
  const int seat = seat_of(player);
  if (seat < 0 || !link) return;
  Presence& presence = presence_[seat];
  if (presence.link && presence.link != link) {
    presence.link->send(online::encode_server_message(wire::SeatMoved{}));  // another tab or device took the seat
    presence.link->close();
  }
  const bool was_away = presence.away_since.has_value();
  presence.link = link;
  presence.away_since.reset();

  link->send(online::encode_server_message(view()));
  const bool can_replay =
      resume && *resume <= state_.seq &&
      (*resume == state_.seq || (!recent_events_.empty() && recent_events_.front().first <= *resume + 1));
  if (can_replay) {
    for (const auto& [seq, text] : recent_events_)
      if (seq > *resume) link->send(text);
  } else if (state_.session) {
    send_snapshot(link);
  }
  send_chat_history(player, link);
  show_chips(seat);  // with chips on: the balance, the stake and what leaving would cost
  const LinkPtr& opponent = presence_[1 - seat].link;
  if (opponent) {
    if (was_away && state_.phase != TablePhase::Waiting)
      opponent->send(online::encode_server_message(wire::OpponentBack{player}));
    opponent->send(online::encode_server_message(view()));  // shown as connected again
  }
  schedule();
}

void Table::detach(const LinkPtr& link) {
  for (int seat = 0; seat < 2; ++seat) {
    Presence& presence = presence_[seat];
    if (!link || presence.link != link) continue;
    presence.link.reset();
    presence.away_since = now();
    const LinkPtr& opponent = presence_[1 - seat].link;
    if (opponent) {
      if (state_.phase != TablePhase::Waiting)
        opponent->send(online::encode_server_message(
            wire::OpponentAway{state_.seats[seat].player, static_cast<int>(services_.grace_seconds)}));
      opponent->send(online::encode_server_message(view()));
    }
  }
  schedule();
}

wire::Table Table::view() const {
  wire::Table table;
  table.code = state_.code;
  table.owner = state_.owner;
  table.is_private = state_.is_private;
  table.options = state_.options;
  for (int seat = 0; seat < 2; ++seat) {
    const SeatRow& row = state_.seats[seat];
    wire::SeatView& view = table.seats[seat];
    if (row.computer) {
      view.kind = wire::SeatView::Kind::Computer;
      view.strength = *row.computer;
    } else if (!row.player.empty()) {
      view.kind = wire::SeatView::Kind::Human;
      view.player = row.player;
      view.name = row.name;
      view.connected = presence_[seat].link != nullptr;
    }
  }
  table.phase = state_.phase;
  table.seq = state_.seq;
  table.clock = clock_reading();
  if (state_.phase == TablePhase::Playing) table.game_clock = game_clock_reading();
  return table;
}

void Table::send_snapshot(const LinkPtr& to) const {
  const Session& session = *state_.session;
  wire::State state;
  state.seq = state_.seq;
  state.table = view();
  state.game = messages::game_state_of(session, false);
  state.black = colour_holder(Color::Black);
  state.white = colour_holder(Color::White);
  state.clock = clock_reading();
  state.game_clock = game_clock_reading();
  to->send(online::encode_server_message(state));
}

void Table::broadcast(const std::string& text) const {
  for (const Presence& presence : presence_)
    if (presence.link) presence.link->send(text);
}

void Table::send_table() const { broadcast(online::encode_server_message(view())); }

void Table::publish() const {
  if (!services_.changed) return;
  TableSummary summary;
  summary.code = state_.code;
  summary.closed = state_.closed;
  for (int seat = 0; seat < 2; ++seat) summary.players[seat] = state_.closed ? "" : state_.seats[seat].player;
  if (!state_.closed && state_.phase == TablePhase::Waiting && !state_.is_private && state_.seats[1].empty())
    summary.listed = wire::OpenTableEntry{state_.code, state_.seats[0].player, state_.seats[0].name,
                                          level_of_player(state_.seats[0].player), state_.options};
  if (transfer_) summary.transfer_code = transfer_->code;
  services_.changed(summary);
}

void Table::hand_over() {
  for (Presence& presence : presence_) {
    if (presence.link) presence.link->close();
    presence.link.reset();
  }
  transfer_.reset();
  state_.closed = true;
}

}  // namespace reversi::server
