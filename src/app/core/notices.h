// The short notices the app shows (a refused tap, a pass, a time-out, a
// copied transcript...), each with its kind, so that the code which shows
// one can also take back exactly that one when it stops being true.
#pragma once

#include <string>
#include <string_view>

namespace reversi {

enum class NoticeKind {
  Refused,       // a tap or command that could not be carried out
  Pass,          // a side had no move
  ClockExpired,  // a move was played for a player whose time ran out
  GameLoaded,
  LoadFailed,
  Copied,
  Paused,
  Storage,         // saved data could not be read or written
  Online,          // the table, the opponent, the connection
  ComputerFailed,  // the computer cannot play at all (said once, and kept)
};

class Notices {
 public:
  // Shows `text` for `seconds` from `now`, replacing any other notice. Text
  // that is not valid UTF-8 (a pasted game cut inside a character, say) is
  // repaired, so nothing downstream ever holds half a character.
  void show(NoticeKind kind, std::string_view text, double now, double seconds);
  // Takes the notice back if it is of `kind`.
  void clear(NoticeKind kind);
  // Drops the notice once its time is up; true when one was dropped.
  bool expire(double now);

  bool active() const { return !text_.empty(); }
  const std::string& text() const { return text_; }
  NoticeKind kind() const { return kind_; }
  // When the notice runs out (a frame is due then to take it down).
  double expires_at() const { return until_; }

 private:
  std::string text_;
  NoticeKind kind_ = NoticeKind::Refused;
  double until_ = 0;
};

// `text` with every invalid UTF-8 sequence replaced by U+FFFD.
std::string repaired_utf8(std::string_view text);

}  // namespace reversi
