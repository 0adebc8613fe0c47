// The main screen: score bar, board, status line and buttons, laid out for
// portrait phones, landscape phones and desktops alike.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/app.h"
#include "app/core/wording.h"
#include "app/widgets.h"

namespace reversi {

BoardPicture App::board_picture() const {
  BoardPicture picture;
  if (!session()) return picture;
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
  picture.cursor = cursor_visible_ ? cursor_ : kNoMove;
  picture.highlight = now_ < refused_until_ ? refused_square_ : kNoMove;
  return picture;
}

std::string App::status_line() const {
  if (!game_.ready()) return "Getting the board ready…";
  if (game_.notices().active()) return game_.notices().text();
  if (online()) return online_.status_line();
  return turn_line(*session(), game_.paused());
}

void App::draw_screen() {
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 display = io.DisplaySize;
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
  const float bar_height = 58, status_height = 34, button_height = 48, title_height = 30;
  const bool landscape = display.x > display.y * 1.15f;
  if (!landscape) {
    // Portrait: title, bar, board, status and buttons stacked, centred.
    const float column_width = std::min(display.x - 2 * pad, 620.0f);
    const float stack = title_height + bar_height + status_height + button_height + 5 * pad * 0.6f;
    const float board = std::max(200.0f, std::min(column_width, display.y - stack - 2 * pad));
    const float width = std::max(board, std::min(column_width, board + 40));
    float y = std::max(pad, (display.y - stack - board) * 0.42f);
    const float x = (display.x - width) * 0.5f;
    ImGui::SetCursorScreenPos(ImVec2(x, y));
    widgets::title_row(
        theme_, width, title_height, session() ? session()->options() : game_.settings().session_options(),
        session() ? &session()->match() : nullptr, session() ? session()->game_number() : 1, online_title());
    y += title_height + pad * 0.6f;
    draw_score_bar(ImVec2(x, y), width, bar_height);
    y += bar_height + pad * 0.6f;
    draw_board_area(ImVec2((display.x - board) * 0.5f, y), board);
    y += board + pad * 0.6f;
    draw_status(ImVec2(x, y), width);
    y += status_height + pad * 0.6f;
    draw_buttons(ImVec2(x, y), width, button_height);
  } else {
    // Landscape: the board on the left, everything else in a column beside it.
    const float board = std::max(200.0f, std::min(display.y - 2 * pad, display.x * 0.62f));
    const float side = std::min(display.x - board - 3 * pad, 460.0f);
    const float total = board + pad + side;
    const float x = (display.x - total) * 0.5f;
    const float y = (display.y - board) * 0.5f;
    draw_board_area(ImVec2(x, y), board);
    const float side_x = x + board + pad;
    float side_y =
        y +
        std::max(0.0f, (board - (title_height + bar_height + status_height * 2 + button_height * 2 + 4 * pad)) * 0.3f);
    ImGui::SetCursorScreenPos(ImVec2(side_x, side_y));
    widgets::title_row(
        theme_, side, title_height, session() ? session()->options() : game_.settings().session_options(),
        session() ? &session()->match() : nullptr, session() ? session()->game_number() : 1, online_title());
    side_y += title_height + pad;
    draw_score_bar(ImVec2(side_x, side_y), side, bar_height);
    side_y += bar_height + pad;
    draw_status(ImVec2(side_x, side_y), side);
    side_y += status_height * 2 + pad;
    draw_buttons(ImVec2(side_x, side_y), side, button_height);
  }
  if (panel_ != Panel::None) {
    // Dim the game under an open dialog (drawn here, under the dialog window).
    const float fade = std::clamp(static_cast<float>((now_ - panel_opened_at_) / 0.12), 0.0f, 1.0f);
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(0, 0), display, IM_COL32(18, 12, 9, static_cast<int>(150 * fade)));
  }
  ImGui::End();
}

