// The chat at an online table as this device keeps it: the lines the server
// passed on (each once, however often it is sent again after a reconnect),
// whom the player has muted, and the person across the table, remembered
// after they leave so that they can still be muted or reported.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "messages/table_messages.h"

namespace reversi {

class TableChat {
 public:
  // A line from the server; false when it is here already.
  bool add(const messages::online::server::Chat& line);
  // The table's history, sent whole on sitting down or coming back.
  void replace(std::vector<messages::online::server::Chat> lines) { lines_ = std::move(lines); }
  void clear() { lines_.clear(); }
  void set_mutes(std::vector<std::string> players) { mutes_ = std::move(players); }
  // The person now across the table.
  void sat_across(const std::string& player, const std::string& name) {
    opponent_ = player;
    opponent_name_ = name;
  }

  // The line this player sent last, until the server passes it on. When the
  // server refuses it (written too fast, say) it becomes the draft that the
  // next "Write a message…" opens with, so nothing typed is lost.
  void sending(std::string text) {
    sending_ = std::move(text);
    draft_.clear();
  }
  void passed_on() { sending_.clear(); }
  void refused() {
    if (!sending_.empty()) draft_ = std::exchange(sending_, {});
  }
  const std::string& draft() const { return draft_; }

  const std::vector<messages::online::server::Chat>& lines() const { return lines_; }
  bool opponent_muted() const;
  // The one across the table, or the last one there ("" before anybody).
  const std::string& opponent() const { return opponent_; }
  const std::string& opponent_name() const { return opponent_name_; }

 private:
  std::vector<messages::online::server::Chat> lines_;  // oldest first
  std::vector<std::string> mutes_;
  std::string sending_, draft_;
  std::string opponent_, opponent_name_;
};

}  // namespace reversi
