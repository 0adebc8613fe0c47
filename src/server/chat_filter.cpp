#include "server/chat_filter.h"

#include <locale.h>
#include <wctype.h>

#include <algorithm>
#include <cmath>

#include "messages/table_messages.h"

namespace reversi::server {
namespace {

// glibc's C.UTF-8 classifies and lower-cases every script; made once and
// only read afterwards. Without it (another libc) only ASCII is folded.
locale_t utf8_locale() {
  static const locale_t locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0));
  return locale;
}

bool is_word_character(char32_t c) {
  if (const locale_t locale = utf8_locale()) return iswalnum_l(static_cast<wint_t>(c), locale);
  return c < 0x80 && ((c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9'));
}

bool is_space(char32_t c) {
  if (c == U' ') return true;
  const locale_t locale = utf8_locale();
  return locale && iswspace_l(static_cast<wint_t>(c), locale);
}

char32_t folded(char32_t c) {
  if (const locale_t locale = utf8_locale()) return static_cast<char32_t>(towlower_l(static_cast<wint_t>(c), locale));
  return c >= U'A' && c <= U'Z' ? c + (U'a' - U'A') : c;
}

// One code point of a text and where its bytes are.
struct Character {
  char32_t value;
  std::size_t offset;
  std::size_t length;
  bool valid;
};

// Decodes UTF-8; a byte that does not start a valid sequence becomes one
// invalid character (overlong forms and surrogates included).
std::vector<Character> characters_of(std::string_view text) {
  std::vector<Character> out;
  for (std::size_t at = 0; at < text.size();) {
    const auto byte = static_cast<unsigned char>(text[at]);
    std::size_t length = byte < 0x80           ? 1
                         : (byte >> 5) == 0x6  ? 2
                         : (byte >> 4) == 0xE  ? 3
                         : (byte >> 3) == 0x1E ? 4
                                               : 0;
    char32_t value = length == 1 ? byte : length == 2 ? byte & 0x1F : length == 3 ? byte & 0x0F : byte & 0x07;
    bool valid = length > 0 && at + length <= text.size();
    for (std::size_t next = 1; valid && next < length; ++next) {
      const auto continuation = static_cast<unsigned char>(text[at + next]);
      if ((continuation & 0xC0) != 0x80) valid = false;
      value = (value << 6) | (continuation & 0x3F);
    }
    static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (valid && (value < kSmallest[length] || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF))) valid = false;
    if (!valid) length = 1;
    out.push_back(Character{valid ? value : U'\uFFFD', at, length, valid});
    at += length;
  }
  return out;
}

bool becomes_space(char32_t c) {
  return c == U'\t' || c == U'\n' || c == U'\r' || c == 0x85 || c == 0x2028 || c == 0x2029;
}

// C0, DEL, C1, and the bidi embeddings, overrides and isolates that can
// make a line read as something else.
bool is_control(char32_t c) {
  return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069);
}

}  // namespace

std::variant<std::string, ChatRefusal> checked_chat_line(std::string_view text) {
  const std::vector<Character> characters = characters_of(text);
  std::vector<char32_t> values;
  for (const Character& character : characters) {
    if (!character.valid) return ChatRefusal{"A message must be valid text (UTF-8)."};
    if (becomes_space(character.value)) {
      values.push_back(U' ');
      continue;
    }
    if (is_control(character.value)) return ChatRefusal{"A message may not hold control characters."};
    values.push_back(character.value);
  }
  std::size_t first = 0;
  std::size_t end = values.size();
  while (first < end && is_space(values[first])) ++first;
  while (end > first && is_space(values[end - 1])) --end;
  if (first == end) return ChatRefusal{"A message needs at least one character."};
  if (end - first > messages::online::kLongestChatLine)
    return ChatRefusal{"A message may hold at most 200 characters."};
  std::string line;
  for (std::size_t index = first; index < end; ++index) {
    if (becomes_space(characters[index].value))
      line.push_back(' ');
    else
      line.append(text.substr(characters[index].offset, characters[index].length));
  }
  return line;
}

std::vector<std::string> parse_word_list(std::string_view text) {
  std::vector<std::string> entries;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.empty() || line.front() == '#') continue;
    entries.emplace_back(line);
  }
  return entries;
}

