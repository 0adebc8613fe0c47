// The embedding protocol: commands from the host page that has the game in
// an iframe, and the game's events back to it. Every message is an object
// {type: "reversi:<name>", ...} in the message layer's JSON form. The page
// script has already checked origin and source; here each message is
// decoded, checked field by field, and either carried out or answered with
// reversi:error. See docs/embedding.md.
#pragma once

#include <deque>
#include <functional>
#include <string>
#include <string_view>

#include "app/core/game_controller.h"
#include "app/core/online_table.h"
#include "messages/commands.h"
#include "messages/events.h"

namespace reversi {

// Where the bridge's messages go: window.parent in the browser, nowhere on the desktop.
class HostChannel {
 public:
  virtual ~HostChannel() = default;
  // True when a host page is allowed to talk to the game.
  virtual bool connected() const = 0;
  virtual void post(const std::string& json) = 0;
};

class HostBridge {
 public:
  // The prefix every host message type carries.
  static constexpr std::string_view kPrefix = messages::kHostPrefix;

  // `online`, when given, takes the online commands (sign-in, open-table,
  // join-table, leave-table).
  HostBridge(HostChannel& channel, GameController& game, OnlineTable* online = nullptr);

  // How many messages may wait, and how many are carried out each frame: a
  // host that floods the game never delays a tap or a frame.
  static constexpr std::size_t kMaxWaiting = 64;
  static constexpr std::size_t kPerFrame = 8;

  // One message from the host page, as JSON text: checked and queued.
  // Requests for the state that arrive while one waits are answered once.
  void receive(std::string_view text);
  // Carries out up to `most` waiting messages; true while more wait.
  bool pump(std::size_t most = kPerFrame);
  bool waiting() const { return !queue_.empty() || dropped_ > 0; }
  // Tells the host that the game takes commands.
  void announce_ready();
  // Forwards one of the game's events.
  void forward(const GameEvent& event, const Session& session);
  // Tells the host page one event as it is (online play's).
  void post(const messages::Event& event);
  // Who carries out reversi:set-language: given the code, it answers why it
  // was refused ("" when the language is taken).
  void on_language(std::function<std::string(const std::string&)> choose) { language_ = std::move(choose); }

 private:
  void refuse(const std::string& reason, const std::string& request);
  void carry_out(const messages::Json& message, const std::string& request);

  struct Waiting {
    messages::Json message;
    std::string request;  // its type, with the prefix
  };
  HostChannel& channel_;
  GameController& game_;
  OnlineTable* online_;
  std::function<std::string(const std::string&)> language_;
  std::deque<Waiting> queue_;
  bool state_waiting_ = false;
  std::size_t dropped_ = 0;
};

}  // namespace reversi
