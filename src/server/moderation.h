// The server's side of chat and moderation that outlives a table or a
// connection: the word filter and the per-player rate limit, who muted whom
// (cached from the store), whom each player sat with last (for a report
// made after parting), the avoidances reports make, every player's
// connections, and the bans an admin makes from another process (polled).
// Thread-safe: tables and connections call it from their own strands. It
// never holds its lock while calling out (links, the lobby, tables).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "messages/table_messages.h"
#include "server/chat_filter.h"
#include "server/moderation_store.h"
#include "server/table.h"

namespace reversi::server {

class SeatedTables;

// A report about the player one is seated with may be filed while seated
// or after parting: this is what the table knew when they parted.
struct Sitting {
  std::string player_name;  // the name of the one who remembers it
  std::string opponent;
  std::string opponent_name;
  std::string code;
  std::string transcript;  // the game being played or last played ("" when none)
  std::vector<ChatLine> chat;
  std::int64_t ended_unix = 0;
};

// How many chat lines a report copies (the table's newest).
inline constexpr std::size_t kReportedChatLines = 200;
// How many players one may mute.
inline constexpr std::size_t kMostMutes = 500;

class Moderation {
 public:
  Moderation(ModerationStore& store, ChatFilter filter);

  // Start-up: the avoidances of every report kept.
  StoreStatus load();

  ModerationStore& store() { return store_; }
  const ChatFilter& filter() const { return filter_; }
  ChatRateLimiter& chat_limits() { return chat_limits_; }

  // The players `player` muted, in the order they were muted.
  StoreResult<std::vector<std::string>> mutes_of(const std::string& player);
  StoreStatus set_mute(const std::string& player, const std::string& target, bool muted, std::int64_t unix);
  // Whether `listener` muted `writer` (false when the store cannot say).
  bool muted(const std::string& listener, const std::string& writer);

  // `reporter` reported `reported` (so `reported` may not join `reporter`'s table).
  bool reported(const std::string& reporter, const std::string& reported) const;
  // Either reported the other: neither sees the other's table listed.
  bool avoided(const std::string& first, const std::string& second) const;
  bool has_avoidances(const std::string& player) const;
  // Called (outside the lock) with the two players of each new avoidance,
  // from a report here or one read by load(): the lobby's lists follow.
  void set_avoidance_listener(std::function<void(const std::string& first, const std::string& second)> listener);

  void remember_sitting(const std::string& player, Sitting sitting);
  std::optional<Sitting> last_sitting(const std::string& player) const;
  // Files `request` from `reporter`: about the player of `live` (the table
  // they sit at now) when it is that player, else about the one of their
  // last sitting. Answers `from` with reported or a refusal.
  void report(const std::string& reporter, const messages::online::client::Report& request,
              const std::optional<Sitting>& live, const LinkPtr& from, std::int64_t unix);

  void connected(const std::string& player, const LinkPtr& link);
  void disconnected(const std::string& player, const LinkPtr& link);
  std::vector<LinkPtr> connections_of(const std::string& player) const;

  // Asks the store, which an admin changes from another process.
  StoreResult<bool> is_banned(const std::string& player);
  // As of the last poll (cheap: for every message).
  bool banned_at_last_poll(const std::string& player) const;
  // Reads the bans; each player banned since the last poll is told
  // `banned`, their connections are closed, and they leave their table.
  void poll_bans(const SeatedTables& tables);

 private:
  ModerationStore& store_;
  const ChatFilter filter_;
  ChatRateLimiter chat_limits_;
  mutable std::mutex mutex_;
  std::map<std::string, std::vector<std::string>> mutes_;  // of players connected now
  std::set<std::pair<std::string, std::string>> reports_;  // (reporter, reported)
  std::map<std::string, std::set<std::string>> avoided_;   // both ways
  std::function<void(const std::string&, const std::string&)> avoidance_listener_;
  std::map<std::string, Sitting> sittings_;
  std::multimap<std::string, std::weak_ptr<ClientLink>> connections_;
  std::set<std::string> banned_;
};

}  // namespace reversi::server
