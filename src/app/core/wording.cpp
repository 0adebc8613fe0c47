#include "app/core/wording.h"

#include <cctype>
#include <cstdlib>

#include "app/core/words.h"

namespace reversi {

Role role_of(const Session& session, Color color) {
  if (session.options().mode == Mode::TwoPlayers) return color == Color::Black ? Role::BlackPlayer : Role::WhitePlayer;
  return color == session.human_colour() ? Role::You : Role::Computer;
}

const char* strength_title(Strength strength) {
  switch (strength) {
    case Strength::Easy:
      return tr("Easy");
    case Strength::Medium:
      return tr("Medium");
    case Strength::Hard:
      return tr("Hard");
  }
  return tr("Medium");
}

const char* role_label(Role role) {
  switch (role) {
    case Role::You:
      return tr("You");
    case Role::Computer:
      return tr("Computer");
    case Role::BlackPlayer:
      return tr("Black");
    case Role::WhitePlayer:
      return tr("White");
  }
  return "";
}

std::string pass_notice(const Session& session, Color passer) {
  switch (role_of(session, passer)) {
    case Role::You:
      return tr("You have no move — you pass, and the computer plays again.");
    case Role::Computer:
      return tr("The computer has no move and passes — your turn again.");
    default:
      return tr(
          "{player} has no move and passes — {other} plays again.",
          {{"player", role_label(role_of(session, passer))}, {"other", role_label(role_of(session, other(passer)))}});
  }
}

std::string clock_notice(const Session& session, Color expired, Square played) {
  const Role role = role_of(session, expired);
  if (role == Role::You)
    return tr("Time ran out — a move was played for you at {square}.", {{"square", square_name(played)}});
  return tr("Time ran out — a move was played for {player} at {square}.",
            {{"player", role_label(role)}, {"square", square_name(played)}});
}

std::string result_headline(const Session& session) {
  const std::optional<Color> winner = session.game().result().winner();
  if (!winner) return tr("A draw");
  switch (role_of(session, *winner)) {
    case Role::You:
      return tr("You win!");
    case Role::Computer:
      return tr("The computer wins");
    default:
      return tr("{player} wins", {{"player", role_label(role_of(session, *winner))}});
  }
}

std::string margin_headline(const GameResult& result, std::optional<Color> mine, std::string_view winner_name) {
  const std::optional<Color> winner = result.winner();
  if (!winner) return tr("A draw, {n} all", {{"n", result.black_discs}});
  const int margin = std::abs(result.black_discs - result.white_discs);
  if (mine) return *winner == *mine ? tr("You won by {n}", {{"n", margin}}) : tr("You lost by {n}", {{"n", margin}});
  return tr("{player} wins by {n}", {{"player", winner_name}, {"n", margin}});
}

std::string resignation_line(const Session& session) {
  const std::optional<Color> resigned = session.game().resigned();
  if (!resigned) return "";
  if (role_of(session, *resigned) == Role::You) return tr("You resigned.");
  return tr("{player} resigned.", {{"player", role_label(role_of(session, *resigned))}});
}

std::string turn_line(const Session& session, bool paused, Pointer pointer, bool dots) {
  const Game& game = session.game();
  if (paused) return tr("Paused.");
  // The same words as the result card's headline.
  if (game.is_over()) {
    const std::string headline = result_headline(session);
    return headline.back() == '!' || headline.back() == '.' ? headline : headline + ".";
  }
  const Role mover = role_of(session, game.side_to_move());
  if (game.in_placement_phase()) {
    if (mover == Role::You) return tr("Place your disc on an empty centre square.");
    if (mover == Role::Computer) return tr("The computer is placing a centre disc…");
    return tr("{player}: place a disc on an empty centre square.", {{"player", role_label(mover)}});
  }
  if (session.waiting_for_computer()) return tr("The computer is thinking");
  if (!dots) return mover == Role::You ? tr("Your turn.") : tr("{player} to move.", {{"player", role_label(mover)}});
  const bool touch = pointer == Pointer::Touch;
  if (mover == Role::You) return touch ? tr("Your turn — tap a dot.") : tr("Your turn — click a dot.");
  return tr(touch ? Text("{player} to move — tap a dot.") : Text("{player} to move — click a dot."),
            {{"player", role_label(mover)}});
}

std::string match_line(const Session& session) {
  const Match& match = session.match();
  const bool solo = session.options().mode == Mode::Solo;
  return tr(solo ? Text("Match: you {first} – {second} computer")
                 : Text("Match: first player {first} – {second} second player"),
            {{"first", match.wins(Seat::First)}, {"second", match.wins(Seat::Second)}});
}

std::string match_result_line(const Session& session) {
  const Match& match = session.match();
  if (!match.is_over()) return "";
  const bool first = *match.winner() == Seat::First;
  if (session.options().mode == Mode::Solo)
    return first ? tr("You win the match!") : tr("The computer wins the match.");
  return first ? tr("The first player wins the match!") : tr("The second player wins the match!");
}

std::string milestone_words(messages::online::Milestone milestone) {
  using messages::online::Milestone;
  switch (milestone) {
    case Milestone::FirstGame:
      return tr("your first game against a person");
    case Milestone::FirstWin:
      return tr("your first win against a person");
    case Milestone::ThreeOpponents:
      return tr("games against three different people");
    case Milestone::FiveWins:
      return tr("five wins against people");
    case Milestone::TwentyFiveWins:
      return tr("twenty-five wins against people");
  }
  return tr("a milestone");
}

std::string milestone_notice(messages::online::Milestone milestone, int level) {
  std::string words = milestone_words(milestone);
  // After the colon it starts a sentence (a letter of ASCII in every catalogue).
  if (!words.empty()) words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(words[0])));
  return tr("Milestone reached: {milestone}. You are now level {level}.", {{"milestone", words}, {"level", level}});
}

namespace {

const char* error_code_words(messages::ErrorCode code) {
  using messages::ErrorCode;
  switch (code) {
    case ErrorCode::RateLimited:
      return tr("Slow down: too many requests in a short time.");
    case ErrorCode::BadName:
      return tr("That name cannot be used. Choose another.");
    case ErrorCode::NoSuchTable:
      return tr("There is no table with that code.");
    case ErrorCode::TableFull:
      return tr("That table is full.");
    case ErrorCode::AlreadySeated:
      return tr("You are already at a table.");
    case ErrorCode::NoSuchCode:
      return tr("That code is unknown or has expired.");
    case ErrorCode::Banned:
      return tr("You have been banned from this server.");
    case ErrorCode::NotYourTurn:
      return tr("It is not your turn.");
    case ErrorCode::Occupied:
    case ErrorCode::TrapsNothing:
    case ErrorCode::NotCentre:
    case ErrorCode::InvalidSquare:
      return tr("That move is not allowed.");
    case ErrorCode::GameOver:
      return tr("This game is over.");
    case ErrorCode::ServerError:
      return tr("The server could not keep that change. Try again.");
    case ErrorCode::BadChat:
      return tr("That chat line cannot be sent.");
    case ErrorCode::NotAvailable:
      return tr("That is not available now.");
    case ErrorCode::TooManyGuests:
      return tr("Too many new players from this address: try again later.");
    default:
      return nullptr;
  }
}

}  // namespace

std::string server_error_words(messages::ErrorCode code, const std::string& reason) {
  if (words().language() == Language::English) return reason;
  const char* worded = error_code_words(code);
  return worded ? worded : tr("The server refused that request.");
}

std::string chips_words(int count) { return trn("{n} chip", "{n} chips", count); }

}  // namespace reversi
