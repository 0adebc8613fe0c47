// The name rules beyond the form: one alphabet in each word, and which names
// look alike (Unicode TR39 skeletons, made by ICU).
#include <doctest/doctest.h>

#include "server/player_names.h"

using namespace reversi::server;

namespace {

// The reason a name is refused for mixing alphabets, or "" when it is not.
std::string mixed(std::string_view name) {
  const std::optional<NameRefusal> refusal = mixed_alphabets(name);
  return refusal ? refusal->reason : "";
}

}  // namespace

TEST_CASE("server names: a word that mixes alphabets is refused, one alphabet a word is not") {
  // "Аda" with a Cyrillic А (U+0410); "Αda" with a Greek Alpha (U+0391).
  CHECK(mixed("\u0410da") ==
        "\u201c\u0410da\u201d mixes Cyrillic and Latin letters in one word, as names made to pass for others do. "
        "Write each word in one alphabet.");
  CHECK(mixed("\u0391da").find("mixes Greek and Latin letters") != std::string::npos);
  CHECK(mixed("Ad\u0430") != "");        // Latin with a Cyrillic а at the end
  CHECK(mixed("Ada Sm\u0456th") != "");  // the second word's і is Cyrillic
  CHECK(mixed("x1\u0663").find("digits of different kinds") != std::string::npos);      // 1 and an Arabic-Indic 3
  CHECK(mixed("x\u0663").find("mixes Latin and Arabic letters") != std::string::npos);  // an Arabic-Indic 3

  for (const char* name : {"Ada", "Ada Smith", "\u0418\u0432\u0430\u043d",  // Иван
                           "\u738b\u5c0f\u660e",                            // 王小明
                           "\u0645\u062d\u0645\u062f \u0639\u0644\u064a",   // محمد علي
                           "\u0395\u03bb\u03ad\u03bd\u03b7",                // Ελένη
                           "\u7530\u4e2d\u3055\u3093",                      // 田中さん: Han and kana
                           "Zo\u00eb O'Brien-Smith", "Ada2", "Guest 4821",
                           "Ada \u0418\u0432\u0430\u043d",  // two words, each in one alphabet
                           "Attacker \u0410"})              // the Cyrillic А is a word of its own
    CHECK_MESSAGE(mixed(name) == "", name);
}

TEST_CASE("server names: look-alikes across Latin, Cyrillic and Greek meet") {
  CHECK(look_alike("Ada", "\u0410da"));                            // Cyrillic А
  CHECK(look_alike("Ada", "\u0391da"));                            // Greek Α
  CHECK(look_alike("Attacker A", "Attacker \u0410"));              // the second A is Cyrillic
  CHECK(look_alike("Paypal", "\u0420\u0430\u0443\u0440\u0430l"));  // Раураl: Cyrillic but the l
  CHECK(look_alike("Ivan", "lvan"));                               // capital I and small l
  CHECK(look_alike("Mary", "Rnary"));                              // rn and m
  CHECK_FALSE(look_alike("Ada", "Adam"));
  CHECK_FALSE(look_alike("Ada", "Eda"));
  CHECK_FALSE(look_alike("\u0418\u0432\u0430\u043d", "Ivan"));  // Иван is not Ivan to the eye
}

TEST_CASE("server names: the digit 0 passes for O, and case does not tell names apart") {
  CHECK(look_alike("B0B", "BOB"));
  CHECK(look_alike("B0b", "Bob"));  // the zero meets the small o once case is folded
  CHECK(look_alike("Ada", "ADA"));
  CHECK(look_alike("ada", "Ada"));
  CHECK(look_alike("ivan", "Ivan"));
  CHECK(look_alike("Stra\u00dfe", "STRASSE"));     // ß folds to ss
  CHECK(look_alike("\uff21\uff44\uff41", "Ada"));  // Ａｄａ: full-width letters
  CHECK(look_alike("Guest 1234", "guest l234"));
  CHECK_FALSE(look_alike("Guest 1234", "Guest 1235"));
  CHECK_FALSE(look_alike("B0b", "Bab"));
}

TEST_CASE("server names: keys are stable text, the same for look-alikes") {
  const NameKeys ada = name_keys("Ada");
  CHECK(ada.skeleton == "Ada");
  CHECK(ada.folded == "ada");
  CHECK(name_keys("\u0410da") == ada);
  CHECK(name_keys("ADA").folded == ada.folded);
  CHECK(name_keys("ADA").skeleton != ada.skeleton);
}

TEST_CASE("server names: the form of a new guest's name") {
  for (int index = 0; index < 50; ++index) CHECK(is_guest_name(guest_name()));
  CHECK(is_guest_name("Guest 1234"));
  CHECK_FALSE(is_guest_name("Guest 123"));
  CHECK_FALSE(is_guest_name("Guest l234"));
  CHECK_FALSE(is_guest_name("guest 1234"));
  CHECK_FALSE(is_guest_name("Guest 12345"));
  CHECK_FALSE(is_guest_name("Guest \u0661234"));  // an Arabic-Indic 1
}
