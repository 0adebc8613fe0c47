#include "cli/line_input.h"

#include <cerrno>
#include <chrono>

#ifndef __EMSCRIPTEN__
#include <poll.h>
#include <unistd.h>
#endif

namespace reversi::cli {

// Reads what is there within `timeout_milliseconds` (-1: wait); false when
// nothing came.
bool DescriptorLineInput::read_some(int timeout_milliseconds) {
#ifdef __EMSCRIPTEN__
  (void)timeout_milliseconds;
  const int c = std::getchar();
  if (c == EOF)
    closed_ = true;
  else
    buffer_ += static_cast<char>(c);
  return true;
#else
  pollfd request{descriptor_, POLLIN, 0};
  const int ready = ::poll(&request, 1, timeout_milliseconds);
  if (ready <= 0) return false;  // nothing yet, or a signal
  char chunk[4096];
  const ssize_t count = ::read(descriptor_, chunk, sizeof chunk);
  if (count < 0 && (errno == EINTR || errno == EAGAIN)) return false;
  if (count <= 0) {
    closed_ = true;
  } else {
    buffer_.append(chunk, static_cast<std::size_t>(count));
  }
  return true;
#endif
}

LineInput::Status DescriptorLineInput::poll_line(std::string& line) {
  for (;;) {
    const std::size_t end = buffer_.find('\n');
    if (end != std::string::npos) {
      const bool dropped = skipping_ || end > kMaxProtocolLineLength;
      line.assign(buffer_, 0, end);
      buffer_.erase(0, end + 1);
      skipping_ = false;
      if (dropped) return Status::TooLong;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Status::Line;
    }
    if (buffer_.size() > kMaxProtocolLineLength) {
      // Keep nothing of a line over the cap; say so once its end arrives.
      buffer_.clear();
      skipping_ = true;
    }
    if (closed_) {
      if (buffer_.empty() || skipping_) return Status::End;
      line.swap(buffer_);
      buffer_.clear();
      return Status::Line;
    }
    if (!read_some(0)) return Status::NotYet;
  }
}

void DescriptorLineInput::wait() {
  while (buffer_.find('\n') == std::string::npos && !closed_) read_some(-1);
}

bool DescriptorLineInput::wait_for(double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  // A line over the cap counts as something to say: poll_line drops it.
  while (buffer_.find('\n') == std::string::npos && !closed_ && buffer_.size() <= kMaxProtocolLineLength) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    read_some(static_cast<int>(left.count()));
  }
  return true;
}

LineInput::Status ScriptedLineInput::poll_line(std::string& line) {
  if (quiet_left_ > 0) {
    --quiet_left_;
    return Status::NotYet;
  }
  line.clear();
  for (int c; (c = in_.get()) != std::char_traits<char>::eof();) {
    if (c == '\n') {
      quiet_left_ = quiet_polls_;
      return Status::Line;
    }
    line += static_cast<char>(c);
    if (line.size() > kMaxProtocolLineLength) {
      while ((c = in_.get()) != std::char_traits<char>::eof() && c != '\n') {
      }
      return Status::TooLong;
    }
  }
  return line.empty() ? Status::End : Status::Line;
}

}  // namespace reversi::cli
