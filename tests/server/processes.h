// Child processes for the server's process tests: reversi-server on a free
// loopback port with a temporary database, reversi-cli bots, their output
// read line by line with a timeout.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#ifndef REVERSI_BUILD_DIR
#define REVERSI_BUILD_DIR "build/native"
#endif
#ifndef REVERSI_TEST_CLI_DIR
#define REVERSI_TEST_CLI_DIR ""
#endif

namespace reversi::testing {

// The week the clock is in (Monday 00:00 UTC to the next), counted from
// 1970: this week's leaderboard counts only the games of this week, so a test
// that plays and then reads it compares only when no Monday 00:00 UTC fell
// in between. 1970-01-01 was a Thursday, so day + 3 puts Mondays on
// multiples of seven.
inline long current_week() {
  const auto day = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
  return static_cast<long>((day.time_since_epoch().count() + 3) / 7);
}

class ChildProcess {
 public:
  // Starts `arguments` (argv[0] a path); stdout is piped to us, stderr to `log_file`.
  ChildProcess(const std::vector<std::string>& arguments, const std::filesystem::path& log_file);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return pid_ > 0; }
  // The next line of stdout, or nothing after `seconds` or at its end.
  std::optional<std::string> read_line(double seconds);
  // Every line until the process ends (or `seconds` pass).
  std::vector<std::string> read_all(double seconds);
  void signal(int number);
  // The exit code (128 + signal when killed), waiting up to `seconds` (then -1).
  int wait(double seconds);

 private:
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  std::string pending_;
  bool ended_ = false;
  std::optional<int> exit_code_;
};

// A temporary folder removed at the end of the test.
class TemporaryFolder {
 public:
  TemporaryFolder();
  ~TemporaryFolder();
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// reversi-server on loopback. port 0 picks a free one; restart() keeps it.
class ServerProcess {
 public:
  ServerProcess(const TemporaryFolder& folder, std::vector<std::string> extra_flags = {}, std::uint16_t port = 0);
  std::uint16_t port() const { return port_; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  void kill_hard();  // SIGKILL, as a crash
  int stop();        // SIGTERM; the exit code
  void restart();    // the same port and database
  ChildProcess& process() { return *process_; }

 private:
  void launch(std::uint16_t port);
  const TemporaryFolder& folder_;
  std::vector<std::string> flags_;
  std::uint16_t port_ = 0;
  int launches_ = 0;
  std::unique_ptr<ChildProcess> process_;
};

std::string build_path(const std::string& name);

// A PostgreSQL cluster of the test's own (scripts/test-postgres), which it
// can stop and start again; removed at the end.
class PostgresCluster {
 public:
  PostgresCluster();
  ~PostgresCluster();
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;
  const std::string& uri() const { return uri_; }
  void pause();
  void resume();

 private:
  std::string run(const std::string& command) const;
  std::filesystem::path folder_;
  std::string uri_;
};

// Debian's redis-server on a free loopback port, keeping nothing on disk;
// stop() and start() again keep the port (a Redis restarted mid-game).
class RedisProcess {
 public:
  // `extra_flags`: more redis-server options (--requirepass P).
  explicit RedisProcess(const TemporaryFolder& folder, std::vector<std::string> extra_flags = {});
  ~RedisProcess();
  std::uint16_t port() const { return port_; }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }
  void stop();
  void start();

 private:
  const TemporaryFolder& folder_;
  std::vector<std::string> flags_;
  std::uint16_t port_ = 0;
  std::unique_ptr<ChildProcess> process_;
};

// A free loopback port (the kernel's pick; free when asked).
std::uint16_t free_port();

// `reversi-server admin ARGUMENTS… --database` the ServerProcess database in
// `folder`: its stdout lines and exit code.
std::pair<std::vector<std::string>, int> admin(const TemporaryFolder& folder, std::vector<std::string> arguments);

}  // namespace reversi::testing
