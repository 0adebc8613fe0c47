// OnlineTable (app/core/online_table.h): what the screen shows of the table,
// and the words for it.
#include <algorithm>
#include <cmath>

#include "app/core/online_table.h"
#include "app/core/wording.h"
#include "messages/fair_points.h"

namespace reversi {
namespace {

namespace online = messages::online;
namespace wire = messages::online::server;

const char* colour_word(Color color) { return color == Color::Black ? "black" : "white"; }

}  // namespace

// ---- What the screen shows ---------------------------------------------------

std::optional<int> OnlineTable::seat() const { return table_ ? seat_in(*table_, conn_.player()) : std::nullopt; }

std::optional<Color> OnlineTable::colour() const { return game_.colour_of(conn_.player()); }

bool OnlineTable::my_turn() const {
  const std::optional<Color> mine = colour();
  return conn_.connected() && mine && game_.in_play() && game_.session()->game().side_to_move() == *mine;
}

std::string OnlineTable::opponent_name() const {
  if (!table_) return "your opponent";
  const std::optional<int> mine = seat();
  const wire::SeatView& other = table_->seats[mine ? 1 - *mine : 1];
  switch (other.kind) {
    case wire::SeatView::Kind::Empty:
      // The game on show is still the one against whoever just left.
      return game_.session() && !chat_.opponent_name().empty() ? chat_.opponent_name() : "your opponent";
    case wire::SeatView::Kind::Computer:
      return "the computer";
    case wire::SeatView::Kind::Human:
      return other.name;
  }
  return "your opponent";
}

std::string OnlineTable::name_of(Color color) const {
  const std::optional<Color> mine = colour();
  if (mine) return *mine == color ? "You" : opponent_name();
  return colour_word(color);
}

std::optional<std::pair<Color, double>> OnlineTable::clock() const { return game_.clock(); }

void OnlineTable::warn_low_time() {
  const std::optional<OnlineMirror::GameClockShown> shown = game_.game_clock();
  const std::optional<Color> mine = colour();
  if (low_time_told_ || !shown || !mine || shown->running != mine) return;
  if ((*mine == Color::Black ? shown->black : shown->white) > kLowTimeSeconds) return;
  low_time_told_ = true;
  say("10 seconds left", 3);
}

std::string OnlineTable::status_line() const {
  switch (conn_.state()) {
    case Connection::Idle:
      return active_ ? "Connecting to the game server…" : "";
    case Connection::Connecting:
      return "Connecting to the game server…";
    case Connection::Reconnecting: {
      const int wait = static_cast<int>(std::ceil(conn_.retry_in()));
      return wait > 0 ? "Connection lost. Trying again in " + std::to_string(wait) + " s…" : "Reconnecting…";
    }
    case Connection::Connected:
      break;
  }
  if (!table_) return "Finding the table…";
  if (const std::optional<double> away = opponent_away())
    return opponent_name() + " lost the connection: " + std::to_string(static_cast<int>(std::ceil(*away))) +
           " s to come back.";
  if (table_->phase == messages::TablePhase::Waiting)
    return "Waiting for someone to sit down. Table " + table_->code + ".";
  if (!game_.session()) return "The game is about to start.";
  const Game& game = game_.session()->game();
  if (game.is_over()) {
    if (table_->phase == messages::TablePhase::BetweenGames) return result_headline() + " The next game starts soon.";
    return result_headline();
  }
  const std::optional<Color> mine = colour();
  if (!mine) return "";
  if (game.side_to_move() == *mine) return std::string("Your turn (") + colour_word(*mine) + ").";
  return "Waiting for " + opponent_name() + " to move.";
}

std::string OnlineTable::result_headline() const {
  if (!game_.over()) return "";
  const std::optional<Color> winner = game_.session()->game().result().winner();
  if (!winner) return "A draw.";
  const std::optional<Color> mine = colour();
  if (mine && *winner == *mine) return "You win!";
  return opponent_name() + " wins.";
}

std::optional<double> OnlineTable::opponent_away() const {
  if (!away_until_) return std::nullopt;
  return std::max(0.0, *away_until_ - now());
}

std::string OnlineTable::points_line() const {
  if (!game_.over() || !table_) return "";
  const Game& game = game_.session()->game();
  const bool against_computer = std::any_of(table_->seats.begin(), table_->seats.end(), [](const wire::SeatView& seat) {
    return seat.kind == wire::SeatView::Kind::Computer;
  });
  if (against_computer || unrated_ == online::Unrated::Practice) return "Practice against the computer: no points.";
  const std::optional<Color> mine = colour();
  if (!mine) return "";
  // A game seen whole says itself whether it was too short; one picked up
  // from a snapshot after its end has only the moves to go by.
  const bool short_game = unrated_told_ ? unrated_ == online::Unrated::Short : online::too_short_to_rate(game);
  if (short_game)
    return "No points: a game counts once each side has made " + std::to_string(online::kRatedMovesEach) + " moves.";
  if (unrated_ == online::Unrated::DailyLimit)
    return "No points: you two have played " + std::to_string(online::kRatedGamesPerPairPerDay) +
           " games for points today. Play on for fun; they count again from midnight UTC.";
  const std::optional<Color> winner = game.result().winner();
  if (!winner) return "+" + std::to_string(online::kDrawPoints) + " points for the draw.";
  if (*winner == *mine) return "+" + std::to_string(online::kWinPoints) + " points for the win.";
  return "+" + std::to_string(online::kLossPoints) + " point for taking part.";
}

std::string OnlineTable::chips_line() const {
  const std::optional<int> mine = seat();
  const bool won = match_over_ && mine && match_over_->over.winner &&
                   *match_over_->over.winner == (*mine == 0 ? Seat::First : Seat::Second);
  return record_.chips_line(match_over_.has_value(), won);
}

std::string OnlineTable::leave_consequences() const {
  if (!table_) return "";
  std::string words;
  const bool in_game = table_->phase == messages::TablePhase::Playing && game_.in_play();
  if (in_game) words = "The game in play counts as resigned: " + opponent_name() + " is awarded the win.";
  const std::optional<wire::Chips>& chips = record_.chips();
  if (chips && chips->leave_cost > 0) {
    const bool person = seat() && table_->seats[1 - *seat()].kind == wire::SeatView::Kind::Human;
    if (!words.empty()) words += " ";
    words += "Leaving now costs you " + chips_words(chips->leave_cost);
    words += person ? ", and " + opponent_name() + " is paid as the match's winner." : ".";
  } else if (chips && chips->stake > 0 && in_game && !match_over_) {
    words += " It costs no chips yet: the match has not had four moves.";
  }
  return words;
}

}  // namespace reversi
