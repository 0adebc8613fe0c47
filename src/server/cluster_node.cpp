#include "server/cluster_node.h"

#include <algorithm>
#include <cstdio>
#include <random>

#include "server/cluster_messages.h"
#include "server/moderation.h"

namespace reversi::server {

namespace online = messages::online;
namespace node_wire = cluster_wire;

namespace {

constexpr const char* kClusterChannel = "reversi:cluster";
constexpr const char* kTablesChannel = "reversi:tables";
// What a client relayed here hears when this node lets its relay go.
constexpr const char* kRelayLostReason = "Your table's server lost this connection. Connect again in a moment.";

}  // namespace

// A connection another node relays here, as this node's tables see it:
// what they send it goes back to that node, tagged with the relay's number.
class RemoteLink final : public ClientLink {
 public:
  RemoteLink(std::shared_ptr<RedisBroker> broker, std::string channel, std::uint64_t id)
      : broker_(std::move(broker)), channel_(std::move(channel)), id_(id) {}
  // `text`: a server message this node encoded; it travels as the object it is.
  void send(std::string text) override {
    messages::Json message = messages::Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!message.is_discarded())
      broker_->publish(channel_, node_wire::encode_cluster_message(node_wire::RelayOut{id_, std::move(message)}));
  }
  void close() override { broker_->publish(channel_, node_wire::encode_cluster_message(node_wire::RelayClose{id_})); }

 private:
  std::shared_ptr<RedisBroker> broker_;
  std::string channel_;
  std::uint64_t id_;
};

struct ClusterNode::Adopted {
  std::shared_ptr<RemoteLink> link;
  std::optional<ClientSession> session;
  Serial serial;
};

std::unique_ptr<ClusterNode> ClusterNode::start(const ClusterConfig& config, ClusterParts parts, std::string& error) {
  StoreError store_error;
  std::unique_ptr<LeaseBook> leases = LeaseBook::open(config.database, config.node, config.lease_seconds, store_error);
  if (!leases) {
    error = store_error.message;
    return nullptr;
  }
  std::unique_ptr<ClusterNode> node(new ClusterNode(config, std::move(parts), std::move(leases)));
  if (!node->broker_->start(error)) return nullptr;
  node->parts_.lobby->set_cluster(node.get());
  node->take_orphans();  // the tables left by this node before a restart, or by none
  node->keeper_ = std::thread([raw = node.get()] { raw->keep(); });
  return node;
}

ClusterNode::ClusterNode(const ClusterConfig& config, ClusterParts parts, std::unique_ptr<LeaseBook> leases)
    : config_(config), parts_(std::move(parts)), leases_(std::move(leases)) {
  parts_.client_services.cluster = this;
  // Relay numbers start at random, so that a node restarted under the same
  // name does not reuse those the others still know.
  next_relay_ = (std::random_device{}() & 0xfffffu) << 24 | 1;
  broker_ = std::make_shared<RedisBroker>(
      config_.redis_host, config_.redis_port, config_.redis_password,
      std::vector<std::string>{kClusterChannel, kTablesChannel, channel_of(config_.node)},
      BrokerHandlers{[this](const std::string& channel, const std::string& text) { on_message(channel, text); },
                     [this](bool up) { on_broker(up); }});
}

ClusterNode::~ClusterNode() { stop(); }

void ClusterNode::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (keeper_.joinable()) keeper_.join();
  broker_->stop();
  drop_adopted("");
  if (StoreStatus failed = leases_->release_all())
    std::fprintf(stderr, "reversi-server: %s (the other nodes take the tables when the leases run out)\n",
                 failed->message.c_str());
}

bool ClusterNode::acquire(const std::string& code) {
  const StoreResult<bool> taken = leases_->acquire(code);
  if (!taken) std::fprintf(stderr, "reversi-server: %s\n", taken.error.message.c_str());
  return taken && *taken.value;
}

void ClusterNode::release(const std::string& code) {
  if (StoreStatus failed = leases_->release(code))
    std::fprintf(stderr, "reversi-server: %s\n", failed->message.c_str());
}

