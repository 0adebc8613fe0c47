// One game of Reversi as the players experience it: whose turn it is,
// automatic passes, the empty-centre placements, resignation, the result, and
// the move record with undo/redo. Every command is validated and a refused
// command changes nothing. Time, the computer's search and the match live
// outside (see Session): a Game only checks and records what is played.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/notation.h"
#include "game/command_result.h"
#include "game/game_event.h"
#include "game/game_result.h"
#include "game/move_record.h"
#include "game/players.h"

namespace reversi {

struct GameSetup {
  Player black = Player::human();
  Player white = Player::human();
  StartVariant variant = StartVariant::StandardCross;

  const Player& player(Color color) const { return color == Color::Black ? black : white; }
  bool operator==(const GameSetup&) const = default;
};

// The four centre squares d4 e4 d5 e5, where the empty-centre start places its discs.
Bitboard centre_squares();

// The position a variant starts from (black to move in both).
Position start_position(StartVariant variant);

class Game {
 public:
  explicit Game(GameSetup setup = {});

  const GameSetup& setup() const { return setup_; }
  const Player& player(Color color) const { return setup_.player(color); }
  const Position& position() const { return record_.current(); }
  Color side_to_move() const { return position().side_to_move; }
  int disc_count(Color color) const { return count_bits(position().discs_of(color)); }

  // True while the empty-centre start still has centre squares to fill.
  bool in_placement_phase() const;
  // Where the side to move may put a disc now (placements included); 0 once over.
  Bitboard playable_squares() const;
  bool is_over() const { return result().is_over(); }
  GameResult result() const;
  // The discs `square` would turn over for the side to move (0 when it
  // cannot be played, and for placements): the flip-count hint.
  Bitboard flips_if_played(Square square) const;
  // True when the side to move is a computer and the game is still going.
  bool computer_to_move() const;

  // Whether `square` could be played now by a human at the board, without playing it.
  CommandResult check_human_move(Square square) const;
  // A human at the board plays for the side to move.
  CommandResult play(Square square);
  // Whether `color` may play `square` now, whoever sits there (a seat's
  // command, checked the same way on the device and on a server).
  CommandResult check_for(Color color, Square square) const;
  // A move for `color`: refused with NotYourTurn when `color` is not to
  // move; no human/computer check (the session checks seats).
  CommandResult play_for(Color color, Square square);
  // The computer's answer, found by searching `searched`. Refused when the
  // game moved on since (undo, new game), so late answers are harmless.
  CommandResult play_computer_move(Square square, const Position& searched);
  // `color` gives up; the other side wins.
  CommandResult resign(Color color);
  // `color` loses the game for `reason` (Resignation or Abandoned); the
  // other side wins. Any other reason is refused.
  CommandResult forfeit(Color color, EndReason reason);

  // Undo takes back to the previous turn of a human: in solo, the computer's
  // replies and the human's move; passes are always taken back with the move
  // that caused them. Redo re-applies symmetrically.
  bool can_undo() const;
  bool can_redo() const;
  CommandResult undo();
  CommandResult redo();

  const MoveRecord& record() const { return record_; }
  // The moves on the board in order, placements included, with kPass entries.
  std::vector<Square> moves() const;
  // The moves as text, passes implicit (see game_transcript.h for the format).
  std::string transcript() const;
  // The last move or placement on the board (kNoMove when none; passes are skipped).
  Square last_move() const;
  // The discs the last move turned over, for the flip animation.
  Bitboard last_flips() const;
  std::optional<Color> resigned() const { return resigned_; }

  // Events since the last call, oldest first.
  std::vector<GameEvent> take_events();

  // Used by loaders: applies a move for whoever is to move (no seat checks)...
  CommandResult apply_any(Square square);
  // ...and puts the undo cursor after the first `moves` non-pass moves
  // (plus the passes that followed them). False when there are fewer moves.
  bool rewind_to(std::size_t moves);

 private:
  CommandResult check_square(Square square) const;
  void apply(Square square);
  void after_ply();
  bool is_human_move(const Ply& ply) const;
  GameEvent counts_event(EventKind kind, Color color) const;
  GameEvent game_over_event(Color color) const;

  GameSetup setup_;
  MoveRecord record_;
  std::optional<Color> resigned_;
  std::vector<GameEvent> events_;
  EndReason forfeit_reason_ = EndReason::Resignation;  // why `resigned_` lost
};

}  // namespace reversi
