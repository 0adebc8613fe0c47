// The connection to reversi-server for this device's player, without the
// table: the socket (through OnlineLink), who we say we are (the guest kept
// on this device, a host page's signed token, or a code from another
// device), the hello that says it and asks to resume a table from its last
// event, reconnecting with backoff, requests held until the server's
// welcome, and table events seen twice (replayed after a reconnect)
// dropped. OnlineTable decides when a connection is wanted and what the
// server's words mean for the table; this part only carries them.
#pragma once

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/persistence.h"
#include "messages/table_messages.h"

namespace reversi {

// The WebSocket to the server (platform_web.cpp; a fake in tests). What
// arrives is handed to OnlineTable::link_opened/link_message/link_closed.
class OnlineLink {
 public:
  virtual ~OnlineLink() = default;
  // False when the device knows it has no connection (navigator.onLine).
  virtual bool online() const = 0;
  virtual void open() = 0;
  virtual void send(const std::string& text) = 0;
  virtual void close() = 0;
};

class OnlineConnection {
 public:
  enum class State { Idle, Connecting, Connected, Reconnecting };
  struct Services {
    OnlineLink& link;
    DocumentStore& store;  // the guest's id and secret, under kPlayerKey
    ClockSource clock;
    // Tells the player something ("Connection lost. Reconnecting…").
    std::function<void(std::string_view text, double seconds)> notify;
    // The kept guest has been read (or found missing): the owner connects
    // now if it still wants to.
    std::function<void()> identity_loaded;
  };
  static constexpr const char* kPlayerKey = "online-player";

  explicit OnlineConnection(Services services) : services_(std::move(services)) {}

  State state() const { return state_; }
  bool connected() const { return state_ == State::Connected; }
  // Seconds until the next attempt while reconnecting.
  double retry_in() const;

  // Opens the socket, after reading the kept guest the first time (then
  // Services::identity_loaded is called and the owner connects again). A
  // device that knows it is offline waits for the next attempt instead.
  void connect();
  // Closes the socket and says hello again on the next update.
  void reconnect_now();
  // Closes the socket for good, until the next connect.
  void close();
  // The socket closed: when `keep_trying`, another attempt after a backoff
  // (and, if we were connected, the player is told); otherwise idle.
  void closed(bool keep_trying, bool tell);
  // Whether it is time for the next attempt (`now_please`: at once, as when
  // the page comes back into view).
  bool due(bool now_please);
  // Nothing is wanted before the socket was ever opened: idle, quietly.
  void stand_down() { state_ = State::Idle; }
  // Closes the socket without a word (the owner then handles the close, as
  // when the table went out of step), and tries again at once after it.
  void drop_socket() { services_.link.close(); }
  void retry_now() { retry_at_ = now(); }
  // False when the device knows it has no connection.
  bool device_online() const { return services_.link.online(); }

  // The socket opened: the hello, resuming `resume_table` from the last event
  // seen (a code from another device goes instead, once).
  void opened(const std::optional<std::string>& resume_table);
  // A message from the server, decoded; none when it is malformed (logged)
  // or a table event seen already.
  std::optional<messages::online::ServerMessage> accept(std::string_view text);
  // The server's welcome: who we are now. False when it only answers a
  // change of name (set_name), with nothing else to do.
  bool welcomed(const messages::online::server::Welcome& welcome);

  void send(const messages::online::ClientMessage& message);
  // A request held until the welcome (sent at once when connected).
  void hold(messages::online::ClientMessage request) { pending_.push_back(std::move(request)); }
  std::vector<messages::online::ClientMessage>& held() { return pending_; }
  void drop_held() { pending_.clear(); }
  // A set-name request whose welcome has not come back; one refused.
  void asked_name() { ++names_asked_; }
  void name_refused() {
    if (names_asked_ > 0) --names_asked_;
  }

  // Who we are, as the server last said.
  const std::string& player() const { return player_; }
  const std::string& name() const { return name_; }
  // Whether a hello could name anybody (a kept guest, or a host's token).
  bool has_identity() const { return !guest_player_.empty() || !token_.empty(); }
  bool identity_loaded() const { return identity_loaded_; }
  // The host page's token: from now on the server is told who we are by it.
  void sign_in(const std::string& token) { token_ = token; }
  // Whether the welcome of this connection was for someone other than the
  // host page's player (a new table is then theirs: say hello again).
  bool welcomed_other_than_signed_in() const { return welcomed_token_ != token_; }
  // The server refused the token we sent: play on as this device's guest.
  void token_refused();
  // A code from another device: the next hello makes this device that player.
  void use_link(const std::string& code) { link_to_use_ = code; }
  // The next welcome follows a code from another device (a refusal ends it).
  bool linking() const { return linking_; }
  void link_refused() { linking_ = false; }
  // The server does not know our guest (a new database): a new one next.
  void forget_guest();
  // The server forgot this player: so does this device, for good.
  void forget_deleted_player();

  // The last table event seen, so that a resume starts after it.
  int seq() const { return seq_; }
  void rewind_to(int seq) { seq_ = std::min(seq_, seq); }
  void caught_up_to(int seq) { seq_ = std::max(seq_, seq); }
  void forget_seq() { seq_ = 0; }

 private:
  double now() const { return services_.clock ? services_.clock() : 0; }
  void say(std::string_view text, double seconds);
  void back_off();
  void load_identity();

  Services services_;
  State state_ = State::Idle;
  bool identity_loaded_ = false;
  bool identity_loading_ = false;
  bool opening_ = false;                                  // an attempt under way, until the welcome or a close
  int attempts_ = 0;                                      // since the last welcome
  double retry_at_ = 0;                                   // the next attempt, while reconnecting
  std::string player_, name_;                             // who the server says we are
  std::string guest_player_, secret_;                     // the guest kept on this device
  std::string link_to_use_;                               // a code from another device, for the next hello
  bool linking_ = false;                                  // that hello is on its way
  std::string token_;                                     // the host page's, when it signed us in
  std::string sent_token_;                                // the one the last hello carried ("" as the guest)
  std::string welcomed_token_;                            // the one the server last welcomed us by
  std::vector<messages::online::ClientMessage> pending_;  // sent after the welcome
  int names_asked_ = 0;                                   // set-name requests whose welcome has not come back
  int seq_ = 0;                                           // the last table event seen
};

}  // namespace reversi