void ClusterNode::table_changed(const TableSummary& summary) { publish_summary(summary); }

void ClusterNode::publish_summary(const TableSummary& summary) {
  broker_->publish(kTablesChannel, node_wire::encode_cluster_message(node_wire::TableChanged{config_.node, summary}));
}

bool ClusterNode::relay(const std::string& node, const LinkPtr& link, const RelayStart& start, std::uint64_t& id) {
  {
    std::lock_guard lock(mutex_);
    if (!broker_->up() || !alive(node, parts_.clock())) return false;
    id = next_relay_++;
    relays_[id] = {node, link};
  }
  node_wire::RelayIn in{config_.node, id, start, std::nullopt};
  if (!start.first_message.empty()) {  // a message the session has decoded already
    messages::Decoded<online::ClientMessage> first = online::decode_client_message(start.first_message);
    if (first) in.message = std::move(*first.value);
  }
  broker_->publish(channel_of(node), node_wire::encode_cluster_message(in));
  return true;
}

void ClusterNode::forward(const std::string& node, std::uint64_t id, std::string_view message) {
  LinkPtr cut;
  {
    std::lock_guard lock(mutex_);
    if (!alive(node, parts_.clock()))
      if (const auto found = relays_.find(id); found != relays_.end()) cut = found->second.second.lock();
  }
  // That node is gone: the client connects again now rather than speak to nobody.
  if (cut) return cut->close();
  // The session forwards only what it has decoded.
  messages::Decoded<online::ClientMessage> decoded = online::decode_client_message(message);
  if (!decoded) return;
  broker_->publish(channel_of(node), node_wire::encode_cluster_message(
                                         node_wire::RelayIn{config_.node, id, std::nullopt, *decoded.value}));
}

void ClusterNode::relay_closed(const std::string& node, std::uint64_t id) {
  {
    std::lock_guard lock(mutex_);
    relays_.erase(id);
  }
  broker_->publish(channel_of(node), node_wire::encode_cluster_message(node_wire::RelayClosed{config_.node, id}));
}

bool ClusterNode::alive(const std::string& node, double now) const {
  if (node == config_.node) return true;
  const auto heard = last_heard_.find(node);
  // A node not heard from yet: given a lease's time after the broker came up.
  const double since = heard == last_heard_.end() ? broker_up_since_ : heard->second;
  return now - since < config_.lease_seconds;
}

void ClusterNode::on_message(const std::string& channel, const std::string& text) {
  messages::Decoded<node_wire::ClusterMessage> decoded = node_wire::decode_cluster_message(text);
  if (!decoded) {
    std::fprintf(stderr, "reversi-server: a message on %s was left out: %s\n", channel.c_str(),
                 decoded.error.message.c_str());
    return;
  }
  std::visit([this](auto& message) { on_cluster_message(message); }, *decoded.value);
}

void ClusterNode::on_cluster_message(const node_wire::Alive& alive) {
  std::lock_guard lock(mutex_);
  last_heard_[alive.node] = parts_.clock();
}

void ClusterNode::on_cluster_message(const node_wire::Sync& sync) {
  if (sync.node == config_.node) return;
  for (const TableSummary& summary : parts_.lobby->local_summaries()) publish_summary(summary);
}

void ClusterNode::on_cluster_message(const node_wire::TableChanged& changed) {
  if (changed.node != config_.node) parts_.lobby->remote_changed(changed.node, changed.summary);
}

void ClusterNode::on_cluster_message(const node_wire::RelayClosed& closed) {
  std::shared_ptr<Adopted> adopted;
  {
    std::lock_guard lock(mutex_);
    const auto found = adopted_.find({closed.from, closed.id});
    if (found == adopted_.end()) return;
    adopted = found->second;
    adopted_.erase(found);
  }
  adopted->serial([adopted] { adopted->session->on_closed(); });
}

