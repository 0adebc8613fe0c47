#include "cli/nboard_session.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <vector>

namespace reversi::cli {
namespace {

std::string eval_text(int score) {
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", static_cast<double>(score));
  return text;
}

}  // namespace

NboardSession::NboardSession(const NboardOptions& options, std::ostream& out, std::ostream& errors)
    : NboardSession(options, make_player("hard", PlayerOptions{.table_megabytes = options.table_megabytes}), out,
                    errors) {}

NboardSession::NboardSession(const NboardOptions& options, std::unique_ptr<Player> player, std::ostream& out,
                             std::ostream& errors)
    : options_(options), out_(out), errors_(errors), player_(std::move(player)), display_name_(player_->name()) {
  display_name_[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(display_name_[0])));
  game_.start = game_.final_position = position_ = Position::start();
}

void NboardSession::send(const std::string& line) { out_ << line << '\n' << std::flush; }

SearchLimits NboardSession::limits(double seconds) const {
  SearchLimits limits;
  limits.seconds = seconds;
  limits.max_depth = depth_;
  return limits;
}

bool NboardSession::handle_line(std::string_view line) {
  const auto parsed = parse_nboard_command(line);
  if (!parsed) {
    errors_ << "reversi-cli nboard: " << parsed.error << '\n' << std::flush;
    return true;
  }
  using CommandKind = NboardCommand::Kind;
  const NboardCommand& command = *parsed.value;
  switch (command.kind) {
    case CommandKind::Empty:
    case CommandKind::SetContempt:  // every player scores a draw as a draw
      break;
    case CommandKind::Nboard:
      if (command.number != 2)
        errors_ << "reversi-cli nboard: speaking protocol 2, asked for " << command.number << '\n';
      send("set myname Reversi" + display_name_);  // one word, as NBoard reads it: "ReversiHard"
      break;
    case CommandKind::SetDepth:
      depth_ = command.number;
      break;
    case CommandKind::SetGame:
      game_ = command.game;
      position_ = game_.final_position;
      ponder_done_ = false;
      break;
    case CommandKind::Move:
      play_move(command.square);
      break;
    case CommandKind::Hint:
      hint(command.number);
      break;
    case CommandKind::Go:
      go();
      break;
    case CommandKind::Ping:
      // Nothing runs while a command is read: the pondering has stopped.
      send("pong " + std::to_string(command.number));
      break;
    case CommandKind::Learn:
      send("learned");  // no opening book to add the game to
      break;
    case CommandKind::Analyze:
      analyze();
      break;
    case CommandKind::Quit:
      return false;
    case CommandKind::Unknown:
      errors_ << "reversi-cli nboard: ignoring '" << command.text << "'\n" << std::flush;
      break;
  }
  return true;
}

void NboardSession::play_move(Square square) {
  const Bitboard moves = legal_moves(position_.board);
  const bool legal = square == kPass ? !moves && !is_game_over(position_.board) : (moves & bit(square)) != 0;
  if (!legal) {
    errors_ << "reversi-cli nboard: " << nboard_move_name(square) << " is not legal in " << format_position(position_)
            << "; the position stays as it was\n"
            << std::flush;
    return;
  }
  game_.moves.push_back(square);
  position_ = play(position_, square);
  game_.final_position = position_;
  ponder_done_ = false;
}

void NboardSession::go() {
  const Board& board = position_.board;
  if (is_game_over(board)) {
    errors_ << "reversi-cli nboard: go, but the game is over\n" << std::flush;
    return;
  }
  if (!legal_moves(board)) {
    send(nboard_move_line(kPass, 0, 0));
    return;
  }
  send("status " + display_name_ + " is thinking");
  const SearchReport report = player_->choose_move(board, limits(options_.seconds));
  send(nboard_move_line(report.move, report.score, report.seconds));
  if (options_.log_move_seconds) {
    // One write for the whole line: the engine opposite may share the stream.
    char line[64];
    std::snprintf(line, sizeof line, "reversi-cli nboard: move seconds %.4f\n", report.seconds);
    errors_ << line << std::flush;
  }
}

SearchReport NboardSession::evaluate(const Board& board, double seconds) {
  if (is_game_over(board)) return player_->choose_move(board, limits(seconds));
  if (!legal_moves(board)) {
    // A pass: the same side's opponent moves again.
    SearchReport report = evaluate(after_pass(board), seconds);
    report.score = -report.score;
    return report;
  }
  return player_->choose_move(board, limits(seconds));
}

// Every move's value by the player from the opponent's side, the budget shared
// among them; the best `count` go to the GUI, best first, as
// "search F5 -1.00 0 12", then an empty status ends the hint.
void NboardSession::hint(int count) {
  const Board& board = position_.board;
  const Bitboard moves = legal_moves(board);
  if (!moves) {
    send("status");
    return;
  }
  send("status " + display_name_ + " is thinking");
  struct Hint {
    Square move;
    int eval, depth;
    bool exact;
  };
  std::vector<Hint> hints;
  const double share = options_.seconds / count_bits(moves);
  for (Bitboard rest = moves; rest; rest &= rest - 1) {
    const Square square = first_square(rest);
    const Board child = after_move(board, square, flips_for(board.player, board.opponent, square));
    const SearchReport report = evaluate(child, share);
    hints.push_back(Hint{square, -report.score, report.depth + 1, report.exact});
  }
  std::stable_sort(hints.begin(), hints.end(), [](const Hint& a, const Hint& b) { return a.eval > b.eval; });
  for (int i = 0; i < count && i < static_cast<int>(hints.size()); ++i) {
    const Hint& hint = hints[i];
    send("search " + nboard_move_name(hint.move) + " " + eval_text(hint.eval) + " 0 " +
         (hint.exact ? std::to_string(board.empty_count()) : std::to_string(hint.depth)) +
         (hint.exact ? " exact" : ""));
  }
  send("status");
}

// Every position of the game, from the last back to the start, valued by
// the player for its side to move: "analysis <moves played> <eval>" (our own
// answer; the budget per position is a quarter of a move's).
void NboardSession::analyze() {
  send("status " + display_name_ + " is analysing the game");
  std::vector<Position> positions{game_.start};
  for (const Square square : game_.moves) positions.push_back(play(positions.back(), square));
  for (int ply = static_cast<int>(positions.size()) - 1; ply >= 0; --ply) {
    const SearchReport report = evaluate(positions[ply].board, options_.seconds / 4);
    send("analysis " + std::to_string(ply) + " " + eval_text(report.score));
  }
  send("status");
}

bool NboardSession::ponder(double seconds) {
  if (ponder_done_) return false;
  const Board& board = position_.board;
  const bool done = board.empty_count() <= Computer::kPonderEmpties ? player_->ponder(board, seconds)
                                                                    : player_->think_ahead(board, seconds);
  ponder_done_ = done;
  return !done;
}

}  // namespace reversi::cli
