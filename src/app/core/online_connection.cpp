#include "app/core/online_connection.h"

#include <cmath>
#include <cstdio>

#include "app/core/words.h"

namespace reversi {
namespace {

namespace online = messages::online;
using messages::Json;

// Waits between attempts to reconnect: quick at first, then every 10 s.
constexpr double kBackoff[] = {0.5, 1, 2, 4, 8, 10};

}  // namespace

double OnlineConnection::retry_in() const { return std::max(0.0, retry_at_ - now()); }

void OnlineConnection::say(std::string_view text, double seconds) {
  if (services_.notify) services_.notify(text, seconds);
}

void OnlineConnection::back_off() {
  retry_at_ = now() + kBackoff[std::min<std::size_t>(attempts_++, std::size(kBackoff) - 1)];
}

void OnlineConnection::connect() {
  if (!services_.link.online()) {
    state_ = State::Reconnecting;
    back_off();
    say(tr("Playing online needs a connection. Games on this device still work."), 5);
    return;
  }
  if (!identity_loaded_) {
    // The guest's id and secret first, so the server knows us again.
    load_identity();
    return;
  }
  state_ = state_ == State::Reconnecting ? State::Reconnecting : State::Connecting;
  opening_ = true;  // until the server's welcome, or the link closes
  services_.link.open();
}

void OnlineConnection::load_identity() {
  if (identity_loading_) return;
  identity_loading_ = true;
  state_ = State::Connecting;
  services_.store.load(kPlayerKey, [this](DocumentStore::Loaded loaded) {
    identity_loading_ = false;
    identity_loaded_ = true;
    if (loaded.found) {
      const messages::Decoded<Json> parsed = messages::parse_object(loaded.text, 4096, "online player");
      if (parsed && parsed.value->value("player", Json()).is_string() &&
          parsed.value->value("secret", Json()).is_string()) {
        guest_player_ = (*parsed.value)["player"].get<std::string>();
        secret_ = (*parsed.value)["secret"].get<std::string>();
      } else if (!parsed || !parsed.value->value("deleted", false)) {
        std::fprintf(stderr, "Reversi: the online player record could not be read; starting as a new guest\n");
      }
    }
    if (services_.identity_loaded) services_.identity_loaded();
  });
}

void OnlineConnection::reconnect_now() {
  services_.link.close();
  opening_ = false;
  names_asked_ = 0;
  state_ = State::Reconnecting;
  retry_at_ = now();
}

void OnlineConnection::close() {
  services_.link.close();
  state_ = State::Idle;
}

void OnlineConnection::closed(bool keep_trying, bool tell) {
  opening_ = false;
  names_asked_ = 0;
  if (!keep_trying) {
    state_ = State::Idle;
    return;
  }
  const bool was_connected = state_ == State::Connected;
  state_ = State::Reconnecting;
  back_off();
  if (was_connected && tell) say(tr("Connection lost. Reconnecting…"), 3);
}

bool OnlineConnection::due(bool now_please) {
  if (state_ != State::Reconnecting) return false;
  if (opening_ && !now_please) return false;  // an attempt is under way
  if (!now_please && now() < retry_at_) return false;
  if (now_please) attempts_ = 0;
  return true;
}

void OnlineConnection::opened(const std::optional<std::string>& resume_table) {
  online::client::Hello hello;
  // Back to a seat as whoever holds it; otherwise as the host's player if signed in.
  sent_token_ = resume_table ? welcomed_token_ : token_;
  linking_ = !link_to_use_.empty();
  if (linking_) {
    // Used once: a retry after this goes back to this device's own player.
    hello.link = std::exchange(link_to_use_, "");
    sent_token_.clear();
  } else if (!sent_token_.empty()) {
    hello.token = sent_token_;
  } else if (!guest_player_.empty()) {
    hello.player = guest_player_;
    hello.secret = secret_;
  }
  if (resume_table && !linking_) hello.resume = online::Resume{*resume_table, seq_};
  services_.link.send(online::encode_client_message(hello));
}

std::optional<online::ServerMessage> OnlineConnection::accept(std::string_view text) {
  messages::Decoded<online::ServerMessage> decoded = online::decode_server_message(text);
  if (!decoded) {
    std::fprintf(stderr, "Reversi: ignoring a server message (%s)\n", decoded.error.message.c_str());
    return std::nullopt;
  }
  if (const std::optional<int> number = online::sequence_of(*decoded.value)) {
    if (*number <= seq_) return std::nullopt;  // seen already (replayed after a reconnect)
    seq_ = *number;
  }
  return std::move(*decoded.value);
}

bool OnlineConnection::welcomed(const online::server::Welcome& welcome) {
  if (names_asked_ > 0 && state_ == State::Connected) {
    // The answer to set-name: only the name has changed.
    --names_asked_;
    name_ = welcome.name;
    say(tr("You play as {name}.", {{"name", name_}}), 3.5);
    return false;
  }
  state_ = State::Connected;
  opening_ = false;
  attempts_ = 0;
  welcomed_token_ = sent_token_;
  player_ = welcome.player;
  name_ = welcome.name;
  if (std::exchange(linking_, false))
    say(tr("This device now plays as {name}: the same player as your other device.", {{"name", name_}}), 6);
  if (welcome.secret) {  // a new guest: kept, so that the server knows us again
    guest_player_ = player_;
    secret_ = *welcome.secret;
    const std::string document =
        messages::dump(Json{{"version", 1}, {"player", player_}, {"secret", secret_}, {"name", name_}});
    services_.store.save(kPlayerKey, document, [](const std::string& error) {
      if (!error.empty()) std::fprintf(stderr, "Reversi: the online player could not be kept: %s\n", error.c_str());
    });
  }
  return true;
}

void OnlineConnection::send(const online::ClientMessage& message) {
  if (state_ == State::Connected) services_.link.send(online::encode_client_message(message));
}

void OnlineConnection::token_refused() {
  if (token_ == sent_token_) token_.clear();
  if (welcomed_token_ == sent_token_) welcomed_token_.clear();
}

void OnlineConnection::forget_guest() {
  player_.clear();
  guest_player_.clear();
  secret_.clear();
}

void OnlineConnection::forget_deleted_player() {
  forget_guest();
  name_.clear();
  // Kept as "deleted", so that a reload does not bring the old id back.
  services_.store.save(
      kPlayerKey, messages::dump(Json{{"version", 1}, {"deleted", true}}), [](const std::string& error) {
        if (!error.empty())
          std::fprintf(stderr, "Reversi: the deleted player could not be forgotten here: %s\n", error.c_str());
      });
  close();
}

}  // namespace reversi
