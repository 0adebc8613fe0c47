#include "app/core/state_hook.h"

#include <cmath>

#include "app/core/notices.h"
#include "app/core/words.h"
#include "messages/events.h"

namespace reversi {
namespace {

using messages::Json;

Json review_json(const GameReview& review, const ScreenFacts& screen) {
  Json lead = Json::array();
  for (std::size_t at = 0; at <= review.size(); ++at) {
    const std::optional<int> value = review.black_lead_after(at);
    lead.push_back(value ? Json(*value) : Json(nullptr));
  }
  Json mistakes = Json::object();
  for (Color colour : {Color::Black, Color::White}) {
    Json list = Json::array();
    for (std::size_t index : review.mistakes(colour)) {
      const GameReview::Move& move = review.moves()[index];
      list.push_back({{"move", index + 1},
                      {"square", square_name(move.played)},
                      {"best", square_name(move.value->best)},
                      {"loss", move.value->loss()}});
    }
    mistakes[colour == Color::Black ? "black" : "white"] = std::move(list);
  }
  Json current = nullptr;
  if (screen.review_at < review.size()) {
    const GameReview::Move& move = review.moves()[screen.review_at];
    current = {{"move", screen.review_at + 1},
               {"color", move.colour == Color::Black ? "black" : "white"},
               {"played", square_name(move.played)}};
    if (move.value) {
      current["best"] = square_name(move.value->best);
      current["bestScore"] = move.value->best_score;
      current["playedScore"] = move.value->played_score;
      current["exact"] = move.value->exact;
    }
  }
  // The position on show, as the game's "board" is written: a1..h8, X black, O white.
  const Position shown = review.position_after(screen.review_at);
  std::string board(64, '-');
  for (Square square = 0; square < 64; ++square) {
    if (shown.discs_of(Color::Black) & bit(square)) board[square] = 'X';
    if (shown.discs_of(Color::White) & bit(square)) board[square] = 'O';
  }
  return Json{{"title", repaired_utf8(screen.review_title)},
              {"board", board},
              {"at", screen.review_at},
              {"moves", review.size()},
              {"reviewable", review.reviewable()},
              {"valued", review.valued()},
              {"complete", review.complete()},
              {"seconds", screen.review_seconds < 0 ? Json(nullptr) : Json(screen.review_seconds)},
              {"lead", std::move(lead)},
              {"mistakes", std::move(mistakes)},
              {"lost", {{"black", review.total_loss(Color::Black)}, {"white", review.total_loss(Color::White)}}},
              {"current", std::move(current)}};
}

Json rect_json(const ScreenRect& rect) { return Json{{"x", rect.x}, {"y", rect.y}, {"w", rect.w}, {"h", rect.h}}; }

Json game_json(const GameController& game, const Session& session) {
  const Game& board = session.game();
  Json state = messages::game_state_to_json(messages::game_state_of(session, game.paused()));
  // The squares a player at this device may tap now.
  // With each, the discs it would turn (for the accessible mirror's names).
  Json legal = Json::array();
  Json flips = Json::object();
  if (!board.is_over() && !session.waiting_for_computer())
    for (Bitboard rest = board.playable_squares(); rest; rest &= rest - 1) {
      const Square square = first_square(rest);
      legal.push_back(square_name(square));
      flips[square_name(square)] = count_bits(board.flips_if_played(square));
    }
  state["legalMoves"] = legal;
  state["legalFlips"] = flips;
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

Json online_json(const OnlineTable& online) {
  static constexpr const char* kConnections[] = {"idle", "connecting", "connected", "reconnecting"};
  Json view{{"connection", kConnections[static_cast<int>(online.connection())]},
            {"player", online.player()},
            {"name", online.name()},
            {"status", online.status_line()},
            {"myTurn", online.my_turn()},
            {"ending", online.ending()},
            {"rematchOffered", online.rematch_offered()}};
  const std::optional<Color> colour = online.colour();
  view["color"] = colour ? Json(messages::spell(messages::kColours, *colour)) : Json(nullptr);
  if (const auto* table = online.table()) {
    view["code"] = table->code;
    view["phase"] = messages::spell(messages::kTablePhases, table->phase);
    view["owner"] = table->owner == online.player();
    Json seats = Json::array();
    for (const auto& seat : table->seats) {
      using Kind = messages::online::server::SeatView::Kind;
      if (seat.kind == Kind::Empty)
        seats.push_back(nullptr);
      else if (seat.kind == Kind::Computer)
        seats.push_back(Json{{"computer", messages::spell(messages::kStrengths, seat.strength)}});
      else
        seats.push_back(Json{{"player", seat.player}, {"name", seat.name}, {"connected", seat.connected}});
    }
    view["seats"] = std::move(seats);
  } else {
    view["code"] = nullptr;
  }
  const std::optional<double> away = online.opponent_away();
  view["opponentAway"] = away ? Json(*away) : Json(nullptr);
  if (const auto clock = online.clock())
    view["clock"] = {{"color", messages::spell(messages::kColours, clock->first)}, {"seconds", clock->second}};
  if (const auto game_clock = online.game_clock()) {
    const Json running = game_clock->running ? Json(messages::spell(messages::kColours, *game_clock->running)) : Json();
    view["gameClock"] = {{"black", game_clock->black}, {"white", game_clock->white}, {"running", running}};
  } else {
    view["gameClock"] = nullptr;
  }
  view["openTables"] = online.open_tables().size();
  Json chat = Json::array();
  for (const auto& line : online.chat_lines())
    chat.push_back({{"name", line.name}, {"text", repaired_utf8(line.text)}});
  view["chat"] = std::move(chat);
  view["chatDraft"] = online.chat_draft();
  view["opponentMuted"] = online.opponent_muted();
  view["transferCode"] = online.transfer_code().empty() ? Json(nullptr) : Json(online.transfer_code());
  view["linkCode"] = online.link_code().empty() ? Json(nullptr) : Json(online.link_code());
  if (const auto& chips = online.chips())
    view["chips"] = {{"balance", chips->balance},        {"stake", chips->stake},
                     {"leaveCost", chips->leave_cost},   {"wonToday", chips->won_today},
                     {"dailyLimit", chips->daily_limit}, {"line", online.chips_line()}};
  else
    view["chips"] = nullptr;
  view["leaveConsequences"] = online.leave_consequences();
  view["pointsLine"] = online.points_line();  // the result card's word on points
  return view;
}

// The record the server sent last (the leaderboards dialog shows it).
Json arcade_json(const OnlineTable& online) {
  namespace online_messages = messages::online;
  Json view = Json::object();
  if (const auto& board = online.leaderboard()) {
    Json entries = Json::array();
    for (const auto& entry : board->entries)
      entries.push_back({{"rank", entry.rank}, {"name", entry.name}, {"points", entry.points}, {"level", entry.level}});
    view["leaderboard"] = {{"period", messages::spell(online_messages::kPeriods, board->period)},
                           {"entries", std::move(entries)},
                           {"you", board->you ? Json(board->you->rank) : Json(nullptr)}};
  }
  if (const auto& card = online.card()) {
    Json reached = Json::array();
    for (const auto& milestone : card->milestones)
      reached.push_back(messages::spell(online_messages::kMilestones, milestone.milestone));
    view["card"] = {{"level", card->level},
                    {"milestones", std::move(reached)},
                    {"week", card->week},
                    {"chips", card->chips ? Json(*card->chips) : Json(nullptr)}};
  }
  if (const auto& history = online.history())
    view["history"] = {{"games", history->games.size()}, {"match", history->match.size()}};
  if (const auto& ledger = online.chips_ledger()) {
    Json entries = Json::array();
    for (const auto& entry : ledger->entries)
      entries.push_back(
          {{"delta", entry.delta}, {"reason", messages::spell(online_messages::kChipReasons, entry.reason)}});
    view["chipsLedger"] = {{"balance", ledger->balance}, {"entries", std::move(entries)}};
  }
  Json levels = Json::array();
  for (const auto& table : online.open_tables()) levels.push_back(table.host_level);
  view["openTableLevels"] = std::move(levels);
  return view;
}

}  // namespace

std::string state_hook_json(const GameController& game, const ScreenFacts& screen, const OnlineTable* online) {
  try {
    Json state;
    const bool at_table = online && online->active();
    const Session* session = at_table ? online->session() : game.session();
    state["ready"] = game.ready();
    state["apiVersion"] = messages::kProtocolVersion;
    if (session) state.update(game_json(game, *session));
    if (at_table) {
      state["mode"] = "online";
      // Only our own moves, on our turn, may be tapped.
      if (!online->my_turn()) {
        state["legalMoves"] = Json::array();
        state["legalFlips"] = Json::object();
      }
      state["online"] = online_json(*online);
    } else {
      state["online"] = nullptr;
    }
    state["arcade"] = online ? arcade_json(*online) : Json(nullptr);
    state["notice"] = game.notices().text();
    state["panel"] = screen.panel;
    state["flipCounts"] = game.settings().show_flip_counts;
    state["hideLegalMoves"] = game.settings().hide_legal_moves;
    state["largerText"] = game.settings().larger_text;
    Json hint_values = Json::array();
    for (const MoveValue& value : screen.hints)
      hint_values.push_back({{"square", value.move < 64 ? square_name(value.move) : std::string("pass")},
                             {"value", value.score},
                             {"exact", value.exact}});
    state["hints"] = {{"on", game.settings().show_hints},
                      {"shown", screen.hints_shown},
                      {"values", std::move(hint_values)},
                      {"best", screen.best_move < 64 ? Json(square_name(screen.best_move)) : Json(nullptr)}};
    state["review"] = screen.review ? review_json(*screen.review, screen) : Json(nullptr);
    if (const auto& card = screen.result_card)
      state["resultCard"] = {{"headline", repaired_utf8(card->headline)},
                             {"mistake", card->mistake},
                             {"reviewAt", card->review_move < 0 ? Json(nullptr) : Json(card->review_move)}};
    else
      state["resultCard"] = nullptr;
    state["theme"] = screen.theme;
    // The words' language ("en", "de", "es") and the player's choice ("" automatic).
    state["language"] = language_code(words().language());
    state["languageSetting"] = game.settings().language;
    state["themeAutomatic"] = screen.theme_automatic;
    state["moreContrast"] = screen.more_contrast;
    state["sound"] = game.settings().sound;
    state["storageOk"] = game.storage_ok();
    state["animating"] = screen.animating;
    state["viewing"] = screen.viewing < 0 ? Json(nullptr) : Json(screen.viewing);
    state["focus"] = screen.focus;
    state["cursor"] = screen.cursor < 64 ? Json(square_name(screen.cursor)) : Json(nullptr);
    state["keyboardControls"] = screen.keyboard_controls;
    state["status"] = repaired_utf8(screen.status);
    Json badges = Json::object();
    for (const auto& [side, badge] : screen.badges) badges[side] = badge;
    state["badges"] = std::move(badges);
    Json squares = Json::object();
    for (const auto& [name, rect] : screen.squares) squares[name] = rect_json(rect);
    state["squares"] = std::move(squares);
    Json controls = Json::object();
    for (const auto& [name, rect] : screen.controls) {
      controls[name] = rect_json(rect);
      controls[name]["enabled"] = rect.enabled;
    }
    state["controls"] = std::move(controls);
    Json regions = Json::object();
    for (const auto& [name, scroll] : screen.regions)
      regions[name] = Json{{"y", std::round(scroll.first)}, {"max", std::round(scroll.second)}};
    state["regions"] = std::move(regions);
    return messages::dump(state);
  } catch (const std::exception& failure) {
    // A state that cannot be written must not take the game down with it.
    return messages::dump(Json{{"ready", game.ready()}, {"error", failure.what()}});
  }
}

}  // namespace reversi