// The relaying node's end of a connection: what the table's node sends it.
LinkPtr ClusterNode::relayed_link(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  const auto found = relays_.find(id);
  return found != relays_.end() ? found->second.second.lock() : nullptr;
}

void ClusterNode::on_cluster_message(const node_wire::RelayOut& out) {
  if (LinkPtr link = relayed_link(out.id)) link->send(messages::dump(out.message));
}

void ClusterNode::on_cluster_message(const node_wire::RelayClose& close) {
  if (LinkPtr link = relayed_link(close.id)) link->close();
}

// A message a connection relayed here sends on: the first (with "start")
// adopts the connection, the others go to its session.
void ClusterNode::on_cluster_message(const node_wire::RelayIn& in) {
  const std::string message = in.message ? online::encode_client_message(*in.message) : "";
  std::shared_ptr<Adopted> adopted;
  std::optional<RelayStart> start;
  {
    std::lock_guard lock(mutex_);
    const auto found = adopted_.find({in.from, in.id});
    if (found != adopted_.end()) adopted = found->second;
    if (adopted && in.start) {  // that node restarted and numbers afresh: the old one is gone
      std::shared_ptr<Adopted> old = adopted;
      old->serial([old] { old->session->on_closed(); });
      adopted_.erase(found);
      adopted.reset();
    }
    if (!adopted && in.start) {
      start = *in.start;
      start->first_message = message;
      adopted = std::make_shared<Adopted>();
      adopted->link = std::make_shared<RemoteLink>(broker_, channel_of(in.from), in.id);
      adopted->session.emplace(parts_.client_services, adopted->link);
      adopted->serial = parts_.new_serial();
      adopted_[{in.from, in.id}] = adopted;
    }
  }
  if (!adopted) {  // a relay this node no longer knows (it restarted): the client connects again
    broker_->publish(channel_of(in.from), node_wire::encode_cluster_message(node_wire::RelayClose{in.id}));
    return;
  }
  if (start)
    adopted->serial([adopted, start = std::move(*start)] { adopted->session->adopt(start); });
  else
    adopted->serial([adopted, message] { adopted->session->on_message(message); });
}

void ClusterNode::on_broker(bool up) {
  if (!up) {
    // Whatever was in flight between the nodes is lost: every relayed
    // connection ends, and its client connects again (and is relayed
    // again once Redis is back).
    close_relays("");
    drop_adopted("");
    return;
  }
  {
    std::lock_guard lock(mutex_);
    broker_up_since_ = parts_.clock();
    for (auto& [node, heard] : last_heard_) heard = broker_up_since_;  // a lease's time to be heard again
  }
  broker_->publish(kClusterChannel, node_wire::encode_cluster_message(node_wire::Alive{config_.node}));
  broker_->publish(kClusterChannel, node_wire::encode_cluster_message(node_wire::Sync{config_.node}));
  for (const TableSummary& summary : parts_.lobby->local_summaries()) publish_summary(summary);
}

void ClusterNode::close_relays(const std::string& to_node) {
  std::vector<LinkPtr> links;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, relay] : relays_)
      if (to_node.empty() || relay.first == to_node)
        if (LinkPtr link = relay.second.lock()) links.push_back(link);
  }
  for (const LinkPtr& link : links) link->close();  // each ends in relay_closed()
}

void ClusterNode::drop_adopted(const std::string& from_node) {
  std::vector<std::shared_ptr<Adopted>> dropped;
  {
    std::lock_guard lock(mutex_);
    for (auto entry = adopted_.begin(); entry != adopted_.end();)
      if (from_node.empty() || entry->first.first == from_node) {
        dropped.push_back(entry->second);
        entry = adopted_.erase(entry);
      } else {
        ++entry;
      }
  }
  const std::string lost =
      online::encode_server_message(online::server::Error{messages::ErrorCode::ServerError, kRelayLostReason, ""});
  for (const std::shared_ptr<Adopted>& adopted : dropped) {
    adopted->serial([adopted] { adopted->session->on_closed(); });
    // The relaying node is told to end the connection. It may well be alive:
    // this node may be the one that was silent (paused, its clock running
    // on), and that node, still counting this one alive, would keep the
    // client waiting for answers that no longer come. (While this node's
    // Redis is away nothing goes out: docs/server.md.)
    adopted->link->send(lost);
    adopted->link->close();
  }
}

