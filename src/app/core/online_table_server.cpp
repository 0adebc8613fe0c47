// OnlineTable (app/core/online_table.h): what the server says, and what it
// changes at the table.
#include <algorithm>
#include <cstdio>

#include "app/core/online_table.h"
#include "app/core/wording.h"
#include "app/core/words.h"

namespace reversi {
namespace {

namespace online = messages::online;
namespace wire = messages::online::server;

}  // namespace

// ---- What the server says ----------------------------------------------------

void OnlineTable::handle(const online::ServerMessage& message) {
  if (!handle_game(message) && !handle_people(message)) handle_account(message);
}

// The table and its game: seats, moves, the clock, the end, the match.
bool OnlineTable::handle_game(const online::ServerMessage& message) {
  return std::visit(
      [this](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, wire::Table>) {
          on_table(m);
        } else if constexpr (std::is_same_v<T, wire::OpenTables>) {
          open_tables_ = m.tables;
          open_tables_whole_ = watching_;
        } else if constexpr (std::is_same_v<T, wire::OpenTablesChanged>) {
          on_open_tables_changed(m);
        } else if constexpr (std::is_same_v<T, wire::GameStarted>) {
          on_game_started(m);
        } else if constexpr (std::is_same_v<T, wire::Move>) {
          on_move(m);
        } else if constexpr (std::is_same_v<T, wire::Pass>) {
          game_.poll();  // the mirror passed by itself
        } else if constexpr (std::is_same_v<T, wire::ClockExpired>) {
          const bool mine = colour() == m.expired.color;
          say(mine ? tr("Your time ran out: the server played {square} for you.",
                        {{"square", square_name(m.expired.square)}})
                   : tr("{player}'s time ran out: the server played {square}.",
                        {{"player", opponent_name()}, {"square", square_name(m.expired.square)}}),
              4);
        } else if constexpr (std::is_same_v<T, wire::GameOver>) {
          on_game_over(m);
        } else if constexpr (std::is_same_v<T, wire::GameAborted>) {
          game_.reset();
          game_.read_clock(std::nullopt);
          say(tr("The game was called off: {reason}.", {{"reason", words().translated(m.reason)}}), 5);
        } else if constexpr (std::is_same_v<T, wire::MatchOver>) {
          match_over_ = m;
        } else if constexpr (std::is_same_v<T, wire::RematchOffered>) {
          if (m.player != conn_.player()) {
            rematch_offered_ = true;
            say(tr("{player} would like to play again.", {{"player", opponent_name()}}), 5);
          }
        } else if constexpr (std::is_same_v<T, wire::OpponentAway>) {
          if (m.player != conn_.player()) away_until_ = now() + m.seconds;
        } else if constexpr (std::is_same_v<T, wire::OpponentBack>) {
          if (m.player != conn_.player()) {
            away_until_.reset();
            say(tr("{player} is back.", {{"player", opponent_name()}}));
          }
        } else if constexpr (std::is_same_v<T, wire::State>) {
          on_state(m);
        } else {
          return false;
        }
        return true;
      },
      message);
}

// The people and the record: chat, reports, the leaderboard, the card, chips.
bool OnlineTable::handle_people(const online::ServerMessage& message) {
  return std::visit(
      [this](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, wire::Chat>) {
          if (m.from == conn_.player()) chat_.passed_on();
          if (chat_.add(m) && m.from != conn_.player()) say(m.name + ": " + m.text, 6);
        } else if constexpr (std::is_same_v<T, wire::ChatHistory>) {
          chat_.replace(m.messages);
        } else if constexpr (std::is_same_v<T, wire::Mutes>) {
          chat_.set_mutes(m.players);
        } else if constexpr (std::is_same_v<T, wire::Reported>) {
          say(tr("Thank you: the report is kept for the arcade's staff, and you will not be seated with {player} again "
                 "unless you join their table yourself.",
                 {{"player", chat_.opponent_name().empty() ? std::string(tr("that player")) : chat_.opponent_name()}}),
              7);
        } else if constexpr (std::is_same_v<T, wire::Leaderboard>) {
          record_.take(m);
        } else if constexpr (std::is_same_v<T, wire::Chips>) {
          record_.take(m, table_.has_value());
        } else if constexpr (std::is_same_v<T, wire::ChipsLedger>) {
          record_.take(m);
        } else if constexpr (std::is_same_v<T, wire::PlayerCard>) {
          // The card's balance is news when the seat's chips are not on show.
          if (m.player == conn_.player() && record_.take_card(m)) want(online::client::GetChips{}, /*sits=*/false);
        } else if constexpr (std::is_same_v<T, wire::History>) {
          record_.take(m);
        } else if constexpr (std::is_same_v<T, wire::MilestoneReached>) {
          say(milestone_notice(m.milestone, m.level), 7);
          host_events_.push_back(messages::events::MilestoneReached{
              std::string(messages::spell(online::kMilestones, m.milestone)), m.level});
          if (record_.card()) send(online::client::GetPlayer{});  // the card on show catches up
        } else {
          return false;
        }
        return true;
      },
      message);
}

