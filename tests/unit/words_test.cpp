// The app's words (app/core/words.h): lookup, placeholders, plurals,
// numbers, the English fallback, and the catalogues the build makes.
#include "app/core/words.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/core/language_choice.h"
#include "app/core/wording.h"

namespace reversi {
namespace {

// Uses `language` with the catalogue `json` while alive, English after.
struct Speaking {
  Speaking(Language language, std::string_view json) {
    std::optional<Catalogue> catalogue = Catalogue::parse(language, json);
    REQUIRE(catalogue.has_value());
    words().use(std::move(*catalogue));
  }
  ~Speaking() { words().use(Catalogue()); }
};

std::string built_catalogue(const char* code) {
  std::ifstream file(std::filesystem::path(REVERSI_LANG_JSON_DIR) / code += ".json");
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

constexpr const char* kGerman = R"({"language": "de", "words": {
  "Undo": "Rückgängig",
  "You lost by {n}": "Du hast mit {n} verloren",
  "{n} chip": ["{n} Chip", "{n} Chips"],
  "{player} wins by {n}": "{player} gewinnt mit {n}",
  "not a text of the source": "nichts"}})";

}  // namespace

TEST_CASE("words: English is the source, found by the text the code writes") {
  CHECK(words().language() == Language::English);
  CHECK(std::string(tr("Undo")) == "Undo");
  CHECK(tr("You lost by {n}", {{"n", 12}}) == "You lost by 12");
  CHECK(source_index("Undo") >= 0);
  CHECK(source_index("Not a text of en.po") == -1);
}

TEST_CASE("words: a catalogue's translation, and English where it has none") {
  Speaking german(Language::German, kGerman);
  CHECK(words().language() == Language::German);
  CHECK(std::string(tr("Undo")) == "Rückgängig");
  CHECK(tr("You lost by {n}", {{"n", 12}}) == "Du hast mit 12 verloren");
  // "Redo" is not in this catalogue: English.
  CHECK(std::string(tr("Redo")) == "Redo");
  CHECK(words().translated("Undo") == "Rückgängig");
  CHECK(words().translated("f5 is already taken.") == "f5 is already taken.");
  CHECK(words().english_of("Rückgängig") == "Undo");
  CHECK(words().english_of("Alice") == "Alice");
}

TEST_CASE("words: a catalogue of another language or not JSON is refused") {
  CHECK_FALSE(Catalogue::parse(Language::Spanish, kGerman).has_value());
  CHECK_FALSE(Catalogue::parse(Language::German, "{not json").has_value());
  CHECK_FALSE(Catalogue::parse(Language::German, R"({"language": "de"})").has_value());
}

TEST_CASE("words: placeholders are filled by name, in any order, and unknown ones stay") {
  CHECK(fill("{b} then {a}", {{"a", "1"}, {"b", "2"}}) == "2 then 1");
  CHECK(fill("{a} and {missing}", {{"a", "x"}}) == "x and {missing}");
  CHECK(fill("no placeholder", {{"a", "x"}}) == "no placeholder");
  CHECK(fill("unclosed {a", {{"a", "x"}}) == "unclosed {a");
  // A value is never read as a placeholder itself.
  CHECK(fill("{a}{b}", {{"a", "{b}"}, {"b", "y"}}) == "{b}y");
  Speaking german(Language::German, kGerman);
  CHECK(tr("{player} wins by {n}", {{"player", "Ада"}, {"n", 4}}) == "Ада gewinnt mit 4");
}

TEST_CASE("words: plural forms follow each language's CLDR rule") {
  CHECK(chips_words(1) == "1 chip");
  CHECK(chips_words(2) == "2 chips");
  CHECK(chips_words(0) == "0 chips");
  {
    Speaking german(Language::German, kGerman);
    CHECK(chips_words(1) == "1 Chip");
    CHECK(chips_words(2) == "2 Chips");
    CHECK(chips_words(0) == "0 Chips");
  }
  // Spanish as its catalogue's header says (gettext's two forms).
  CHECK(lang::plural_form(static_cast<int>(Language::Spanish), 1) == 0);
  CHECK(lang::plural_form(static_cast<int>(Language::Spanish), 2) == 1);
  CHECK(lang::plural_form(static_cast<int>(Language::Spanish), 0) == 1);
  CHECK(lang::plural_form(static_cast<int>(Language::German), 0) == 1);
  CHECK(lang::plural_form(static_cast<int>(Language::English), 1) == 0);
}

TEST_CASE("words: numbers are written as each language writes them") {
  CHECK(words().number(1234567) == "1,234,567");
  CHECK(words().number(999) == "999");
  CHECK(words().number(-1500) == "-1,500");
  CHECK(chips_words(1500) == "1,500 chips");
  {
    Speaking german(Language::German, kGerman);
    CHECK(words().number(1234567) == "1.234.567");
    CHECK(chips_words(1500) == "1.500 Chips");
  }
  Speaking spanish(Language::Spanish, R"({"language": "es", "words": {}})");
  CHECK(words().number(12345) == "12.345");
  CHECK(words().number(0) == "0");
}

