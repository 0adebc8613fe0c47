// What the server does to a chat line before anyone sees it: the line's
// rules (1 to 200 characters, no control characters), the word list that
// masks words with asterisks, and the per-player rate limit. Pure logic,
// no store and no clock of its own, so tests drive it directly.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

namespace reversi::server {

struct ChatRefusal {
  std::string reason;  // a sentence for the player
};

// The line as it will be kept: tabs and line breaks become spaces, the ends
// are trimmed; refused when empty, over 200 characters (code points), not
// UTF-8, or holding another control character (C0, DEL, C1, bidi overrides).
std::variant<std::string, ChatRefusal> checked_chat_line(std::string_view text);

// A word list file's entries: one word or phrase a line; blank lines and
// lines starting with '#' are left out, the rest trimmed.
std::vector<std::string> parse_word_list(std::string_view text);

// Masks the listed words and phrases, each character of a match becoming
// '*'. Matching folds case with towlower in C.UTF-8 (every script glibc
// maps, so "BAD", "Bad" and "ÉVIL" for "évil"; accents are not removed), on
// whole words only ("ass" is not masked inside "class"), and sees through
// two obfuscations: a letter repeated ("baaad") and punctuation between
// letters ("b.a.d", "b-a-d", "b*a*d"). Letters spaced out ("b a d") and
// digits for letters ("b4d") are not caught: they mostly hit real words.
class ChatFilter {
 public:
  ChatFilter() = default;
  explicit ChatFilter(const std::vector<std::string>& entries);

  std::string mask(std::string_view text) const;
  std::size_t size() const { return entries_.size(); }

 private:
  // A letter and how many times it comes in a row.
  struct Run {
    char32_t letter;
    std::size_t count;
  };
  using Word = std::vector<Run>;
  using Entry = std::vector<Word>;  // a phrase: words in order
  std::vector<Entry> entries_;
  std::unordered_map<char32_t, std::vector<std::size_t>> by_first_letter_;
};

// The chat rate limit, per player whatever the connection: a burst of
// `burst` lines, then one every `interval` seconds. Thread-safe.
class ChatRateLimiter {
 public:
  explicit ChatRateLimiter(double burst = 3, double interval = 2) : burst_(burst), interval_(interval) {}
  // Nothing when `player` may write now (the line is counted), else the
  // seconds until they may.
  std::optional<double> wait(const std::string& player, double now);

 private:
  struct Bucket {
    double tokens = 0;
    double last = 0;
  };
  double burst_;
  double interval_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

// "You are writing too fast: you may write again in 2 seconds."
std::string too_fast_reason(double seconds);

}  // namespace reversi::server
