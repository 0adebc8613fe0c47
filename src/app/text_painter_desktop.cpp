// The desktop has no painter of its own: text is drawn with the font atlas
// (text in scripts the atlas lacks shows ImGui's fallback glyph there).
#ifndef __EMSCRIPTEN__

#include "app/text_painter.h"

namespace reversi::platform {
namespace {

class NoPainter final : public TextPainter {
 public:
  float measure(const std::string&, const TextLook&) override { return 0; }
  std::vector<std::size_t> grapheme_ends(const std::string&) override { return {}; }
  TextPicture paint(const std::string&, const TextLook&) override { return {}; }
  void release(std::uintptr_t) override {}
  int generation() override { return 0; }
};

}  // namespace

TextPainter& text_painter() {
  static NoPainter painter;
  return painter;
}

bool paints_text() { return false; }

}  // namespace reversi::platform

#endif  // __EMSCRIPTEN__