void ClusterNode::keep() {
  const auto period = std::chrono::duration<double>(std::max(0.1, config_.lease_seconds / 4));
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      if (wake_.wait_for(lock, period, [this] { return stopping_; })) return;
    }
    tick();
  }
}

void ClusterNode::tick() {
  const double now = parts_.clock();
  broker_->publish(kClusterChannel, node_wire::encode_cluster_message(node_wire::Alive{config_.node}));
  // Nodes gone silent: the connections relayed to them or from them end.
  std::vector<std::string> silent;
  {
    std::lock_guard lock(mutex_);
    if (broker_->up())
      for (const auto& [node, heard] : last_heard_)
        if (!alive(node, now)) silent.push_back(node);
  }
  for (const std::string& node : silent) {
    close_relays(node);
    drop_adopted(node);
  }
  // The tables played here before the renewal: any of them not renewed is another node's now.
  std::vector<std::string> local;
  for (const TableSummary& summary : parts_.lobby->local_summaries()) local.push_back(summary.code);
  const StoreResult<std::vector<std::string>> held = leases_->renew();
  {
    std::lock_guard lock(mutex_);
    if (!held)
      leases_ok_since_.reset();
    else if (!leases_ok_since_)
      leases_ok_since_ = now;
  }
  if (!held) return std::fprintf(stderr, "reversi-server: %s\n", held.error.message.c_str()), void();
  bool lost_any = false;
  for (const std::string& code : local)
    if (std::find(held.value->begin(), held.value->end(), code) == held.value->end() &&
        parts_.lobby->find_table(code)) {  // not closed meanwhile
      std::fprintf(stderr, "reversi-server: node %s lost the lease of table %s; another node plays it\n",
                   config_.node.c_str(), code.c_str());
      const StoreResult<std::optional<std::string>> holder = leases_->holder(code);
      parts_.lobby->hand_over(code, holder ? *holder.value : std::nullopt);
      lost_any = true;
    }
  // Where those tables are now: their nodes say again.
  if (lost_any) broker_->publish(kClusterChannel, node_wire::encode_cluster_message(node_wire::Sync{config_.node}));
  // After the database was away, every node's leases may have run out:
  // their nodes get a lease's time to renew them before any is taken.
  bool settled = false;
  {
    std::lock_guard lock(mutex_);
    settled = now - *leases_ok_since_ >= config_.lease_seconds;
  }
  if (settled) take_orphans();
  // Reports made through other nodes: their avoidances apply here too.
  if (Moderation* moderation = parts_.client_services.moderation)
    if (StoreStatus failed = moderation->load())
      std::fprintf(stderr, "reversi-server: cannot read the reports: %s\n", failed->message.c_str());
}

void ClusterNode::take_orphans() {
  const StoreResult<std::vector<std::string>> orphans = leases_->orphans();
  if (!orphans) return std::fprintf(stderr, "reversi-server: %s\n", orphans.error.message.c_str()), void();
  for (const std::string& code : *orphans.value) {
    if (parts_.lobby->find_table(code)) continue;  // played here already
    if (!acquire(code)) continue;                  // another node was quicker
    const StoreResult<std::optional<StoredTable>> stored = parts_.store->load_table(code);
    if (!stored) {
      std::fprintf(stderr, "reversi-server: cannot read table %s: %s\n", code.c_str(), stored.error.message.c_str());
      release(code);
      continue;
    }
    if (!*stored.value) {  // closed meanwhile
      release(code);
      continue;
    }
    parts_.lobby->restore_table(**stored.value);
    std::fprintf(stderr, "reversi-server: node %s plays table %s now\n", config_.node.c_str(), code.c_str());
  }
}

}  // namespace reversi::server
