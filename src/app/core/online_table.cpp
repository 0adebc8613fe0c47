#include "app/core/online_table.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/core/wording.h"
#include "messages/fair_points.h"

namespace reversi {
namespace {

namespace online = messages::online;
namespace wire = messages::online::server;

const char* colour_word(Color color) { return color == Color::Black ? "black" : "white"; }

// The seat `player` sits in at `table`, if any.
std::optional<int> seat_in(const wire::Table& table, const std::string& player) {
  for (int i = 0; i < 2; ++i)
    if (table.seats[i].kind == wire::SeatView::Kind::Human && table.seats[i].player == player) return i;
  return std::nullopt;
}

}  // namespace

bool starts_without_online_link(std::string_view table, std::string_view claim, std::string_view link) {
  return table.empty() && claim.empty() && link.empty();
}

OnlineTable::OnlineTable(Services services)
    : services_(std::move(services)),
      conn_({services_.link, services_.store, services_.clock, services_.notify, [this] { identity_loaded(); }}),
      game_(services_.clock) {}

void OnlineTable::identity_loaded() {
  if (returning_ && !conn_.has_identity()) {
    // Never played online here: nothing to go back to, and no connection.
    returning_ = false;
    conn_.stand_down();
    return;
  }
  if (active_ || watching_ || returning_) conn_.connect();
}

// ---- What the player asks for ----------------------------------------------

void OnlineTable::want(online::ClientMessage request, bool sits) {
  if (sits) {
    active_ = true;
    moved_away_ = false;
    ending_.clear();
  }
  if (conn_.connected() && !(sits && conn_.welcomed_other_than_signed_in())) {
    send(request);
    return;
  }
  conn_.hold(std::move(request));
  if (conn_.state() == Connection::Idle) conn_.connect();
  // Signed in since this connection said hello: a new table is the host's player's.
  if (conn_.connected()) conn_.reconnect_now();
}

void OnlineTable::open_table(const online::TableOptions& options, bool is_private) {
  if (table_) send(online::client::LeaveTable{});
  table_.reset();
  game_.reset();
  want(online::client::OpenTable{options, is_private});
}

void OnlineTable::join(const std::string& code) {
  const std::optional<std::string> normalised = online::normalised_code(code);
  if (!normalised) {
    say("A table code is six letters and digits, like K7M2QX.");
    return;
  }
  if (table_ && table_->code == *normalised) return;
  if (table_) send(online::client::LeaveTable{});
  table_.reset();
  game_.reset();
  want(online::client::JoinTable{*normalised});
}

void OnlineTable::claim(const std::string& code) {
  const std::optional<std::string> normalised = online::normalised_code(code);
  if (!normalised) {
    say("That link to carry on a game is not complete.");
    return;
  }
  want(online::client::ClaimSeat{*normalised});
}

void OnlineTable::link_device() {
  link_code_.clear();
  want(online::client::LinkDevice{}, /*sits=*/false);
}

void OnlineTable::use_link(const std::string& code) {
  const std::optional<std::string> normalised = online::normalised_link_code(code);
  if (!normalised) {
    say("A link code is eight letters and digits, like ABCD-EFGH.");
    return;
  }
  // Whatever this device was doing online, it is about to be someone else.
  finish();
  conn_.use_link(*normalised);
  active_ = true;  // the linked player's seat, if they have one, comes with the welcome
  if (conn_.state() == Connection::Idle)
    conn_.connect();
  else
    conn_.reconnect_now();
}

void OnlineTable::return_to_saved_seat() {
  if (active_ || returning_ || !conn_.device_online()) return;
  if (conn_.identity_loaded() && !conn_.has_identity()) return;
  returning_ = true;
  if (conn_.state() == Connection::Idle) conn_.connect();
}

CommandResult OnlineTable::play(Square square) {
  if (!conn_.connected())
    return CommandResult::failure(CommandError::NotYourTurn, "Wait until the connection is back.");
  const Session* mirror = game_.session();
  if (!mirror || !colour())
    return CommandResult::failure(CommandError::NotYourTurn, "The game starts when someone takes the free seat.");
  if (mirror->game().is_over()) return CommandResult::failure(CommandError::GameOver, "This game is over.");
  if (!my_turn()) return CommandResult::failure(CommandError::NotYourTurn, "Wait for " + opponent_name() + " to move.");
  // The same check the server makes, so an illegal tap says why at once.
  const CommandResult check = mirror->check_play(mirror->seat_of(*colour()), square);
  if (!check) return check;
  send(online::client::Play{square, static_cast<int>(mirror->game().record().cursor())});
  return CommandResult::ok();
}

void OnlineTable::resign() {
  if (game_.in_play()) send(online::client::Resign{});
}

void OnlineTable::next_game() { send(online::client::NextGame{}); }

void OnlineTable::rematch() {
  rematch_asked_ = true;
  send(online::client::Rematch{});
}

void OnlineTable::seat_computer(Strength strength) { send(online::client::SeatComputer{strength}); }

void OnlineTable::set_private(bool is_private) { send(online::client::SetPrivate{is_private}); }

void OnlineTable::transfer_seat() { send(online::client::TransferSeat{}); }

void OnlineTable::set_name(const std::string& name) {
  conn_.asked_name();
  want(online::client::SetName{name}, /*sits=*/false);
}

void OnlineTable::delete_player() { want(online::client::DeletePlayer{}, /*sits=*/false); }

void OnlineTable::on_player_deleted() {
  finish();
  watching_ = returning_ = false;
  open_tables_.clear();
  conn_.forget_deleted_player();
  say("Your online data is deleted. Playing online again starts as a new guest.", 6);
}

void OnlineTable::watch_open_tables(bool watch) {
  watching_ = watch;
  open_tables_whole_ = false;  // until the whole list the server sends on watching
  if (watch)
    want(online::client::WatchOpenTables{}, /*sits=*/false);
  else if (conn_.connected())
    send(online::client::UnwatchOpenTables{});
  if (!watch) open_tables_.clear();
}

void OnlineTable::ask_leaderboard(online::Period period) {
  want(online::client::GetLeaderboard{period}, /*sits=*/false);
}

void OnlineTable::ask_record() {
  want(online::client::GetPlayer{}, /*sits=*/false);
  want(online::client::GetHistory{}, /*sits=*/false);
  // The ledger only from a server that has said it plays chips.
  if (chips_ || (card_ && card_->chips)) want(online::client::GetChips{}, /*sits=*/false);
}

void OnlineTable::chat(const std::string& text) {
  if (!table_) return say("Chat is for the players at a table.", 4);
  send(online::client::Chat{text});
}

bool OnlineTable::opponent_muted() const {
  return !last_opponent_.empty() && std::find(mutes_.begin(), mutes_.end(), last_opponent_) != mutes_.end();
}

void OnlineTable::mute_opponent(bool muted) {
  if (last_opponent_.empty()) return;
  send(online::client::Mute{last_opponent_, muted});
}

void OnlineTable::report_opponent(messages::ReportReason reason, const std::string& note) {
  if (last_opponent_.empty()) return say("There is nobody to report.", 4);
  want(online::client::Report{last_opponent_, reason, note}, /*sits=*/false);
}

void OnlineTable::sign_in(const std::string& token) {
  conn_.sign_in(token);
  // Without a seat, say hello again at once as the host's player; a seat
  // already held stays with whoever holds it, until the player gets up.
  if (conn_.connected() && !table_ && conn_.welcomed_other_than_signed_in()) conn_.reconnect_now();
}

void OnlineTable::leave() {
  if (table_ && conn_.connected()) send(online::client::LeaveTable{});
  finish();
  if (!watching_) conn_.close();
}

void OnlineTable::finish() {
  active_ = false;
  unannounced_start_.reset();
  conn_.drop_held();
  table_.reset();
  game_.reset();
  game_.read_clock(std::nullopt);
  away_until_.reset();
  match_over_.reset();
  rematch_offered_ = rematch_asked_ = false;
  transfer_code_.clear();
  chat_.clear();
  chips_change_ = 0;
  conn_.forget_seq();
}

void OnlineTable::send(const online::ClientMessage& message) { conn_.send(message); }

void OnlineTable::say(std::string_view text, double seconds) {
  if (services_.notify) services_.notify(text, seconds);
}

// ---- The connection ----------------------------------------------------------

void OnlineTable::link_opened() { conn_.opened(table_ ? std::optional(table_->code) : std::nullopt); }

void OnlineTable::link_closed() {
  open_tables_whole_ = false;  // the next connection starts with the whole list
  const bool keep_trying = active_ || watching_;
  if (!keep_trying) returning_ = false;
  conn_.closed(keep_trying, /*tell=*/active_);
}

void OnlineTable::update(bool now_please) {
  if (game_.in_play()) game_.poll();
  if ((active_ || watching_) && conn_.due(now_please)) conn_.connect();
}

void OnlineTable::lost_track() {
  // Our copy no longer matches the server's: ask for the whole table again.
  std::fprintf(stderr, "Reversi: the online game went out of step; asking the server for it again\n");
  conn_.forget_seq();
  game_.reset();
  conn_.drop_socket();
  link_closed();
  conn_.retry_now();
}

void OnlineTable::link_message(std::string_view text) {
  if (const std::optional<online::ServerMessage> message = conn_.accept(text)) handle(*message);
}

// ---- What the server says ----------------------------------------------------

void OnlineTable::handle(const online::ServerMessage& message) {
  std::visit(
      [this](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, wire::Welcome>) {
          on_welcome(m);
        } else if constexpr (std::is_same_v<T, wire::Table>) {
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
          say(mine ? "Your time ran out: the server played " + square_name(m.expired.square) + " for you."
                   : opponent_name() + "'s time ran out: the server played " + square_name(m.expired.square) + ".",
              4);
        } else if constexpr (std::is_same_v<T, wire::GameOver>) {
          on_game_over(m);
        } else if constexpr (std::is_same_v<T, wire::GameAborted>) {
          game_.reset();
          game_.read_clock(std::nullopt);
          say("The game was called off: " + m.reason + ".", 5);
        } else if constexpr (std::is_same_v<T, wire::MatchOver>) {
          match_over_ = m;
        } else if constexpr (std::is_same_v<T, wire::RematchOffered>) {
          if (m.player != conn_.player()) {
            rematch_offered_ = true;
            say(opponent_name() + " would like to play again.", 5);
          }
        } else if constexpr (std::is_same_v<T, wire::OpponentAway>) {
          if (m.player != conn_.player()) away_until_ = now() + m.seconds;
        } else if constexpr (std::is_same_v<T, wire::OpponentBack>) {
          if (m.player != conn_.player()) {
            away_until_.reset();
            say(opponent_name() + " is back.");
          }
        } else if constexpr (std::is_same_v<T, wire::State>) {
          on_state(m);
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
        } else if constexpr (std::is_same_v<T, wire::Chat>) {
          if (std::any_of(chat_.begin(), chat_.end(), [&](const wire::Chat& line) { return line.id == m.id; })) return;
          chat_.push_back(m);
          if (chat_.size() > online::kChatHistoryLines) chat_.erase(chat_.begin());
          if (m.from != conn_.player()) say(m.name + ": " + m.text, 6);
        } else if constexpr (std::is_same_v<T, wire::ChatHistory>) {
          chat_ = m.messages;
        } else if constexpr (std::is_same_v<T, wire::Mutes>) {
          mutes_ = m.players;
        } else if constexpr (std::is_same_v<T, wire::Reported>) {
          say("Thank you: the report is kept for the arcade's staff, and you will not be seated with " +
                  (last_opponent_name_.empty() ? std::string("that player") : last_opponent_name_) +
                  " again unless you join their table yourself.",
              7);
        } else if constexpr (std::is_same_v<T, wire::Leaderboard>) {
          leaderboard_ = m;
        } else if constexpr (std::is_same_v<T, wire::Chips>) {
          if (chips_ && table_) chips_change_ += m.balance - chips_->balance;
          chips_ = m;
        } else if constexpr (std::is_same_v<T, wire::ChipsLedger>) {
          chips_ledger_ = m;
          if (chips_) chips_->balance = m.balance;
        } else if constexpr (std::is_same_v<T, wire::PlayerCard>) {
          if (m.player == conn_.player()) {
            card_ = m;
            // The card's balance is news when the seat's chips are not on show.
            if (m.chips && !chips_ledger_ && card_->chips) want(online::client::GetChips{}, /*sits=*/false);
          }
        } else if constexpr (std::is_same_v<T, wire::History>) {
          history_ = m;
        } else if constexpr (std::is_same_v<T, wire::MilestoneReached>) {
          say(milestone_notice(m.milestone, m.level), 7);
          host_events_.push_back(messages::events::MilestoneReached{
              std::string(messages::spell(online::kMilestones, m.milestone)), m.level});
          if (card_) send(online::client::GetPlayer{});  // the card on show catches up
        }
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
    say("That table is closed.", 4);
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
      say(after.name + " sat down.");
    else if (before.kind == wire::SeatView::Kind::Human && after.kind == wire::SeatView::Kind::Empty)
      say(before.name + " left the table.", 4);
  }
  if (first) {
    conn_.rewind_to(table.seq);
    match_over_.reset();
    chat_.clear();  // the new table's history follows
  }
  // The person across, kept after they leave so that they can be reported.
  if (const wire::SeatView& across = table.seats[1 - *seat_in(table, conn_.player())];
      across.kind == wire::SeatView::Kind::Human) {
    last_opponent_ = across.player;
    last_opponent_name_ = across.name;
  }
  tell_host_about(table, first);
  table_ = table;
  // The server's clock, whenever it says it: after a restart it is a fresh
  // allowance held still for a while, which no event would tell.
  if (table.clock && table.phase == messages::TablePhase::Playing) game_.read_clock(table.clock);
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
  if (started.game_number == 1) chips_change_ = 0;  // a new match
  match_over_.reset();
  rematch_offered_ = rematch_asked_ = false;
  ending_.clear();
  game_.read_clock(started.options.clock > 0 ? std::optional(wire::ClockReading{Color::Black, started.options.clock})
                                             : std::nullopt);
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
  say(*colour_now == Color::Black ? "You play black: you move first."
                                  : "You play white: " + opponent_name() + " moves first.",
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
    ending_ = ours ? opponent_name() + " resigned." : "You resigned.";
  else if (reason == EndReason::Abandoned)
    ending_ = ours ? opponent_name() + " left the game." : "You left the game.";
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
  GameEvent event;
  event.kind = EventKind::GameStarted;  // a fresh picture: no animation to finish
  event.game_number = state.game.game_number;
  game_.note(event);
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
  if (!chips_ || (!match_over_ && chips_change_ == 0)) return "";
  const std::string balance = "you have " + chips_words(chips_->balance) + ".";
  if (chips_change_ > 0) return "+" + chips_words(chips_change_) + " for the match: " + balance;
  if (chips_change_ < 0) return "\u2013" + chips_words(-chips_change_) + " for the match: " + balance;
  if (!match_over_) return "";
  const std::optional<int> mine = seat();
  const bool won =
      mine && match_over_->over.winner && *match_over_->over.winner == (*mine == 0 ? Seat::First : Seat::Second);
  if (won && chips_->won_today >= chips_->daily_limit)
    return "No chips for this win: wins have paid today's " + chips_words(chips_->daily_limit) +
           ". Play on for fun; wins pay again from midnight UTC.";
  return "";
}

std::string OnlineTable::leave_consequences() const {
  if (!table_) return "";
  std::string words;
  const bool in_game = table_->phase == messages::TablePhase::Playing && game_.in_play();
  if (in_game) words = "The game in play counts as resigned: " + opponent_name() + " is awarded the win.";
  if (chips_ && chips_->leave_cost > 0) {
    const bool person = seat() && table_->seats[1 - *seat()].kind == wire::SeatView::Kind::Human;
    if (!words.empty()) words += " ";
    words += "Leaving now costs you " + chips_words(chips_->leave_cost);
    words += person ? ", and " + opponent_name() + " is paid as the match's winner." : ".";
  } else if (chips_ && chips_->stake > 0 && in_game && !match_over_) {
    words += " It costs no chips yet: the match has not had four moves.";
  }
  return words;
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
      say("The arcade's sign-in did not work, so you play as a guest.", 5);
      conn_.token_refused();
      conn_.reconnect_now();
      return;
    case ErrorCode::TooManyGuests:
      // No new guest from this address for now: every retry would be refused
      // the same, so stop and say why; the next thing the player asks for tries again.
      say(error.reason, 8);
      finish();
      returning_ = watching_ = false;
      conn_.close();
      return;
    case ErrorCode::NoSuchTable:
    case ErrorCode::TableFull:
    case ErrorCode::NoSuchCode:
      conn_.link_refused();
      say(error.reason, 5);
      if (!table_) finish();
      return;
    case ErrorCode::BadName:
      conn_.name_refused();
      say(error.reason, 5);
      return;
    case ErrorCode::StalePly:
      // Our board was behind: the server's move is on its way, or we ask again.
      return;
    default:
      say(error.reason, 4);
      return;
  }
}

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
      return game_.session() && !last_opponent_name_.empty() ? last_opponent_name_ : "your opponent";
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

}  // namespace reversi
