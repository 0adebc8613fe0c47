#include "server/client_session.h"

#include <algorithm>
#include <memory>

#include "server/arcade.h"
#include "server/chips.h"
#include "server/player_names.h"
#include "server/secrets.h"

namespace reversi::server {

using messages::ErrorCode;
namespace online = messages::online;
namespace client = messages::online::client;

namespace {

// How stale a returning player's last-seen time may be before hello renews it.
constexpr std::int64_t kSeenResolutionSeconds = 60 * 60;

}  // namespace

bool RateLimiter::allow(double now) {
  if (last_) tokens_ = std::min(burst_, tokens_ + (now - *last_) * rate_);
  last_ = now;
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

void LinkAttempts::refill(double now) {
  if (last_) left_ = std::min(burst_, left_ + (now - *last_) * per_second_);
  last_ = now;
}

bool LinkAttempts::open(double now) {
  std::lock_guard lock(mutex_);
  refill(now);
  return left_ >= 1;
}

void LinkAttempts::failed(double now) {
  std::lock_guard lock(mutex_);
  refill(now);
  left_ = std::max(0.0, left_ - 1);
}

ClientSession::ClientSession(ClientServices services, LinkPtr self)
    : services_(std::move(services)),
      self_(std::move(self)),
      limiter_(services_.limits.messages_per_second, services_.limits.burst),
      route_(services_.cluster, services_.lobby) {}

void ClientSession::refuse(ErrorCode code, const std::string& reason, std::string_view request) {
  self_->send(online::encode_server_message(online::server::Error{code, reason, std::string(request)}));
}

void ClientSession::refuse_and_close(ErrorCode code, const std::string& reason, std::string_view request) {
  refuse(code, reason, request);
  closing_ = true;
  self_->close();
}

void ClientSession::on_message(std::string_view text) {
  if (closing_) return;
  const bool too_large = text.size() > online::kMaxClientMessageBytes;
  const bool too_fast = !too_large && !limiter_.allow(services_.clock());
  if (too_large || too_fast) {
    if (too_large)
      refuse(ErrorCode::TooLarge, "A message may hold at most 4096 bytes.", "");
    else
      refuse(ErrorCode::RateLimited, "Too many messages: at most 20 a second.", "");
    if (++refusals_ >= services_.limits.refusals_before_closing) {
      closing_ = true;
      self_->close();
    }
    return;
  }
  // Refused here even while relayed: only messages that decode cross to the table's node.
  const messages::Decoded<online::ClientMessage> decoded = online::decode_client_message(text);
  if (!decoded) {
    const bool unknown = decoded.error.problem == messages::DecodeProblem::UnknownType &&
                         decoded.error.message.rfind("unknown message type", 0) == 0;
    return refuse(unknown ? ErrorCode::UnknownType : ErrorCode::BadMessage, decoded.error.message, "");
  }
  if (route_.relaying()) return route_.forward(text);
  message_ = text;
  handle(*decoded.value);
  message_ = {};
}

void ClientSession::on_closed() {
  if (watching_) services_.lobby->unwatch(self_);
  if (!player_) return;
  if (services_.moderation) services_.moderation->disconnected(*player_, self_);
  if (route_.relaying()) return route_.closed();
  const std::optional<std::string> code = services_.lobby->table_of(*player_);
  if (!code) return;
  if (HostPtr host = services_.lobby->find_table(*code)) {
    LinkPtr self = self_;
    host->run([self](Table& table) { table.detach(self); });
  }
}

void ClientSession::relay_to(const std::string& node, std::string_view request, std::optional<online::Resume> resume,
                             bool pass_message) {
  RelayStart start{*player_, name_, watching_, std::move(resume), pass_message ? std::string(message_) : ""};
  // The table's node keeps the list coming, from a whole list of its own: no
  // change from this node's list may follow that. (Should the relay fail,
  // the connection closes.)
  if (watching_) services_.lobby->unwatch(self_);
  watching_ = false;
  if (!route_.relay(node, self_, start))
    refuse_and_close(
        ErrorCode::ServerError,
        "Your table is played by another server, which cannot be reached just now. Connect again in a moment.",
        request);
}

bool ClientSession::passed_on(const std::optional<std::string>& code, std::string_view request) {
  const std::optional<std::string> node = code ? route_.table_node(*code) : std::nullopt;
  if (!node) return false;
  relay_to(*node, request, std::nullopt, true);
  return true;
}

void ClientSession::adopt(const RelayStart& start) {
  route_.adopted();
  player_ = start.player;
  name_ = start.name;
  if (services_.moderation) services_.moderation->connected(*player_, self_);
  if (start.watching) {
    watching_ = true;
    services_.lobby->watch(self_, *player_);
  }
  if (const std::optional<std::string> code = services_.lobby->table_of(*player_))
    attach_to_table(*code, start.resume);
  else if (start.first_message.empty())
    // A hello, answered by the other node with a table this one seats the
    // player at no longer (closed or moved a moment ago): the client, told
    // nothing more, would wait for that table for ever.
    return refuse_and_close(ErrorCode::ServerError, kTableMovingReason, "hello");
  if (!start.first_message.empty()) on_message(start.first_message);
}

void ClientSession::attach_to_table(const std::string& code, const std::optional<online::Resume>& resume_from) {
  HostPtr host = services_.lobby->find_table(code);
  if (!host) {
    if (!route_.several_nodes()) return;
    if (const std::optional<std::string> node = route_.table_node(code))
      return relay_to(*node, "hello", resume_from, false);
    // Between two nodes, this one not yet told which plays it now.
    return refuse_and_close(ErrorCode::ServerError, kTableMovingReason, "hello");
  }
  std::optional<int> resume;
  if (resume_from && resume_from->table == code) resume = resume_from->seq;
  run_at(host, "hello",
         [player = *player_, self = self_, resume](Table& table) { table.attach(player, self, resume); });
}

void ClientSession::run_at(const HostPtr& host, std::string_view request, std::function<void(Table&)> work) {
  // With one node the table can only have closed (its match over and its
  // players gone); with several it may have moved.
  const char* reason = route_.several_nodes() ? kTableMovingReason : "Your table has just closed. Connect again.";
  host->run_or(std::move(work), [self = self_, request = std::string(request), reason] {
    self->send(online::encode_server_message(online::server::Error{ErrorCode::ServerError, reason, request}));
    self->close();
  });
}

void ClientSession::at_table(std::string_view request,
                             std::function<void(Table&, const std::string&, const LinkPtr&)> work) {
  const std::optional<std::string> code = services_.lobby->table_of(*player_);
  HostPtr host = code ? services_.lobby->find_table(*code) : nullptr;
  if (!host && passed_on(code, request)) return;
  if (!host) return refuse(ErrorCode::NotSeated, "You have no seat at a table.", request);
  run_at(host, request,
         [work = std::move(work), player = *player_, self = self_](Table& table) { work(table, player, self); });
}

void ClientSession::join_table(const std::string& code, std::string_view request) {
  if (banned_now()) return close_banned(request);
  HostPtr host = services_.lobby->find_table(code);
  if (!host && passed_on(code, request)) return;
  if (!host) return refuse(ErrorCode::NoSuchTable, "There is no table with that code.", request);
  run_at(host, request, [seat = seat(), self = self_](Table& table) { table.join(seat, self); });
}

void ClientSession::claim_seat(const std::string& code, std::string_view request) {
  if (banned_now()) return close_banned(request);
  HostPtr host = services_.lobby->find_transfer(code);
  if (!host)
    if (const std::optional<std::string> node = route_.transfer_node(code))
      return relay_to(*node, request, std::nullopt, true);
  if (!host) return refuse(ErrorCode::NoSuchCode, "That code is unknown, used or expired.", request);
  run_at(host, request, [code, seat = seat(), self = self_](Table& table) { table.claim_seat(code, seat, self); });
}

void ClientSession::handle(const online::ClientMessage& message) {
  const std::string_view type = online::client_message_type(message);
  if (const auto* hello_message = std::get_if<client::Hello>(&message)) {
    if (player_) return refuse(ErrorCode::BadMessage, "This connection has already said hello.", type);
    return hello(*hello_message);
  }
  if (!player_) return refuse(ErrorCode::HelloFirst, "Say hello first.", type);
  if (services_.moderation && services_.moderation->banned_at_last_poll(*player_)) return close_banned(type);
  std::visit(
      [&](const auto& value) {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, client::SetName>) {
          set_name(value.name);
        } else if constexpr (std::is_same_v<T, client::OpenTable>) {
          if (banned_now()) return close_banned(type);
          if (!services_.lobby->open_table(seat(), value.options, value.is_private, self_))
            refuse(ErrorCode::AlreadySeated, "You already have a seat at a table.", type);
        } else if constexpr (std::is_same_v<T, client::JoinTable>) {
          join_table(value.code, type);
        } else if constexpr (std::is_same_v<T, client::ClaimSeat>) {
          claim_seat(value.code, type);
        } else if constexpr (std::is_same_v<T, client::WatchOpenTables>) {
          watching_ = true;
          services_.lobby->watch(self_, *player_);
        } else if constexpr (std::is_same_v<T, client::UnwatchOpenTables>) {
          watching_ = false;
          services_.lobby->unwatch(self_);
        } else if constexpr (std::is_same_v<T, client::SeatComputer>) {
          at_table(type, [strength = value.strength](Table& table, const std::string& player, const LinkPtr& self) {
            table.seat_computer(player, strength, self);
          });
        } else if constexpr (std::is_same_v<T, client::SetPrivate>) {
          at_table(type, [flag = value.is_private](Table& table, const std::string& player, const LinkPtr& self) {
            table.set_private(player, flag, self);
          });
        } else if constexpr (std::is_same_v<T, client::LeaveTable>) {
          at_table(type,
                   [](Table& table, const std::string& player, const LinkPtr& self) { table.leave(player, self); });
        } else if constexpr (std::is_same_v<T, client::Play>) {
          at_table(type, [move = value](Table& table, const std::string& player, const LinkPtr& self) {
            table.play(player, move.square, move.ply, self);
          });
        } else if constexpr (std::is_same_v<T, client::Resign>) {
          at_table(type,
                   [](Table& table, const std::string& player, const LinkPtr& self) { table.resign(player, self); });
        } else if constexpr (std::is_same_v<T, client::NextGame>) {
          at_table(type,
                   [](Table& table, const std::string& player, const LinkPtr& self) { table.next_game(player, self); });
        } else if constexpr (std::is_same_v<T, client::Rematch>) {
          at_table(type,
                   [](Table& table, const std::string& player, const LinkPtr& self) { table.rematch(player, self); });
        } else if constexpr (std::is_same_v<T, client::GetLeaderboard>) {
          send_leaderboard(value.period);
        } else if constexpr (std::is_same_v<T, client::GetPlayer>) {
          send_player_card(value.player.value_or(*player_));
        } else if constexpr (std::is_same_v<T, client::GetHistory>) {
          send_history();
        } else if constexpr (std::is_same_v<T, client::GetChips>) {
          send_chips_ledger();
        } else if constexpr (std::is_same_v<T, client::TransferSeat>) {
          at_table(type, [](Table& table, const std::string& player, const LinkPtr& self) {
            table.transfer_seat(player, self);
          });
        } else if constexpr (std::is_same_v<T, client::Chat>) {
          chat(value.text);
        } else if constexpr (std::is_same_v<T, client::Mute>) {
          mute(value);
        } else if constexpr (std::is_same_v<T, client::Report>) {
          report(value);
        } else if constexpr (std::is_same_v<T, client::DeletePlayer>) {
          delete_player();
        } else if constexpr (std::is_same_v<T, client::LinkDevice>) {
          link_device();
        }
      },
      message);
}

void ClientSession::hello(const client::Hello& hello) {
  PlayerRow row;
  std::optional<std::string> new_secret;
  if (hello.token) {
    const auto verified = services_.tokens
                              ? services_.tokens->verify(*hello.token, double(services_.unix_clock()))
                              : std::variant<HostPlayer, TokenRefusal>(TokenRefusal{"No host tokens here."});
    if (const auto* refusal = std::get_if<TokenRefusal>(&verified))
      return refuse(ErrorCode::BadToken, refusal->reason, "hello");
    const HostPlayer& host_player = std::get<HostPlayer>(verified);
    row = PlayerRow{host_player.player, host_player.name, "", services_.unix_clock(), services_.unix_clock()};
  } else if (hello.player) {
    const StoreResult<std::optional<PlayerRow>> found = services_.store->find_player(*hello.player);
    if (!found) return refuse(ErrorCode::ServerError, "The server could not look you up. Try again.", "hello");
    // The same answer for an unknown player and a wrong secret: ids cannot be probed.
    const std::string hash = sha256_hex(*hello.secret);
    bool matches = *found.value && !found.value->value().secret_hash.empty() &&
                   equal_in_constant_time(hash, found.value->value().secret_hash);
    if (*found.value && !matches) {  // a linked device has a secret of its own
      const StoreResult<std::vector<std::string>> devices = services_.store->device_secret_hashes(*hello.player);
      if (!devices) return refuse(ErrorCode::ServerError, "The server could not look you up. Try again.", "hello");
      for (const std::string& device : *devices.value) matches = equal_in_constant_time(hash, device) || matches;
    }
    if (!matches) return refuse(ErrorCode::BadSecret, "That player id and secret do not match.", "hello");
    row = found.value->value();
  } else if (hello.link) {
    std::string secret;
    const std::optional<PlayerRow> linked = claim_link(*hello.link, secret);
    if (!linked) return;  // refused, and closing
    row = *linked;
    new_secret = std::move(secret);
  } else {
    if (services_.guests && !services_.guests->allow(services_.address, services_.clock()))
      return refuse(ErrorCode::TooManyGuests,
                    "Too many new players from your address in the last hour; try again later or use your saved "
                    "player.",
                    "hello");
    new_secret = random_hex(32);  // 256 bits
    const std::int64_t now = services_.unix_clock();
    row = PlayerRow{"p_" + random_code() + random_code(), guest_name(), sha256_hex(*new_secret), now, now};
  }
  if (services_.moderation) {
    const StoreResult<bool> banned = services_.moderation->is_banned(row.id);
    if (!banned) return refuse(ErrorCode::ServerError, "The server could not look you up. Try again.", "hello");
    if (*banned.value) return close_banned("hello");
  }
  if (!hello.player && !hello.link) {  // a new guest, or a host's player whose name the token gives
    std::unique_ptr<StoreTransaction> transaction = services_.store->begin();
    transaction->put_player(row);
    if (transaction->commit())
      return refuse(ErrorCode::ServerError, "The server could not keep you. Try again.", "hello");
  } else if (services_.unix_clock() - row.seen_unix >= kSeenResolutionSeconds) {
    // Their name stays in use (set-name). Once an hour at most: a reconnect
    // costs no write. A failed write only shortens the name's hold a little.
    std::unique_ptr<StoreTransaction> transaction = services_.store->begin();
    transaction->mark_seen(row.id, services_.unix_clock());
    transaction->commit();
  }
  player_ = row.id;
  name_ = row.name;
  const std::optional<std::string> code = services_.lobby->table_of(row.id);
  self_->send(online::encode_server_message(online::server::Welcome{row.id, row.name, new_secret, code}));
  if (services_.moderation) {
    services_.moderation->connected(row.id, self_);
    const StoreResult<std::vector<std::string>> muted = services_.moderation->mutes_of(row.id);
    self_->send(
        online::encode_server_message(online::server::Mutes{muted ? *muted.value : std::vector<std::string>{}}));
  }
  if (code) attach_to_table(*code, hello.resume);
}

void ClientSession::send_leaderboard(online::Period period) {
  StoreResult<online::server::Leaderboard> board =
      leaderboard_of(*services_.store, period, services_.unix_clock(), *player_);
  if (!board)
    return refuse(ErrorCode::ServerError, "The leaderboard cannot be read just now. Try again.", "get-leaderboard");
  self_->send(online::encode_server_message(*board.value));
}

void ClientSession::send_player_card(const std::string& player) {
  StoreResult<std::optional<online::server::PlayerCard>> card =
      player_card_of(*services_.store, player, services_.unix_clock(), services_.chips_start);
  if (!card) return refuse(ErrorCode::ServerError, "That player cannot be read just now. Try again.", "get-player");
  if (!*card.value) return refuse(ErrorCode::NoSuchPlayer, "There is no such player.", "get-player");
  self_->send(online::encode_server_message(**card.value));
}

void ClientSession::send_history() {
  StoreResult<std::vector<online::server::HistoryGame>> games =
      services_.store->history(*player_, online::kHistorySize);
  if (!games) return refuse(ErrorCode::ServerError, "Your games cannot be read just now. Try again.", "get-history");
  online::server::History history{std::move(*games.value), {}};
  const std::optional<std::string> code = services_.lobby->table_of(*player_);
  HostPtr host = code ? services_.lobby->find_table(*code) : nullptr;
  if (!host) return self_->send(online::encode_server_message(history));
  // The standings of the match at the player's table, read on the table's
  // thread; without them should the table have gone meanwhile. One of the
  // two runs, so they share the history and it is encoded once.
  auto shared = std::make_shared<online::server::History>(std::move(history));
  host->run_or(
      [shared, player = *player_, self = self_, store = services_.store](Table& table) {
        StoreResult<std::vector<online::server::HistoryGame>> match =
            store->match_games(player, table.code(), table.match_number());
        if (match) shared->match = std::move(*match.value);
        self->send(online::encode_server_message(*shared));
      },
      [shared, self = self_] { self->send(online::encode_server_message(*shared)); });
}

void ClientSession::send_chips_ledger() {
  if (!services_.chips_start) return refuse(ErrorCode::ChipsOff, "Chips are not played on this server.", "get-chips");
  StoreResult<online::server::ChipsLedger> ledger =
      chips_ledger_of(*services_.store, *services_.chips_start, *player_, services_.unix_clock());
  if (!ledger) return refuse(ErrorCode::ServerError, "Your chips cannot be read just now. Try again.", "get-chips");
  self_->send(online::encode_server_message(*ledger.value));
}

void ClientSession::set_name(const std::string& name) {
  const auto checked = checked_name(name);
  if (const auto* refusal = std::get_if<NameRefusal>(&checked))
    return refuse(ErrorCode::BadName, refusal->reason, "set-name");
  const std::string& good = std::get<std::string>(checked);
  if (const std::optional<NameRefusal> mixed = mixed_alphabets(good))
    return refuse(ErrorCode::BadName, mixed->reason, "set-name");
  const StoreResult<std::optional<PlayerRow>> found = services_.store->find_player(*player_);
  if (!found || !*found.value)
    return refuse(ErrorCode::ServerError, "The server could not find you. Try again.", "set-name");
  PlayerRow row = found.value->value();
  // A player may always set the name they have. Guests' given names are not
  // compared: 9,000 of them go round, so two guests often share one.
  const std::int64_t now = services_.unix_clock();
  if (good != row.name && !is_guest_name(good)) {
    const StoreResult<std::optional<std::string>> other =
        services_.store->look_alike_name(name_keys(good), row.id, now - kNameInUseSeconds);
    if (!other) return refuse(ErrorCode::ServerError, "The server could not check that name. Try again.", "set-name");
    if (*other.value)
      return refuse(ErrorCode::BadName,
                    "That name looks too much like another player's name (" + **other.value + "). Choose another.",
                    "set-name");
  }
  row.name = good;
  row.seen_unix = now;
  std::unique_ptr<StoreTransaction> transaction = services_.store->begin();
  transaction->put_player(row);
  if (transaction->commit())
    return refuse(ErrorCode::ServerError, "The server could not keep that. Try again.", "set-name");
  name_ = good;
  self_->send(online::encode_server_message(online::server::Welcome{row.id, row.name, std::nullopt, std::nullopt}));
  if (const std::optional<std::string> code = services_.lobby->table_of(*player_))
    if (HostPtr host = services_.lobby->find_table(*code))
      host->run([player = *player_, good](Table& table) { table.rename(player, good); });
}

}  // namespace reversi::server