// Who we are and where our seat is: the welcome, another device, errors.
bool OnlineTable::handle_account(const online::ServerMessage& message) {
  return std::visit(
      [this](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, wire::Welcome>) {
          on_welcome(m);
        } else if constexpr (std::is_same_v<T, wire::TransferCode>) {
          transfer_code_ = m.code;
        } else if constexpr (std::is_same_v<T, wire::SeatMoved>) {
          finish();
          conn_.close();
          moved_away_ = true;
          say("This game carries on on another device.", 6);
        } else if constexpr (std::is_same_v<T, wire::LinkCode>) {
          link_code_ = m.code;
          link_code_until_ = now() + m.expires_in;
        } else if constexpr (std::is_same_v<T, wire::PlayerDeleted>) {
          on_player_deleted();
        } else if constexpr (std::is_same_v<T, wire::Error>) {
          on_error(m);
        } else {
          return false;
        }
        return true;
      },
      message);
}

void OnlineTable::on_welcome(const wire::Welcome& welcome) {
  if (!conn_.welcomed(welcome)) return;  // only a new name
  std::vector<online::ClientMessage>& pending = conn_.held();
  // Asked only whether a seat is kept: back at it, or the connection is not needed.
  const bool only_returning = std::exchange(returning_, false) && !active_ && !watching_ && pending.empty();
  if (only_returning && welcome.table) active_ = true;  // its `table` and `state` follow
  if (welcome.table)
    // Back at the table we asked for (a reload of an invite link): nothing to ask.
    std::erase_if(pending, [&](const online::ClientMessage& request) {
      const auto* join = std::get_if<online::client::JoinTable>(&request);
      return join && join->code == *welcome.table;
    });
  // Seated elsewhere (another tab, a table left open) while asking for a new one: leave it first.
  const bool asks_for_table = std::any_of(pending.begin(), pending.end(), [](const online::ClientMessage& request) {
    return std::holds_alternative<online::client::OpenTable>(request) ||
           std::holds_alternative<online::client::JoinTable>(request) ||
           std::holds_alternative<online::client::ClaimSeat>(request);
  });
  if (welcome.table && asks_for_table && (!table_ || *welcome.table != table_->code))
    send(online::client::LeaveTable{});
  if (!welcome.table && table_ && pending.empty()) {
    // The table we were at is gone (closed while we were away).
    finish();
    say(tr("That table is closed."), 4);
    return;
  }
  const bool asked_to_watch = std::any_of(pending.begin(), pending.end(), [](const online::ClientMessage& request) {
    return std::holds_alternative<online::client::WatchOpenTables>(request);
  });
  if (watching_ && !asked_to_watch) send(online::client::WatchOpenTables{});  // after a reconnect
  for (const online::ClientMessage& request : std::exchange(pending, {})) send(request);
  if (only_returning && !welcome.table) conn_.close();
}

void OnlineTable::on_open_tables_changed(const wire::OpenTablesChanged& change) {
  // A change is to the whole list this connection was sent since we last
  // asked to watch; one that comes before it belongs to an earlier watch.
  if (!watching_ || !open_tables_whole_) return;
  if (online::apply_open_tables_changed(open_tables_, change)) return;
  std::fprintf(stderr, "Reversi: the open tables list went out of step; asking the server for it again\n");
  open_tables_whole_ = false;
  send(online::client::WatchOpenTables{});  // answered with the whole list
}

void OnlineTable::on_table(const wire::Table& table) {
  if (!seat_in(table, conn_.player())) {
    // The last table message after leaving, or one we were moved from.
    if (table_ && table_->code == table.code) {
      table_.reset();
      game_.reset();
    }
    return;
  }
  const bool first = !table_ || table_->code != table.code;
  if (table_ && !first) {
    // Someone sat down, or got up.
    const int mine = *seat();
    const wire::SeatView& before = table_->seats[1 - mine];
    const wire::SeatView& after = table.seats[1 - mine];
    if (before.kind == wire::SeatView::Kind::Empty && after.kind == wire::SeatView::Kind::Human)
      say(tr("{player} sat down.", {{"player", after.name}}));
    else if (before.kind == wire::SeatView::Kind::Human && after.kind == wire::SeatView::Kind::Empty)
      say(tr("{player} left the table.", {{"player", before.name}}), 4);
  }
  if (first) {
    conn_.rewind_to(table.seq);
    match_over_.reset();
    chat_.clear();  // the new table's history follows
  }
  // The person across, kept after they leave so that they can be reported.
  if (const wire::SeatView& across = table.seats[1 - *seat_in(table, conn_.player())];
      across.kind == wire::SeatView::Kind::Human) {
    chat_.sat_across(across.player, across.name);
  }
  tell_host_about(table, first);
  table_ = table;
  // The server's clock, whenever it says it: after a restart it is a fresh
  // allowance held still for a while, which no event would tell.
  if (table.clock && table.phase == messages::TablePhase::Playing) game_.read_clock(table.clock);
  if (table.phase == messages::TablePhase::Playing) game_.read_game_clock(table.game_clock);
  if (std::optional<wire::GameStarted> early = std::exchange(early_start_, std::nullopt)) on_game_started(*early);
  announce_start();
  if (table.phase == messages::TablePhase::Waiting) {
    // A game the opponent ended by leaving stays on show, with its result,
    // until someone else sits down; an unfinished one is gone.
    if (game_.in_play()) game_.reset();
    game_.read_clock(std::nullopt);
    away_until_.reset();
    rematch_offered_ = rematch_asked_ = false;
  }
}

