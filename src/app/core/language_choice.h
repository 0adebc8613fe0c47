// Which language the app speaks, and getting its words: the host page's or
// the address's choice (?lang=) while the page is open, else the player's
// setting, else the first of the browser's languages the app speaks. A
// language's catalogue is fetched once it is wanted and used when it comes;
// until then, and when it cannot be had, the words stay as they were.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/core/words.h"

namespace reversi {

class LanguageChoice {
 public:
  // Fetches a language's catalogue (`lang/<code>.json`): its text, or none.
  using Fetch = std::function<void(Language, std::function<void(std::optional<std::string>)>)>;

  LanguageChoice(Words& words, Fetch fetch) : words_(words), fetch_(std::move(fetch)) {}

  // The browser's languages, best first (navigator.languages).
  void set_preferred(std::vector<std::string> preferred) { preferred_ = std::move(preferred); }
  // A choice that outranks the setting while the page is open; a code the
  // app does not speak is refused with the reason (nothing changes).
  std::string set_override(std::string_view code);
  // The player chose in the settings: their choice counts from now on.
  void clear_override() { override_.reset(); }
  // The language wanted with the player's setting ("" for the browser's).
  Language wanted(const std::string& setting) const;
  // Asks for the wanted language's words unless they are in use or on their way.
  void follow(const std::string& setting);
  // True while a catalogue is on its way, and once it came until the change is
  // taken: frames are due until then (one that arrives between two waiting
  // frames would otherwise find the app resting, and show at the next input).
  bool pending() const { return loading_ || changed_; }
  // True once after the words in use changed (the page's lang, a redraw).
  bool take_change() { return std::exchange(changed_, false); }

 private:
  Words& words_;
  Fetch fetch_;
  std::vector<std::string> preferred_;
  std::optional<Language> override_;
  std::optional<Language> asked_;  // the language whose catalogue is on its way or in use
  bool changed_ = false;
  bool loading_ = false;
};

// "unknown language 'fr': this game speaks en, de and es".
std::string unknown_language(std::string_view code);

}  // namespace reversi
