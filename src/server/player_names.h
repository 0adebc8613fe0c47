// The nickname rules, checked on the server: 2 to 20 characters after
// trimming, of letters (any script), digits, single spaces, - _ . and '.
// A name a player chooses must also keep to one alphabet in each word, and
// must not look like a name another player uses: names are compared by
// their Unicode TR39 skeletons, made by ICU's spoof checker.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace reversi::server {

struct NameRefusal {
  std::string reason;  // a sentence for the player
};

// The trimmed name, or why it is refused (the form alone: a host page's
// names are held to this and no more, the host vouches for them).
std::variant<std::string, NameRefusal> checked_name(std::string_view text);

// Why a name is refused for mixing alphabets inside a word ("Аda" with a
// Cyrillic А), the oldest trick for a name that passes for another; nothing
// when each word keeps to one (digits and - _ . ' go with any). Words are
// what the spaces part: "Ada Иван" is two words, each in one alphabet.
// Chinese and Japanese words may mix Han and kana (and Latin) as they are
// written (ICU's "highly restrictive" level).
std::optional<NameRefusal> mixed_alphabets(std::string_view name);

// What a name is compared by for look-alikes: two names look alike when
// either key is the same. `skeleton` is the TR39 skeleton ("Ivan" and
// "lvan", "B0B" and "BOB", a Cyrillic "Аda" and "Ada" have one);
// `folded` is the skeleton of the case-folded name, folded again, so that
// names that differ only in case ("ADA", "ada") or in a look-alike of
// another case ("B0b", "Bob") meet too. Keys are text for an index, never
// shown.
struct NameKeys {
  std::string skeleton;
  std::string folded;
  bool operator==(const NameKeys&) const = default;
};
NameKeys name_keys(std::string_view name);

// Whether two names look alike (their keys meet).
bool look_alike(std::string_view first, std::string_view second);

// "Guest 4821": a new guest's name (four random digits).
std::string guest_name();

// A name of guest_name's form: "Guest " and four ASCII digits. Such names are
// given, not chosen, and 9,000 of them go round many more guests, so they are
// not compared for look-alikes (set-name in client_session.cpp).
bool is_guest_name(std::string_view name);

}  // namespace reversi::server
