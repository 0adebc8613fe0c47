#include "app/core/notices.h"

#include <cstdint>

namespace reversi {

void Notices::show(NoticeKind kind, std::string_view text, double now, double seconds) {
  text_ = repaired_utf8(text);
  kind_ = kind;
  until_ = now + seconds;
}

void Notices::clear(NoticeKind kind) {
  if (active() && kind_ == kind) text_.clear();
}

bool Notices::expire(double now) {
  if (!active() || now <= until_) return false;
  text_.clear();
  return true;
}

std::string repaired_utf8(std::string_view text) {
  static constexpr const char* kReplacement = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(text.size());
  std::size_t index = 0;
  while (index < text.size()) {
    const auto lead = static_cast<unsigned char>(text[index]);
    // The length of the sequence `lead` starts and the smallest code point
    // it may encode (longer forms of small code points are invalid too).
    const std::size_t length = lead < 0x80           ? 1
                               : (lead >> 5) == 0x6  ? 2
                               : (lead >> 4) == 0xE  ? 3
                               : (lead >> 3) == 0x1E ? 4
                                                     : 0;
    bool valid = length > 0 && index + length <= text.size();
    std::uint32_t code = length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07;
    for (std::size_t next = 1; valid && next < length; ++next) {
      const auto byte = static_cast<unsigned char>(text[index + next]);
      valid = (byte & 0xC0) == 0x80;
      code = (code << 6) | (byte & 0x3F);
    }
    static constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    valid = valid && code >= kSmallest[length] && code <= 0x10FFFF && (code < 0xD800 || code > 0xDFFF);
    if (valid) {
      out.append(text.substr(index, length));
      index += length;
    } else {
      out += kReplacement;
      ++index;
    }
  }
  return out;
}

}  // namespace reversi
