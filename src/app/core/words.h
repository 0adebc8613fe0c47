// The app's words in the player's language. Code writes the English
// (`tr("Undo")`, `tr("You lost by {n}", {{"n", margin}})`); the English is
// found in the source catalogue (src/app/lang/en.po, turned into
// lang_catalogue.h by tools/lang_catalogues.py) when the code is compiled,
// so a text missing from the catalogue does not build, and looked up by its
// index while the app runs. A language's words come from its catalogue
// (`<code>.json`, made from `<code>.po`); a text it lacks is shown in
// English. Placeholders are `{name}`, filled by name, never printf.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
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

// A text of the source catalogue, found when the code is compiled.
struct Text {
  consteval Text(const char* english) : index(find(nullptr, english)) {}
  consteval Text(const char* context, const char* english) : index(find(context, english)) {}
  int index;

 private:
  static consteval int find(const char* context, const char* english) {
    int i = 0;
    for (const lang::SourceWord& word : lang::kSourceWords) {
      if (std::string_view(word.text) == english && std::string_view(word.context) == (context ? context : ""))
        return i;
      ++i;
    }
    throw "not in src/app/lang/en.po: run tools/lang_catalogues.py extract (docs/architecture.md)";
  }
};

// The plural of a text of the source catalogue (its msgid_plural), found when the code is compiled.
struct PluralText {
  consteval PluralText(const char* english_plural) : index(find(english_plural)) {}
  int index;

 private:
  static consteval int find(const char* english_plural) {
    int i = 0;
    for (const lang::SourceWord& word : lang::kSourceWords) {
      if (word.plural && std::string_view(word.plural) == english_plural) return i;
      ++i;
    }
    throw "no text of src/app/lang/en.po has this plural";
  }
};

// A value for a `{name}` placeholder: text as it is, a whole number as the language writes it.
struct WordArg {
  WordArg(std::string_view placeholder, std::string_view text) : name(placeholder), value(text) {}
  WordArg(std::string_view placeholder, const char* text) : name(placeholder), value(text) {}
  WordArg(std::string_view placeholder, const std::string& text) : name(placeholder), value(text) {}
  template <typename Integer, typename = std::enable_if_t<std::is_integral_v<Integer>>>
  WordArg(std::string_view placeholder, Integer number) : name(placeholder), value(number_text(number)) {}
  static std::string number_text(long long number);

  std::string_view name;
  std::string value;
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
  const std::string* find(int index, int form) const;
  // The English of a translation it holds (the first text translated so), or none.
  const char* english_of(std::string_view translated) const;
  // How many source texts it translates.
  int size() const { return static_cast<int>(forms_.size()); }

 private:
  Language language_ = Language::English;
  std::unordered_map<int, std::vector<std::string>> forms_;
  std::unordered_map<std::string, int> english_;  // each first form's source text
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

inline const char* tr(Text text) { return words().text(text.index); }
inline std::string tr(Text text, std::initializer_list<WordArg> args) { return fill(words().text(text.index), args); }
// The plural form for `count`, with `{n}` filled by it and the other placeholders by `args`.
std::string trn(Text singular, PluralText plural, long long count, std::initializer_list<WordArg> args = {});

}  // namespace reversi
