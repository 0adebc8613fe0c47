// The embedding protocol: commands from the host page that has the game in
// an iframe, and the game's events back to it. Every message is an object
// {type: "reversi:<name>", ...} in the message layer's JSON form. The page
// script has already checked origin and source; here each message is
// decoded, checked field by field, and either carried out or answered with
// reversi:error. See docs/embedding.md.
#pragma once

#include <string>
#include <string_view>

#include "app/core/game_controller.h"
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
  static constexpr std::string_view kPrefix = "reversi:";

  HostBridge(HostChannel& channel, GameController& game);

  // One message from the host page, as JSON text.
  void receive(std::string_view text);
  // Tells the host that the game takes commands.
  void announce_ready();
  // Forwards one of the game's events.
  void forward(const GameEvent& event, const Session& session);

 private:
  void post(const messages::Event& event);
  void refuse(const std::string& reason, const std::string& request);

  HostChannel& channel_;
  GameController& game_;
};

}  // namespace reversi
