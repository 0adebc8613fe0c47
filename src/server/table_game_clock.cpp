// A table's whole-game clock (docs/protocol.md, "The clock"): each side's
// bank of time, the increment after each move, the flag that falls. The
// clock is part of the table's state, so it is committed and rolled back with
// the move that changed it, and stored with the table for a restart.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "server/table.h"

namespace reversi::server {

using messages::TablePhase;
namespace wire = messages::online::server;

std::int64_t Table::unix_millis() const {
  if (services_.unix_millis) return services_.unix_millis();
  return services_.unix_clock ? services_.unix_clock() * 1000 : 0;
}

void Table::start_game_clock() {
  state_.game_clock.reset();
  if (!state_.options.game_clock) return;
  const double scale = services_.game_clock_scale;
  state_.game_clock.emplace(state_.options.game_clock->seconds * scale, state_.options.game_clock->increment * scale);
  run_game_clock();
}

// Only a human to move is timed: the computer's time never runs.
void Table::run_game_clock() {
  if (!state_.game_clock || !state_.session) return;
  const Game& game = state_.session->game();
  const bool human_to_move = state_.phase == TablePhase::Playing && !game.is_over() && !game.computer_to_move();
  state_.game_clock->run(human_to_move ? std::optional<Color>(game.side_to_move()) : std::nullopt, now());
}

// The computer's moves are untimed: its bank neither runs nor grows.
void Table::game_clock_moved(Color mover) {
  if (!state_.game_clock) return;
  if (!state_.seats[index_of(state_.session->seat_of(mover))].computer) state_.game_clock->moved(mover, now());
  run_game_clock();
}

// After a restart (or on another node) each side has what it had at the
// table's last commit; the mover's clock is held for the restart grace.
void Table::restore_game_clock(const TableRow& row) {
  if (!row.options.game_clock || !state_.session || state_.session->game().is_over()) return;
  const double scale = services_.game_clock_scale;
  state_.game_clock = GameClock::restored(row.options.game_clock->seconds * scale,
                                          row.options.game_clock->increment * scale, row.game_clock_left);
  run_game_clock();
  state_.game_clock->hold(now());
}

bool Table::flag_fell() {
  if (!state_.game_clock || !state_.session || state_.phase != TablePhase::Playing) return false;
  const std::optional<Color> flagged = state_.game_clock->flagged(now());
  if (!flagged || state_.session->game().is_over()) return false;
  state_.game_clock->run(std::nullopt, now());
  state_.session->forfeit(state_.session->seat_of(*flagged), EndReason::Time);
  drain_session_events();
  return true;
}

std::optional<wire::GameClockReading> Table::game_clock_reading() const {
  if (!state_.game_clock) return std::nullopt;
  const GameClock& clock = *state_.game_clock;
  const double time = now();
  auto millis = [](double seconds) { return static_cast<std::int64_t>(std::llround(std::max(0.0, seconds) * 1000)); };
  wire::GameClockReading reading;
  reading.black = millis(clock.left(Color::Black, time));
  reading.white = millis(clock.left(Color::White, time));
  reading.running = clock.running();
  reading.at = unix_millis();
  if (clock.held() && clock.running() && restart_grace_until_) reading.held = millis(*restart_grace_until_ - time);
  return reading;
}

}  // namespace reversi::server
