#include "app/core/host_bridge.h"

#include <algorithm>

#include "messages/commands.h"

namespace reversi {
namespace {

// The commands a host page may send.
constexpr std::string_view kHostCommands[] = {"new-game", "set-sound", "pause", "resume", "get-state", "resign"};

bool host_may_send(std::string_view type) {
  return std::find(std::begin(kHostCommands), std::end(kHostCommands), type) != std::end(kHostCommands);
}

}  // namespace

HostBridge::HostBridge(HostChannel& channel, GameController& game) : channel_(channel), game_(game) {}

void HostBridge::post(const messages::Event& event) {
  if (!channel_.connected()) return;
  messages::Json message = messages::event_to_json(event);
  message["type"] = std::string(kPrefix) + message["type"].get<std::string>();
  channel_.post(messages::dump(message));
}

void HostBridge::refuse(const std::string& reason, const std::string& request) {
  post(messages::events::Error{reason, request});
}

void HostBridge::announce_ready() {
  messages::events::Ready ready;
  for (std::string_view type : kHostCommands) ready.supports.push_back(std::string(kPrefix) + std::string(type));
  post(ready);
}

void HostBridge::forward(const GameEvent& event, const Session& session) {
  messages::Event message = messages::event_of(event, session);
  if (auto* over = std::get_if<messages::events::GameOver>(&message))
    over->duration_seconds = std::max(0.0, game_.now() - game_.game_started_at());
  post(message);
}

void HostBridge::receive(std::string_view text) {
  // Anything that is not an object with a "reversi:" type is someone else's
  // message on the same page: ignored without a word.
  messages::Decoded<messages::Json> parsed = messages::parse_object(text, messages::kMaxMessageBytes, "message");
  if (!parsed) {
    if (parsed.error.problem == messages::DecodeProblem::TooLarge) refuse(parsed.error.message, "");
    return;
  }
  const auto type = parsed.value->find("type");
  if (type == parsed.value->end() || !type->is_string()) return;
  const std::string& full_type = type->get_ref<const std::string&>();
  if (full_type.compare(0, kPrefix.size(), kPrefix) != 0) return;
  std::string request = full_type.substr(0, 64);
  const bool state_request = request == std::string(kPrefix) + "get-state";
  if (state_request && state_waiting_) return;  // one answer serves them all
  if (queue_.size() >= kMaxWaiting) {
    ++dropped_;
    return;
  }
  state_waiting_ = state_waiting_ || state_request;
  queue_.push_back(Waiting{std::move(*parsed.value), std::move(request)});
}

bool HostBridge::pump(std::size_t most) {
  if (dropped_ > 0) {
    refuse(std::to_string(dropped_) + " messages were dropped: at most " + std::to_string(kMaxWaiting) +
               " may wait, and the game carries out " + std::to_string(kPerFrame) + " a frame",
           "");
    dropped_ = 0;
  }
  for (std::size_t done = 0; done < most && !queue_.empty(); ++done) {
    const Waiting next = std::move(queue_.front());
    queue_.pop_front();
    if (next.request == std::string(kPrefix) + "get-state") state_waiting_ = false;
    carry_out(next.message, next.request);
  }
  return !queue_.empty();
}

void HostBridge::carry_out(const messages::Json& message, const std::string& request) {
  const std::string_view type = std::string_view(request).substr(kPrefix.size());
  if (!host_may_send(type)) return refuse("unknown message type", request);
  if (auto problem = messages::check_version(message, "v", messages::kProtocolVersion, false, request))
    return refuse(problem->message, request);
  const messages::Decoded<messages::Command> decoded = messages::decode_command(message, type);
  if (!decoded) return refuse(decoded.error.message, request);
  if (!game_.ready()) return refuse("the game is still loading", request);
  const Session& session = *game_.session();

  std::visit(
      [&](const auto& command) {
        using T = std::decay_t<decltype(command)>;
        namespace commands = messages::commands;
        if constexpr (std::is_same_v<T, commands::NewGame>) {
          const SessionOptions options = command.options.applied_to(session.options());
          if (auto problem = messages::check_options(options)) return refuse(*problem, request);
          game_.new_game(options);
        } else if constexpr (std::is_same_v<T, commands::SetSound>) {
          game_.set_sound(command.on);
        } else if constexpr (std::is_same_v<T, commands::Pause>) {
          game_.set_paused(true);
        } else if constexpr (std::is_same_v<T, commands::Resume>) {
          game_.set_paused(false);
        } else if constexpr (std::is_same_v<T, commands::Resign>) {
          if (session.game().is_over()) return refuse("there is no game in progress", request);
          game_.resign();
        } else if constexpr (std::is_same_v<T, commands::GetState>) {
          post(messages::events::State{messages::game_state_of(session, game_.paused())});
        }
      },
      *decoded.value);
}

}  // namespace reversi
