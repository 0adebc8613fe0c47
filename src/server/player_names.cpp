#include "server/player_names.h"

#include <locale.h>
#include <wctype.h>

#include <cwchar>

#include "server/secrets.h"

namespace reversi::server {
namespace {

constexpr std::size_t kShortestName = 2;
constexpr std::size_t kLongestName = 20;

// glibc's C.UTF-8 locale classifies every Unicode letter and digit; made
// once and only read afterwards.
locale_t utf8_locale() {
  static const locale_t locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0));
  return locale;
}

// Decodes UTF-8 into code points; false for invalid or overlong sequences.
bool decode_utf8(std::string_view text, std::u32string& out) {
  std::mbstate_t state{};
  const locale_t previous = uselocale(utf8_locale());
  bool valid = true;
  for (std::size_t at = 0; at < text.size();) {
    wchar_t character = 0;
    const std::size_t used = std::mbrtowc(&character, text.data() + at, text.size() - at, &state);
    if (used == 0 || used == static_cast<std::size_t>(-1) || used == static_cast<std::size_t>(-2)) {
      valid = false;
      break;
    }
    out.push_back(static_cast<char32_t>(character));
    at += used;
  }
  uselocale(previous);
  return valid;
}

bool allowed(char32_t c) {
  if (c == U' ' || c == U'-' || c == U'_' || c == U'.' || c == U'\'') return true;
  const locale_t locale = utf8_locale();
  return iswalpha_l(static_cast<wint_t>(c), locale) || iswdigit_l(static_cast<wint_t>(c), locale);
}

}  // namespace

std::variant<std::string, NameRefusal> checked_name(std::string_view text) {
  if (!utf8_locale()) return NameRefusal{"Names cannot be checked on this server."};
  const std::size_t first = text.find_first_not_of(' ');
  if (first == std::string_view::npos) return NameRefusal{"A name needs 2 to 20 characters."};
  const std::string_view trimmed = text.substr(first, text.find_last_not_of(' ') - first + 1);
  std::u32string characters;
  if (!decode_utf8(trimmed, characters)) return NameRefusal{"A name must be valid text (UTF-8)."};
  if (characters.size() < kShortestName || characters.size() > kLongestName)
    return NameRefusal{"A name needs 2 to 20 characters."};
  for (std::size_t index = 0; index < characters.size(); ++index) {
    if (characters[index] == U' ' && index > 0 && characters[index - 1] == U' ')
      return NameRefusal{"A name may not have two spaces in a row."};
    if (!allowed(characters[index])) return NameRefusal{"A name may hold letters, digits, spaces and - _ . ' only."};
  }
  return std::string(trimmed);
}

std::string guest_name() { return "Guest " + std::to_string(1000 + random_below(9000)); }

}  // namespace reversi::server
