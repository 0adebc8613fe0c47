#include "server/player_names.h"

#include <locale.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/utf8.h>
#include <wctype.h>

#include <algorithm>
#include <cwchar>
#include <vector>

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

// ICU's spoof checker, made once: its checks and skeletons may be used from
// several threads at once (ICU documents them as thread-safe). Words are
// checked for ICU's "highly restrictive" level: one script, or Latin with
// Han and kana (Japanese), Han and Bopomofo, or Han and Hangul; and for
// digits of more than one numbering system. nullptr when ICU cannot make one.
const USpoofChecker* spoof_checker() {
  static USpoofChecker* const checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* made = uspoof_open(&status);
    uspoof_setChecks(made, USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS, &status);
    uspoof_setRestrictionLevel(made, USPOOF_HIGHLY_RESTRICTIVE);
    if (U_SUCCESS(status)) return made;
    uspoof_close(made);  // a no-op for nullptr
    return static_cast<USpoofChecker*>(nullptr);
  }();
  return checker;
}

icu::UnicodeString unicode(std::string_view text) {
  return icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<std::int32_t>(text.size())));
}

// "Cyrillic and Latin": the scripts of a word's letters, in the order met.
std::string scripts_of(std::string_view word) {
  std::vector<UScriptCode> seen;
  for (std::int32_t at = 0, size = static_cast<std::int32_t>(word.size()); at < size;) {
    UChar32 character = 0;
    U8_NEXT(word.data(), at, size, character);
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(character, &status);
    if (U_FAILURE(status) || script == USCRIPT_COMMON || script == USCRIPT_INHERITED) continue;
    if (std::find(seen.begin(), seen.end(), script) == seen.end()) seen.push_back(script);
  }
  std::string words;
  for (std::size_t index = 0; index < seen.size(); ++index) {
    if (index > 0) words += index + 1 == seen.size() ? " and " : ", ";
    words += uscript_getName(seen[index]);
  }
  return words;
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

std::optional<NameRefusal> mixed_alphabets(std::string_view name) {
  const USpoofChecker* checker = spoof_checker();
  if (!checker) return NameRefusal{"Names cannot be checked on this server."};
  for (std::size_t start = 0; start < name.size();) {
    const std::size_t end = std::min(name.find(' ', start), name.size());
    const std::string_view word = name.substr(start, end - start);
    start = end + 1;
    UErrorCode status = U_ZERO_ERROR;
    const std::int32_t failed =
        uspoof_check2UTF8(checker, word.data(), static_cast<std::int32_t>(word.size()), nullptr, &status);
    if (U_FAILURE(status)) return NameRefusal{"Names cannot be checked on this server."};
    const std::string quoted = "\u201c" + std::string(word) + "\u201d";
    if (failed & USPOOF_MIXED_NUMBERS)
      return NameRefusal{quoted + " mixes digits of different kinds in one word. Write each number with one kind."};
    if (failed & USPOOF_RESTRICTION_LEVEL) {
      // A letter shared by several scripts (such as a digit only some use) names none of its own.
      const std::string scripts = scripts_of(word);
      const std::string what = scripts.find(" and ") == std::string::npos ? "alphabets" : scripts + " letters";
      return NameRefusal{quoted + " mixes " + what +
                         " in one word, as names made to pass for others do. Write each word in one alphabet."};
    }
  }
  return std::nullopt;
}

NameKeys name_keys(std::string_view name) {
  const USpoofChecker* checker = spoof_checker();
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
  // Without ICU a name stays its own key: the same name still meets itself.
  if (!checker || U_FAILURE(status)) return NameKeys{std::string(name), std::string(name)};
  const icu::UnicodeString text = unicode(name);
  icu::UnicodeString skeleton, folded_skeleton;
  uspoof_getSkeletonUnicodeString(checker, 0, text, skeleton, &status);
  uspoof_getSkeletonUnicodeString(checker, 0, fold->normalize(text, status), folded_skeleton, &status);
  const icu::UnicodeString folded = fold->normalize(folded_skeleton, status);
  if (U_FAILURE(status)) return NameKeys{std::string(name), std::string(name)};
  NameKeys keys;
  skeleton.toUTF8String(keys.skeleton);
  folded.toUTF8String(keys.folded);
  return keys;
}

bool look_alike(std::string_view first, std::string_view second) {
  const NameKeys a = name_keys(first);
  const NameKeys b = name_keys(second);
  return a.skeleton == b.skeleton || a.folded == b.folded;
}

std::string guest_name() { return "Guest " + std::to_string(1000 + random_below(9000)); }

bool is_guest_name(std::string_view name) {
  constexpr std::string_view kPrefix = "Guest ";
  return name.size() == kPrefix.size() + 4 && name.substr(0, kPrefix.size()) == kPrefix &&
         name.substr(kPrefix.size()).find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace reversi::server
