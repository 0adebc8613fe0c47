// The main screen: score bar, board, status line and buttons, laid out for
// portrait phones, landscape phones and desktops alike.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/app.h"
#include "app/core/wording.h"
#include "app/core/words.h"
#include "app/platform.h"
#include "app/text_view.h"
#include "app/widgets.h"

namespace reversi {

BoardPicture App::board_picture() const {
  if (reviewing()) return review_.picture(cursor_visible_ ? cursor_ : kNoMove);
  BoardPicture picture;
  if (!session()) return picture;
  if (viewing_) {
    // An earlier position, as it stood after its move: no dots, nothing to play.
    Game earlier = session()->game();
    earlier.rewind_to(*viewing_);
    picture.black = earlier.position().discs_of(Color::Black);
    picture.white = earlier.position().discs_of(Color::White);
    picture.last_move = earlier.last_move();
    return picture;
  }
  const Game& game = session()->game();
  const Position& position = game.position();
  picture.black = position.discs_of(Color::Black);
  picture.white = position.discs_of(Color::White);
  picture.last_move = game.last_move();
  const bool human_turn =
      online() ? online_.my_turn() : !game.is_over() && !session()->waiting_for_computer() && !game_.paused();
  if (human_turn && !animation_.running(now_)) {
    picture.dots = game.playable_squares();
    picture.show_counts = game_.settings().show_flip_counts && !game.in_placement_phase();
    for (Bitboard rest = picture.dots; rest; rest &= rest - 1) {
      const Square square = first_square(rest);
      picture.flip_counts[square] =
          static_cast<std::int8_t>(count_bits(flips_for(position.board.player, position.board.opponent, square)));
    }
  }
  // A mouse over a legal square previews the move (phones have no hover).
  if (picture.dots && !platform::coarse_pointer() && panel_ == Panel::None && !game.in_placement_phase()) {
    const Square hovered = board_view_.square_at(ImGui::GetIO().MousePos);
    if (hovered != kNoMove && (picture.dots & bit(hovered))) {
      picture.hover = hovered;
      picture.hover_flips = flips_for(position.board.player, position.board.opponent, hovered);
      picture.hover_colour = game.side_to_move();
    }
  }
  // Hints: the values on the dots (with the setting), the best move once asked.
  if (const std::vector<MoveValue>* values = current_hints(); values && picture.dots) {
    if (game_.settings().show_hints)
      for (const MoveValue& value : *values) {
        if (value.move >= 64 || !(picture.dots & bit(value.move))) continue;
        picture.valued |= bit(value.move);
        if (value.exact) picture.exact_values |= bit(value.move);
        picture.values[value.move] = static_cast<std::int8_t>(std::clamp(value.score, -64, 64));
      }
    picture.best = best_move();
  }
  // An experienced player may play without the dots (and so without the
  // preview): a square that traps nothing is still refused, with why.
  if (game_.settings().hide_legal_moves && !game.in_placement_phase()) {
    picture.dots = 0;
    picture.hover = kNoMove;
    picture.hover_flips = 0;
  }
  picture.cursor = cursor_visible_ ? cursor_ : kNoMove;
  picture.highlight = now_ < refused_until_ ? refused_square_ : kNoMove;
  return picture;
}

std::string App::thinking_dots() const { return std::string(static_cast<std::size_t>(now_ * 3) % 4, '.'); }

std::string App::status_line() const {
  if (!game_.ready()) return tr("Getting the board ready…");
  if (reviewing()) return review_.session().status();
  if (viewing_)
    return tr(platform::coarse_pointer() ? Text("Looking back: move {n} of {total}.")
                                         : Text("Looking back: move {n} of {total} (the arrow keys step)."),
              {{"n", *viewing_}, {"total", moves_in_record()}});
  if (online()) return online_.status_line();
  // While the last move's discs still turn, its side's words stay: no
  // "your turn" before the dots are there to tap.
  if (animation_.running(now_) && !session()->game().is_over() && !session()->waiting_for_computer()) return "";
  return turn_line(*session(), game_.paused(), platform::coarse_pointer() ? Pointer::Touch : Pointer::Mouse,
                   !game_.settings().hide_legal_moves);
}

void App::draw_screen() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(display);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
  ImGui::Begin("##screen", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleVar(2);

  const float pad = std::clamp(std::min(display.x, display.y) * 0.03f, 8.0f, 24.0f);
  const bool landscape = display.x > display.y * 1.15f;
  landscape_ = landscape;
  const bool result = result_due();
  if (landscape)
    draw_landscape(display, pad, result);
  else if (result)
    draw_portrait_with_result(display, pad);
  else
    draw_portrait(display, pad);
  // The result card leaves the final board undimmed: it covers none of it.
  if (panel_ != Panel::None && panel_ != Panel::Result) {
    // Dim the game under an open dialog (drawn here, under the dialog window).
    const float fade = std::clamp(static_cast<float>((now_ - panel_opened_at_) / 0.12), 0.0f, 1.0f);
    const ImU32 dim = (palette::kBackground & ~IM_COL32_A_MASK) | (static_cast<ImU32>(150 * fade) << IM_COL32_A_SHIFT);
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(0, 0), display, dim);
  }
  ImGui::End();
}

