#include "app/core/words.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <nlohmann/json.hpp>

namespace reversi {
namespace {

constexpr int kSourceCount = static_cast<int>(std::size(lang::kSourceKeys));

// The English of source text `index`: its key after the context, if it has one.
const char* source_english(int index) {
  const char* key = lang::kSourceKeys[index];
  const char* context_end = std::strchr(key, '\x04');
  return context_end ? context_end + 1 : key;
}

// The English plural of source text `index`, or none.
const char* source_plural(int index) {
  const auto found =
      std::lower_bound(std::begin(lang::kSourcePlurals), std::end(lang::kSourcePlurals), index,
                       [](const lang::SourcePlural& plural, int wanted) { return plural.index < wanted; });
  return found != std::end(lang::kSourcePlurals) && found->index == index ? found->plural : nullptr;
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
  catalogue.forms_.resize(kSourceCount);
  for (auto item = words->begin(); item != words->end(); ++item) {
    const int index = source_index(item.key());
    if (index < 0 || !(item->is_string() || (item->is_array() && !item->empty()))) continue;
    std::string& forms = catalogue.forms_[static_cast<size_t>(index)];
    if (item->is_string()) {
      forms.append(item->get_ref<const std::string&>()) += '\0';
    } else {
      for (const nlohmann::json& form : *item) {
        if (form.is_string()) forms.append(form.get_ref<const std::string&>());
        forms += '\0';
      }
    }
    ++catalogue.translated_;
    if (forms[0] != '\0') catalogue.with_first_form_.push_back(index);
  }
  return catalogue;
}

const char* Catalogue::find(int index, int form) const {
  if (index < 0 || index >= static_cast<int>(forms_.size()) || form < 0) return nullptr;
  const std::string& forms = forms_[static_cast<size_t>(index)];
  size_t at = 0;
  for (int skipped = 0; skipped < form && at < forms.size(); ++skipped) at = forms.find('\0', at) + 1;
  return at < forms.size() && forms[at] != '\0' ? forms.c_str() + at : nullptr;
}

const char* Catalogue::english_of(std::string_view translated) const {
  // In index order, which is the order of the keys: the first text translated
  // so is found first. At most some 570 comparisons, most decided by the first
  // byte, for the few buttons a frame that ask (none in English).
  for (int index : with_first_form_) {
    if (std::string_view(forms_[static_cast<size_t>(index)].c_str()) == translated) return source_english(index);
  }
  return nullptr;
}

std::string Words::english_of(std::string_view shown) const {
  const char* english = catalogue_.english_of(shown);
  return english ? english : std::string(shown);
}

const char* Words::text(int index) const {
  if (index < 0 || index >= kSourceCount) return "";
  if (const char* translated = catalogue_.find(index, 0)) return translated;
  return source_english(index);
}

const char* Words::plural(int index, long long count) const {
  if (index < 0 || index >= kSourceCount) return "";
  // CLDR's operand n is the number's absolute value: -1 chip, 1 chip.
  if (count < 0) count = -count;
  const int form = lang::plural_form(static_cast<int>(language()), static_cast<long>(count));
  if (const char* translated = catalogue_.find(index, form)) return translated;
  // English has two forms: the source's text and its plural.
  const int english = lang::plural_form(static_cast<int>(Language::English), static_cast<long>(count));
  const char* plural = source_plural(index);
  return english == 0 || !plural ? source_english(index) : plural;
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
  const auto found = std::lower_bound(std::begin(lang::kSourceKeys), std::end(lang::kSourceKeys), key,
                                      [](const char* source, std::string_view wanted) { return source < wanted; });
  return found != std::end(lang::kSourceKeys) && *found == key ? static_cast<int>(found - std::begin(lang::kSourceKeys))
                                                               : -1;
}

const char* tr(Text text) { return words().text(text.index); }

std::string tr(Text text, std::initializer_list<WordArg> args) { return fill(words().text(text.index), args); }

std::string page_word(std::string_view key, std::string_view args_json) {
  const nlohmann::json args = nlohmann::json::parse(args_json.empty() ? "{}" : args_json, nullptr, false);
  const int index = source_index(key);
  std::string pattern(key);
  if (index >= 0) {
    const auto count = args.is_object() ? args.find("n") : args.end();
    const bool counted = args.is_object() && count != args.end() && count->is_number_integer();
    pattern = counted && source_plural(index) ? words().plural(index, count->get<long long>()) : words().text(index);
  }
  if (!args.is_object()) return pattern;
  // The values refer to the names and texts in `args`, which outlives them.
  std::vector<WordArg> values;
  for (auto arg = args.begin(); arg != args.end(); ++arg) {
    if (arg->is_number_integer())
      values.emplace_back(arg.key(), arg->get<long long>());
    else if (arg->is_string())
      values.emplace_back(arg.key(), arg->get_ref<const std::string&>());
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
    if (match && match->is_number) {
      out += words().number(match->number);
    } else if (match) {
      out += match->text;
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
