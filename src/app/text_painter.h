// The painter of text in any script for this platform (app/core/text_images.h):
// the page's canvas in the browser (text_painter_web.cpp, with its JavaScript
// in js/library_text.js); none on the desktop, where the font atlas draws
// everything it has glyphs for (text_painter_desktop.cpp).
#pragma once

#include "app/core/text_images.h"

namespace reversi::platform {

// The platform's painter, made on first use.
TextPainter& text_painter();
// False where nothing is painted (the desktop): text is left to the atlas.
bool paints_text();

}  // namespace reversi::platform
