#include "app/core/words.h"

#include <cctype>
#include <nlohmann/json.hpp>

namespace reversi {
namespace {

constexpr int kSourceCount = static_cast<int>(std::size(lang::kSourceWords));

// The gettext key of source text `index`: the context, U+0004, the English.
std::string source_key(int index) {
  const lang::SourceWord& word = lang::kSourceWords[index];
  if (*word.context == '\0') return word.text;
  return std::string(word.context) + '\x04' + word.text;
}

// Every key once, built on first use (the page's scripts and lower layers ask by the English).
const std::unordered_map<std::string, int>& source_keys() {
  static const std::unordered_map<std::string, int> keys = [] {
    std::unordered_map<std::string, int> made;
    for (int i = 0; i < kSourceCount; ++i) made.emplace(source_key(i), i);
    return made;
  }();
  return keys;
}

}  // namespace

const char* language_code(Language language) {
  switch (language) {
    case Language::German:
      return "de";
    case Language::Spanish:
      return "es";
    case Language::English:
      break;
  }
  return "en";
}

const char* language_name(Language language) {
  switch (language) {
    case Language::German:
      return "Deutsch";
    case Language::Spanish:
      return "Español";
    case Language::English:
      break;
  }
  return "English";
}

std::optional<Language> language_from_code(std::string_view code) {
  std::string primary;
  for (char c : code) {
    if (c == '-' || c == '_') break;
    primary += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  for (Language language : kLanguages) {
    if (primary == language_code(language)) return language;
  }
  return std::nullopt;
}

Language language_from_preferences(const std::vector<std::string>& preferred) {
  for (const std::string& tag : preferred) {
    if (std::optional<Language> language = language_from_code(tag)) return *language;
  }
  return Language::English;
}

std::string WordArg::number_text(long long number) { return words().number(number); }

std::optional<Catalogue> Catalogue::parse(Language language, std::string_view json) {
  const nlohmann::json document = nlohmann::json::parse(json, nullptr, false);
  if (!document.is_object()) return std::nullopt;
  const auto code = document.find("language");
  const auto words = document.find("words");
  if (code == document.end() || !code->is_string() || code->get<std::string>() != language_code(language) ||
      words == document.end() || !words->is_object()) {
    return std::nullopt;
  }
  Catalogue catalogue;
  catalogue.language_ = language;
  for (const auto& [key, value] : words->items()) {
    const auto found = source_keys().find(key);
    if (found == source_keys().end()) continue;
    std::vector<std::string> forms;
    if (value.is_string()) forms.push_back(value.get<std::string>());
    if (value.is_array()) {
      for (const nlohmann::json& form : value) forms.push_back(form.is_string() ? form.get<std::string>() : "");
    }
    if (forms.empty()) continue;
    if (!forms[0].empty()) catalogue.english_.emplace(forms[0], found->second);
    catalogue.forms_[found->second] = std::move(forms);
  }
  return catalogue;
}

const std::string* Catalogue::find(int index, int form) const {
  const auto found = forms_.find(index);
  if (found == forms_.end() || form < 0 || form >= static_cast<int>(found->second.size())) return nullptr;
  const std::string& text = found->second[static_cast<size_t>(form)];
  return text.empty() ? nullptr : &text;
}

const char* Catalogue::english_of(std::string_view translated) const {
  const auto found = english_.find(std::string(translated));
  return found == english_.end() ? nullptr : lang::kSourceWords[found->second].text;
}

std::string Words::english_of(std::string_view shown) const {
  const char* english = catalogue_.english_of(shown);
  return english ? english : std::string(shown);
}

const char* Words::text(int index) const {
  if (index < 0 || index >= kSourceCount) return "";
  if (const std::string* translated = catalogue_.find(index, 0)) return translated->c_str();
  return lang::kSourceWords[index].text;
}

const char* Words::plural(int index, long long count) const {
  if (index < 0 || index >= kSourceCount) return "";
  // CLDR's operand n is the number's absolute value: -1 chip, 1 chip.
  if (count < 0) count = -count;
  const int form = lang::plural_form(static_cast<int>(language()), static_cast<long>(count));
  if (const std::string* translated = catalogue_.find(index, form)) return translated->c_str();
  // English has two forms: the source's text and its plural.
  const int english = lang::plural_form(static_cast<int>(Language::English), static_cast<long>(count));
  const lang::SourceWord& word = lang::kSourceWords[index];
  return english == 0 || !word.plural ? word.text : word.plural;
}

std::string Words::translated(std::string_view english) const {
  const int index = source_index(english);
  return index < 0 ? std::string(english) : text(index);
}

std::string Words::number(long long value) const {
  const lang::NumberSymbols& symbols = lang::kNumberSymbols[static_cast<int>(language())];
  const bool negative = value < 0;
  std::string digits = std::to_string(value);
  if (negative) digits.erase(0, 1);
  std::string out;
  const int count = static_cast<int>(digits.size());
  const bool grouped = count >= 4 + symbols.min_grouping - 1;
  for (int i = 0; i < count; ++i) {
    if (grouped && i > 0 && (count - i) % 3 == 0) out += symbols.group;
    out += digits[static_cast<size_t>(i)];
  }
  return negative ? "-" + out : out;
}

Words& words() {
  static Words the_words;
  return the_words;
}

int source_index(std::string_view key) {
  const auto found = source_keys().find(std::string(key));
  return found == source_keys().end() ? -1 : found->second;
}

std::string page_word(std::string_view key, std::string_view args_json) {
  const nlohmann::json args = nlohmann::json::parse(args_json.empty() ? "{}" : args_json, nullptr, false);
  const int index = source_index(key);
  std::string pattern(key);
  if (index >= 0) {
    const auto count = args.is_object() ? args.find("n") : args.end();
    const bool counted = args.is_object() && count != args.end() && count->is_number_integer();
    pattern = counted && lang::kSourceWords[index].plural ? words().plural(index, count->get<long long>())
                                                          : words().text(index);
  }
  if (!args.is_object()) return pattern;
  std::vector<WordArg> values;
  for (const auto& [name, value] : args.items()) {
    if (value.is_number_integer())
      values.emplace_back(name, value.get<long long>());
    else if (value.is_string())
      values.emplace_back(name, value.get<std::string>());
  }
  return fill_values(pattern, values.data(), values.data() + values.size());
}

std::string fill(std::string_view pattern, std::initializer_list<WordArg> args) {
  return fill_values(pattern, args.begin(), args.end());
}

std::string fill_values(std::string_view pattern, const WordArg* first, const WordArg* last) {
  std::string out;
  size_t at = 0;
  while (at < pattern.size()) {
    const size_t open = pattern.find('{', at);
    const size_t close = open == std::string_view::npos ? open : pattern.find('}', open);
    if (close == std::string_view::npos) break;
    out.append(pattern, at, open - at);
    const std::string_view name = pattern.substr(open + 1, close - open - 1);
    const WordArg* match = nullptr;
    for (const WordArg* arg = first; arg != last; ++arg) {
      if (arg->name == name) match = arg;
    }
    if (match) {
      out += match->value;
    } else {
      out.append(pattern, open, close - open + 1);
    }
    at = close + 1;
  }
  out.append(pattern.substr(at));
  return out;
}

std::string trn(Text singular, PluralText plural, long long count, std::initializer_list<WordArg> args) {
  const int index = singular.index == plural.index ? singular.index : -1;
  const std::string pattern = fill(words().plural(index, count), {{"n", count}});
  return fill(pattern, args);
}

}  // namespace reversi
