// One connection's conversation, whatever carries it (a WebSocket in the
// server, a fake in tests and the fuzzer): the size cap and rate limit,
// decoding, hello first, who the player is, and handing each request to
// the lobby or to the player's table. Called one message at a time.
#pragma once

#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "messages/table_messages.h"
#include "server/guest_limit.h"
#include "server/host_tokens.h"
#include "server/lobby.h"
#include "server/moderation.h"
#include "server/session_route.h"

namespace reversi::server {

// At most `rate` messages a second, in bursts of `burst`.
class RateLimiter {
 public:
  RateLimiter(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}
  bool allow(double now);

 private:
  double rate_;
  double burst_;
  double tokens_;
  std::optional<double> last_;
};

// Wrong device-link codes, counted over every connection of a node, so that
// codes cannot be guessed: at most `per_minute` wrong tries a minute (in
// bursts of as many), after which every try waits. Thread-safe.
class LinkAttempts {
 public:
  explicit LinkAttempts(double per_minute = 30) : per_second_(per_minute / 60), burst_(per_minute), left_(burst_) {}
  // Whether a code may be tried now.
  bool open(double now);
  // A try named no live code.
  void failed(double now);

 private:
  void refill(double now);  // under the lock
  std::mutex mutex_;
  double per_second_;
  double burst_;
  double left_;
  std::optional<double> last_;
};

struct ClientLimits {
  double messages_per_second = 20;
  double burst = 40;
  int refusals_before_closing = 40;  // too large or too fast, in total
};

struct ClientServices {
  Lobby* lobby = nullptr;
  Store* store = nullptr;
  const HostTokenVerifier* tokens = nullptr;
  ClockSource clock;                         // steady seconds (the rate limit)
  std::function<std::int64_t()> unix_clock;  // token expiry, stored rows
  ClientLimits limits;
  Moderation* moderation = nullptr;       // chat, mutes, reports, bans; none: chat is off
  std::optional<int> chips_start{};       // --chips START; nullopt: chips are off
  Cluster* cluster = nullptr;             // several nodes (cluster.h); none: one node
  LinkAttempts* link_attempts = nullptr;  // the node's count of wrong link codes; none: not counted
  GuestLimiter* guests = nullptr;         // new guests per address (--guests-per-hour); none: no limit
  std::string address{};                  // the client's (guest_limit.h: client_address)
};

class ClientSession {
 public:
  ClientSession(ClientServices services, LinkPtr self);

  void on_message(std::string_view text);
  // The connection has gone: the player's table starts their grace window.
  void on_closed();
  // A connection another node relays here (cluster.h): that node checked
  // who it is and has welcomed them; this one seats them and serves the rest.
  void adopt(const RelayStart& start);

  const std::optional<std::string>& player() const { return player_; }

 private:
  void refuse(messages::ErrorCode code, const std::string& reason, std::string_view request);
  // The refusal, then the connection closes (its client connects again or gives up).
  void refuse_and_close(messages::ErrorCode code, const std::string& reason, std::string_view request);
  void handle(const messages::online::ClientMessage& message);
  void hello(const messages::online::client::Hello& hello);
  void set_name(const std::string& name);
  void send_leaderboard(messages::online::Period period);
  void send_player_card(const std::string& player);
  void send_history();
  // Chat, mutes and reports (client_moderation.cpp).
  void chat(const std::string& text);
  void mute(const messages::online::client::Mute& mute);
  void report(const messages::online::client::Report& report);
  bool banned_now();  // asks the store; a store that cannot answer bans nobody
  void close_banned(std::string_view request);
  void send_chips_ledger();
  void delete_player();
  void link_device();
  // hello with a link code: this connection becomes the player who asked for it.
  std::optional<PlayerRow> claim_link(const std::string& code, std::string& new_secret);
  SeatRow seat() const { return SeatRow{*player_, name_, std::nullopt}; }
  // Runs `work` on the player's table, or answers not-seated.
  void at_table(std::string_view request, std::function<void(Table&, const std::string&, const LinkPtr&)> work);
  // join-table and claim-seat, here or at the node that plays the table.
  void join_table(const std::string& code, std::string_view request);
  void claim_seat(const std::string& code, std::string_view request);
  // The table is another node's (route_): from now on this connection is
  // relayed there, starting with the message being handled (none after a
  // hello), or, when that node cannot be reached now, it is told so and closed.
  void relay_to(const std::string& node, std::string_view request, std::optional<messages::online::Resume> resume,
                bool pass_message);
  // True when table `code` is another node's: this message went there.
  bool passed_on(const std::optional<std::string>& code, std::string_view request);
  void attach_to_table(const std::string& code, const std::optional<messages::online::Resume>& resume);
  // Runs `work` at the table `host` for `request`. Should the table close or
  // go to another node before its turn, the client is told so (a request
  // dropped there would never be answered) and closed, to connect again.
  void run_at(const HostPtr& host, std::string_view request, std::function<void(Table&)> work);

  ClientServices services_;
  LinkPtr self_;
  RateLimiter limiter_;
  int refusals_ = 0;
  bool closing_ = false;
  std::optional<std::string> player_;
  std::string name_;
  bool watching_ = false;
  std::string_view message_;  // the message being handled, as it came
  SessionRoute route_;        // this node's tables, or another node's
};

}  // namespace reversi::server
