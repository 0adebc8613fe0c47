// The browser's painter of text in any script: thin wrappers over
// js/library_text.js, which paints with a 2D canvas into WebGL textures.
#ifdef __EMSCRIPTEN__

#include <cstdint>

#include "app/text_painter.h"

// Defined in js/library_text.js.
extern "C" {
double reversi_text_measure(const char* text, int length, float size, int bold);
int reversi_text_graphemes(const char* text, int length, std::uint32_t* ends, int room);
unsigned reversi_text_paint(const char* text, int length, float size, int bold, std::uint32_t colour, float wrap,
                            float scale, float* box);
void reversi_text_release(unsigned texture);
int reversi_text_generation();
}

namespace reversi::platform {
namespace {

class CanvasPainter final : public TextPainter {
 public:
  float measure(const std::string& text, const TextLook& look) override {
    return static_cast<float>(
        reversi_text_measure(text.data(), static_cast<int>(text.size()), look.size, look.bold ? 1 : 0));
  }
  std::vector<std::size_t> grapheme_ends(const std::string& text) override {
    // A grapheme takes at least one byte: room for every one.
    std::vector<std::uint32_t> ends(text.size());
    const int count =
        reversi_text_graphemes(text.data(), static_cast<int>(text.size()), ends.data(), static_cast<int>(ends.size()));
    return std::vector<std::size_t>(ends.begin(), ends.begin() + count);
  }
  TextPicture paint(const std::string& text, const TextLook& look) override {
    float box[3] = {0, 0, 0};
    const unsigned texture = reversi_text_paint(text.data(), static_cast<int>(text.size()), look.size,
                                                look.bold ? 1 : 0, look.colour, look.wrap, look.scale, box);
    return TextPicture{texture, box[0], box[1], box[2]};
  }
  void release(std::uintptr_t texture) override { reversi_text_release(static_cast<unsigned>(texture)); }
  int generation() override { return reversi_text_generation(); }
};

}  // namespace

TextPainter& text_painter() {
  static CanvasPainter painter;
  return painter;
}

bool paints_text() { return true; }

}  // namespace reversi::platform

#endif  // __EMSCRIPTEN__
