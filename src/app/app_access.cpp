// Screen-reader play: the commands of the page's accessible mirror of the
// board (web/access.js), a grid of named cells and a few buttons in the DOM
// beside the canvas. Each command takes the same path as the tap, key or
// button it stands for, so a refusal says why in the app's own words.
#include <string>
#include <string_view>

#include "app/app.h"
#include "app/core/words.h"
#include "engine/notation.h"
#include "messages/codec.h"

namespace reversi {

std::string App::access_command(std::string_view json) {
  const messages::Decoded<messages::Json> parsed = messages::parse_object(json, 1024, "access command");
  if (!parsed) return parsed.error.message;
  const messages::Json& message = *parsed.value;
  const auto text_field = [&message](const char* name) {
    const auto found = message.find(name);
    return found != message.end() && found->is_string() ? found->get<std::string>() : std::string();
  };
  const std::string command = text_field("command");
  const std::string argument = command == "press" || command == "focus" ? text_field("control") : text_field("square");
  state_dirty_ = true;
  if (!game_.ready()) return tr("The game is still loading.");

  // Dialogs the mirror opens: only over the board, as the screen's buttons do.
  const auto open = [this](Panel panel) -> std::string {
    if (panel_ != Panel::None) return tr("Close the open dialog first.");
    panel_ = panel;
    return "";
  };

  if (command == "play") {
    const Parsed<Square> square = parse_square(argument);
    if (!square) return tr("There is no square {square}.", {{"square", argument.substr(0, 8)}});
    if (panel_ != Panel::None && panel_ != Panel::Result) return tr("Close the open dialog first.");
    const std::size_t moves_before = session() ? session()->game().moves().size() : 0;
    tap_square(*square.value);
    const bool played = session() && session()->game().moves().size() != moves_before;
    if (!played && !online() && game_.notices().active() && game_.notices().kind() == NoticeKind::Refused)
      return game_.notices().text();
    return "";
  }
  if (command == "cursor") {
    // The canvas's ring follows the mirror's focused cell, for sighted keyboard users.
    const Parsed<Square> square = parse_square(argument);
    cursor_visible_ = square.value.has_value();
    if (square) {
      cursor_ = *square.value;
      widgets::clear_focus();
    }
    return "";
  }
  if (command == "undo" || command == "redo") {
    if (online()) return tr("Moves cannot be taken back at an online table.");
    if (panel_ != Panel::None && panel_ != Panel::Result) return tr("Close the open dialog first.");
    if (command == "undo") {
      if (!session()->game().can_undo()) return tr("There is no move to take back.");
      undo();
    } else {
      if (!session()->game().can_redo()) return tr("There is no move to play again.");
      redo();
    }
    return "";
  }
  if (command == "new-game") {
    if (online()) return tr("Leave the online table first, from its dialog.");
    game_.rematch();
    show_events();
    return "";
  }
  if (command == "resign") {
    if (!session() || session()->game().is_over()) return tr("The game is over.");
    return open(Panel::ConfirmResign);  // asks first, as the menu does
  }
  if (command == "menu") return open(Panel::Menu);
  if (command == "help") return open(Panel::Help);
  if (command == "moves") return open(Panel::Moves);
  if (command == "close") {
    if (panel_ == Panel::None && reviewing()) close_review();  // the review, when no dialog is over it
    close_panels();
    return "";
  }
  if (command == "press" || command == "focus") {
    // A control of the open dialog, by the name the state hook publishes.
    if (!widgets::focus_control(argument, command == "press")) return tr("That button is not available now.");
    return "";
  }
  return tr("Unknown command.");
}

}  // namespace reversi
