#include "server/session_route.h"

namespace reversi::server {

std::optional<std::string> SessionRoute::table_node(const std::string& code) const {
  if (!cluster_) return std::nullopt;
  return lobby_->remote_node(code);
}

std::optional<std::string> SessionRoute::transfer_node(const std::string& code) const {
  if (!cluster_) return std::nullopt;
  return lobby_->remote_transfer_node(code);
}

bool SessionRoute::relay(const std::string& node, const LinkPtr& link, const RelayStart& start) {
  if (adopted_ || !cluster_ || !cluster_->relay(node, link, start, id_)) return false;
  node_ = node;
  return true;
}

void SessionRoute::forward(std::string_view text) { cluster_->forward(*node_, id_, text); }

void SessionRoute::closed() { cluster_->relay_closed(*node_, id_); }

}  // namespace reversi::server