void App::draw_board_area(ImVec2 origin, float size) {
  board_view_.layout(origin, size);
  ImDrawList& draw_list = *ImGui::GetWindowDrawList();
  board_view_.draw(draw_list, theme_, board_picture(), animation_, now_);
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

void App::draw_score_bar(ImVec2 origin, float width, float height) {
  // At a table whose seat is free nothing is set up yet: 0–0, "You" and "free".
  const bool waiting = online() && !session();
  const int black = session() ? session()->game().disc_count(Color::Black) : waiting ? 0 : 2;
  const int white = session() ? session()->game().disc_count(Color::White) : waiting ? 0 : 2;
  const Color to_move = session() ? session()->game().side_to_move() : Color::Black;
  const bool over = (session() && session()->game().is_over()) || waiting;
  widgets::ScoreBarLabels labels;
  if (waiting) {
    labels = {"You", "free"};
  } else if (online()) {
    labels = {online_.name_of(Color::Black), online_.name_of(Color::White)};
  } else {
    labels = {session() ? role_label(role_of(*session(), Color::Black)) : "Black",
              session() ? role_label(role_of(*session(), Color::White)) : "White"};
  }
  widgets::score_bar(*ImGui::GetWindowDrawList(), theme_, origin, width, height, black, white,
                     over ? std::nullopt : std::optional<Color>(to_move), labels);
}

void App::draw_status(ImVec2 origin, float width) {
  ImDrawList& draw_list = *ImGui::GetWindowDrawList();
  std::string text = status_line();
  const bool thinking = game_.ready() && game_.notices().text().empty() && session() && !online() &&
                        session()->waiting_for_computer() && !session()->game().is_over() && !game_.paused();
  if (thinking) {
    const int dots = static_cast<int>(now_ * 3) % 4;
    text += std::string(static_cast<std::size_t>(dots), '.');
  }
  const ImU32 colour = game_.notices().text().empty() ? palette::kText : palette::kCopperBright;
  float text_width = width;
  const auto online_clock = online() ? online_.clock() : std::nullopt;
  if (online_clock || (!online() && session() && session()->options().clock_enabled && !session()->game().is_over())) {
    // The move clock: mm:ss at the right, copper-red in the last ten seconds.
    // Online it is the server's, counted down here between its readings.
    const double remaining = std::max(0.0, online_clock ? online_clock->second : session()->clock_remaining());
    char clock[16];
    std::snprintf(clock, sizeof clock, "%d:%02d", static_cast<int>(remaining) / 60, static_cast<int>(remaining) % 60);
    const bool running = online_clock ? true : session()->clock_running();
    const ImU32 clock_colour = remaining <= 10 && running ? IM_COL32(236, 98, 70, 255) : palette::kTextDim;
    const ImVec2 extent = theme_.title->CalcTextSizeA(22, FLT_MAX, 0, clock);
    draw_list.AddText(theme_.title, 22, ImVec2(origin.x + width - extent.x, origin.y + 2), clock_colour, clock);
    text_width -= extent.x + 12;
  }
  draw_list.AddText(theme_.body, 17, origin, colour, text.c_str(), nullptr, text_width);  // wraps at text_width
}

void App::draw_buttons(ImVec2 origin, float width, float height) {
  const float gap = 8;
  // Five in a row when each stays a comfortable touch target with its whole
  // label; otherwise three over two.
  const int per_row = (width - gap * 4) / 5 >= 66 ? 5 : 3;
  const float button = (width - gap * (per_row - 1)) / per_row;
  ImGui::PushFont(theme_.strong);
  int index = 0;
  auto action = [&](const char* label, bool enabled) {
    const float x = origin.x + (index % per_row) * (button + gap);
    const float y = origin.y + (index / per_row) * (height + gap);
    ImGui::SetCursorScreenPos(ImVec2(x, y));
    ++index;
    return widgets::button(label, ImVec2(button, height), enabled);
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
  }
  if (action("Moves", (session() != nullptr))) panel_ = Panel::Moves;
  if (action("New", true)) panel_ = Panel::NewGame;
  if (action("Menu", true)) panel_ = Panel::Menu;
  ImGui::PopFont();
}

}  // namespace reversi
