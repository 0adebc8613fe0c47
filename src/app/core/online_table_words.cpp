// OnlineTable (app/core/online_table.h): what the screen shows of the table,
// and the words for it.
#include <algorithm>
#include <cmath>

#include "app/core/online_table.h"
#include "app/core/wording.h"
#include "app/core/words.h"
#include "messages/fair_points.h"

namespace reversi {
namespace {

namespace online = messages::online;
namespace wire = messages::online::server;

const char* colour_word(Color color) { return color == Color::Black ? tr("black") : tr("white"); }

}  // namespace

// ---- What the screen shows ---------------------------------------------------

std::optional<int> OnlineTable::seat() const { return table_ ? seat_in(*table_, conn_.player()) : std::nullopt; }

std::optional<Color> OnlineTable::colour() const { return game_.colour_of(conn_.player()); }

bool OnlineTable::my_turn() const {
  const std::optional<Color> mine = colour();
  return conn_.connected() && mine && game_.in_play() && game_.session()->game().side_to_move() == *mine;
}

std::string OnlineTable::opponent_name() const {
  if (!table_) return tr("your opponent");
  const std::optional<int> mine = seat();
  const wire::SeatView& other = table_->seats[mine ? 1 - *mine : 1];
  switch (other.kind) {
    case wire::SeatView::Kind::Empty:
      // The game on show is still the one against whoever just left.
      return game_.session() && !chat_.opponent_name().empty() ? chat_.opponent_name() : tr("your opponent");
    case wire::SeatView::Kind::Computer:
      return tr("the computer");
    case wire::SeatView::Kind::Human:
      return other.name;
  }
  return tr("your opponent");
}

std::string OnlineTable::name_of(Color color) const {
  const std::optional<Color> mine = colour();
  if (mine) return *mine == color ? tr("You") : opponent_name();
  return colour_word(color);
}

std::optional<std::pair<Color, double>> OnlineTable::clock() const { return game_.clock(); }

void OnlineTable::warn_low_time() {
  const std::optional<OnlineMirror::GameClockShown> shown = game_.game_clock();
  const std::optional<Color> mine = colour();
  if (low_time_told_ || !shown || !mine || shown->running != mine) return;
  if ((*mine == Color::Black ? shown->black : shown->white) > kLowTimeSeconds) return;
  low_time_told_ = true;
  say(tr("10 seconds left"), 3);
}

std::string OnlineTable::status_line() const {
  switch (conn_.state()) {
    case Connection::Idle:
      return active_ ? tr("Connecting to the game server…") : "";
    case Connection::Connecting:
      return tr("Connecting to the game server…");
    case Connection::Reconnecting: {
      const int wait = static_cast<int>(std::ceil(conn_.retry_in()));
      return wait > 0 ? tr("Connection lost. Trying again in {n} s…", {{"n", wait}}) : tr("Reconnecting…");
    }
    case Connection::Connected:
      break;
  }
  if (!table_) return tr("Finding the table…");
  if (const std::optional<double> away = opponent_away())
    return tr("{player} lost the connection: {n} s to come back.",
              {{"player", opponent_name()}, {"n", static_cast<int>(std::ceil(*away))}});
  if (table_->phase == messages::TablePhase::Waiting)
    return tr("Waiting for someone to sit down. Table {code}.", {{"code", table_->code}});
  if (!game_.session()) return tr("The game is about to start.");
  const Game& game = game_.session()->game();
  if (game.is_over()) {
    if (table_->phase == messages::TablePhase::BetweenGames)
      return result_headline() + " " + tr("The next game starts soon.");
    return result_headline();
  }
  const std::optional<Color> mine = colour();
  if (!mine) return "";
  if (game.side_to_move() == *mine) return tr("Your turn ({colour}).", {{"colour", colour_word(*mine)}});
  return tr("Waiting for {player} to move.", {{"player", opponent_name()}});
}

std::string OnlineTable::result_headline() const {
  if (!game_.over()) return "";
  const std::optional<Color> winner = game_.session()->game().result().winner();
  if (!winner) return tr("A draw.");
  const std::optional<Color> mine = colour();
  if (mine && *winner == *mine) return tr("You win!");
  return tr("{player} wins.", {{"player", opponent_name()}});
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
  if (against_computer || unrated_ == online::Unrated::Practice) return tr("Practice against the computer: no points.");
  const std::optional<Color> mine = colour();
  if (!mine) return "";
  // A game seen whole says itself whether it was too short; one picked up
  // from a snapshot after its end has only the moves to go by.
  const bool short_game = unrated_told_ ? unrated_ == online::Unrated::Short : online::too_short_to_rate(game);
  if (short_game)
    return tr("No points: a game counts once each side has made {n} moves.", {{"n", online::kRatedMovesEach}});
  if (unrated_ == online::Unrated::DailyLimit)
    return tr(
        "No points: you two have played {n} games for points today. Play on for fun; they count again from "
        "midnight UTC.",
        {{"n", online::kRatedGamesPerPairPerDay}});
  const std::optional<Color> winner = game.result().winner();
  if (!winner) return trn("+{n} point for the draw.", "+{n} points for the draw.", online::kDrawPoints);
  if (*winner == *mine) return trn("+{n} point for the win.", "+{n} points for the win.", online::kWinPoints);
  return trn("+{n} point for taking part.", "+{n} points for taking part.", online::kLossPoints);
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
  if (in_game)
    words = tr("The game in play counts as resigned: {player} is awarded the win.", {{"player", opponent_name()}});
  const std::optional<wire::Chips>& chips = record_.chips();
  if (chips && chips->leave_cost > 0) {
    const bool person = seat() && table_->seats[1 - *seat()].kind == wire::SeatView::Kind::Human;
    if (!words.empty()) words += " ";
    words += person ? tr("Leaving now costs you {chips}, and {player} is paid as the match's winner.",
                         {{"chips", chips_words(chips->leave_cost)}, {"player", opponent_name()}})
                    : tr("Leaving now costs you {chips}.", {{"chips", chips_words(chips->leave_cost)}});
  } else if (chips && chips->stake > 0 && in_game && !match_over_) {
    words += std::string(" ") + tr("It costs no chips yet: the match has not had four moves.");
  }
  return words;
}

}  // namespace reversi
