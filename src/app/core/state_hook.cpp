#include "app/core/state_hook.h"

#include "messages/events.h"

namespace reversi {
namespace {

using messages::Json;

Json rect_json(const ScreenRect& rect) { return Json{{"x", rect.x}, {"y", rect.y}, {"w", rect.w}, {"h", rect.h}}; }

Json game_json(const GameController& game, const Session& session) {
  const Game& board = session.game();
  Json state = messages::game_state_to_json(messages::game_state_of(session, game.paused()));
  // The squares a player at this device may tap now.
  Json legal = Json::array();
  if (!board.is_over() && !session.waiting_for_computer())
    for (Bitboard rest = board.playable_squares(); rest; rest &= rest - 1)
      legal.push_back(square_name(first_square(rest)));
  state["legalMoves"] = legal;
  state["mode"] = messages::spell(messages::kModes, session.options().mode);
  state["strength"] = messages::spell(messages::kStrengths, session.options().strength);
  state["humanColor"] = messages::spell(messages::kColours, session.human_colour());
  state["canUndo"] = board.can_undo();
  state["canRedo"] = board.can_redo();
  if (const auto& search = game.turn().last_search()) {
    const SearchReport& report = search->report;
    state["lastSearch"] = {
        {"strength", messages::spell(messages::kStrengths, search->strength)},
        {"empties", search->empties},
        {"move", report.move >= 0 && report.move < 64 ? Json(square_name(report.move)) : Json(nullptr)},
        {"score", report.score},
        {"depth", report.depth},
        {"exact", report.exact},
        {"nodes", report.nodes},
        {"seconds", report.seconds}};
  } else {
    state["lastSearch"] = nullptr;
  }
  const ComputerOpponent::PonderStatus ponder = game.turn().ponder_status();
  state["ponder"] = {{"active", ponder.active}, {"done", ponder.done}, {"slices", ponder.slices}};
  if (board.is_over()) {
    const GameResult result = board.result();
    const std::optional<Color> winner = result.winner();
    state["result"] = {{"winner", winner ? messages::spell(messages::kColours, *winner) : "draw"},
                       {"black", result.black_discs},
                       {"white", result.white_discs},
                       {"resigned", result.reason == EndReason::Resignation}};
  }
  return state;
}

}  // namespace

std::string state_hook_json(const GameController& game, const ScreenFacts& screen) {
  try {
    Json state;
    const Session* session = game.session();
    state["ready"] = session != nullptr;
    state["apiVersion"] = messages::kProtocolVersion;
    if (session) state.update(game_json(game, *session));
    state["notice"] = game.notices().text();
    state["panel"] = screen.panel;
    state["flipCounts"] = game.settings().show_flip_counts;
    state["sound"] = game.settings().sound;
    state["storageOk"] = game.storage_ok();
    state["animating"] = screen.animating;
    Json squares = Json::object();
    for (const auto& [name, rect] : screen.squares) squares[name] = rect_json(rect);
    state["squares"] = std::move(squares);
    Json controls = Json::object();
    for (const auto& [name, rect] : screen.controls) {
      controls[name] = rect_json(rect);
      controls[name]["enabled"] = rect.enabled;
    }
    state["controls"] = std::move(controls);
    return messages::dump(state);
  } catch (const std::exception& failure) {
    // A state that cannot be written must not take the game down with it.
    return messages::dump(Json{{"ready", game.ready()}, {"error", failure.what()}});
  }
}

}  // namespace reversi
