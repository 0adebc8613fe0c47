// Where the count bar above the board splits between black and white: in
// proportion to the discs, but never so far that a side is left without
// room for its disc, its count and its player's name. Pure arithmetic, so
// the widget (widgets.cpp) stays a drawing and this is unit tested.
#pragma once

namespace reversi {

// `black_needs` and `white_needs`: the width each side's disc, count and
// name take, padding included. Returns the split's distance from the bar's
// left edge: at the middle while no disc is down (the empty-centre start),
// in proportion to the counts when both sides fit, and otherwise shared in
// proportion to what the two sides need.
float score_bar_split(float width, int black, int white, float black_needs, float white_needs);

}  // namespace reversi
