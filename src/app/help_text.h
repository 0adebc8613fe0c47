// The rules and tips shown under "How to play".
#pragma once

#include <span>

#include "app/core/words.h"

namespace reversi {

struct HelpSection {
  Text heading;
  Text body;
};

std::span<const HelpSection> help_sections();

}  // namespace reversi
