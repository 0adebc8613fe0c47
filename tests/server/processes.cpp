#include "server/processes.h"

#include <fcntl.h>
#include <hiredis/hiredis.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <stdexcept>
#include <string_view>
#include <thread>

namespace reversi::testing {
namespace {

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

// REVERSI_TEST_BUILD_DIR runs the tests against binaries copied elsewhere
// (to repeat a test in a loop while the build folder is rebuilt).
// A build configured with REVERSI_TEST_CLI_DIR takes the bots (reversi-cli)
// from that build: the ThreadSanitizer run checks the server's threads
// against the Release bots instead of compiling the whole CLI once more.
std::string build_path(const std::string& name) {
  if (name == "reversi-cli" && !std::string_view(REVERSI_TEST_CLI_DIR).empty()) {
    return std::string(REVERSI_TEST_CLI_DIR) + "/" + name;
  }
  const char* folder = std::getenv("REVERSI_TEST_BUILD_DIR");
  return std::string(folder && *folder ? folder : REVERSI_BUILD_DIR) + "/" + name;
}

PostgresCluster::PostgresCluster() {
  static int clusters = 0;
  // Not inside a TemporaryFolder: as root the cluster runs as the postgres
  // user, who may not enter a private folder of root's.
  folder_ = std::filesystem::temp_directory_path() /
            ("reversi-outage-" + std::to_string(getpid()) + "-" + std::to_string(++clusters));
  uri_ = run("start");
  if (uri_.rfind("postgresql://", 0) != 0) throw std::runtime_error("scripts/test-postgres start printed: " + uri_);
}

PostgresCluster::~PostgresCluster() { run("stop"); }
void PostgresCluster::pause() { run("pause"); }
void PostgresCluster::resume() { run("resume"); }

std::string PostgresCluster::run(const std::string& command) const {
  const std::string line =
      std::string(REVERSI_SOURCE_DIR "/scripts/test-postgres ") + command + " '" + folder_.string() + "' 2>&1";
  std::string output;
  if (FILE* pipe = popen(line.c_str(), "r")) {
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
    pclose(pipe);
  }
  while (!output.empty() && output.back() == '\n') output.pop_back();
  return output;
}

std::uint16_t free_port() {
  const int probe = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (probe < 0 || bind(probe, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      getsockname(probe, reinterpret_cast<sockaddr*>(&address), &size) != 0)
    throw std::runtime_error("no free loopback port");
  close(probe);
  return ntohs(address.sin_port);
}

RedisProcess::RedisProcess(const TemporaryFolder& folder, std::vector<std::string> extra_flags)
    : folder_(folder), flags_(std::move(extra_flags)), port_(free_port()) {
  start();
}

RedisProcess::~RedisProcess() {
  if (process_) stop();
}

void RedisProcess::start() {
  std::vector<std::string> arguments{"/usr/bin/redis-server",
                                     "--port",
                                     std::to_string(port_),
                                     "--bind",
                                     "127.0.0.1",
                                     "--save",
                                     "",
                                     "--appendonly",
                                     "no",
                                     "--dir",
                                     folder_.path().string(),
                                     "--logfile",
                                     (folder_.path() / "redis.log").string()};
  arguments.insert(arguments.end(), flags_.begin(), flags_.end());
  process_ = std::make_unique<ChildProcess>(arguments, folder_.path() / "redis.stderr");
  // Ready once it answers PING (with a password asked for, NOAUTH is an answer too).
  for (int attempt = 0; attempt < 100; ++attempt) {
    const timeval timeout{1, 0};
    redisContext* context = redisConnectWithTimeout("127.0.0.1", port_, timeout);
    bool ready = false;
    if (context && !context->err) {
      auto* reply = static_cast<redisReply*>(redisCommand(context, "PING"));
      ready = reply && (reply->type == REDIS_REPLY_STATUS ||
                        (reply->type == REDIS_REPLY_ERROR && std::string(reply->str).rfind("NOAUTH", 0) == 0));
      if (reply) freeReplyObject(reply);
    }
    if (context) redisFree(context);
    if (ready) return;
    // The pause between two PINGs of this wait: another process has no
    // event to block on.
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  throw std::runtime_error("redis-server did not start (see " + (folder_.path() / "redis.log").string() + ")");
}

void RedisProcess::stop() {
  process_->signal(SIGTERM);
  process_->wait(10);
  process_.reset();
}

std::pair<std::vector<std::string>, int> admin(const TemporaryFolder& folder, std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), {build_path("reversi-server"), "admin"});
  arguments.insert(arguments.end(), {"--database", (folder.path() / "reversi.sqlite3").string()});
  ChildProcess process(arguments, folder.path() / "admin.log");
  std::vector<std::string> lines = process.read_all(30);
  return {lines, process.wait(30)};
}

ChildProcess::ChildProcess(const std::vector<std::string>& arguments, const std::filesystem::path& log_file) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return;
  const int log_fd = open(log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  std::vector<char*> argv;
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  pid_ = fork();
  if (pid_ == 0) {
    dup2(pipe_fds[1], STDOUT_FILENO);
    if (log_fd >= 0) dup2(log_fd, STDERR_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  if (log_fd >= 0) close(log_fd);
  stdout_fd_ = pipe_fds[0];
}

ChildProcess::~ChildProcess() {
  if (pid_ > 0 && !exit_code_) {
    ::kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  if (stdout_fd_ >= 0) close(stdout_fd_);
}

std::optional<std::string> ChildProcess::read_line(double seconds) {
  const double deadline = seconds_now() + seconds;
  for (;;) {
    const std::size_t newline = pending_.find('\n');
    if (newline != std::string::npos) {
      std::string line = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      return line;
    }
    if (ended_) return std::nullopt;
    const double left = deadline - seconds_now();
    if (left <= 0) return std::nullopt;
    pollfd descriptor{stdout_fd_, POLLIN, 0};
    if (poll(&descriptor, 1, static_cast<int>(left * 1000) + 1) <= 0) continue;
    char buffer[4096];
    const ssize_t got = read(stdout_fd_, buffer, sizeof buffer);
    if (got <= 0)
      ended_ = true;
    else
      pending_.append(buffer, static_cast<std::size_t>(got));
  }
}

std::vector<std::string> ChildProcess::read_all(double seconds) {
  const double deadline = seconds_now() + seconds;
  std::vector<std::string> lines;
  while (std::optional<std::string> line = read_line(deadline - seconds_now())) lines.push_back(*line);
  return lines;
}

void ChildProcess::signal(int number) {
  if (pid_ > 0 && !exit_code_) ::kill(pid_, number);
}

int ChildProcess::wait(double seconds) {
  if (exit_code_) return *exit_code_;
  const double deadline = seconds_now() + seconds;
  for (;;) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      return *exit_code_;
    }
    if (seconds_now() >= deadline) return -1;
    // The pause between two looks of this wait (waitpid with a deadline).
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

TemporaryFolder::TemporaryFolder() {
  std::random_device random;
  path_ = std::filesystem::temp_directory_path() / ("reversi-server-test-" + std::to_string(random()));
  std::filesystem::create_directories(path_);
}

TemporaryFolder::~TemporaryFolder() {
  std::error_code ignored;
  if (!std::getenv("REVERSI_KEEP_TEST_FILES")) std::filesystem::remove_all(path_, ignored);
}

ServerProcess::ServerProcess(const TemporaryFolder& folder, std::vector<std::string> extra_flags, std::uint16_t port)
    : folder_(folder), flags_(std::move(extra_flags)) {
  launch(port);
}

void ServerProcess::launch(std::uint16_t port) {
  std::vector<std::string> arguments = {build_path("reversi-server"), "--port", std::to_string(port), "--database",
                                        (folder_.path() / "reversi.sqlite3").string()};
  arguments.insert(arguments.end(), flags_.begin(), flags_.end());
  process_ = std::make_unique<ChildProcess>(arguments, folder_.path() / "server.log");
  const std::optional<std::string> line = process_->read_line(20);
  const std::string prefix = "reversi-server: listening on http://127.0.0.1:";
  if (!line || line->rfind(prefix, 0) != 0)
    throw std::runtime_error("reversi-server did not start (see " + (folder_.path() / "server.log").string() + ")");
  port_ = static_cast<std::uint16_t>(std::stoi(line->substr(prefix.size())));
  ++launches_;
}

void ServerProcess::kill_hard() {
  process_->signal(SIGKILL);
  process_->wait(10);
}

int ServerProcess::stop() {
  process_->signal(SIGTERM);
  return process_->wait(10);
}

void ServerProcess::restart() {
  const std::uint16_t port = port_;
  for (int attempt = 0; attempt < 50; ++attempt) {  // the port may linger for a moment
    try {
      launch(port);
      return;
    } catch (const std::runtime_error&) {
      // The pause before the next try of this wait for the port.
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  throw std::runtime_error("reversi-server did not restart on port " + std::to_string(port));
}

}  // namespace reversi::testing