namespace {

constexpr float kTitleHeight = 30, kButtonHeight = 48;
// A portrait column at most this wide: a tablet's board as large as a phone's
// is small, a wider one leaves the buttons too far apart.
constexpr float kPortraitColumn = 760;

// The review's graph: a quarter of a phone's height at least (so its
// turns can be read and tapped), the score bar's place otherwise.
float graph_height(ImVec2 display) { return std::clamp(display.y * 0.25f, 92.0f, 220.0f); }

}  // namespace

// Portrait: title, bar (or the review's graph), board, status and buttons
// stacked, centred.
void App::draw_portrait(ImVec2 display, float pad) {
  const bool review = reviewing();
  const float bar_height = review ? graph_height(display) : 58, status_height = review ? 44 : 34;
  const float buttons_height = review ? kButtonHeight * 2 + 8 : kButtonHeight;
  const float column_width = std::min(display.x - 2 * pad, kPortraitColumn);
  const float stack = kTitleHeight + bar_height + status_height + buttons_height + 5 * pad * 0.6f;
  const float board = std::max(200.0f, std::min(column_width, display.y - stack - 2 * pad));
  const float width = std::max(board, std::min(column_width, board + 40));
  float y = std::max(pad, (display.y - stack - board) * 0.42f);
  const float x = (display.x - width) * 0.5f;
  ImGui::SetCursorScreenPos(ImVec2(x, y));
  draw_title_row(width, kTitleHeight);
  y += kTitleHeight + pad * 0.6f;
  if (review)
    carry_out_review(review_.draw_graph(review_params(), ImVec2(x, y), ImVec2(width, bar_height)));
  else
    draw_score_bar(ImVec2(x, y), width, bar_height);
  y += bar_height + pad * 0.6f;
  draw_board_area(ImVec2((display.x - board) * 0.5f, y), board);
  y += board + pad * 0.6f;
  draw_status(ImVec2(x, y), width);
  y += status_height + pad * 0.6f;
  const float buttons_used = draw_buttons(ImVec2(x, y), width, kButtonHeight);
  // Notices go below the buttons where there is room, else over the board's
  // lower rows: never over the title and the counts.
  const bool room_below = display.y - (y + buttons_used) >= 80;
  toast_place_ = {x, x + width, room_below ? y + buttons_used + pad : y - status_height - pad * 1.2f, !room_below};
}

