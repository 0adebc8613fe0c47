#include "app/core/online_mirror.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace reversi {

namespace online = messages::online;

bool OnlineMirror::start(const Start& start) {
  // The owner's colour in this game, and so in the match's first.
  const Color owner_now = start.black == start.owner ? Color::Black : Color::White;
  const Color owner_first = start.game_number % 2 == 1 ? owner_now : other(owner_now);
  SessionSnapshot snapshot;
  snapshot.options = online::session_options_of(start.options, std::nullopt, owner_first);
  snapshot.options.mode = Mode::TwoPlayers;  // both seats are played elsewhere: no computer here
  snapshot.options.clock_enabled = false;    // the server keeps the time
  snapshot.first_colour = owner_first;
  const int before = std::max(0, start.game_number - 1);
  for (int i = 0; i < start.score.first; ++i) snapshot.finished.push_back(GameWinner::First);
  for (int i = 0; i < start.score.second; ++i) snapshot.finished.push_back(GameWinner::Second);
  for (int i = start.score.first + start.score.second; i < before; ++i) snapshot.finished.push_back(GameWinner::Nobody);
  snapshot.moves = start.moves;
  // Every written move is on the board (the server has no undo).
  snapshot.applied = 0;
  const std::string& moves = start.moves;
  for (std::size_t i = 0; i + 1 < moves.size(); ++i) {
    const char column = static_cast<char>(std::tolower(static_cast<unsigned char>(moves[i])));
    if (column >= 'a' && column <= 'h' && moves[i + 1] >= '1' && moves[i + 1] <= '8') ++snapshot.applied;
  }
  Parsed<Session> restored = Session::restore(snapshot, clock_source_);
  if (!restored) {
    std::fprintf(stderr, "Reversi: the server's game could not be set up here (%s)\n", restored.error.c_str());
    session_.reset();
    return false;
  }
  session_.emplace(std::move(*restored.value));
  black_ = start.black;
  white_ = start.white;
  return true;
}

bool OnlineMirror::play(const online::server::Move& move) {
  if (!session_) return false;
  if (static_cast<int>(session_->game().record().cursor()) != move.move.ply - 1) return false;
  if (!session_->play(session_->seat_of(move.move.color), move.move.square)) return false;
  read_clock(move.clock);
  read_game_clock(move.game_clock);
  poll();
  return true;
}

void OnlineMirror::end_as(std::optional<Color> winner, EndReason reason) {
  if (!winner || !session_ || session_->game().is_over()) return;
  // The banks stop where they stood; a flag that fell is at zero.
  if (const std::optional<GameClockShown> shown = game_clock(); shown && game_clock_) {
    game_clock_->black = static_cast<std::int64_t>(shown->black * 1000);
    game_clock_->white = static_cast<std::int64_t>(shown->white * 1000);
    if (reason == EndReason::Time) (*winner == Color::Black ? game_clock_->white : game_clock_->black) = 0;
    game_clock_->running.reset();
  }
  session_->forfeit(session_->seat_of(other(*winner)), reason);
}

void OnlineMirror::reset() {
  session_.reset();
  game_clock_.reset();
}

std::optional<Color> OnlineMirror::colour_of(const std::string& player) const {
  if (!session_ || player.empty()) return std::nullopt;
  if (black_ == player) return Color::Black;
  if (white_ == player) return Color::White;
  return std::nullopt;
}

void OnlineMirror::read_clock(std::optional<online::server::ClockReading> reading) {
  clock_ = reading;
  clock_read_at_ = now();
}

std::optional<std::pair<Color, double>> OnlineMirror::clock() const {
  if (!clock_ || !in_play()) return std::nullopt;
  const double running = std::max(0.0, now() - clock_read_at_ - clock_->held);
  return std::make_pair(clock_->color, std::max(0.0, clock_->seconds - running));
}

void OnlineMirror::start_game_clock(const std::optional<online::GameClockOptions>& options) {
  game_clock_.reset();
  if (!options) return;
  const std::int64_t bank = std::int64_t{options->seconds} * 1000;
  game_clock_ = online::server::GameClockReading{bank, bank, std::nullopt, 0, 0};  // any reading is newer
  game_clock_read_at_ = now();
}

void OnlineMirror::read_game_clock(const std::optional<online::server::GameClockReading>& reading) {
  if (!reading || (game_clock_ && reading->at < game_clock_->at)) return;
  game_clock_ = reading;
  game_clock_read_at_ = now();
}

std::optional<OnlineMirror::GameClockShown> OnlineMirror::game_clock() const {
  if (!game_clock_ || !session_) return std::nullopt;
  GameClockShown shown{game_clock_->black / 1000.0, game_clock_->white / 1000.0, std::nullopt};
  if (!in_play() || !game_clock_->running) return shown;
  shown.running = game_clock_->running;
  const double elapsed = std::max(0.0, now() - game_clock_read_at_ - game_clock_->held / 1000.0);
  double& bank = *game_clock_->running == Color::Black ? shown.black : shown.white;
  bank = std::max(0.0, bank - elapsed);
  return shown;
}

void OnlineMirror::poll() {
  if (!session_) return;
  for (GameEvent& event : session_->poll_events()) events_.push_back(std::move(event));
}

}  // namespace reversi
