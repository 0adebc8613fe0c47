// The seam through which text in any script is painted (app/core/text_images.h):
// what is painted once and kept, what is released, where a long text is cut,
// and what shown_text lets through.
#include "app/core/text_images.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace reversi {
namespace {

// A painter that measures every grapheme as `size` pixels wide (a combining
// mark joins the character before it, as Intl.Segmenter joins them) and
// counts what it paints and releases.
class FakePainter : public TextPainter {
 public:
  float measure(const std::string& text, const TextLook& look) override {
    ++measured;
    return static_cast<float>(grapheme_ends(text).size()) * look.size;
  }
  std::vector<std::size_t> grapheme_ends(const std::string& text) override {
    std::vector<std::size_t> ends;
    for (std::size_t at = 0; at < text.size();) {
      char32_t code = 0;
      const std::size_t length = decode_utf8(text, at, code);
      at += length == 0 ? 1 : length;
      const bool mark = code >= 0x0300 && code <= 0x036F;
      if (mark && !ends.empty())
        ends.back() = at;
      else
        ends.push_back(at);
    }
    return ends;
  }
  TextPicture paint(const std::string& text, const TextLook& look) override {
    painted.push_back(text);
    return TextPicture{++next_texture, measure(text, look), look.size * 1.4f};
  }
  void release(std::uintptr_t texture) override { released.push_back(texture); }
  int generation() override { return fonts; }

  std::vector<std::string> painted;
  std::vector<std::uintptr_t> released;
  std::uintptr_t next_texture = 0;
  int measured = 0;
  int fonts = 0;
};

}  // namespace

TEST_CASE("a text is painted once for each look, and the least recently used is released past the bound") {
  FakePainter painter;
  TextImages images(painter, 2);
  const TextLook small{13}, large{17};
  const std::uintptr_t ivan = images.picture("Иван", small).texture;
  CHECK(images.picture("Иван", small).texture == ivan);
  CHECK(painter.painted.size() == 1);
  const std::uintptr_t ivan_large = images.picture("Иван", large).texture;
  CHECK(ivan_large != ivan);
  CHECK(images.picture("王小明", small).texture != 0);  // a third: "Иван" at 13 px, used longest ago, goes
  CHECK(painter.released == std::vector<std::uintptr_t>{ivan});
  CHECK(images.size() == 2);
  images.picture("Иван", large);  // still kept, and now the most recent
  images.picture("محمد", small);
  CHECK(painter.released == std::vector<std::uintptr_t>{ivan, ivan + 2});
  images.clear();
  CHECK(images.size() == 0);
  CHECK(painter.released.size() == 4);
}

TEST_CASE("the colour and the wrapping width are part of what was painted") {
  FakePainter painter;
  TextImages images(painter);
  TextLook look{13};
  images.picture("Ωmega", look);
  look.colour = 0xFF00FF00;
  images.picture("Ωmega", look);
  look.wrap = 200;
  images.picture("Ωmega", look);
  CHECK(painter.painted.size() == 3);
  // ...but not of a width, which is measured once.
  CHECK(images.width("Ωmega", look) == 65);
  look.colour = 0xFFFFFFFF;
  CHECK(images.width("Ωmega", look) == 65);
  CHECK(painter.measured == 4);  // three pictures, one width
}

TEST_CASE("a font that arrives makes every painted text stale") {
  FakePainter painter;
  TextImages images(painter);
  CHECK_FALSE(images.follow_fonts());
  const std::uintptr_t first = images.picture("ไทย", TextLook{}).texture;
  CHECK_FALSE(images.follow_fonts());
  painter.fonts = 1;
  CHECK(images.follow_fonts());
  CHECK(painter.released == std::vector<std::uintptr_t>{first});
  CHECK(images.picture("ไทย", TextLook{}).texture != first);
  CHECK_FALSE(images.follow_fonts());
}

TEST_CASE("a long text is cut after a whole grapheme, with an ellipsis, to the measured room") {
  FakePainter painter;
  TextImages images(painter);
  const TextLook look{10};
  CHECK(images.fitted("Ivan", look, 40) == "Ivan");
  CHECK(images.fitted("Ivanovich", look, 50) == "Ivan\xE2\x80\xA6");
  // "e" and its acute accent are one grapheme: the cut never separates them.
  CHECK(images.fitted("ee\xCC\x81"
                      "eee",
                      look, 30) == "ee\xCC\x81\xE2\x80\xA6");
  CHECK(images.fitted("e\xCC\x81"
                      "eeee",
                      look, 20) == "e\xCC\x81\xE2\x80\xA6");
  // A space before the cut is not left hanging before the ellipsis.
  CHECK(images.fitted("Ana Maria", look, 50) == "Ana\xE2\x80\xA6");
  // Room for the ellipsis alone.
  CHECK(images.fitted("王小明", look, 12) == "\xE2\x80\xA6");
}

TEST_CASE("shown_text drops broken bytes and the controls that would turn a line around") {
  // A 4-byte character cut in half: its three bytes go, nothing stands in for them.
  CHECK(shown_text("ab\xF0\x9F\x98") == "ab");
  CHECK(shown_text("\xF0\x9F\x98"
                   "cd") == "cd");
  CHECK(shown_text("x\xEF\xBF\xBDy") == "xy");  // U+FFFD itself
  // U+202E (right-to-left override) and the other embeddings and isolates.
  CHECK(shown_text("\xE2\x80\xAE"
                   "evil") == "evil");
  CHECK(shown_text("a\xE2\x81\xA6"
                   "b\xE2\x81\xA9"
                   "c\xE2\x80\x8F") == "abc");
  CHECK(shown_text("line\none\ttab") == "lineonetab");
  // Joiners in a row keep their first; an emoji sequence keeps its joiners.
  CHECK(shown_text("a\xE2\x80\x8D\xE2\x80\x8D\xE2\x80\x8D\xE2\x80\x8D"
                   "b") ==
        "a\xE2\x80\x8D"
        "b");
  const std::string family = "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7";
  CHECK(shown_text(family) == family);
}

TEST_CASE("shown_text keeps combining marks on a letter only, four at most, and the text to its length") {
  const std::string acute = "\xCC\x81";
  CHECK(shown_text(acute + acute + acute) == "");  // marks only: nothing to put them on
  CHECK(shown_text("e" + acute) == "e" + acute);
  std::string zalgo = "Z";
  for (int index = 0; index < 30; ++index) zalgo += acute;
  CHECK(shown_text(zalgo) == "Z" + acute + acute + acute + acute);
  CHECK(shown_text("a " + acute + "b") == "a b");
  // Devanagari and Thai keep their vowel signs, which are not stacking marks.
  CHECK(shown_text("नमस्ते") == "नमस्ते");
  CHECK(shown_text("สวัสดี") == "สวัสดี");
  CHECK(shown_text(std::string(1000, 'x')).size() == 400);
  CHECK(shown_text("ΩΩΩ", 2) == "ΩΩ");
}

TEST_CASE("atlas text is text whose every character the atlas has") {
  const auto latin = [](char32_t code) { return code < 0x180; };
  CHECK(atlas_text("Łukasz", latin));
  CHECK(atlas_text("Zoë", latin));
  CHECK_FALSE(atlas_text("Иван", latin));
  CHECK_FALSE(atlas_text("ab\xF0\x9F", latin));
  CHECK(atlas_text("", latin));
}

}  // namespace reversi