TEST_CASE("words: the language from a code and from the browser's list") {
  CHECK(language_from_code("de") == Language::German);
  CHECK(language_from_code("DE-at") == Language::German);
  CHECK(language_from_code("es_MX") == Language::Spanish);
  CHECK_FALSE(language_from_code("fr").has_value());
  CHECK_FALSE(language_from_code("").has_value());
  CHECK(language_from_preferences({"fr-FR", "es-419", "de"}) == Language::Spanish);
  CHECK(language_from_preferences({"fr", "it"}) == Language::English);
  CHECK(language_from_preferences({}) == Language::English);
  CHECK(std::string(language_name(Language::German)) == "Deutsch");
  CHECK(std::string(language_name(Language::Spanish)) == "Español");
}

TEST_CASE("words: the catalogues the build made load, and translate the status line's words") {
  for (const char* code : {"de", "es"}) {
    const std::optional<Language> language = language_from_code(code);
    REQUIRE(language.has_value());
    const std::optional<Catalogue> catalogue = Catalogue::parse(*language, built_catalogue(code));
    REQUIRE(catalogue.has_value());
    CHECK(catalogue->size() > 0);
  }
  Speaking german(Language::German, built_catalogue("de"));
  CHECK(std::string(tr("Your turn — tap a dot.")) != "Your turn — tap a dot.");
}

TEST_CASE("words: the page's sentences, plurals and numbers from the JSON the page passes") {
  CHECK(page_word("{n} move", R"({"n": 1})") == "1 move");
  CHECK(page_word("{n} move", R"({"n": 3})") == "3 moves");
  CHECK(page_word("Black {black}, white {white}.", R"({"black": 1500, "white": 2})") == "Black 1,500, white 2.");
  CHECK(page_word("Not in the catalogue {x}", R"({"x": "kept"})") == "Not in the catalogue kept");
  CHECK(page_word("Undo", "not json") == "Undo");
  Speaking german(Language::German, built_catalogue("de"));
  CHECK(page_word("{n} move", R"({"n": 1})") == "1 Zug");
  CHECK(page_word("{n} move", R"({"n": 0})") == "0 Züge");
  CHECK(page_word("{player} to move.", R"({"player": "{n}"})") == "{n} ist am Zug.");
}

TEST_CASE("words: the source texts are sorted by key, found by binary search, plurals and translations by index") {
  for (std::size_t i = 1; i < std::size(lang::kSourceKeys); ++i) {
    CHECK(std::string_view(lang::kSourceKeys[i - 1]) < std::string_view(lang::kSourceKeys[i]));
  }
  for (int i = 0; i < static_cast<int>(std::size(lang::kSourceKeys)); ++i)
    CHECK(source_index(lang::kSourceKeys[i]) == i);
  CHECK(Text("Undo").index == source_index("Undo"));
  CHECK(PluralText("{n} chips").index == Text("{n} chip").index);
  CHECK(source_index("") == -1);
  CHECK(source_index("\xff") == -1);
  Speaking german(Language::German, kGerman);
  CHECK(std::string(words().plural(Text("{n} chip").index, 5)) == "{n} Chips");
  // A form the catalogue lacks is the English's.
  CHECK(std::string(words().plural(Text("{n} move").index, 5)) == "{n} moves");
  CHECK(words().english_of("{n} Chip") == "{n} chip");
}

TEST_CASE("language choice: the override, then the setting, then the browser; catalogues used when they come") {
  Words shown;
  std::vector<std::pair<Language, std::function<void(std::optional<std::string>)>>> asked;
  LanguageChoice choice(shown, [&](Language language, std::function<void(std::optional<std::string>)> loaded) {
    asked.emplace_back(language, std::move(loaded));
  });
  choice.set_preferred({"fr-CA", "es-ES", "en"});
  CHECK(choice.wanted("") == Language::Spanish);
  CHECK(choice.wanted("de") == Language::German);
  CHECK(choice.set_override("xx") == "unknown language 'xx': this game speaks en, de and es");
  CHECK(choice.wanted("de") == Language::German);  // a refused code changes nothing
  CHECK(choice.set_override("en").empty());
  CHECK(choice.wanted("de") == Language::English);
  choice.clear_override();

  choice.follow("");
  REQUIRE(asked.size() == 1);
  CHECK(asked[0].first == Language::Spanish);
  CHECK(choice.pending());
  CHECK(shown.language() == Language::English);  // English until the words arrive
  choice.follow("");
  CHECK(asked.size() == 1);  // asked once
  asked[0].second(built_catalogue("es"));
  CHECK(shown.language() == Language::Spanish);
  CHECK(choice.pending());  // frames are due until the change is taken
  CHECK(choice.take_change());
  CHECK_FALSE(choice.pending());
  CHECK_FALSE(choice.take_change());

  // A catalogue that comes after another language was chosen is not used.
  choice.follow("de");
  choice.follow("en");
  REQUIRE(asked.size() == 2);
  CHECK(shown.language() == Language::English);
  asked[1].second(built_catalogue("de"));
  CHECK(shown.language() == Language::English);

  // One that cannot be had leaves the words as they are, and is not asked for each frame.
  choice.follow("de");
  REQUIRE(asked.size() == 3);
  asked[2].second(std::nullopt);
  choice.follow("de");
  CHECK(asked.size() == 3);
  CHECK(shown.language() == Language::English);
}

}  // namespace reversi
