#include "cli/engine_process.h"

#ifndef __EMSCRIPTEN__
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

extern char** environ;

namespace reversi::cli {
namespace {

std::string ending_of(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "stopped";
}

// Child processes are started without a shell: the arguments as given.
Parsed<pid_t> spawn(const std::vector<std::string>& arguments, int child_in, int child_out) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, child_in, 0);
  posix_spawn_file_actions_adddup2(&actions, child_out, 1);
  // This process ignores SIGPIPE (an engine that dies must not take the
  // match with it); the engine gets the default back.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  // Its own process group, so that killing it kills whatever it started too
  // (a wrapper script's children would otherwise hold our output open).
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  std::vector<char*> argv;
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int error = posix_spawnp(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (error != 0) return Parsed<pid_t>::failure("cannot start '" + arguments[0] + "': " + std::strerror(error));
  return Parsed<pid_t>::success(pid);
}

}  // namespace

Parsed<std::unique_ptr<EngineProcess>> EngineProcess::start(const std::vector<std::string>& arguments) {
  using Result = Parsed<std::unique_ptr<EngineProcess>>;
  if (arguments.empty()) return Result::failure("no program to start");
  std::signal(SIGPIPE, SIG_IGN);
  // Close-on-exec: the engine gets its ends as 0 and 1 only, and no other
  // engine's pipes (which would keep them open after that engine exits).
  int to_child[2], from_child[2];
  if (::pipe2(to_child, O_CLOEXEC) != 0)
    return Result::failure(std::string("cannot make a pipe: ") + std::strerror(errno));
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]);
    ::close(to_child[1]);
    return Result::failure(std::string("cannot make a pipe: ") + std::strerror(errno));
  }
  const Parsed<pid_t> pid = spawn(arguments, to_child[0], from_child[1]);
  ::close(to_child[0]);
  ::close(from_child[1]);
  if (!pid) {
    ::close(to_child[1]);
    ::close(from_child[0]);
    return Result::failure(pid.error);
  }
  return Result::success(std::unique_ptr<EngineProcess>(new EngineProcess(*pid.value, to_child[1], from_child[0])));
}

EngineProcess::EngineProcess(pid_t pid, int to_child, int from_child)
    : pid_(pid), to_child_(to_child), from_child_(from_child), from_child_descriptor_(from_child) {}

EngineProcess::~EngineProcess() {
  if (!reaped_) {
    send("quit");
    ::close(to_child_);
    to_child_ = -1;
    if (reap(1.0).empty()) kill();
  }
  if (to_child_ >= 0) ::close(to_child_);
  ::close(from_child_descriptor_);
}

bool EngineProcess::send(const std::string& line) {
  if (to_child_ < 0) return false;
  const std::string text = line + '\n';
  for (std::size_t written = 0; written < text.size();) {
    const ssize_t count = ::write(to_child_, text.data() + written, text.size() - written);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) return false;  // EPIPE: the engine has gone
    written += static_cast<std::size_t>(count);
  }
  return true;
}

EngineProcess::Read EngineProcess::read_line(std::string& line, double seconds) {
  using Status = LineInput::Status;
  Status status = from_child_.poll_line(line);
  if (status == Status::NotYet) {
    if (!from_child_.wait_for(seconds)) return Read::TimedOut;
    status = from_child_.poll_line(line);
  }
  switch (status) {
    case Status::Line:
      return Read::Line;
    case Status::TooLong:
      return Read::TooLong;
    case Status::End:
      return Read::End;
    case Status::NotYet:
      break;
  }
  return Read::TimedOut;
}

std::string EngineProcess::reap(double seconds) {
  if (reaped_) return ending_;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (;;) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_ || (done < 0 && errno != EINTR)) {
      reaped_ = true;
      ending_ = done == pid_ ? ending_of(status) : "gone";
      return ending_;
    }
    if (std::chrono::steady_clock::now() >= deadline) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::string EngineProcess::kill() {
  if (!reaped_) {
    // The whole group, while its leader is not yet reaped and the group
    // surely ours. A program that had already exited keeps its own exit
    // status, which says more.
    ::kill(-pid_, SIGKILL);
    reap(60);  // SIGKILL cannot be ignored: this returns at once
  }
  return ending_;
}

}  // namespace reversi::cli

#else  // __EMSCRIPTEN__

namespace reversi::cli {

Parsed<std::unique_ptr<EngineProcess>> EngineProcess::start(const std::vector<std::string>&) {
  return Parsed<std::unique_ptr<EngineProcess>>::failure(
      "this build cannot start programs; external engines need the native reversi-cli");
}
EngineProcess::~EngineProcess() = default;
bool EngineProcess::send(const std::string&) { return false; }
EngineProcess::Read EngineProcess::read_line(std::string&, double) { return Read::End; }
std::string EngineProcess::kill() { return {}; }

}  // namespace reversi::cli

#endif  // __EMSCRIPTEN__