// Portrait with the result card at the foot: the title, the score bar when
// it fits, and the final board as large as the room above the card allows.
void App::draw_portrait_with_result(ImVec2 display, float pad) {
  const float card = std::min(ResultPanel::height(result_params(), ResultPanel::width(display.x)), display.y - 16);
  const float column_width = std::min(display.x - 2 * pad, kPortraitColumn);
  const float bar_height = 58, gap = pad * 0.6f;
  // The board first; then the title and the score bar (the card repeats
  // the counts) while the board stays large.
  float room = display.y - 8 - card - pad;
  const bool with_title = room - kTitleHeight - gap >= column_width * 0.7f;
  if (with_title) room -= kTitleHeight + gap;
  const bool with_bar = room - bar_height - gap >= column_width * 0.85f;
  if (with_bar) room -= bar_height + gap;
  const float board = std::max(120.0f, std::min(column_width, room));
  const float width = std::max(board, std::min(column_width, board + 40));
  const float used = (with_title ? kTitleHeight + gap : 0) + (with_bar ? bar_height + gap : 0) + board;
  float y = std::max(pad * 0.5f, (display.y - 8 - card - pad - used) * 0.5f);
  const float x = (display.x - width) * 0.5f;
  if (with_title) {
    ImGui::SetCursorScreenPos(ImVec2(x, y));
    draw_title_row(width, kTitleHeight);
    y += kTitleHeight + gap;
  }
  if (with_bar) {
    draw_score_bar(ImVec2(x, y), width, bar_height);
    y += bar_height + gap;
  }
  draw_board_area(ImVec2((display.x - board) * 0.5f, y), board);
  toast_place_ = {x, x + width, y + board * 0.5f, false};  // over the board's middle, clear of the card
}

// Landscape: the board on the left, everything else in a column beside it;
// the result card takes the column under the score bar.
void App::draw_landscape(ImVec2 display, float pad, bool result) {
  const bool review = reviewing();
  const float bar_height = 58, status_height = review ? 44 : 34;
  const float buttons_height = review ? kButtonHeight * 2 + 8 : kButtonHeight;
  const float board = std::max(200.0f, std::min(display.y - 2 * pad, display.x * 0.62f));
  const float side = std::min(display.x - board - 3 * pad, 460.0f);
  const float total = board + pad + side;
  const float x = (display.x - total) * 0.5f;
  const float y = (display.y - board) * 0.5f;
  draw_board_area(ImVec2(x, y), board);
  const float side_x = x + board + pad;
  toast_place_ = {side_x, side_x + side, pad};  // over the column, clear of the board's letters
  const float graph = review ? std::max(92.0f, std::min(180.0f, board * 0.25f)) : bar_height;
  float side_y = y + std::max(0.0f, (board - (kTitleHeight + graph + status_height * 2 +
                                              (review ? buttons_height : kButtonHeight * 2) + 4 * pad)) *
                                        0.3f);
  if (result) side_y = y;  // the card needs the column's height
  // On a phone held sideways the card needs the title's room too.
  if (!result || display.y >= 520) {
    ImGui::SetCursorScreenPos(ImVec2(side_x, side_y));
    draw_title_row(side, kTitleHeight);
    side_y += kTitleHeight + pad;
  }
  if (review)
    carry_out_review(review_.draw_graph(review_params(), ImVec2(side_x, side_y), ImVec2(side, graph)));
  else
    draw_score_bar(ImVec2(side_x, side_y), side, bar_height);
  side_y += graph + pad;
  if (result) {
    card_column_ = {side_x, side_y, side, y + board - side_y};
    return;
  }
  draw_status(ImVec2(side_x, side_y), side);
  side_y += status_height * 2 + pad;
  side_y += draw_buttons(ImVec2(side_x, side_y), side, kButtonHeight) + pad;
  // The rest of the column lists the moves, when there is room for a few.
  const float list_height = y + board - side_y;
  if (review && list_height >= 120)
    carry_out_review(review_.draw_mistakes(review_params(), ImVec2(side_x, side_y), side, list_height));
  else if (list_height >= 140 && !viewing_ && !review)
    draw_side_moves(ImVec2(side_x, side_y), side, list_height);
}

