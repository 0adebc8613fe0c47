#include "app/core/score_bar_layout.h"

#include <algorithm>

namespace reversi {

float score_bar_split(float width, int black, int white, float black_needs, float white_needs) {
  if (width <= 0) return 0;
  const int discs = std::max(0, black) + std::max(0, white);
  const float share = discs == 0 ? 0.5f : static_cast<float>(std::max(0, black)) / static_cast<float>(discs);
  const float needs = std::max(0.0f, black_needs) + std::max(0.0f, white_needs);
  if (needs > width) return needs > 0 ? width * std::max(0.0f, black_needs) / needs : width * 0.5f;
  return std::clamp(width * share, std::max(0.0f, black_needs), width - std::max(0.0f, white_needs));
}

}  // namespace reversi
