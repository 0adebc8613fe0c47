// Text in any script, drawn by whoever can shape it: in the browser a
// canvas's fillText (HarfBuzz behind it, right-to-left lines, joined Arabic,
// Devanagari and Thai clusters, fonts fetched by unicode-range) painted into
// a texture that ImGui draws as an image. This file is the seam: a
// `TextPainter` does the painting (platform code: js/library_text.js on the
// web, none on the desktop), `TextImages` keeps what was painted, and
// `shown_text` makes any bytes safe to paint. docs/architecture.md, "Text
// in any script", says why the browser paints it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace reversi {

// How a text is painted: its size and weight in layout pixels, its colour
// (ImGui's packed ABGR), the width at which it wraps onto more lines (0:
// one line) and the device pixels a layout pixel covers.
struct TextLook {
  float size = 13;
  bool bold = false;
  std::uint32_t colour = 0xFFFFFFFF;
  float wrap = 0;
  float scale = 1;
  bool operator==(const TextLook&) const = default;
};

// A painted text: the texture (0 when nothing could be painted) and its box
// in layout pixels, a line as tall as the size with its baseline where the
// atlas's font has it. `width` is the browser's own measure (measureText),
// so layout and the picture agree. The picture reaches `margin` beyond the
// box on every side (marks above a line, glyphs that overhang).
struct TextPicture {
  std::uintptr_t texture = 0;
  float width = 0, height = 0, margin = 0;
};

// What paints text: the browser on the web.
class TextPainter {
 public:
  virtual ~TextPainter() = default;
  // The width one line of `text` takes, in layout pixels.
  virtual float measure(const std::string& text, const TextLook& look) = 0;
  // The byte offset at which each grapheme (what a reader sees as one
  // character: a base and its marks, an emoji sequence) ends, in order.
  virtual std::vector<std::size_t> grapheme_ends(const std::string& text) = 0;
  // A new texture holding `text`; texture 0 when there is no painter.
  virtual TextPicture paint(const std::string& text, const TextLook& look) = 0;
  virtual void release(std::uintptr_t texture) = 0;
  // Changes whenever a font arrived after texts were painted without it:
  // what was painted then is stale (blank boxes) and is painted again.
  virtual int generation() = 0;
};

// The painted texts, kept by (text, look) up to `capacity` of them; the one
// used longest ago is released first. A frame asks for the same few texts
// again and again; each is painted once.
class TextImages {
 public:
  explicit TextImages(TextPainter& painter, std::size_t capacity = 96) : painter_(painter), capacity_(capacity) {}
  ~TextImages() { clear(); }
  TextImages(const TextImages&) = delete;
  TextImages& operator=(const TextImages&) = delete;

  // `text` painted in `look` (cleaned by shown_text first).
  const TextPicture& picture(std::string_view text, const TextLook& look);
  // `text` as wide as one line of it is painted.
  float width(std::string_view text, const TextLook& look);
  // `text` cut after its last whole grapheme that leaves room for "…" within
  // `room` pixels, with the "…"; the whole text when it fits.
  std::string fitted(std::string_view text, const TextLook& look, float room);
  // Releases everything painted (the GL context went, or the scale changed).
  void clear();
  // Called once a frame: repaints what a font that arrived since made stale.
  // True when something painted is to be painted again.
  bool follow_fonts();

  std::size_t size() const { return order_.size(); }

 private:
  struct Entry {
    std::string text;
    TextLook look;
    TextPicture picture;
  };
  static std::string key_of(std::string_view text, const TextLook& look);

  TextPainter& painter_;
  std::size_t capacity_;
  std::list<Entry> order_;  // most recently used first
  std::unordered_map<std::string, std::list<Entry>::iterator> by_key_;
  std::unordered_map<std::string, float> widths_;  // one-line widths, cleared with the pictures
  int generation_ = 0;
};

// `text` as it may be painted: invalid UTF-8 bytes (a character cut in half)
// and U+FFFD dropped, never replaced; C0 and C1 controls, line breaks and the
// bidirectional embeddings, overrides, isolates and marks (U+202A-202E,
// U+2066-2069, U+200E, U+200F, U+061C) removed, so that a person's text
// cannot turn the line around it; a run of zero-width characters (joiners,
// spaces, U+FEFF) kept to its first; combining diacritics with no letter
// before them dropped and at most four kept on one letter; at most
// `longest` code points.
std::string shown_text(std::string_view text, std::size_t longest = 400);

// True when every character of `text` is one `has_glyph` says the font
// atlas draws (its code points one by one, UTF-8 decoded): such text needs
// no painting. Text that fails to decode is never atlas text.
template <typename HasGlyph>
bool atlas_text(std::string_view text, HasGlyph has_glyph);

// Decodes the UTF-8 character at `at`; returns its length, 0 when invalid.
std::size_t decode_utf8(std::string_view text, std::size_t at, char32_t& code);

template <typename HasGlyph>
bool atlas_text(std::string_view text, HasGlyph has_glyph) {
  for (std::size_t at = 0; at < text.size();) {
    char32_t code = 0;
    const std::size_t length = decode_utf8(text, at, code);
    if (length == 0 || !has_glyph(code)) return false;
    at += length;
  }
  return true;
}

}  // namespace reversi
