// Messages between reversi-server nodes over Redis pub/sub (Debian's
// redis-server, through hiredis): a thread that subscribes and hands each
// message on, and a thread that publishes what is queued, in order,
// pipelined. Either connection breaking (Redis restarted, the network
// gone) reports the broker down; both come back by themselves, every 200 ms
// until they do, and then it reports up. Pub/sub keeps nothing: what is
// published while down is dropped, and the cluster (cluster_node.h) treats
// down as every connection between nodes lost.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

struct redisContext;

namespace reversi::server {

struct BrokerHandlers {
  // On the subscriber's thread, one message at a time, in order.
  std::function<void(const std::string& channel, const std::string& message)> message;
  // On either thread (never both at once): the broker went down or came back.
  std::function<void(bool up)> state;
};

class RedisBroker {
 public:
  // `password`: sent with AUTH on every connection (Redis's requirepass); empty for none.
  RedisBroker(std::string host, int port, std::string password, std::vector<std::string> channels,
              BrokerHandlers handlers);
  ~RedisBroker();
  RedisBroker(const RedisBroker&) = delete;
  RedisBroker& operator=(const RedisBroker&) = delete;

  // Connects both threads; false with `error` when Redis cannot be reached at start.
  bool start(std::string& error);
  void stop();
  // Queued and sent in order; dropped while the broker is down.
  void publish(std::string channel, std::string message);
  bool up() const;

 private:
  redisContext* connect(std::string& error) const;
  void subscribe_loop();
  void publish_loop();
  void set_connected(bool& which, bool value);
  bool wait_for_retry();  // false when stopping

  std::string host_;
  int port_;
  std::string password_;
  std::vector<std::string> channels_;
  BrokerHandlers handlers_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::pair<std::string, std::string>> queue_;
  bool stopping_ = false;
  bool subscribed_ = false;
  bool publishing_ = false;
  bool reported_up_ = false;
  bool reconnect_publisher_ = false;
  int subscriber_fd_ = -1;  // shut down to end a blocking read at stop()
  std::thread subscriber_;
  std::thread publisher_;
};

}  // namespace reversi::server