void App::draw_board_area(ImVec2 origin, float size) {
  board_origin_ = origin;
  board_size_ = size;
  board_view_.layout(origin, size);
  ImDrawList& draw_list = *ImGui::GetWindowDrawList();
  // Looking back shows a still position: no flips of a move played meanwhile.
  static const FlipAnimation kStill;
  board_view_.draw(draw_list, theme_, board_picture(), viewing_ || reviewing() ? kStill : animation_, now_);
  ImGui::SetCursorScreenPos(origin);
  // One invisible button over the board: a tap is a release over the board
  // that started on it, so a drag off the board cancels.
  if (ImGui::InvisibleButton("##board", ImVec2(size, size))) {
    const Square square = board_view_.square_at(ImGui::GetIO().MousePos);
    if (square != kNoMove) {
      cursor_visible_ = false;
      tap_square(square);
    }
  }
}

widgets::ScoreBarLabels App::score_labels() const {
  // At a table whose seat is free nothing is set up yet: "You" and "free".
  widgets::ScoreBarLabels labels;
  if (online() && !session()) {
    labels.black = tr("You");
    labels.white = tr("free");
    return labels;
  }
  if (online()) {
    labels.black = online_.name_of(Color::Black);
    labels.white = online_.name_of(Color::White);
  } else {
    labels.black = session() ? role_label(role_of(*session(), Color::Black)) : tr("Black");
    labels.white = session() ? role_label(role_of(*session(), Color::White)) : tr("White");
  }
  // A pass stays marked on the passer's side until the next move; the
  // computer shows at its own side that it is thinking.
  if (session() && !session()->game().is_over() && !viewing_) {
    const MoveRecord& record = session()->game().record();
    if (record.cursor() > 0 && record.all()[record.cursor() - 1].is_pass())
      (record.all()[record.cursor() - 1].color == Color::Black ? labels.black_badge : labels.white_badge) =
          tr("passed");
    if (!online() && session()->waiting_for_computer() && !game_.paused() && !animation_.running(now_))
      (session()->game().side_to_move() == Color::Black ? labels.black_badge : labels.white_badge) =
          tr("thinking") + thinking_dots();
  }
  add_game_clocks(labels);
  return labels;
}

// The title over the board: the game's options and match, or the review's or the table's title.
void App::draw_title_row(float width, float height) {
  widgets::title_row(theme_, width, height, session() ? session()->options() : game_.settings().session_options(),
                     session() ? &session()->match() : nullptr, session() ? session()->game_number() : 1,
                     reviewing() ? review_.session().title() : online_title());
}

void App::draw_score_bar(ImVec2 origin, float width, float height) {
  const bool waiting = online() && !session();
  const int black = session() ? session()->game().disc_count(Color::Black) : waiting ? 0 : 2;
  const int white = session() ? session()->game().disc_count(Color::White) : waiting ? 0 : 2;
  const Color to_move = session() ? session()->game().side_to_move() : Color::Black;
  const bool over = (session() && session()->game().is_over()) || waiting;
  tick_low_time();
  widgets::score_bar(*ImGui::GetWindowDrawList(), theme_, origin, width, height, black, white,
                     over ? std::nullopt : std::optional<Color>(to_move), score_labels());
}

void App::draw_status(ImVec2 origin, float width) {
  ImDrawList& draw_list = *ImGui::GetWindowDrawList();
  std::string text = status_line();
  const bool thinking = game_.ready() && session() && !online() && session()->waiting_for_computer() &&
                        !session()->game().is_over() && !game_.paused();
  if (thinking) text += thinking_dots();
  float text_width = width;
  const auto online_clock = online() ? online_.clock() : std::nullopt;
  if (online_clock || (!online() && session() && session()->options().clock_enabled && !session()->game().is_over())) {
    // The move clock: mm:ss at the right, copper-red in the last ten seconds.
    // Online it is the server's, counted down here between its readings.
    const double remaining = std::max(0.0, online_clock ? online_clock->second : session()->clock_remaining());
    char clock[16];
    std::snprintf(clock, sizeof clock, "%d:%02d", static_cast<int>(remaining) / 60, static_cast<int>(remaining) % 60);
    const bool running = online_clock ? true : session()->clock_running();
    const ImU32 clock_colour = remaining <= 10 && running ? palette::kWarning : palette::kTextDim;
    const ImVec2 extent = theme_.title->CalcTextSizeA(22, FLT_MAX, 0, clock);
    draw_list.AddText(theme_.title, 22, ImVec2(origin.x + width - extent.x, origin.y + 2), clock_colour, clock);
    text_width -= extent.x + 12;
  }
  widgets::draw_text(draw_list, theme_.body, 17, origin, palette::kText, text, text_width);  // wraps at text_width
}

