// The moves dialog, a panel of its own after Dear ImGui's examples: the
// game's moves to look back at (a tap shows the board after that move), the
// transcript to copy, and a game to load, with why a loaded one was refused.
// Its state is that refusal and the text field used where the page has no
// prompt; what the player asked for goes back (Result) for App to carry out.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "game/session.h"

namespace reversi {

class MovesPanel {
 public:
  struct Params {
    const Session* session = nullptr;  // none before the game is ready
    bool coarse_pointer = false;       // a finger, not a mouse: "Tap a move"
  };
  struct Result {
    std::optional<std::size_t> view;  // the board after this many moves
    bool copy = false;                // the transcript to the clipboard
    bool ask_for_game = false;        // "Load a game…": ask for its text
    std::optional<std::string> load;  // a game typed into the panel's own field
    bool close = false;
  };
  // Draws the dialog's content inside the open panel.
  Result draw(const Params& params);

  // The page cannot ask for text: a field in the panel instead.
  void enter_text_here() { text_entry_ = true; }
  // A game was loaded (the field goes), or refused and why.
  void loaded() {
    load_error_.clear();
    text_entry_ = false;
  }
  void refused(std::string error) { load_error_ = std::move(error); }
  // A new game: an earlier refusal no longer applies.
  void clear_error() { load_error_.clear(); }

 private:
  void draw_moves(const Session& session, bool coarse_pointer, Result& result);

  bool text_entry_ = false;
  char transcript_[512] = {};
  std::string load_error_;  // shown after a bad transcript
};

}  // namespace reversi
