#include "app/core/online_chat.h"

#include <algorithm>

namespace reversi {

namespace online = messages::online;

bool TableChat::add(const online::server::Chat& line) {
  if (std::any_of(lines_.begin(), lines_.end(), [&](const online::server::Chat& kept) { return kept.id == line.id; }))
    return false;
  lines_.push_back(line);
  if (lines_.size() > online::kChatHistoryLines) lines_.erase(lines_.begin());
  return true;
}

bool TableChat::opponent_muted() const {
  return !opponent_.empty() && std::find(mutes_.begin(), mutes_.end(), opponent_) != mutes_.end();
}

}  // namespace reversi
