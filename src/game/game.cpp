#include "game/game.h"

namespace reversi {

namespace {
const char* colour_word(Color color) { return color == Color::Black ? "black" : "white"; }
}  // namespace

Bitboard centre_squares() {
  return bit(square_at(3, 3)) | bit(square_at(4, 3)) | bit(square_at(3, 4)) | bit(square_at(4, 4));
}

Position start_position(StartVariant variant) {
  if (variant == StartVariant::EmptyCentre) return Position{Board{0, 0}, Color::Black};
  return Position::start();
}

Game::Game(GameSetup setup) : setup_(setup), record_(start_position(setup.variant)) {}

bool Game::in_placement_phase() const {
  // Discs never leave the board, so fewer than four means placements remain.
  const Board& board = position().board;
  return setup_.variant == StartVariant::EmptyCentre && count_bits(board.player | board.opponent) < 4;
}

Bitboard Game::playable_squares() const {
  if (is_over()) return 0;
  if (in_placement_phase()) return centre_squares() & position().board.empties();
  return legal_moves(position().board);
}

GameResult Game::result() const {
  GameResult result;
  result.black_discs = disc_count(Color::Black);
  result.white_discs = disc_count(Color::White);
  if (resigned_) {
    result.outcome = win_for(other(*resigned_));
    result.reason = forfeit_reason_;
  } else if (!in_placement_phase() && is_game_over(position().board)) {
    result.reason = EndReason::NoMoves;
    result.outcome = result.black_discs > result.white_discs   ? Outcome::BlackWins
                     : result.white_discs > result.black_discs ? Outcome::WhiteWins
                                                               : Outcome::Draw;
  }
  return result;
}

Bitboard Game::flips_if_played(Square square) const {
  if (square < 0 || square >= 64 || in_placement_phase() || !(playable_squares() & bit(square))) return 0;
  return flips_for(position().board.player, position().board.opponent, square);
}

bool Game::computer_to_move() const { return !is_over() && player(side_to_move()).is_computer(); }

CommandResult Game::check_square(Square square) const {
  if (is_over()) return CommandResult::failure(CommandError::GameOver, "The game is over.");
  if (square < 0 || square >= 64)
    return CommandResult::failure(CommandError::InvalidSquare, "That is not a square on the board.");
  const std::string name = square_name(square);
  const Position& now = position();
  if (!(now.board.empties() & bit(square)))
    return CommandResult::failure(CommandError::Occupied, name + " is already taken.");
  if (in_placement_phase()) {
    if (!(centre_squares() & bit(square)))
      return CommandResult::failure(CommandError::NotCentre,
                                    "The first four discs go on the centre squares d4, e4, d5 and e5.");
    return CommandResult::ok();
  }
  if (!(legal_moves(now.board) & bit(square)))
    return CommandResult::failure(CommandError::TrapsNothing,
                                  name + " traps no " + colour_word(other(now.side_to_move)) + " discs.");
  return CommandResult::ok();
}

CommandResult Game::check_human_move(Square square) const {
  if (is_over()) return CommandResult::failure(CommandError::GameOver, "The game is over.");
  if (computer_to_move())
    return CommandResult::failure(CommandError::ComputerThinking, "Wait for the computer to move.");
  return check_square(square);
}

CommandResult Game::play(Square square) {
  CommandResult verdict = check_human_move(square);
  if (verdict) apply(square);
  return verdict;
}

CommandResult Game::check_for(Color color, Square square) const {
  if (is_over()) return CommandResult::failure(CommandError::GameOver, "The game is over.");
  if (color != side_to_move())
    return CommandResult::failure(CommandError::NotYourTurn, std::string("It is ") + colour_word(side_to_move()) +
                                                                 "'s turn, not " + colour_word(color) + "'s.");
  return check_square(square);
}

CommandResult Game::play_for(Color color, Square square) {
  CommandResult verdict = check_for(color, square);
  if (verdict) apply(square);
  return verdict;
}

CommandResult Game::play_computer_move(Square square, const Position& searched) {
  if (is_over()) return CommandResult::failure(CommandError::GameOver, "The game is over.");
  if (!computer_to_move()) return CommandResult::failure(CommandError::NotYourTurn, "It is not the computer's turn.");
  if (searched != position())
    return CommandResult::failure(CommandError::StalePosition, "The board changed while the computer was thinking.");
  CommandResult verdict = check_square(square);
  if (verdict) apply(square);
  return verdict;
}

CommandResult Game::apply_any(Square square) {
  CommandResult verdict = check_square(square);
  if (verdict) apply(square);
  return verdict;
}

CommandResult Game::resign(Color color) { return forfeit(color, EndReason::Resignation); }

CommandResult Game::forfeit(Color color, EndReason reason) {
  if (is_over()) return CommandResult::failure(CommandError::GameOver, "The game is over.");
  if (reason != EndReason::Resignation && reason != EndReason::Abandoned && reason != EndReason::Time)
    return CommandResult::failure(CommandError::GameNotOver,
                                  "A game is only forfeited by resigning, leaving or running out of time.");
  resigned_ = color;
  forfeit_reason_ = reason;
  events_.push_back(game_over_event(color));
  return CommandResult::ok();
}

void Game::apply(Square square) {
  const Position before = position();
  Ply ply{before.side_to_move, square, 0, before, before};
  if (in_placement_phase()) {
    // Placements turn nothing over: the disc simply joins the mover's side.
    ply.after = Position{Board{before.board.opponent, before.board.player | bit(square)}, other(before.side_to_move)};
  } else {
    ply.flips = flips_for(before.board.player, before.board.opponent, square);
    ply.after = reversi::play(before, square);
  }
  record_.push(ply);
  GameEvent event = counts_event(EventKind::MovePlayed, ply.color);
  event.square = square;
  event.flips = ply.flips;
  const std::size_t moved = events_.size();
  events_.push_back(event);
  after_ply();
  // Who moves next is known once any automatic pass is on the board.
  events_[moved].next = is_over() ? std::nullopt : std::optional<Color>(side_to_move());
}

void Game::after_ply() {
  if (in_placement_phase()) return;
  const Position now = position();  // a copy: pushing the pass may move the record
  if (is_game_over(now.board)) {
    events_.push_back(game_over_event(now.side_to_move));
  } else if (!can_move(now.board)) {
    // The side to move is stuck but the other is not: it passes by itself.
    record_.push(Ply{now.side_to_move, kPass, 0, now, reversi::play(now, kPass)});
    GameEvent passed = counts_event(EventKind::Passed, now.side_to_move);
    passed.next = other(now.side_to_move);
    events_.push_back(passed);
  }
}

bool Game::is_human_move(const Ply& ply) const { return !ply.is_pass() && !player(ply.color).is_computer(); }

bool Game::can_undo() const {
  if (resigned_) return false;
  for (const Ply& ply : record_.applied())
    if (is_human_move(ply)) return true;
  return false;
}

bool Game::can_redo() const { return !resigned_ && record_.can_step_forward(); }

CommandResult Game::undo() {
  if (!can_undo()) return CommandResult::failure(CommandError::NothingToUndo, "There is no move to take back.");
  while (!is_human_move(record_.step_back())) {
  }
  events_.push_back(counts_event(EventKind::Undone, side_to_move()));
  return CommandResult::ok();
}

CommandResult Game::redo() {
  if (!can_redo()) return CommandResult::failure(CommandError::NothingToRedo, "There is no move to play again.");
  record_.step_forward();
  while (record_.can_step_forward() && !is_human_move(record_.all()[record_.cursor()])) record_.step_forward();
  events_.push_back(counts_event(EventKind::Redone, side_to_move()));
  if (is_over()) events_.push_back(game_over_event(side_to_move()));
  return CommandResult::ok();
}

bool Game::rewind_to(std::size_t moves) {
  std::size_t available = 0;
  for (const Ply& ply : record_.all()) available += ply.is_pass() ? 0 : 1;
  if (moves > available) return false;
  while (record_.can_step_back()) record_.step_back();
  std::size_t applied = 0;
  while (record_.can_step_forward()) {
    if (!record_.all()[record_.cursor()].is_pass()) {
      if (applied == moves) break;
      ++applied;
    }
    record_.step_forward();
  }
  return true;
}

std::vector<Square> Game::moves() const {
  std::vector<Square> squares;
  for (const Ply& ply : record_.applied()) squares.push_back(ply.square);
  return squares;
}

std::string Game::transcript() const { return format_transcript(moves()); }

Square Game::last_move() const {
  const auto applied = record_.applied();
  for (auto it = applied.rbegin(); it != applied.rend(); ++it)
    if (!it->is_pass()) return it->square;
  return kNoMove;
}

Bitboard Game::last_flips() const {
  const auto applied = record_.applied();
  for (auto it = applied.rbegin(); it != applied.rend(); ++it)
    if (!it->is_pass()) return it->flips;
  return 0;
}

std::vector<GameEvent> Game::take_events() {
  std::vector<GameEvent> taken;
  taken.swap(events_);
  return taken;
}

GameEvent Game::counts_event(EventKind kind, Color color) const {
  GameEvent event;
  event.kind = kind;
  event.color = color;
  event.black_discs = disc_count(Color::Black);
  event.white_discs = disc_count(Color::White);
  event.ply = static_cast<int>(record_.cursor());
  return event;
}

GameEvent Game::game_over_event(Color color) const {
  GameEvent event = counts_event(EventKind::GameOver, color);
  event.result = result();
  event.transcript = transcript();
  return event;
}

}  // namespace reversi
