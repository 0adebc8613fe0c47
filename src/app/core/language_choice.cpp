// Which language the app speaks (app/core/language_choice.h).
#include "app/core/language_choice.h"

#include <utility>

namespace reversi {

std::string unknown_language(std::string_view code) {
  return "unknown language '" + std::string(code.substr(0, 35)) + "': this game speaks en, de and es";
}

std::string LanguageChoice::set_override(std::string_view code) {
  const std::optional<Language> language = language_from_code(code);
  if (!language || code.size() > 35) return unknown_language(code);
  override_ = language;
  return "";
}

Language LanguageChoice::wanted(const std::string& setting) const {
  if (override_) return *override_;
  if (const std::optional<Language> chosen = language_from_code(setting)) return *chosen;
  return language_from_preferences(preferred_);
}

void LanguageChoice::follow(const std::string& setting) {
  const Language language = wanted(setting);
  if (asked_ == language) return;
  asked_ = language;
  if (language == Language::English) {
    loading_ = false;
    if (words_.language() != Language::English) changed_ = true;
    words_.use(Catalogue());
    return;
  }
  loading_ = true;
  fetch_(language, [this, language](std::optional<std::string> text) {
    if (asked_ != language) return;  // another language was chosen meanwhile
    loading_ = false;
    std::optional<Catalogue> catalogue = text ? Catalogue::parse(language, *text) : std::nullopt;
    if (!catalogue) return;  // English until another language is chosen (not asked again each frame)
    words_.use(std::move(*catalogue));
    changed_ = true;
  });
}

}  // namespace reversi
