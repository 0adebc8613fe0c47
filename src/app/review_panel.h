// The review on screen, a panel of its own after Dear ImGui's examples: the
// board at any move with the best move ringed and both moves' values on
// their squares, a graph of who was ahead move by move with each side's
// three biggest mistakes marked on it, the buttons, and the mistakes beside
// the board on wide screens. Its state is the ReviewSession (app/core); it
// steps through the moves itself and hands back what App carries out
// (Try again, Share, Close) in a Result.
#pragma once

#include <imgui.h>

#include "app/board_view.h"
#include "app/core/review_session.h"
#include "app/theme.h"

namespace reversi {

class ReviewPanel {
 public:
  struct Params {
    const Theme& theme;
    bool try_again_allowed = false;  // a game on this device may start (not paused, not at a table)
  };
  struct Result {
    bool stepped = false;  // the move shown changed
    bool try_again = false;
    bool share = false;
    bool close = false;
  };

  ReviewSession& session() { return session_; }
  const ReviewSession& session() const { return session_; }

  // What the board shows: the position at the move, the move played and the
  // best one with their values (`cursor`: the keyboard's, or kNoMove).
  BoardPicture picture(Square cursor) const;
  // Where the score bar is: who led, the mistakes, the move shown, and the
  // valuing's progress while it goes on; a tap goes to that move.
  Result draw_graph(const Params& params, ImVec2 origin, ImVec2 size);
  // Two rows of three: Earlier, Later, Next mistake; Try again, Share, Close.
  Result draw_buttons(const Params& params, ImVec2 origin, float width, float height);
  static float buttons_height(float width, float height);
  // Beside the board on wide screens: each side's biggest mistakes, to tap.
  Result draw_mistakes(const Params& params, ImVec2 origin, float width, float height);

 private:
  void step(std::size_t at, Result& result);

  ReviewSession session_;
};

}  // namespace reversi
