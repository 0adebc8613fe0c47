#include "app/core/text_images.h"

#include <algorithm>

namespace reversi {
namespace {

bool is_control(char32_t code) {
  return code < 0x20 || (code >= 0x7F && code <= 0x9F) || (code >= 0x202A && code <= 0x202E) ||
         (code >= 0x2066 && code <= 0x2069) || code == 0x200E || code == 0x200F || code == 0x061C || code == 0x2028 ||
         code == 0x2029 || code == 0xFFFD;
}

bool is_zero_width(char32_t code) { return (code >= 0x200B && code <= 0x200D) || code == 0x2060 || code == 0xFEFF; }

// The combining diacritics that stack on any letter (the blocks a "zalgo"
// text is made of); the marks of Indic and Thai letters are not among them.
bool is_stacking_mark(char32_t code) {
  return (code >= 0x0300 && code <= 0x036F) || (code >= 0x1AB0 && code <= 0x1AFF) ||
         (code >= 0x1DC0 && code <= 0x1DFF) || (code >= 0x20D0 && code <= 0x20FF) || (code >= 0xFE20 && code <= 0xFE2F);
}

constexpr int kMarksOnALetter = 4;
constexpr const char* kEllipsis = "\xE2\x80\xA6";

}  // namespace

std::size_t decode_utf8(std::string_view text, std::size_t at, char32_t& code) {
  const auto lead = static_cast<unsigned char>(text[at]);
  const std::size_t length = lead < 0x80           ? 1
                             : (lead >> 5) == 0x6  ? 2
                             : (lead >> 4) == 0xE  ? 3
                             : (lead >> 3) == 0x1E ? 4
                                                   : 0;
  if (length == 0 || at + length > text.size()) return 0;
  char32_t value = length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07;
  for (std::size_t next = 1; next < length; ++next) {
    const auto byte = static_cast<unsigned char>(text[at + next]);
    if ((byte & 0xC0) != 0x80) return 0;
    value = (value << 6) | (byte & 0x3F);
  }
  static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (value < kSmallest[length] || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  code = value;
  return length;
}

std::string shown_text(std::string_view text, std::size_t longest) {
  std::string out;
  out.reserve(text.size());
  std::size_t kept = 0;
  int marks = -1;  // marks on the letter before (-1: no letter to carry one)
  bool after_zero_width = false;
  for (std::size_t at = 0; at < text.size() && kept < longest;) {
    char32_t code = 0;
    const std::size_t length = decode_utf8(text, at, code);
    if (length == 0) {  // a broken byte: dropped, and the next one tried
      ++at;
      continue;
    }
    const std::string_view bytes = text.substr(at, length);
    at += length;
    if (is_control(code)) continue;
    if (is_zero_width(code)) {
      if (after_zero_width) continue;
      after_zero_width = true;
    } else {
      after_zero_width = false;
    }
    if (is_stacking_mark(code)) {
      if (marks < 0 || marks >= kMarksOnALetter) continue;
      ++marks;
    } else if (!is_zero_width(code)) {
      marks = code == U' ' ? -1 : 0;
    }
    out.append(bytes);
    ++kept;
  }
  return out;
}

std::string TextImages::key_of(std::string_view text, const TextLook& look) {
  std::string key(reinterpret_cast<const char*>(&look.size), sizeof look.size);
  key += look.bold ? 'b' : 'r';
  key.append(reinterpret_cast<const char*>(&look.colour), sizeof look.colour);
  key.append(reinterpret_cast<const char*>(&look.wrap), sizeof look.wrap);
  key.append(reinterpret_cast<const char*>(&look.scale), sizeof look.scale);
  key.append(text);
  return key;
}

const TextPicture& TextImages::picture(std::string_view text, const TextLook& look) {
  const std::string key = key_of(text, look);
  if (const auto found = by_key_.find(key); found != by_key_.end()) {
    order_.splice(order_.begin(), order_, found->second);
    return found->second->picture;
  }
  const std::string shown = shown_text(text);
  order_.push_front(Entry{std::string(text), look, painter_.paint(shown, look)});
  by_key_[key] = order_.begin();
  while (order_.size() > capacity_) {
    const Entry& oldest = order_.back();
    if (oldest.picture.texture != 0) painter_.release(oldest.picture.texture);
    by_key_.erase(key_of(oldest.text, oldest.look));
    order_.pop_back();
  }
  return order_.front().picture;
}

float TextImages::width(std::string_view text, const TextLook& look) {
  TextLook line = look;
  line.wrap = 0;
  line.colour = 0;  // the colour changes nothing in a width
  const std::string key = key_of(text, line);
  if (const auto found = widths_.find(key); found != widths_.end()) return found->second;
  if (widths_.size() > capacity_ * 4) widths_.clear();
  const float measured = painter_.measure(shown_text(text), look);
  widths_[key] = measured;
  return measured;
}

std::string TextImages::fitted(std::string_view text, const TextLook& look, float room) {
  const std::string shown = shown_text(text);
  if (width(shown, look) <= room) return shown;
  const std::vector<std::size_t> ends = painter_.grapheme_ends(shown);
  // The most graphemes whose cut fits, by halving: widths grow with the prefix.
  const auto cut = [&](std::size_t count) {
    std::string prefix = shown.substr(0, count == 0 ? 0 : ends[count - 1]);
    while (!prefix.empty() && prefix.back() == ' ') prefix.pop_back();
    return prefix + kEllipsis;
  };
  std::size_t low = 0, high = ends.size();
  while (low < high) {
    const std::size_t middle = (low + high + 1) / 2;
    if (width(cut(middle), look) <= room)
      low = middle;
    else
      high = middle - 1;
  }
  return cut(low);
}

void TextImages::clear() {
  for (const Entry& entry : order_)
    if (entry.picture.texture != 0) painter_.release(entry.picture.texture);
  order_.clear();
  by_key_.clear();
  widths_.clear();
}

bool TextImages::follow_fonts() {
  const int now = painter_.generation();
  if (now == generation_) return false;
  generation_ = now;
  const bool painted = !order_.empty();
  clear();
  return painted;
}

}  // namespace reversi
