#include "game/session.h"

#include <cmath>

#include "game/game_transcript.h"

namespace reversi {

namespace {

SessionOptions normalised(SessionOptions options) {
  if (!is_valid_match_length(options.match_length)) options.match_length = 1;
  if (!(options.clock_seconds > 0) || !std::isfinite(options.clock_seconds))
    options.clock_seconds = kDefaultMoveSeconds;
  return options;
}

// splitmix64: small, seedable, and the whole state is one number to save.
std::uint64_t split_mix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

Color first_colour_for(ColourChoice choice, std::uint64_t& random_state) {
  if (choice == ColourChoice::Black) return Color::Black;
  if (choice == ColourChoice::White) return Color::White;
  return (split_mix(random_state) & 1) ? Color::White : Color::Black;
}

}  // namespace

Session::Session(SessionOptions options, std::uint64_t seed, ClockSource time)
    : options_(normalised(options)),
      random_state_(seed),
      time_(std::move(time)),
      match_(options_.match_length, first_colour_for(options_.colour, random_state_)),
      game_(setup_for(1)),
      clock_(options_.clock_seconds) {
  GameEvent started;
  started.kind = EventKind::GameStarted;
  started.game_number = 1;
  started.black_discs = game_.disc_count(Color::Black);
  started.white_discs = game_.disc_count(Color::White);
  events_.push_back(started);
  settle();
}

GameSetup Session::setup_for(int game_number) const {
  GameSetup setup;
  setup.variant = options_.variant;
  const Color first = match_.colour_of(Seat::First, game_number);
  const Player second = options_.mode == Mode::Solo ? Player::computer(options_.strength) : Player::human();
  (first == Color::Black ? setup.white : setup.black) = second;
  return setup;
}

std::uint64_t Session::next_random() { return split_mix(random_state_); }

Square Session::random_square(Bitboard squares) {
  const int count = count_bits(squares);
  if (count == 0) return kNoMove;
  return nth_square(squares, static_cast<int>(next_random() % static_cast<std::uint64_t>(count)));
}

void Session::drain_game_events() {
  for (GameEvent& event : game_.take_events()) {
    event.game_number = game_number_;
    events_.push_back(event);
  }
}

// Brings everything in line with the game after any change: computer
// placements, the match score, and the clock for the next turn.
void Session::settle() {
  while (game_.computer_to_move() && game_.in_placement_phase())
    game_.play_computer_move(random_square(game_.playable_squares()), game_.position());
  drain_game_events();

  if (game_.is_over() && !result_recorded_) {
    const bool was_over = match_.is_over();
    match_.record(game_.result());
    result_recorded_ = true;
    if (!was_over && match_.is_over()) {
      GameEvent event;
      event.kind = EventKind::MatchOver;
      event.game_number = game_number_;
      event.match_winner = match_.winner();
      event.result = game_.result();
      event.black_discs = event.result.black_discs;
      event.white_discs = event.result.white_discs;
      events_.push_back(event);
    }
  } else if (!game_.is_over() && result_recorded_) {
    match_.take_back_last();  // undo after the end: the game is live again
    result_recorded_ = false;
  }

  expired_.reset();  // every change to the game ends a wait for an expired clock's move
  if (options_.clock_enabled && !game_.is_over() && !game_.computer_to_move())
    clock_.start_turn(now());
  else
    clock_.stop();
}

CommandResult Session::check_play(Seat seat, Square square) const {
  if (game_.is_over()) return CommandResult::failure(CommandError::GameOver, "The game is over.");
  if (seat != seat_to_move()) return CommandResult::failure(CommandError::NotYourTurn, "It is not your turn.");
  if (is_computer(seat)) return CommandResult::failure(CommandError::ComputerSeat, "The computer plays that seat.");
  if (expired_)
    return CommandResult::failure(CommandError::TimeRanOut, "Time ran out — a move is being played for you.");
  return game_.check_for(colour_of(seat), square);
}

CommandResult Session::play(Seat seat, Square square) {
  CommandResult verdict = check_play(seat, square);
  if (!verdict) return verdict;
  game_.play_for(colour_of(seat), square);
  settle();
  return verdict;
}

CommandResult Session::play(Square square) {
  if (game_.computer_to_move())
    return CommandResult::failure(CommandError::ComputerThinking, "Wait for the computer to move.");
  return play(seat_to_move(), square);
}

CommandResult Session::play_computer_move(Square square, const Position& searched) {
  CommandResult verdict = game_.play_computer_move(square, searched);
  if (verdict) settle();
  return verdict;
}

CommandResult Session::resign(Seat seat) {
  CommandResult verdict = game_.resign(colour_of(seat));
  if (verdict) settle();
  return verdict;
}

CommandResult Session::forfeit(Seat seat, EndReason reason) {
  CommandResult verdict = game_.forfeit(colour_of(seat), reason);
  if (verdict) settle();
  return verdict;
}

bool Session::both_have_moved() const {
  bool black = false, white = false;
  for (const Ply& ply : game_.record().applied()) {
    if (ply.is_pass()) continue;
    (ply.color == Color::Black ? black : white) = true;
  }
  return black && white;
}

CommandResult Session::resign() { return resign(options_.mode == Mode::Solo ? Seat::First : seat_to_move()); }

CommandResult Session::undo() {
  CommandResult verdict = game_.undo();
  if (verdict) settle();
  return verdict;
}

CommandResult Session::redo() {
  CommandResult verdict = game_.redo();
  if (verdict) settle();
  return verdict;
}

CommandResult Session::rewind_to(std::size_t moves) {
  if (game_.resigned())
    return CommandResult::failure(CommandError::NothingToUndo, "A resigned game cannot be taken back.");
  if (!game_.rewind_to(moves))
    return CommandResult::failure(CommandError::NothingToRedo, "The game has not that many moves.");
  game_.take_events();
  GameEvent event;
  event.kind = EventKind::Undone;
  event.color = game_.side_to_move();
  event.game_number = game_number_;
  event.black_discs = game_.disc_count(Color::Black);
  event.white_discs = game_.disc_count(Color::White);
  event.ply = static_cast<int>(game_.record().cursor());
  events_.push_back(event);
  settle();
  return CommandResult::ok();
}

CommandResult Session::next_game() {
  if (match_.is_over()) return CommandResult::failure(CommandError::MatchOver, "The match is decided.");
  if (!game_.is_over()) return CommandResult::failure(CommandError::GameNotOver, "Finish this game first.");
  ++game_number_;
  game_ = Game(setup_for(game_number_));
  result_recorded_ = false;
  GameEvent started;
  started.kind = EventKind::GameStarted;
  started.game_number = game_number_;
  started.black_discs = game_.disc_count(Color::Black);
  started.white_discs = game_.disc_count(Color::White);
  events_.push_back(started);
  settle();
  return CommandResult::ok();
}

void Session::tick() {
  if (!options_.clock_enabled || game_.is_over() || game_.computer_to_move() || expired_) return;
  if (!clock_.expired(now())) return;
  // A placement needs no search: any free centre square will do.
  if (game_.in_placement_phase()) return play_for_expired_clock(random_square(game_.playable_squares()));
  expired_ = game_.side_to_move();  // the clock stays at zero until the move is played
}

std::optional<Position> Session::expired_move_wanted() const {
  if (!expired_) return std::nullopt;
  return game_.position();
}

CommandResult Session::play_expired_move(Square square, const Position& searched) {
  if (!expired_) return CommandResult::failure(CommandError::NotYourTurn, "No clock has run out.");
  if (searched != game_.position())
    return CommandResult::failure(CommandError::StalePosition, "The board changed while a move was chosen.");
  play_for_expired_clock(square);
  return CommandResult::ok();
}

void Session::play_for_expired_clock(Square square) {
  const Bitboard playable = game_.playable_squares();
  if (square < 0 || square >= 64 || !(playable & bit(square))) square = first_square(playable);  // stay legal
  GameEvent event;
  event.kind = EventKind::ClockExpired;
  event.color = game_.side_to_move();
  event.square = square;
  event.game_number = game_number_;
  event.black_discs = game_.disc_count(Color::Black);
  event.white_discs = game_.disc_count(Color::White);
  event.ply = static_cast<int>(game_.record().cursor());
  events_.push_back(event);
  game_.play_for(game_.side_to_move(), square);
  settle();
}

void Session::pause_clock() { clock_.pause(now()); }
void Session::resume_clock() { clock_.resume(now()); }

std::vector<GameEvent> Session::poll_events() {
  std::vector<GameEvent> taken;
  taken.swap(events_);
  return taken;
}

SessionSnapshot Session::snapshot() const {
  SessionSnapshot snapshot;
  snapshot.options = options_;
  snapshot.first_colour = match_.first_colour();
  snapshot.finished = match_.finished();
  if (result_recorded_) snapshot.finished.pop_back();  // the current game's result is replayed, not stored
  std::vector<Square> all;
  for (const Ply& ply : game_.record().all()) all.push_back(ply.square);
  snapshot.moves = format_transcript(all);
  for (const Ply& ply : game_.record().applied()) snapshot.applied += ply.is_pass() ? 0 : 1;
  snapshot.resigned = game_.resigned();
  snapshot.random_state = random_state_;
  return snapshot;
}

Parsed<Session> Session::restore(const SessionSnapshot& snapshot, ClockSource time) {
  const SessionOptions& options = snapshot.options;
  if (!is_valid_match_length(options.match_length))
    return Parsed<Session>::failure("saved game: a match has 1, 3 or 5 games");
  if (!(options.clock_seconds > 0) || !std::isfinite(options.clock_seconds))
    return Parsed<Session>::failure("saved game: the move clock needs a positive number of seconds");
  if ((options.colour == ColourChoice::Black && snapshot.first_colour != Color::Black) ||
      (options.colour == ColourChoice::White && snapshot.first_colour != Color::White))
    return Parsed<Session>::failure("saved game: the colours do not match the colour chosen");
  SessionOptions fixed = options;
  fixed.colour = snapshot.first_colour == Color::Black ? ColourChoice::Black : ColourChoice::White;
  Session session(fixed, snapshot.random_state, std::move(time));
  session.options_.colour = options.colour;  // keep the player's choice (e.g. Random) for the next match
  session.events_.clear();

  for (GameWinner winner : snapshot.finished)
    if (!session.match_.record_winner(winner))
      return Parsed<Session>::failure("saved game: the match was already decided");
  if (session.match_.is_over()) return Parsed<Session>::failure("saved game: the match was already decided");
  session.game_number_ = session.match_.games_finished() + 1;

  Parsed<Game> game = game_from_transcript(snapshot.moves, session.setup_for(session.game_number_));
  if (!game) return Parsed<Session>::failure("saved game: " + game.error);
  if (!game.value->rewind_to(snapshot.applied))
    return Parsed<Session>::failure("saved game: the undo position is past the last move");
  if (snapshot.resigned && !game.value->resign(*snapshot.resigned))
    return Parsed<Session>::failure("saved game: a resignation after the game had ended");
  game.value->take_events();
  session.game_ = std::move(*game.value);
  session.random_state_ = snapshot.random_state;
  session.result_recorded_ = false;
  session.settle();
  session.events_.clear();  // resuming announces nothing
  return Parsed<Session>::success(std::move(session));
}

}  // namespace reversi
