// The discs of ebony and mother-of-pearl, wherever they are drawn (the
// board, the score bar, the list of moves). Each face is painted once into a
// texture at the size it is shown and drawn as one quad: a board of 60 discs
// drawn as a dozen tessellated ellipses each was some 60,000 triangles a
// frame, the most of a frame's cost under software GL and on a phone's GPU.
#pragma once

#include <imgui.h>

#include "engine/board.h"

namespace reversi {

// A disc centred on `center`, `width` (0..1) squashed for a turn and
// `lift` (0..1) raised off the felt, its shadow further away.
void draw_disc(ImDrawList& draw_list, ImVec2 center, float radius, Color face, float width, float lift);

// The GL context was lost and its textures with it: paint anew when next drawn.
void forget_disc_pictures();

}  // namespace reversi
