#include "app/core/online_table.h"

#include <cstdio>

#include "app/core/words.h"

namespace reversi {
namespace {

namespace online = messages::online;
namespace wire = messages::online::server;

}  // namespace

std::optional<int> OnlineTable::seat_in(const wire::Table& table, const std::string& player) {
  for (int i = 0; i < 2; ++i)
    if (table.seats[i].kind == wire::SeatView::Kind::Human && table.seats[i].player == player) return i;
  return std::nullopt;
}

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
    say(tr("A table code is six letters and digits, like K7M2QX."));
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
    say(tr("That link to carry on a game is not complete."));
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
    say(tr("A link code is eight letters and digits, like ABCD-EFGH."));
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
    return CommandResult::failure(CommandError::NotYourTurn, tr("Wait until the connection is back."));
  const Session* mirror = game_.session();
  if (!mirror || !colour())
    return CommandResult::failure(CommandError::NotYourTurn, tr("The game starts when someone takes the free seat."));
  if (mirror->game().is_over()) return CommandResult::failure(CommandError::GameOver, tr("This game is over."));
  if (!my_turn())
    return CommandResult::failure(CommandError::NotYourTurn,
                                  tr("Wait for {player} to move.", {{"player", opponent_name()}}));
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
  say(tr("Your online data is deleted. Playing online again starts as a new guest."), 6);
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
  if (record_.plays_chips()) want(online::client::GetChips{}, /*sits=*/false);
}

void OnlineTable::chat(const std::string& text) {
  if (!table_) return say(tr("Chat is for the players at a table."), 4);
  chat_.sending(text);
  send(online::client::Chat{text});
}

void OnlineTable::mute_opponent(bool muted) {
  if (chat_.opponent().empty()) return;
  send(online::client::Mute{chat_.opponent(), muted});
}

void OnlineTable::report_opponent(messages::ReportReason reason, const std::string& note) {
  if (chat_.opponent().empty()) return say(tr("There is nobody to report."), 4);
  want(online::client::Report{chat_.opponent(), reason, note}, /*sits=*/false);
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
  record_.new_match();
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
  warn_low_time();
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

}  // namespace reversi
