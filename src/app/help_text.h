// The rules and tips shown under "How to play".
#pragma once

#include <span>

namespace reversi {

struct HelpSection {
  const char* heading;
  const char* body;
};

std::span<const HelpSection> help_sections();

}  // namespace reversi
