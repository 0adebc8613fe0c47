// The requests a table takes from its players. Each checks, changes the
// state, and commits (table_flow.cpp); a refusal goes to the sender only.
#include "server/table.h"

namespace reversi::server {

using messages::ErrorCode;
using messages::TablePhase;
namespace online = messages::online;

namespace {

// The protocol's code for a move the session refused.
ErrorCode error_code_of(CommandError error) {
  switch (error) {
    case CommandError::InvalidSquare:
      return ErrorCode::InvalidSquare;
    case CommandError::Occupied:
      return ErrorCode::Occupied;
    case CommandError::TrapsNothing:
      return ErrorCode::TrapsNothing;
    case CommandError::NotCentre:
      return ErrorCode::NotCentre;
    case CommandError::GameOver:
      return ErrorCode::GameOver;
    default:
      return ErrorCode::NotYourTurn;  // not this seat's turn, the computer's seat, a clock that ran out
  }
}

}  // namespace

int Table::seat_of(const std::string& player) const {
  if (player.empty()) return -1;
  for (int seat = 0; seat < 2; ++seat)
    if (state_.seats[seat].player == player) return seat;
  return -1;
}

int Table::seat_or_refuse(const std::string& player, const LinkPtr& from, const char* request) const {
  const int seat = seat_of(player);
  if (seat < 0) refuse(from, ErrorCode::NotSeated, "You have no seat at this table.", request);
  return seat;
}

void Table::join(const SeatRow& player, const LinkPtr& from) {
  if (state_.closed) return refuse(from, ErrorCode::NoSuchTable, "That table has closed.", "join-table");
  if (seat_of(player.player) >= 0) return attach(player.player, from, std::nullopt);  // already here: catch up
  if (closed_to(player.player))
    return refuse(from, ErrorCode::NotAvailable, "This table is not open to you.", "join-table");
  if (state_.phase != TablePhase::Waiting || !state_.seats[1].empty())
    return refuse(from, ErrorCode::TableFull, "Both seats at that table are taken.", "join-table");
  if (!services_.claim_player(player.player, state_.code))
    return refuse(from, ErrorCode::AlreadySeated, "You already have a seat at another table.", "join-table");
  const Snapshot before = snapshot();
  state_.seats[1] = player;
  presence_[1] = Presence{from, std::nullopt};
  start_match(services_.random() % 2 ? Color::White : Color::Black);
  if (commit(before, from, "join-table")) send_chat_history(player.player, from);
}

void Table::seat_computer(const std::string& player, Strength strength, const LinkPtr& from) {
  if (state_.owner != player)
    return refuse(from, ErrorCode::NotOwner, "Only the table's owner can seat the computer.", "seat-computer");
  if (state_.phase != TablePhase::Waiting || !state_.seats[1].empty())
    return refuse(from, ErrorCode::TableFull, "Both seats at this table are taken.", "seat-computer");
  const Snapshot before = snapshot();
  state_.seats[1] = SeatRow{"", "", strength};
  start_match(services_.random() % 2 ? Color::White : Color::Black);
  commit(before, from, "seat-computer");
}

void Table::set_private(const std::string& player, bool is_private, const LinkPtr& from) {
  if (state_.owner != player)
    return refuse(from, ErrorCode::NotOwner, "Only the table's owner can change that.", "set-private");
  const Snapshot before = snapshot();
  state_.is_private = is_private;
  commit(before, from, "set-private");
}

void Table::leave(const std::string& player, const LinkPtr& from) {
  const int seat = seat_or_refuse(player, from, "leave-table");
  if (seat < 0) return;
  const Snapshot before = snapshot();
  settle_leaving(seat);
  // Leaving a game in play loses it as resigning would; the other player is
  // told that their opponent left, not that they resigned.
  forfeit_or_abort(seat, EndReason::Abandoned);
  free_seat(seat);
  if (!commit(before, from, "leave-table")) return;
  // The leaver is no longer at the table; this last view (without their
  // seat) tells their client so.
  if (from) from->send(online::encode_server_message(view()));
}

void Table::play(const std::string& player, Square square, int ply, const LinkPtr& from) {
  const int seat = seat_or_refuse(player, from, "play");
  if (seat < 0) return;
  if (state_.phase != TablePhase::Playing || !state_.session)
    return refuse(from, ErrorCode::NotPlaying, "No game is being played at this table.", "play");
  // A move that comes after the mover's flag fell (before the timer saw it) is too late.
  if (state_.game_clock && state_.game_clock->flagged(now()) && !state_.session->game().is_over()) {
    const Snapshot before = snapshot();
    flag_fell();
    commit(before, nullptr, "clock");
    return refuse(from, ErrorCode::GameOver, "The game is over: time ran out.", "play");
  }
  Session& session = *state_.session;
  if (session.game().is_over()) return refuse(from, ErrorCode::GameOver, "The game is over.", "play");
  if (session.seat_to_move() != Seat(seat) || session.expired_move_wanted())
    return refuse(from, ErrorCode::NotYourTurn, "It is not your turn.", "play");
  if (ply != static_cast<int>(session.game().record().cursor()))
    return refuse(from, ErrorCode::StalePly, "That move was made on an older position.", "play");
  const CommandResult verdict = session.check_play(Seat(seat), square);
  if (!verdict) return refuse(from, error_code_of(verdict.error), verdict.message, "play");
  const Snapshot before = snapshot();
  state_.session->play(Seat(seat), square);
  drain_session_events();
  commit(before, from, "play");
}

void Table::resign(const std::string& player, const LinkPtr& from) {
  const int seat = seat_or_refuse(player, from, "resign");
  if (seat < 0) return;
  if (state_.phase != TablePhase::Playing || !state_.session)
    return refuse(from, ErrorCode::NotPlaying, "No game is being played at this table.", "resign");
  const Snapshot before = snapshot();
  const CommandResult verdict = state_.session->forfeit(Seat(seat), EndReason::Resignation);
  if (!verdict) return refuse(from, ErrorCode::GameOver, verdict.message, "resign");
  drain_session_events();
  commit(before, from, "resign");
}

void Table::next_game(const std::string& player, const LinkPtr& from) {
  const int seat = seat_or_refuse(player, from, "next-game");
  if (seat < 0) return;
  if (state_.phase != TablePhase::BetweenGames)
    return refuse(from, ErrorCode::NotNow, "The next game starts only between the games of a match.", "next-game");
  const Snapshot before = snapshot();
  state_.wants_next[seat] = true;
  const int opponent = 1 - seat;
  if (state_.wants_next[opponent] || state_.seats[opponent].computer) start_next_game();
  commit(before, from, "next-game");
}

void Table::start_next_game() {
  state_.earlier_moves = match_moves();  // the game just ended is an earlier one now
  state_.session->next_game();
  state_.phase = TablePhase::Playing;
  state_.stored_moves = 0;
  state_.wants_next = {};
  state_.game_ended_at.reset();
  drain_session_events();
}

void Table::rematch(const std::string& player, const LinkPtr& from) {
  const int seat = seat_or_refuse(player, from, "rematch");
  if (seat < 0) return;
  if (state_.phase != TablePhase::Over || !state_.session)
    return refuse(from, ErrorCode::NotNow, "A rematch can be asked for once the match is over.", "rematch");
  const Snapshot before = snapshot();
  state_.wants_rematch[seat] = true;
  const int opponent = 1 - seat;
  const bool starts = state_.wants_rematch[opponent] || state_.seats[opponent].computer.has_value();
  if (starts) start_match(other(state_.session->match().first_colour()));  // colours swapped
  if (!commit(before, from, "rematch")) return;
  if (!starts && presence_[opponent].link)
    presence_[opponent].link->send(online::encode_server_message(online::server::RematchOffered{player}));
}

void Table::rename(const std::string& player, const std::string& name) {
  const int seat = seat_of(player);
  if (seat < 0 || state_.seats[seat].name == name) return;
  const Snapshot before = snapshot();
  state_.seats[seat].name = name;
  commit(before, nullptr, "set-name");
}

void Table::transfer_seat(const std::string& player, const LinkPtr& from) {
  const int seat = seat_or_refuse(player, from, "transfer-seat");
  if (seat < 0) return;
  transfer_ = Transfer{services_.new_code(), seat, now() + services_.transfer_seconds};
  publish();  // the directory finds the table by this code
  if (from)
    from->send(online::encode_server_message(
        online::server::TransferCode{transfer_->code, static_cast<int>(services_.transfer_seconds)}));
}

void Table::claim_seat(const std::string& code, const SeatRow& claimer, const LinkPtr& from) {
  if (!transfer_ || transfer_->code != code || now() > transfer_->expires_at)
    return refuse(from, ErrorCode::NoSuchCode, "That code is unknown, used or expired.", "claim-seat");
  const int seat = transfer_->seat;
  const std::string previous = state_.seats[seat].player;
  if (claimer.player != previous) {
    if (seat_of(claimer.player) >= 0 || !services_.claim_player(claimer.player, state_.code))
      return refuse(from, ErrorCode::AlreadySeated, "You already have a seat at a table.", "claim-seat");
    const Snapshot before = snapshot();
    state_.seats[seat].player = claimer.player;
    state_.seats[seat].name = claimer.name;
    if (state_.owner == previous) state_.owner = claimer.player;
    if (!commit(before, from, "claim-seat")) return;
  }
  transfer_.reset();  // a code works once
  publish();
  attach(claimer.player, from, std::nullopt);
}

}  // namespace reversi::server
