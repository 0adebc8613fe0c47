// "How to play", a panel of its own after Dear ImGui's examples: the help
// text (help_text.h) in sections that scroll, and a Close button whose press
// goes back (Result) for App to carry out. It keeps no state.
#pragma once

#include "app/theme.h"

namespace reversi {

class HelpPanel {
 public:
  struct Params {
    const Theme& theme;
  };
  struct Result {
    bool close = false;
  };
  // Draws the dialog's content inside the open panel.
  Result draw(const Params& params);
};

}  // namespace reversi