float App::draw_viewing_buttons(ImVec2 origin, float width, float height) {
  const float gap = 8;
  const bool can_play_on = !online() && session() && !session()->game().resigned() && !game_.paused();
  const int count = can_play_on ? 4 : 3;
  const float button = (width - gap * (count - 1)) / count;
  ImGui::PushFont(theme_.strong);
  int index = 0;
  auto action = [&](const char* label, bool enabled) {
    ImGui::SetCursorScreenPos(ImVec2(origin.x + index++ * (button + gap), origin.y));
    return widgets::button(words().translated(label).c_str(), ImVec2(button, height), enabled, label);
  };
  const std::size_t moves = *viewing_;
  if (action("Earlier", moves > 0)) view_move(moves - 1);
  if (action("Later", moves < moves_in_record())) view_move(moves + 1);
  if (can_play_on && action("Play on", true)) play_on_from_view();
  if (viewing_ && action("Back", true)) stop_viewing();
  ImGui::PopFont();
  return height;
}

float App::draw_buttons(ImVec2 origin, float width, float height) {
  if (reviewing()) {
    carry_out_review(review_.draw_buttons(review_params(), origin, width, height));
    return ReviewPanel::buttons_height(width, height);
  }
  if (viewing_) return draw_viewing_buttons(origin, width, height);
  const float gap = width < 400 ? 6 : 8;
  // With hints on, games on this device have a sixth button: Best move.
  const bool best_button = !online() && game_.settings().show_hints;
  // Five (or six) in a row when each stays a comfortable touch target with
  // its whole label; otherwise three over two.
  const int count = best_button ? 6 : 5;
  const int per_row = (width - gap * (count - 1)) / count >= (best_button ? 84 : 54) ? count : 3;
  const float button = (width - gap * (per_row - 1)) / per_row;
  // Bold labels while they fit with room to spare; the plain face on the narrowest phones.
  ImGui::PushFont(button >= 60 ? theme_.strong : theme_.body);
  int index = 0;
  auto action = [&](const char* label, bool enabled) {
    const float x = origin.x + (index % per_row) * (button + gap);
    const float y = origin.y + (index / per_row) * (height + gap);
    ImGui::SetCursorScreenPos(ImVec2(x, y));
    ++index;
    // Named by the English in every language (the keys, the tests, the page's mirror).
    return widgets::button(words().translated(label).c_str(), ImVec2(button, height), enabled, label);
  };
  if (online()) {
    // No taking back at a table: the server keeps the game.
    const bool playing = session() && !session()->game().is_over() && online_.colour();
    if (action("Resign", playing)) panel_ = Panel::ConfirmResign;
    if (action("Table", online_.table() != nullptr)) panel_ = Panel::Table;
  } else {
    const bool can_undo = session() && session()->game().can_undo() && !game_.paused();
    const bool can_redo = session() && session()->game().can_redo() && !game_.paused();
    if (action("Undo", can_undo)) undo();
    if (action("Redo", can_redo)) redo();
    if (best_button && action("Best move", hint_board().has_value() && best_move() == kNoMove)) ask_best_move();
  }
  if (action("Moves", (session() != nullptr))) panel_ = Panel::Moves;
  if (action("New", true)) panel_ = Panel::NewGame;
  if (action("Menu", true)) panel_ = Panel::Menu;
  ImGui::PopFont();
  const int rows = (index + per_row - 1) / per_row;
  return rows * height + (rows - 1) * gap;
}

}  // namespace reversi
