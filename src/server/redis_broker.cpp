#include "server/redis_broker.h"

#include <hiredis/hiredis.h>
#include <sys/socket.h>

#include <chrono>
#include <cstdio>
#include <utility>

namespace reversi::server {

namespace {
constexpr auto kRetry = std::chrono::milliseconds(200);
constexpr std::size_t kMostQueued = 100000;  // beyond this Redis is not keeping up: drop

struct ReplyDeleter {
  void operator()(redisReply* reply) const { freeReplyObject(reply); }
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;
}  // namespace

RedisBroker::RedisBroker(std::string host, int port, std::string password, std::vector<std::string> channels,
                         BrokerHandlers handlers)
    : host_(std::move(host)),
      port_(port),
      password_(std::move(password)),
      channels_(std::move(channels)),
      handlers_(std::move(handlers)) {}

RedisBroker::~RedisBroker() { stop(); }

redisContext* RedisBroker::connect(std::string& error) const {
  const timeval timeout{2, 0};
  redisContext* context = redisConnectWithTimeout(host_.c_str(), port_, timeout);
  if (!context || context->err) {
    error = "cannot connect to Redis at " + host_ + ":" + std::to_string(port_) + ": " +
            (context ? context->errstr : "no memory");
    if (context) redisFree(context);
    return nullptr;
  }
  if (!password_.empty()) {
    Reply answer(static_cast<redisReply*>(redisCommand(context, "AUTH %b", password_.data(), password_.size())));
    if (!answer || answer->type == REDIS_REPLY_ERROR) {
      error = "Redis at " + host_ + ":" + std::to_string(port_) + " refused the password: " +
              (answer ? std::string(answer->str, answer->len) : std::string(context->errstr));
      redisFree(context);
      return nullptr;
    }
  }
  return context;
}

bool RedisBroker::start(std::string& error) {
  redisContext* probe = connect(error);
  if (!probe) return false;
  Reply pong(static_cast<redisReply*>(redisCommand(probe, "PING")));
  const bool answered = pong && pong->type == REDIS_REPLY_STATUS;
  if (!answered)
    error = "Redis at " + host_ + ":" + std::to_string(port_) + " refused PING" +
            (pong && pong->type == REDIS_REPLY_ERROR
                 ? ": " + std::string(pong->str, pong->len) + " (give --redis-password-file)"
                 : std::string());
  redisFree(probe);
  if (!answered) return false;
  subscriber_ = std::thread([this] { subscribe_loop(); });
  publisher_ = std::thread([this] { publish_loop(); });
  return true;
}

void RedisBroker::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    if (subscriber_fd_ >= 0) ::shutdown(subscriber_fd_, SHUT_RDWR);
  }
  wake_.notify_all();
  if (subscriber_.joinable()) subscriber_.join();
  if (publisher_.joinable()) publisher_.join();
}

bool RedisBroker::up() const {
  std::lock_guard lock(mutex_);
  return subscribed_ && publishing_;
}

void RedisBroker::set_connected(bool& which, bool value) {
  bool report = false, now_up = false;
  {
    std::lock_guard lock(mutex_);
    which = value;
    // The subscriber lost Redis: the publisher's connection is as good as
    // gone too, and is made again now rather than found broken later.
    if (&which == &subscribed_ && !value) reconnect_publisher_ = true;
    now_up = subscribed_ && publishing_;
    if (now_up != reported_up_ && !stopping_) {
      reported_up_ = now_up;
      report = true;
      if (!now_up) queue_.clear();  // nothing stale goes out once it is back
    }
  }
  if (report) {
    std::fprintf(stderr, "reversi-server: Redis %s\n", now_up ? "reached" : "lost; retrying");
    if (handlers_.state) handlers_.state(now_up);
  }
}

bool RedisBroker::wait_for_retry() {
  std::unique_lock lock(mutex_);
  return !wake_.wait_for(lock, kRetry, [this] { return stopping_; });
}

void RedisBroker::publish(std::string channel, std::string message) {
  {
    std::lock_guard lock(mutex_);
    if (!reported_up_ || stopping_ || queue_.size() >= kMostQueued) return;
    queue_.emplace_back(std::move(channel), std::move(message));
  }
  wake_.notify_all();
}

void RedisBroker::subscribe_loop() {
  for (;;) {
    std::string error;
    redisContext* context = connect(error);
    if (context) {
      std::vector<const char*> arguments{"SUBSCRIBE"};
      for (const std::string& channel : channels_) arguments.push_back(channel.c_str());
      // One confirmation per channel; then messages until the connection breaks.
      bool ok =
          redisAppendCommandArgv(context, static_cast<int>(arguments.size()), arguments.data(), nullptr) == REDIS_OK;
      for (std::size_t index = 0; ok && index < channels_.size(); ++index) {
        void* raw = nullptr;
        ok = redisGetReply(context, &raw) == REDIS_OK;
        Reply reply(static_cast<redisReply*>(raw));
      }
      if (ok) {
        {
          std::lock_guard lock(mutex_);
          if (stopping_) ok = false;
          subscriber_fd_ = context->fd;
        }
        if (ok) set_connected(subscribed_, true);
        while (ok) {
          void* raw = nullptr;
          if (redisGetReply(context, &raw) != REDIS_OK) break;
          Reply reply(static_cast<redisReply*>(raw));
          if (reply && reply->type == REDIS_REPLY_ARRAY && reply->elements == 3 &&
              std::string(reply->element[0]->str, reply->element[0]->len) == "message" && handlers_.message)
            handlers_.message(std::string(reply->element[1]->str, reply->element[1]->len),
                              std::string(reply->element[2]->str, reply->element[2]->len));
        }
        std::lock_guard lock(mutex_);
        subscriber_fd_ = -1;
      }
      redisFree(context);
    }
    set_connected(subscribed_, false);
    if (!wait_for_retry()) return;
  }
}

void RedisBroker::publish_loop() {
  redisContext* context = nullptr;
  for (;;) {
    if (!context) {
      std::string error;
      context = connect(error);
      if (context) set_connected(publishing_, true);
      if (!context && !wait_for_retry()) return;
      if (!context) continue;
    }
    std::deque<std::pair<std::string, std::string>> batch;
    bool reconnect = false;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || reconnect_publisher_ || !queue_.empty(); });
      if (stopping_) break;
      reconnect = std::exchange(reconnect_publisher_, false);
      if (!reconnect) batch.swap(queue_);
    }
    if (reconnect) {
      redisFree(context);
      context = nullptr;
      set_connected(publishing_, false);
      continue;
    }
    // Pipelined: every command written, then every reply read.
    bool ok = true;
    for (const auto& [channel, message] : batch)
      ok = ok && redisAppendCommand(context, "PUBLISH %b %b", channel.data(), channel.size(), message.data(),
                                    message.size()) == REDIS_OK;
    for (std::size_t index = 0; ok && index < batch.size(); ++index) {
      void* raw = nullptr;
      ok = redisGetReply(context, &raw) == REDIS_OK;
      Reply reply(static_cast<redisReply*>(raw));
      ok = ok && reply && reply->type != REDIS_REPLY_ERROR;
    }
    if (!ok) {
      redisFree(context);
      context = nullptr;
      set_connected(publishing_, false);
      if (!wait_for_retry()) return;
    }
  }
  if (context) redisFree(context);
}

}  // namespace reversi::server
