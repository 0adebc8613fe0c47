// The app's words in the player's language. Code writes the English
// (`tr("Undo")`, `tr("You lost by {n}", {{"n", margin}})`); the English is
// found in the source catalogue (src/app/lang/en.po, turned into
// lang_catalogue.h by tools/lang_catalogues.py) when the code is compiled,
// so a text missing from the catalogue does not build, and looked up by its
// index while the app runs. A language's words come from its catalogue
// (`<code>.json`, made from `<code>.po`); a text it lacks is shown in
// English. Placeholders are `{name}`, filled by name, never printf.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "lang_catalogue.h"

namespace reversi {

enum class Language { English, German, Spanish };
inline constexpr Language kLanguages[] = {Language::English, Language::German, Language::Spanish};

// "en", "de", "es".
const char* language_code(Language language);
// The language named in itself: "English", "Deutsch", "Español".
const char* language_name(Language language);
// "de", "de-AT", "DE_ch" → German; anything else → none.
std::optional<Language> language_from_code(std::string_view code);
// The first of the browser's languages (BCP 47 tags, best first) the app speaks, else English.
Language language_from_preferences(const std::vector<std::string>& preferred);

namespace detail {
// How gettext key `key` compares with the key of `english` in `context` (the
// context, U+0004, the English; the English alone without a context), byte
// by byte as std::string_view compares: below 0, 0 or above 0.
consteval int compare_key(std::string_view key, std::string_view context, std::string_view english) {
  std::size_t at = 0;
  const auto step = [&](char wanted) {
    if (at == key.size()) return -1;
    const unsigned char have = static_cast<unsigned char>(key[at++]);
    const unsigned char other = static_cast<unsigned char>(wanted);
    return have < other ? -1 : have > other ? 1 : 0;
  };
  for (char c : context)
    if (const int order = step(c)) return order;
  if (!context.empty())
    if (const int order = step('\x04')) return order;
  for (char c : english)
    if (const int order = step(c)) return order;
  return at == key.size() ? 0 : 1;
}
}  // namespace detail

// A text of the source catalogue, found when the code is compiled: the code
// keeps only its index, and the English is in lang::kSourceKeys alone.
struct Text {
  consteval Text(const char* english) : index(find("", english)) {}
  consteval Text(const char* context, const char* english) : index(find(context, english)) {}
  int index;

 private:
  static consteval int find(std::string_view context, std::string_view english) {
    int low = 0, high = static_cast<int>(std::size(lang::kSourceKeys));
    while (low < high) {
      const int middle = low + (high - low) / 2;
      const int order = detail::compare_key(lang::kSourceKeys[middle], context, english);
      if (order == 0) return middle;
      if (order < 0)
        low = middle + 1;
      else
        high = middle;
    }
    throw "not in src/app/lang/en.po: run tools/lang_catalogues.py extract (docs/architecture.md)";
  }
};

// The plural of a text of the source catalogue (its msgid_plural), found when the code is compiled.
struct PluralText {
  consteval PluralText(const char* english_plural) : index(find(english_plural)) {}
  int index;

 private:
  static consteval int find(std::string_view english_plural) {
    for (const lang::SourcePlural& plural : lang::kSourcePlurals) {
      if (english_plural == plural.plural) return plural.index;
    }
    throw "no text of src/app/lang/en.po has this plural";
  }
};

// A value for a `{name}` placeholder: text as it is, a whole number as the
// language writes it (written when the placeholder is filled). It only
// refers to its text, so it lives no longer than the call it is written in.
struct WordArg {
  WordArg(std::string_view placeholder, std::string_view value) : name(placeholder), text(value) {}
  WordArg(std::string_view placeholder, const char* value) : name(placeholder), text(value) {}
  WordArg(std::string_view placeholder, const std::string& value) : name(placeholder), text(value) {}
  template <typename Integer, typename = std::enable_if_t<std::is_integral_v<Integer>>>
  WordArg(std::string_view placeholder, Integer value)
      : name(placeholder), number(static_cast<long long>(value)), is_number(true) {}

  std::string_view name;
  std::string_view text;
  long long number = 0;
  bool is_number = false;
};

// One language's words: the translations of the source texts it has.
class Catalogue {
 public:
  Catalogue() = default;  // English: every text as the source has it
  // A catalogue file (`{"language": "de", "words": {...}}`); none when it is
  // not one, or is another language's. Texts the source lacks are skipped.
  static std::optional<Catalogue> parse(Language language, std::string_view json);

  Language language() const { return language_; }
  // The translation of text `index` in plural form `form` (0 without plurals), or none.
  const char* find(int index, int form) const;
  // The English of a translation it holds (the first text translated so), or none.
  const char* english_of(std::string_view translated) const;
  // How many source texts it translates.
  int size() const { return translated_; }

 private:
  Language language_ = Language::English;
  // By source index: the text's forms, each followed by '\0'; empty for a text it lacks.
  std::vector<std::string> forms_;
  // The indexes of the texts with a first form, in order.
  std::vector<int> with_first_form_;
  int translated_ = 0;
};

// The words in use: one language for the whole screen (as ImGui has one context).
class Words {
 public:
  void use(Catalogue catalogue) { catalogue_ = std::move(catalogue); }
  Language language() const { return catalogue_.language(); }

  // Text `index` in this language, else the English.
  const char* text(int index) const;
  // Text `index` in the form for `count`.
  const char* plural(int index, long long count) const;
  // `english` in this language when it is a text of the source catalogue
  // without a context (words made in English by a lower layer), else as it is.
  std::string translated(std::string_view english) const;
  // The English a shown text was translated from (`shown` itself when it is
  // none): controls keep their English names in every language.
  std::string english_of(std::string_view shown) const;
  // A whole number as this language writes it: 1,234 or 1.234.
  std::string number(long long value) const;

 private:
  Catalogue catalogue_;
};

// The app's words, which the language setting changes.
Words& words();

// The English's index in the source catalogue (also for texts the page's
// scripts ask for by their English), or -1.
int source_index(std::string_view key);

// A text the page's scripts ask for by its English (`key`), with its
// placeholders' values as a JSON object (numbers written as the language
// writes them; a number "n" also chooses the plural form).
std::string page_word(std::string_view key, std::string_view args_json);

// `pattern` with each `{name}` replaced by its value; unknown names stay as they are.
std::string fill(std::string_view pattern, std::initializer_list<WordArg> args);
std::string fill_values(std::string_view pattern, const WordArg* first, const WordArg* last);

// Out of line, so that each use in the code is an index and a call.
const char* tr(Text text);
std::string tr(Text text, std::initializer_list<WordArg> args);
// The plural form for `count`, with `{n}` filled by it and the other placeholders by `args`.
std::string trn(Text singular, PluralText plural, long long count, std::initializer_list<WordArg> args = {});

}  // namespace reversi
