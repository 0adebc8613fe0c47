#include "app/core/wording.h"

#include <cctype>
#include <cstdlib>

namespace reversi {

Role role_of(const Session& session, Color color) {
  if (session.options().mode == Mode::TwoPlayers) return color == Color::Black ? Role::BlackPlayer : Role::WhitePlayer;
  return color == session.human_colour() ? Role::You : Role::Computer;
}

const char* strength_title(Strength strength) {
  switch (strength) {
    case Strength::Easy:
      return "Easy";
    case Strength::Medium:
      return "Medium";
    case Strength::Hard:
      return "Hard";
  }
  return "Medium";
}

const char* role_label(Role role) {
  switch (role) {
    case Role::You:
      return "You";
    case Role::Computer:
      return "Computer";
    case Role::BlackPlayer:
      return "Black";
    case Role::WhitePlayer:
      return "White";
  }
  return "";
}

std::string pass_notice(const Session& session, Color passer) {
  switch (role_of(session, passer)) {
    case Role::You:
      return "You have no move — you pass, and the computer plays again.";
    case Role::Computer:
      return "The computer has no move and passes — your turn again.";
    default:
      return std::string(role_label(role_of(session, passer))) + " has no move and passes — " +
             role_label(role_of(session, other(passer))) + " plays again.";
  }
}

std::string clock_notice(const Session& session, Color expired, Square played) {
  const Role role = role_of(session, expired);
  const std::string whom = role == Role::You ? "you" : role_label(role);
  return "Time ran out — a move was played for " + whom + " at " + square_name(played) + ".";
}

std::string result_headline(const Session& session) {
  const std::optional<Color> winner = session.game().result().winner();
  if (!winner) return "A draw";
  switch (role_of(session, *winner)) {
    case Role::You:
      return "You win!";
    case Role::Computer:
      return "The computer wins";
    default:
      return std::string(role_label(role_of(session, *winner))) + " wins";
  }
}

std::string margin_headline(const GameResult& result, std::optional<Color> mine, std::string_view winner_name) {
  const std::optional<Color> winner = result.winner();
  if (!winner) return "A draw, " + std::to_string(result.black_discs) + " all";
  const std::string margin = std::to_string(std::abs(result.black_discs - result.white_discs));
  if (mine) return (*winner == *mine ? "You won by " : "You lost by ") + margin;
  return std::string(winner_name) + " wins by " + margin;
}

std::string resignation_line(const Session& session) {
  const std::optional<Color> resigned = session.game().resigned();
  if (!resigned) return "";
  return std::string(role_label(role_of(session, *resigned))) + " resigned.";
}

std::string turn_line(const Session& session, bool paused, Pointer pointer, bool dots) {
  const Game& game = session.game();
  if (paused) return "Paused.";
  // The same words as the result card's headline.
  if (game.is_over()) {
    const std::string headline = result_headline(session);
    return headline.back() == '!' ? headline : headline + ".";
  }
  const Role mover = role_of(session, game.side_to_move());
  if (game.in_placement_phase()) {
    if (mover == Role::You) return "Place your disc on an empty centre square.";
    if (mover == Role::Computer) return "The computer is placing a centre disc…";
    return std::string(role_label(mover)) + ": place a disc on an empty centre square.";
  }
  if (session.waiting_for_computer()) return "The computer is thinking";
  if (!dots) return mover == Role::You ? "Your turn." : std::string(role_label(mover)) + " to move.";
  const char* action = pointer == Pointer::Touch ? "tap" : "click";
  if (mover == Role::You) return std::string("Your turn — ") + action + " a dot.";
  return std::string(role_label(mover)) + " to move — " + action + " a dot.";
}

std::string match_line(const Session& session) {
  const Match& match = session.match();
  const bool solo = session.options().mode == Mode::Solo;
  return std::string("Match: ") + (solo ? "you " : "first player ") + std::to_string(match.wins(Seat::First)) + " – " +
         std::to_string(match.wins(Seat::Second)) + (solo ? " computer" : " second player");
}

std::string match_result_line(const Session& session) {
  const Match& match = session.match();
  if (!match.is_over()) return "";
  const bool first = *match.winner() == Seat::First;
  if (session.options().mode == Mode::Solo) return first ? "You win the match!" : "The computer wins the match.";
  return first ? "The first player wins the match!" : "The second player wins the match!";
}

std::string milestone_words(messages::online::Milestone milestone) {
  using messages::online::Milestone;
  switch (milestone) {
    case Milestone::FirstGame:
      return "your first game against a person";
    case Milestone::FirstWin:
      return "your first win against a person";
    case Milestone::ThreeOpponents:
      return "games against three different people";
    case Milestone::FiveWins:
      return "five wins against people";
    case Milestone::TwentyFiveWins:
      return "twenty-five wins against people";
  }
  return "a milestone";
}

std::string milestone_notice(messages::online::Milestone milestone, int level) {
  std::string words = milestone_words(milestone);
  words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[0])));
  return "Milestone reached: " + words + ". You are now level " + std::to_string(level) + ".";
}

std::string chips_words(int count) {
  // Written digit by digit: GCC 12 warned of a bad memcpy bound for the
  // commas inserted into the string afterwards (a false alarm, but noise).
  const long long magnitude = count < 0 ? -static_cast<long long>(count) : count;
  const std::string digits = std::to_string(magnitude);
  std::string words = count < 0 ? "-" : "";
  for (std::size_t at = 0; at < digits.size(); ++at) {
    if (at > 0 && (digits.size() - at) % 3 == 0) words += ',';
    words += digits[at];
  }
  return words + (magnitude == 1 ? " chip" : " chips");
}

}  // namespace reversi
