// The App's keys (app/app.h): Escape, Tab and Enter for the buttons, the
// arrows in dialogs, the review, the moves looked back at and the board.
#include <imgui.h>

#include <algorithm>

#include "app/app.h"
#include "app/platform.h"
#include "app/widgets.h"

namespace reversi {

void App::handle_event(const SDL_Event& event) {
  state_dirty_ = true;  // layout or hover may change: republish the hook
  if (event.type == SDL_MOUSEWHEEL) return wheel_turned(event.wheel);
  // A press of the mouse or a finger puts the keyboard's cursor away.
  if (event.type == SDL_MOUSEBUTTONDOWN || event.type == SDL_FINGERDOWN) cursor_visible_ = false;
  if (event.type != SDL_KEYDOWN) return;
  if (ImGui::GetIO().WantTextInput) return;
  const SDL_Keycode key = event.key.keysym.sym;
  const bool control = (event.key.keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
  const bool shift = (event.key.keysym.mod & KMOD_SHIFT) != 0;
  if (key == SDLK_ESCAPE) return escape_key();
  if (key == SDLK_TAB) return tab_key(shift);
  if ((key == SDLK_RETURN || key == SDLK_KP_ENTER || key == SDLK_SPACE) && widgets::activate_focus()) return;
  if (panel_ != Panel::None) {
    if (dialog_key(key)) return;
    if (panel_ != Panel::Result) return;  // nothing else reaches the board under a dialog
  }
  if (reviewing() && panel_ == Panel::None) return review_key(key);
  if (online() && (control || key == SDLK_u)) return;  // no taking back at a table
  if ((control && key == SDLK_z && shift) || (control && key == SDLK_y)) return redo();
  if ((control && key == SDLK_z) || (!control && key == SDLK_u)) return undo();
  if (!control && key == SDLK_n) {
    panel_ = Panel::NewGame;
    return;
  }
  if (viewing_) {
    // Looking back: the arrows step through the moves.
    if (key == SDLK_LEFT && *viewing_ > 0) view_move(*viewing_ - 1);
    if (key == SDLK_RIGHT) view_move(*viewing_ + 1);
    return;
  }
  board_key(key);
}

// Browsers scroll about 100 CSS pixels a notch (a trackpad's deltas come as
// fractions of a notch, pixel for pixel), in the layout's pixels here.
void App::wheel_turned(const SDL_MouseWheelEvent& wheel) {
  constexpr float kPixelsPerNotch = 100;
  const float notches = wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -wheel.preciseY : wheel.preciseY;
  widgets::wheel(-notches * kPixelsPerNotch / zoom_);
}

void App::escape_key() {
  if (panel_ != Panel::None)
    close_panel_ = true;
  else if (reviewing())
    close_review();
  else if (viewing_)
    stop_viewing();
  else if (session() && session()->game().is_over())
    result_dismissed_ = true;
  cursor_visible_ = false;
  widgets::clear_focus();
}

// Tab and Shift+Tab walk the buttons (in a dialog, its own); Enter and
// Space press the one with the ring.
void App::tab_key(bool shift) {
  // Past the screen's row of buttons (Menu ends it, draw_buttons), Tab goes
  // on to the board's accessible mirror beside the canvas, for screen
  // readers; the moves beside the board are a Shift+Tab away.
  const bool past_buttons = widgets::focused_control() == "Menu" || widgets::focus_on_last();
  if (!shift && panel_ == Panel::None && past_buttons && platform::focus_access_board()) {
    widgets::clear_focus();
    return;
  }
  widgets::move_focus(shift ? widgets::FocusMove::Previous : widgets::FocusMove::Next);
  cursor_visible_ = false;
}

// In a dialog the arrows walk its controls too, and the page keys scroll it.
bool App::dialog_key(SDL_Keycode key) {
  switch (key) {
    case SDLK_DOWN:
    case SDLK_RIGHT:
      widgets::move_focus(widgets::FocusMove::Next);
      return true;
    case SDLK_UP:
    case SDLK_LEFT:
      widgets::move_focus(widgets::FocusMove::Previous);
      return true;
    case SDLK_PAGEDOWN:
      widgets::request_page(1);
      return true;
    case SDLK_PAGEUP:
      widgets::request_page(-1);
      return true;
    case SDLK_END:
      widgets::request_page(2);
      return true;
    case SDLK_HOME:
      widgets::request_page(-2);
      return true;
    default:
      return false;
  }
}

// In the review the arrows step through the game, Home and End go to its ends.
void App::review_key(SDL_Keycode key) {
  const std::size_t at = review_.session().at();
  if ((key == SDLK_LEFT || key == SDLK_UP) && at > 0) review_step(at - 1);
  if (key == SDLK_RIGHT || key == SDLK_DOWN) review_step(at + 1);
  if (key == SDLK_HOME) review_step(0);
  if (key == SDLK_END) review_step(review_.session().review().size());
}

// The arrows move the cursor on the board (shown from the first press),
// and Enter or Space plays where it is.
void App::board_key(SDL_Keycode key) {
  int column = column_of(cursor_), row = row_of(cursor_);
  switch (key) {
    case SDLK_LEFT:
      column = std::max(0, column - 1);
      break;
    case SDLK_RIGHT:
      column = std::min(7, column + 1);
      break;
    case SDLK_UP:
      row = std::max(0, row - 1);
      break;
    case SDLK_DOWN:
      row = std::min(7, row + 1);
      break;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE:
      if (panel_ != Panel::None) return;                // the result card: its buttons, by Tab
      if (cursor_visible_) return tap_square(cursor_);  // refused as a tap would be
      show_cursor();
      return;
    default:
      return;
  }
  if (!cursor_visible_) return show_cursor();  // the first press shows where it is
  cursor_ = square_at(column, row);
  widgets::clear_focus();  // the arrows went to the board
}

// The cursor appears on the last move, or in the centre before the first.
void App::show_cursor() {
  const Square last = session() ? session()->game().last_move() : kNoMove;
  cursor_ = last != kNoMove ? last : square_at(3, 3);
  cursor_visible_ = true;
  widgets::clear_focus();
}

}  // namespace reversi