// The host page hears of a table we opened, and of the seat across being
// taken, once each (again after a reload brings us back to the table).
void OnlineTable::tell_host_about(const wire::Table& table, bool first) {
  const std::optional<int> mine = seat_in(table, conn_.player());
  if (!mine) return;
  const wire::SeatView& across = table.seats[1 - *mine];
  const bool taken = across.kind != wire::SeatView::Kind::Empty;
  if (first && *mine == 0 && !taken && table.phase == messages::TablePhase::Waiting)
    host_events_.push_back(messages::events::TableOpened{table.code, online::invite_link(table.code)});
  const std::optional<int> before = first ? std::nullopt : seat();
  const bool was_taken = before && table_->seats[1 - *before].kind != wire::SeatView::Kind::Empty;
  if (taken && !was_taken)
    host_events_.push_back(messages::events::OpponentJoined{
        table.code, across.kind == wire::SeatView::Kind::Computer ? "the computer" : across.name,
        across.kind == wire::SeatView::Kind::Computer});
}

bool OnlineTable::start_mirror(const std::string& black, const std::string& white, int game_number,
                               const messages::MatchScore& score, const std::string& moves) {
  if (!table_) return false;
  return game_.start({table_->options, owner_id(), black, white, game_number, score, moves});
}

void OnlineTable::on_game_started(const wire::GameStarted& started) {
  if (!table_) {
    // Sitting down starts the game: its start can come before the table.
    early_start_ = started;
    return;
  }
  if (!start_mirror(started.black, started.white, started.game_number, started.match, "")) return lost_track();
  unrated_.reset();
  unrated_told_ = false;
  if (started.game_number == 1) record_.new_match();
  match_over_.reset();
  rematch_offered_ = rematch_asked_ = false;
  ending_.clear();
  game_.read_clock(started.options.clock > 0 ? std::optional(wire::ClockReading{Color::Black, started.options.clock})
                                             : std::nullopt);
  game_.start_game_clock(started.options.game_clock);
  game_.read_game_clock(started.game_clock);
  low_time_told_ = false;
  GameEvent event;
  event.kind = EventKind::GameStarted;
  event.game_number = started.game_number;
  event.black_discs = game_.session()->game().disc_count(Color::Black);
  event.white_discs = game_.session()->game().disc_count(Color::White);
  game_.note(event);
  unannounced_start_ = started;
  announce_start();
}

// Says who plays black, and tells the host page, once the seat across is
// known: the server sends a game's start before the table view in which the
// player who has just sat down appears.
void OnlineTable::announce_start() {
  if (!unannounced_start_ || !table_) return;
  const std::optional<int> mine = seat();
  const std::optional<Color> colour_now = colour();
  if (!mine || !colour_now) return;
  if (table_->seats[1 - *mine].kind == wire::SeatView::Kind::Empty) return;  // the table view is on its way
  const wire::GameStarted started = *std::exchange(unannounced_start_, std::nullopt);
  host_events_.push_back(messages::events::OnlineGameStarted{table_->code, started.game_number, *colour_now,
                                                             opponent_name(), started.options.match_length,
                                                             started.options.clock, started.options.start});
  say(*colour_now == Color::Black ? std::string(tr("You play black: you move first."))
                                  : tr("You play white: {player} moves first.", {{"player", opponent_name()}}),
      4);
}

void OnlineTable::on_move(const wire::Move& move) {
  if (!game_.play(move)) lost_track();
}

