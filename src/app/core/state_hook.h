// The page's read-only view of the game (window.reversi.state()), for browser
// tests, benchmarks and curious host pages: the game's state in the message
// layer's form, plus what is on screen (the open panel by name, where each
// square and button is drawn, whether discs are turning).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/core/game_controller.h"
#include "app/core/online_table.h"
#include "game/game_review.h"

namespace reversi {

struct ScreenRect {
  float x = 0, y = 0, w = 0, h = 0;
  bool enabled = true;
};

// What the view adds to the game's state.
struct ScreenFacts {
  std::string theme = "walnut";  // the theme drawn: "walnut", "high-contrast", "colour-blind-safe"
  bool theme_automatic = true;   // no theme chosen: the system's contrast wish decides
  bool more_contrast = false;    // the system asks for more contrast
  std::string panel = "none";    // "none", "new-game", "menu", "moves", "help", …
  bool animating = false;
  int viewing = -1;                            // the moves in an earlier position looked back at; -1: the game's own
  std::string focus;                           // the control with the keyboard's ring, if any
  Square cursor = kNoMove;                     // the keyboard's cursor on the board, while shown
  std::vector<std::string> keyboard_controls;  // what Tab visits now (the open dialog's controls), in order
  std::string status;                          // the line under the board
  std::map<std::string, std::string> badges;   // "black"/"white": "passed", "thinking…"
  std::map<std::string, ScreenRect> squares;   // "a1".."h8"
  std::map<std::string, ScreenRect> controls;  // buttons by label
  // Scrolling regions by name ("menu-items", "help"...): scrolled by y of max.
  std::map<std::string, std::pair<float, float>> regions;
  // Hints: the values drawn for the position on show (none online or while
  // the worker thinks), and the move Best move marked.
  bool hints_shown = false;
  std::vector<MoveValue> hints;
  Square best_move = kNoMove;
  // The review on screen (null when none), the position it shows (after
  // `review_at` moves) and the seconds its valuing took (-1 while it goes on).
  const GameReview* review = nullptr;
  std::size_t review_at = 0;
  std::string review_title;
  double review_seconds = -1;
  // The result card while it shows: its headline, what the background
  // valuing found, and the move its review button opens at (-1: the end).
  struct ResultCard {
    std::string headline, mistake;
    int review_move = -1;
  };
  std::optional<ResultCard> result_card;
};

// The state as JSON text. Never throws, whatever the notices or names hold.
// While the player sits at an online table, the game is that table's, and
// "online" says who sits where and how the connection is.
std::string state_hook_json(const GameController& game, const ScreenFacts& screen, const OnlineTable* online = nullptr);

}  // namespace reversi