ChatFilter::ChatFilter(const std::vector<std::string>& entries) {
  for (const std::string& text : entries) {
    Entry entry;
    Word word;
    for (const Character& character : characters_of(text)) {
      if (!character.valid || !is_word_character(character.value)) {  // anything else splits words
        if (!word.empty()) entry.push_back(std::move(word));
        word.clear();
        continue;
      }
      const char32_t letter = folded(character.value);
      if (!word.empty() && word.back().letter == letter)
        ++word.back().count;
      else
        word.push_back(Run{letter, 1});
    }
    if (!word.empty()) entry.push_back(std::move(word));
    if (entry.empty()) continue;
    by_first_letter_[entry.front().front().letter].push_back(entries_.size());
    entries_.push_back(std::move(entry));
  }
}

std::string ChatFilter::mask(std::string_view text) const {
  if (entries_.empty()) return std::string(text);
  const std::vector<Character> characters = characters_of(text);
  const std::size_t size = characters.size();
  std::vector<char32_t> letters(size);  // folded, or 0 for a character that is not a letter or digit
  for (std::size_t index = 0; index < size; ++index)
    letters[index] =
        characters[index].valid && is_word_character(characters[index].value) ? folded(characters[index].value) : 0;
  auto separator = [&](std::size_t index) { return letters[index] == 0 && !is_space(characters[index].value); };

  // Where `entry` matched from `start` ends, or nothing.
  auto match = [&](const Entry& entry, std::size_t start) -> std::optional<std::size_t> {
    std::size_t at = start;
    for (std::size_t word_index = 0; word_index < entry.size(); ++word_index) {
      if (word_index > 0) {  // between a phrase's words: spaces or punctuation, at least one
        const std::size_t gap = at;
        while (at < size && letters[at] == 0) ++at;
        if (at == gap) return std::nullopt;
      }
      const Word& word = entry[word_index];
      for (std::size_t run_index = 0; run_index < word.size(); ++run_index) {
        std::size_t matched = 0;
        for (;;) {
          std::size_t next = at;
          if (run_index > 0 || matched > 0)
            while (next < size && separator(next)) ++next;  // "b.a.d"
          if (next >= size || letters[next] != word[run_index].letter) break;
          at = next + 1;
          ++matched;  // "baaad": a run at least as long as the entry's
        }
        if (matched < word[run_index].count) return std::nullopt;
      }
    }
    if (at < size && letters[at] != 0) return std::nullopt;  // inside a longer word
    return at;
  };

  std::vector<bool> masked(size, false);
  for (std::size_t start = 0; start < size;) {
    std::size_t end = start;
    const bool word_start = letters[start] != 0 && (start == 0 || letters[start - 1] == 0);
    if (word_start)
      if (const auto found = by_first_letter_.find(letters[start]); found != by_first_letter_.end())
        for (const std::size_t index : found->second)
          if (const std::optional<std::size_t> ends = match(entries_[index], start)) end = std::max(end, *ends);
    if (end == start) {
      ++start;
      continue;
    }
    std::fill(masked.begin() + static_cast<std::ptrdiff_t>(start), masked.begin() + static_cast<std::ptrdiff_t>(end),
              true);
    start = end;
  }
  std::string out;
  out.reserve(text.size());
  for (std::size_t index = 0; index < size; ++index) {
    if (masked[index])
      out.push_back('*');
    else
      out.append(text.substr(characters[index].offset, characters[index].length));
  }
  return out;
}

std::optional<double> ChatRateLimiter::wait(const std::string& player, double now) {
  std::lock_guard lock(mutex_);
  if (buckets_.size() > 10000)  // forget players whose bucket has filled up again
    for (auto bucket = buckets_.begin(); bucket != buckets_.end();)
      bucket = bucket->second.tokens + (now - bucket->second.last) / interval_ >= burst_ ? buckets_.erase(bucket)
                                                                                         : std::next(bucket);
  const auto [found, is_new] = buckets_.try_emplace(player, Bucket{burst_, now});
  Bucket& bucket = found->second;
  if (!is_new) bucket.tokens = std::min(burst_, bucket.tokens + std::max(0.0, now - bucket.last) / interval_);
  bucket.last = now;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return std::nullopt;
  }
  return (1 - bucket.tokens) * interval_;
}

std::string too_fast_reason(double seconds) {
  const int whole = std::max(1, static_cast<int>(std::ceil(seconds - 1e-6)));
  return "You are writing too fast: you may write again in " + std::to_string(whole) +
         (whole == 1 ? " second." : " seconds.");
}

}  // namespace reversi::server