void OnlineTable::on_game_over(const wire::GameOver& over) {
  game_.read_clock(std::nullopt);
  away_until_.reset();
  if (!game_.session()) return;
  unrated_ = over.unrated;
  unrated_told_ = true;
  end_as(over.over.result.winner(), over.over.result.reason);
  game_.poll();
  // The match's standings game by game, now with this one (the server stores
  // a game before it tells of its end).
  if (table_ && table_->options.match_length > 1) send(online::client::GetHistory{});
  if (const std::optional<Color> mine = colour(); mine && table_) {
    const std::optional<Color> winner = over.over.result.winner();
    host_events_.push_back(messages::events::OnlineGameOver{
        table_->code, over.over.game_number, over.over.result, over.over.transcript,
        !winner            ? "draw"
        : *winner == *mine ? "won"
                           : "lost",
        over.unrated ? std::string(messages::spell(online::kUnratedReasons, *over.unrated)) : ""});
  }
}

void OnlineTable::end_as(std::optional<Color> winner, EndReason reason) {
  game_.end_as(winner, reason);
  ending_.clear();
  if (!winner) return;
  const bool ours = colour() == winner;
  if (reason == EndReason::Resignation)
    ending_ = ours ? tr("{player} resigned.", {{"player", opponent_name()}}) : tr("You resigned.");
  else if (reason == EndReason::Abandoned)
    ending_ = ours ? tr("{player} left the game.", {{"player", opponent_name()}}) : tr("You left the game.");
  else if (reason == EndReason::Time)
    ending_ = ours ? tr("{player} ran out of time.", {{"player", opponent_name()}}) : tr("Your time ran out.");
}

std::string OnlineTable::owner_id() const {
  const wire::SeatView& owner = table_->seats[0];
  return owner.kind == wire::SeatView::Kind::Computer ? "computer" : owner.player;
}

void OnlineTable::on_state(const wire::State& state) {
  on_table(state.table);
  if (!table_) return;
  if (state.black.empty()) {
    game_.reset();
    return;
  }
  conn_.caught_up_to(state.seq);
  // A finished game is already in the match's score: take it out to set the
  // game up, and end it as it ended (a resignation is not in its moves).
  messages::MatchScore before = state.game.match;
  std::optional<Color> winner;
  if (state.game.phase == messages::Phase::Over && state.game.winner) winner = GameResult{*state.game.winner}.winner();
  if (winner) {
    const bool owner_won = (*winner == Color::Black) == (state.black == owner_id());
    int& wins = owner_won ? before.first : before.second;
    wins = std::max(0, wins - 1);
  }
  if (!start_mirror(state.black, state.white, state.game.game_number, before, state.game.transcript)) return;
  end_as(winner, state.game.end_reason);
  game_.skip_events();  // a fresh picture: nothing to announce
  game_.read_clock(state.clock);
  game_.start_game_clock(state.table.options.game_clock);
  game_.read_game_clock(state.game_clock);
  GameEvent event;
  event.kind = EventKind::GameStarted;  // a fresh picture: no animation to finish
  event.game_number = state.game.game_number;
  game_.note(event);
}

void OnlineTable::on_error(const wire::Error& error) {
  using messages::ErrorCode;
  switch (error.code) {
    case ErrorCode::BadSecret:
      // The server does not know us (a new database, say): start as a new guest.
      conn_.forget_guest();
      if (std::exchange(returning_, false) && !active_ && !watching_ && conn_.held().empty()) {
        conn_.close();
        return;  // only asked for a seat: a new guest is made when one is wanted
      }
      table_.reset();
      game_.reset();
      conn_.reconnect_now();
      return;
    case ErrorCode::BadToken:
      // The host page's token was refused: play on as this device's guest.
      std::fprintf(stderr, "Reversi: the host page's sign-in was refused: %s\n", error.reason.c_str());
      host_events_.push_back(
          messages::events::Error{"the server refused the sign-in: " + error.reason, "reversi:sign-in"});
      say(tr("The arcade's sign-in did not work, so you play as a guest."), 5);
      conn_.token_refused();
      conn_.reconnect_now();
      return;
    case ErrorCode::TooManyGuests:
      // No new guest from this address for now: every retry would be refused
      // the same, so stop and say why; the next thing the player asks for tries again.
      say(server_error_words(error.code, error.reason), 8);
      finish();
      returning_ = watching_ = false;
      conn_.close();
      return;
    case ErrorCode::NoSuchTable:
    case ErrorCode::TableFull:
    case ErrorCode::NoSuchCode:
      conn_.link_refused();
      say(server_error_words(error.code, error.reason), 5);
      if (!table_) finish();
      return;
    case ErrorCode::BadName:
      conn_.name_refused();
      say(server_error_words(error.code, error.reason), 5);
      return;
    case ErrorCode::StalePly:
      // Our board was behind: the server's move is on its way, or we ask again.
      return;
    default:
      if (error.request == "chat") {
        chat_.refused();
        say(server_error_words(error.code, error.reason) + " " + tr("Your message is kept: write again to send it."),
            5);
        return;
      }
      say(server_error_words(error.code, error.reason), 4);
      return;
  }
}

}  // namespace reversi
