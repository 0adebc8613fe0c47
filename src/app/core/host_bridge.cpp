#include "app/core/host_bridge.h"

#include <algorithm>

#include "messages/commands.h"

namespace reversi {
namespace {

// The commands a host page may send.
constexpr std::string_view kHostCommands[] = {"new-game",   "set-sound",  "pause",        "resume",
                                              "get-state",  "resign",     "set-language", "sign-in",
                                              "open-table", "join-table", "leave-table"};
constexpr std::size_t kOfflineCommands = 7;  // the first seven: without a server, only those are offered

bool host_may_send(std::string_view type, bool online) {
  const auto end = online ? std::end(kHostCommands) : std::begin(kHostCommands) + kOfflineCommands;
  return std::find(std::begin(kHostCommands), end, type) != end;
}

}  // namespace

HostBridge::HostBridge(HostChannel& channel, GameController& game, OnlineTable* online)
    : channel_(channel), game_(game), online_(online) {}

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
  const std::size_t offered = online_ ? std::size(kHostCommands) : kOfflineCommands;
  for (std::size_t i = 0; i < offered; ++i)
    ready.supports.push_back(std::string(kPrefix) + std::string(kHostCommands[i]));
  // What the address asked for in vain, within what a host's decoder takes.
  for (const std::string& ignored : game_.ignored_requests()) {
    if (ready.ignored.size() == messages::events::kMostIgnored) break;
    ready.ignored.push_back(repaired_utf8(ignored.substr(0, messages::events::kLongestIgnored - 3)));
  }
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
  if (!host_may_send(type, online_ != nullptr)) return refuse("unknown message type", request);
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
        } else if constexpr (std::is_same_v<T, commands::SetLanguage>) {
          const std::string problem = language_ ? language_(command.language) : "this game speaks English only";
          if (!problem.empty()) return refuse(problem, request);
        } else if constexpr (std::is_same_v<T, commands::Pause>) {
          game_.set_paused(true);
        } else if constexpr (std::is_same_v<T, commands::Resume>) {
          game_.set_paused(false);
        } else if constexpr (std::is_same_v<T, commands::Resign>) {
          if (online_ && online_->active()) {  // the table's game, on the server
            const Session* table_game = online_->session();
            if (!table_game || table_game->game().is_over() || !online_->colour())
              return refuse("there is no game in progress at the table", request);
            return online_->resign();
          }
          if (session.game().is_over()) return refuse("there is no game in progress", request);
          game_.resign();
        } else if constexpr (std::is_same_v<T, commands::GetState>) {
          post(messages::events::State{messages::game_state_of(session, game_.paused())});
        } else if constexpr (std::is_same_v<T, commands::SignIn>) {
          if (command.token.empty()) return refuse("'token' should not be empty", request);
          online_->sign_in(command.token);
        } else if constexpr (std::is_same_v<T, commands::OpenTable>) {
          online_->open_table(command.options, command.is_private);
        } else if constexpr (std::is_same_v<T, commands::JoinTable>) {
          if (!messages::online::normalised_code(command.code))
            return refuse("'table' should be a table code of six letters and digits, like K7M2QX", request);
          online_->join(command.code);
        } else if constexpr (std::is_same_v<T, commands::LeaveTable>) {
          if (!online_->active()) return refuse("the player is not at a table", request);
          online_->leave();
        }
      },
      *decoded.value);
}

}  // namespace reversi
