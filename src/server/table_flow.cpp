// How a table's changes flow: the session's events become numbered
// messages, the change is committed, then sent; the computer's and the
// clocks' moves; timers; leaving; what a player who comes back is sent.
#include <algorithm>
#include <cstdio>

#include "game/game_transcript.h"
#include "messages/fair_points.h"
#include "server/arcade.h"
#include "server/table.h"

namespace reversi::server {

using messages::ErrorCode;
using messages::TablePhase;
namespace online = messages::online;
namespace wire = messages::online::server;

namespace {

constexpr std::size_t kKeptEvents = 64;

char letter_of(GameWinner winner) {
  return winner == GameWinner::First ? 'F' : winner == GameWinner::Second ? 'S' : 'N';
}

std::optional<GameWinner> winner_of(char letter) {
  if (letter == 'F') return GameWinner::First;
  if (letter == 'S') return GameWinner::Second;
  if (letter == 'N') return GameWinner::Nobody;
  return std::nullopt;
}

std::vector<Square> played_squares(const Game& game) {
  std::vector<Square> squares;
  for (const Ply& ply : game.record().applied())
    if (!ply.is_pass()) squares.push_back(ply.square);
  return squares;
}

messages::MatchScore score_of(const Match& match) {
  return messages::MatchScore{match.length(), match.wins(Seat::First), match.wins(Seat::Second), match.is_over()};
}

}  // namespace

Table::Table(TableServices services, State state) : services_(std::move(services)), state_(std::move(state)) {}

std::optional<Table> Table::open(TableServices services, std::string code, const SeatRow& owner,
                                 const online::TableOptions& options, bool is_private, StoreError& error) {
  State state;
  state.code = std::move(code);
  state.owner = owner.player;
  state.is_private = is_private;
  state.options = options;
  state.seats[0] = owner;
  Table table(std::move(services), std::move(state));
  std::unique_ptr<StoreTransaction> transaction = table.services_.store->begin();
  transaction->put_table(table.row());
  if (StoreStatus failed = transaction->commit()) {
    error = *failed;
    return std::nullopt;
  }
  table.publish();
  return table;
}

std::optional<Table> Table::restore(TableServices services, const StoredTable& stored, StoreError& error) {
  const TableRow& row = stored.row;
  State state;
  state.code = row.code;
  state.owner = row.owner;
  state.is_private = row.is_private;
  state.options = row.options;
  state.seats = row.seats;
  state.phase = row.phase;
  state.seq = row.seq;
  state.match_number = row.match_number;
  state.match_key = row.match_key;
  state.earlier_moves = row.earlier_moves;
  if (row.has_match) {
    SessionSnapshot snapshot;
    snapshot.options = online::session_options_of(row.options, row.seats[1].computer, row.first_colour);
    snapshot.first_colour = row.first_colour;
    for (const char letter : row.finished) {
      const std::optional<GameWinner> winner = winner_of(letter);
      if (!winner) {
        error.message = "table " + row.code + ": a game result '" + std::string(1, letter) + "' cannot be read";
        return std::nullopt;
      }
      snapshot.finished.push_back(*winner);
    }
    snapshot.moves = format_transcript(stored.moves);
    snapshot.applied = stored.moves.size();
    snapshot.random_state = row.random_state;
    Parsed<Session> session = Session::restore(snapshot, services.clock);
    if (!session) {
      error.message = "table " + row.code + ": " + session.error;
      return std::nullopt;
    }
    if (row.forfeited) session.value->forfeit(session.value->seat_of(*row.forfeited), row.forfeit_reason);
    session.value->poll_events();  // already told before the restart
    // The mover gets a fresh allowance, held still for a short grace: nobody
    // loses on time because the server restarted.
    session.value->pause_clock();
    state.session = std::move(*session.value);
    state.stored_moves = static_cast<int>(stored.moves.size());
  }
  Table table(std::move(services), std::move(state));
  // A match stored before chips were played gets its key now.
  if (table.chips_on() && table.state_.session && table.state_.match_key.empty())
    table.state_.match_key = table.new_match_key();
  const double now = table.now();
  if (table.state_.session) table.restart_grace_until_ = now + table.services_.restart_grace_seconds;
  table.restore_game_clock(row);
  if (table.state_.phase == TablePhase::BetweenGames) table.state_.game_ended_at = now;
  for (int seat = 0; seat < 2; ++seat)
    if (!table.state_.seats[seat].player.empty()) table.presence_[seat].away_since = now;  // their window starts now
  table.publish();
  return table;
}

void Table::start() { after_change(); }

void Table::refuse(const LinkPtr& to, ErrorCode code, const std::string& reason, const char* request) const {
  if (to) to->send(online::encode_server_message(wire::Error{code, reason, request}));
}

void Table::emit(online::ServerMessage message) {
  const int seq = ++state_.seq;
  std::visit(
      [seq](auto& value) {
        if constexpr (requires { value.seq; }) value.seq = seq;
      },
      message);
  outbox_.emplace_back(seq, online::encode_server_message(message));
}

std::string Table::colour_holder(Color color) const {
  const int seat = index_of(state_.session->seat_of(color));
  return state_.seats[seat].computer ? "computer" : state_.seats[seat].player;
}

std::optional<wire::ClockReading> Table::clock_reading() const {
  if (!state_.session || !state_.session->clock_running() || state_.session->game().is_over()) return std::nullopt;
  // Held still for the grace after a restart: it runs once that is over.
  const double held = restart_grace_until_ && state_.session->clock_paused() ? *restart_grace_until_ - now() : 0;
  return wire::ClockReading{state_.session->game().side_to_move(), state_.session->clock_remaining(),
                            std::max(0.0, held)};
}

void Table::start_match(Color first_colour) {
  ++state_.match_number;
  const SessionOptions options = online::session_options_of(state_.options, state_.seats[1].computer, first_colour);
  state_.session.emplace(options, services_.random(), services_.clock);
  state_.earlier_moves = 0;
  state_.chips_settled = false;
  state_.match_key = chips_on() ? new_match_key() : "";
  state_.stored_moves = 0;
  state_.wants_next = {};
  state_.wants_rematch = {};
  state_.game_ended_at.reset();
  state_.phase = TablePhase::Playing;
  drain_session_events();
}

void Table::drain_session_events() {
  Session& session = *state_.session;
  for (const GameEvent& event : session.poll_events()) {
    const messages::Event message = messages::event_of(event, session);
    switch (event.kind) {
      case EventKind::GameStarted:
        start_game_clock();
        emit(wire::GameStarted{0, event.game_number, colour_holder(Color::Black), colour_holder(Color::White),
                               state_.options, score_of(session.match()), game_clock_reading()});
        break;
      case EventKind::MovePlayed:
        game_clock_moved(event.color);
        emit(wire::Move{0, std::get<messages::events::Move>(message), clock_reading(), game_clock_reading()});
        break;
      case EventKind::Passed:
        emit(wire::Pass{0, std::get<messages::events::Pass>(message)});
        break;
      case EventKind::ClockExpired:
        emit(wire::ClockExpired{0, std::get<messages::events::ClockExpired>(message)});
        break;
      case EventKind::GameOver: {
        const std::optional<online::Unrated> unrated = unrated_reason();
        emit(wire::GameOver{0, std::get<messages::events::GameOver>(message), unrated});
        record_game(unrated);
        if (state_.game_clock) state_.game_clock->run(std::nullopt, now());
        state_.phase = session.match().is_over() ? TablePhase::Over : TablePhase::BetweenGames;
        state_.game_ended_at = now();
        state_.wants_next = {};
        break;
      }
      case EventKind::MatchOver:
        emit(wire::MatchOver{0, std::get<messages::events::MatchOver>(message)});
        state_.phase = TablePhase::Over;
        settle_match();
        break;
      case EventKind::Undone:
      case EventKind::Redone:
        break;  // online games have no undo
    }
  }
}

bool Table::commit(const Snapshot& before, const LinkPtr& from, const char* request) {
  std::unique_ptr<StoreTransaction> transaction = services_.store->begin();
  std::vector<Square> squares;
  // Tallies first: they are read as they stood before these games.
  const std::vector<std::pair<std::string, wire::MilestoneReached>> reached = milestones_reached(*transaction);
  for (const GameRecord& game : state_.finished_games) transaction->add_game(game);
  // Chips are decided in the same transaction as the change that makes them: a refused commit pays nothing.
  std::vector<ChipEntry> chip_entries;
  StoreStatus failed = add_chip_entries(*transaction, chip_entries);
  if (state_.closed) {
    transaction->delete_table(state_.code);
  } else {
    transaction->put_table(row());
    if (state_.session) squares = played_squares(state_.session->game());
    for (std::size_t index = static_cast<std::size_t>(state_.stored_moves); index < squares.size(); ++index)
      transaction->add_move(state_.code, state_.match_number, state_.session->game_number(), static_cast<int>(index),
                            squares[index]);
  }
  if (!failed) failed = transaction->commit();
  if (failed) {
    transaction.reset();  // rolls back what was written
    std::fprintf(stderr, "reversi-server: table %s: %s (%s refused)\n", state_.code.c_str(), failed->message.c_str(),
                 request);
    state_ = before.state;
    presence_ = before.presence;
    outbox_.clear();
    publish();
    refuse(from, ErrorCode::ServerError, "The server could not save that, so nothing changed. Try again.", request);
    if (!from) retry_at_ = now() + 1;
    schedule();
    return false;
  }
  state_.stored_moves = static_cast<int>(squares.size());
  state_.finished_games.clear();
  state_.chip_settlements.clear();
  // The links of the players before the change: one who just left is told too.
  auto link_of = [&](const std::string& player) -> LinkPtr {
    for (int seat = 0; seat < 2; ++seat)
      if (before.state.seats[seat].player == player) return before.presence[seat].link;
    return nullptr;
  };
  const bool view_changed = before.state.phase != state_.phase || before.state.seats != state_.seats ||
                            before.state.owner != state_.owner || before.state.is_private != state_.is_private ||
                            before.state.closed != state_.closed;
  for (auto& [seq, text] : outbox_) {
    broadcast(text);
    recent_events_.emplace_back(seq, std::move(text));
  }
  while (recent_events_.size() > kKeptEvents) recent_events_.pop_front();
  outbox_.clear();
  for (const auto& [player, milestone] : reached)
    if (const LinkPtr link = link_of(player)) link->send(online::encode_server_message(milestone));
  if (view_changed) {
    send_table();
    publish();  // only seats, phase, privacy and closing concern the lobby: not every move
  }
  send_chips(before, chip_entries);
  after_change();
  return true;
}

void Table::after_change() {
  if (state_.closed) return;
  if (state_.session && state_.phase == TablePhase::Playing && state_.session->waiting_for_computer())
    request_computer_move();
  schedule();
}

void Table::request_computer_move() {
  const Position position = state_.session->game().position();
  if (searching_ == position) return;
  searching_ = position;
  services_.search(SearchRequest{position, state_.session->options().strength, services_.random()},
                   [this, position](Square square) {
                     if (searching_ != position) return;
                     searching_.reset();
                     if (state_.closed || !state_.session) return;
                     const Snapshot before = snapshot();
                     if (!state_.session->play_computer_move(square, position)) return after_change();
                     drain_session_events();
                     commit(before, nullptr, "computer move");
                   });
}

// Medium chooses for a player whose time ran out.
void Table::request_expired_move() {
  const std::optional<Position> position = state_.session->expired_move_wanted();
  if (!position || searching_ == position) return;
  searching_ = position;
  services_.search(SearchRequest{*position, Strength::Medium, services_.random()},
                   [this, wanted = *position](Square square) {
                     if (searching_ != wanted) return;
                     searching_.reset();
                     if (state_.closed || !state_.session) return;
                     const Snapshot before = snapshot();
                     if (!state_.session->play_expired_move(square, wanted)) return after_change();
                     drain_session_events();
                     commit(before, nullptr, "clock");
                   });
}

void Table::forfeit_or_abort(int seat, EndReason reason) {
  if (state_.phase != TablePhase::Playing || !state_.session || state_.session->game().is_over()) return;
  if (!state_.session->both_have_moved()) {
    emit(wire::GameAborted{0, "The game was left before both players had moved, so it counts for nobody."});
    state_.session.reset();
    state_.game_clock.reset();
    return;
  }
  state_.session->forfeit(Seat(seat), reason);
  drain_session_events();
}

// The seat is given up; the other human stays as the owner of a table
// waiting for a new opponent, or the table closes.
void Table::free_seat(int seat) {
  end_sitting(seat);
  state_.seats[seat] = SeatRow{};
  presence_[seat] = Presence{};
  state_.session.reset();
  state_.game_clock.reset();
  state_.earlier_moves = 0;
  state_.wants_next = {};
  state_.wants_rematch = {};
  state_.game_ended_at.reset();
  transfer_.reset();
  const int stays = 1 - seat;
  if (state_.seats[stays].player.empty()) {
    state_.closed = true;
    return;
  }
  if (stays == 1) {
    state_.seats[0] = state_.seats[1];
    state_.seats[1] = SeatRow{};
    presence_[0] = presence_[1];
    presence_[1] = Presence{};
  }
  state_.owner = state_.seats[0].player;
  state_.phase = TablePhase::Waiting;
}

void Table::on_timer() {
  if (state_.closed) return;
  const double time = now();
  retry_at_.reset();
  if (restart_grace_until_ && time >= *restart_grace_until_) {
    restart_grace_until_.reset();
    if (state_.session) state_.session->resume_clock();
    if (state_.game_clock) state_.game_clock->release(time);
  }
  for (int round = 0; round < 2 && !state_.closed; ++round) {  // seats move when one is freed: look again
    int due = -1;
    for (int seat = 0; seat < 2 && due < 0; ++seat)
      if (presence_[seat].away_since && time >= *presence_[seat].away_since + services_.grace_seconds) due = seat;
    if (due < 0) break;
    const Snapshot before = snapshot();
    settle_leaving(due);  // not coming back in time is leaving
    forfeit_or_abort(due, EndReason::Abandoned);
    free_seat(due);
    if (!commit(before, nullptr, "grace window")) break;
  }
  if (state_.closed) return;
  if (state_.session && state_.phase == TablePhase::Playing && !restart_grace_until_) {
    const Snapshot before = snapshot();
    flag_fell();
    state_.session->tick();
    drain_session_events();  // a placement made for the player whose time ran out
    if (!outbox_.empty()) commit(before, nullptr, "clock");
    if (state_.session && state_.session->expired_move_wanted()) request_expired_move();
  }
  if (state_.phase == TablePhase::BetweenGames && state_.game_ended_at &&
      time >= *state_.game_ended_at + services_.next_game_seconds) {
    const Snapshot before = snapshot();
    start_next_game();
    commit(before, nullptr, "next game");
  }
  after_change();
}

void Table::schedule() {
  if (state_.closed || !services_.wake_at) return;
  std::optional<double> next = retry_at_;
  auto consider = [&](double when) { next = next ? std::min(*next, when) : when; };
  if (restart_grace_until_) consider(*restart_grace_until_);
  for (const Presence& presence : presence_)
    if (presence.away_since) consider(*presence.away_since + services_.grace_seconds);
  const Session* session = state_.session ? &*state_.session : nullptr;
  if (session && state_.phase == TablePhase::Playing && session->clock_running() && !session->clock_paused() &&
      !session->expired_move_wanted())
    consider(now() + session->clock_remaining());
  if (state_.game_clock && state_.phase == TablePhase::Playing)
    if (const std::optional<double> falls = state_.game_clock->flag_falls_at(now())) consider(*falls);
  if (state_.phase == TablePhase::BetweenGames && state_.game_ended_at)
    consider(*state_.game_ended_at + services_.next_game_seconds);
  if (next) services_.wake_at(*next);
}

TableRow Table::row() const {
  TableRow row;
  row.code = state_.code;
  row.owner = state_.owner;
  row.is_private = state_.is_private;
  row.options = state_.options;
  row.seats = state_.seats;
  row.phase = state_.phase;
  row.seq = state_.seq;
  row.match_number = state_.match_number;
  row.updated_unix = services_.unix_clock ? services_.unix_clock() : 0;
  row.match_key = state_.match_key;
  row.earlier_moves = state_.earlier_moves;
  if (state_.session) {
    const SessionSnapshot snapshot = state_.session->snapshot();
    row.has_match = true;
    row.first_colour = snapshot.first_colour;
    for (const GameWinner winner : snapshot.finished) row.finished.push_back(letter_of(winner));
    row.game_number = state_.session->game_number();
    row.forfeited = state_.session->game().resigned();
    row.forfeit_reason = row.forfeited ? state_.session->game().result().reason : EndReason::None;
    row.random_state = snapshot.random_state;
  }
  if (state_.game_clock)
    row.game_clock_left = {state_.game_clock->left(Color::Black, now()), state_.game_clock->left(Color::White, now())};
  return row;
}

}  // namespace reversi::server
