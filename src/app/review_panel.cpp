// The review on screen (app/review_panel.h).
#include "app/review_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "app/core/words.h"
#include "app/widgets.h"
#include "engine/notation.h"

namespace reversi {
namespace {

// The graph's strips above and below the plot, for its words.
constexpr float kLabelStrip = 15;

// The graph's scale: the largest lead, at least 8 discs, rounded up to a multiple of 8.
int graph_scale(const GameReview& moves) {
  int largest = 8;
  for (std::size_t at = 0; at <= moves.size(); ++at)
    if (const std::optional<int> lead = moves.black_lead_after(at)) largest = std::max(largest, std::abs(*lead));
  return std::min(64, (largest + 7) / 8 * 8);
}

// Where the graph draws: the plot's edges inside the frame, and the point of each lead.
struct GraphFrame {
  float left, right, top, bottom, middle;
  std::size_t count;
  int largest;
  float x_of(std::size_t at) const {
    return count == 0 ? left : left + (right - left) * static_cast<float>(at) / static_cast<float>(count);
  }
  float y_of(int lead) const { return middle - (bottom - top) * 0.5f * static_cast<float>(lead) / largest; }
};

// Calls segment(from, to) for each pair of neighbouring moves that both have
// a lead; a move without one breaks the curve.
template <class Segment>
void for_each_segment(const GameReview& moves, const GraphFrame& frame, Segment segment) {
  std::optional<ImVec2> previous;
  for (std::size_t at = 0; at <= frame.count; ++at) {
    const std::optional<int> lead = moves.black_lead_after(at);
    if (!lead) {
      previous.reset();
      continue;
    }
    const ImVec2 point(frame.x_of(at), frame.y_of(*lead));
    if (previous) segment(*previous, point);
    previous = point;
  }
}

// Who leads, by brightness as well as hue: dark above the line (Black
// ahead), light below (White ahead), so no colour alone tells them apart;
// the copper curve over it.
void draw_leads(ImDrawList& draw_list, const GameReview& moves, const GraphFrame& frame) {
  for_each_segment(moves, frame, [&](ImVec2 from, ImVec2 to) {
    // One column per move between the zero line and the curve.
    const ImU32 fill = (from.y + to.y) * 0.5f <= frame.middle ? palette::kEbony : palette::kPearl;
    draw_list.AddQuadFilled(ImVec2(from.x, frame.middle), from, to, ImVec2(to.x, frame.middle), fill);
  });
  draw_list.AddLine(ImVec2(frame.left, frame.middle), ImVec2(frame.right, frame.middle), palette::kTextDim, 1.0f);
  for_each_segment(moves, frame,
                   [&](ImVec2 from, ImVec2 to) { draw_list.AddLine(from, to, palette::kCopperBright, 2.0f); });
}

// Each side's mistakes: a disc of its colour where the lead was given away.
void draw_mistake_marks(ImDrawList& draw_list, const GameReview& moves, const GraphFrame& frame, float height) {
  const float radius = std::clamp(height * 0.06f, 4.0f, 7.0f);
  for (Color colour : {Color::Black, Color::White})
    for (std::size_t index : moves.mistakes(colour)) {
      const std::optional<int> lead = moves.black_lead_after(index + 1);
      if (!lead) continue;
      const ImVec2 point(frame.x_of(index + 1), frame.y_of(*lead));
      draw_list.AddCircleFilled(point, radius, colour == Color::Black ? palette::kEbony : palette::kPearl);
      draw_list.AddCircle(point, radius, colour == Color::Black ? palette::kPearl : palette::kEbony, 0, 2.0f);
    }
}

// The labels, and while the valuing goes on how far it has come, as a bar
// along the frame's bottom edge under the plot and its labels.
void draw_graph_words(ImDrawList& draw_list, const Theme& theme, const GameReview& moves, const GraphFrame& frame,
                      float frame_bottom) {
  const float label = 13;
  const float above = frame.top - kLabelStrip, below = frame.bottom + 2;
  draw_list.AddText(theme.body, label, ImVec2(frame.left + 2, above), palette::kTextDim, tr("Black ahead"));
  draw_list.AddText(theme.body, label, ImVec2(frame.left + 2, below), palette::kTextDim, tr("White ahead"));
  char scale[16];
  std::snprintf(scale, sizeof scale, "\u00b1%d", frame.largest);
  const ImVec2 extent = theme.body->CalcTextSizeA(label, FLT_MAX, 0, scale);
  draw_list.AddText(theme.body, label, ImVec2(frame.right - extent.x - 2, above), palette::kTextDim, scale);
  if (moves.complete()) return;
  const float done = moves.reviewable() ? static_cast<float>(moves.valued()) / moves.reviewable() : 1.0f;
  const float bar_top = frame_bottom - 6, bar_bottom = frame_bottom - 2;
  draw_list.AddRectFilled(ImVec2(frame.left, bar_top), ImVec2(frame.right, bar_bottom), palette::kPanelBorder, 2);
  draw_list.AddRectFilled(ImVec2(frame.left, bar_top),
                          ImVec2(frame.left + (frame.right - frame.left) * done, bar_bottom), palette::kCopperBright,
                          2);
  const std::string working =
      tr("Reviewing: {n} of {total} moves", {{"n", moves.valued()}, {"total", moves.reviewable()}});
  const ImVec2 extent_working = theme.body->CalcTextSizeA(label, FLT_MAX, 0, working.c_str());
  draw_list.AddText(theme.body, label, ImVec2(frame.right - extent_working.x - 2, below), palette::kText,
                    working.c_str());
}

}  // namespace

void ReviewPanel::step(std::size_t at, Result& result) {
  session_.step(at);
  result.stepped = true;
}

BoardPicture ReviewPanel::picture(Square cursor) const {
  BoardPicture picture;
  const GameReview& review = session_.review();
  const std::size_t at = session_.at();
  const Position position = review.position_after(at);
  picture.black = position.discs_of(Color::Black);
  picture.white = position.discs_of(Color::White);
  if (at > 0) picture.last_move = review.moves()[at - 1].played;
  if (at < review.size()) {
    const GameReview::Move& move = review.moves()[at];
    if (move.value) {
      // The move played and the best one, each with its value; the best ringed.
      picture.dots = bit(move.played) | bit(move.value->best);
      picture.valued = picture.dots;
      if (move.value->exact) picture.exact_values = picture.dots;
      picture.values[move.played] = static_cast<std::int8_t>(move.value->played_score);
      picture.values[move.value->best] = static_cast<std::int8_t>(move.value->best_score);
      picture.best = move.value->best;
    } else {
      picture.dots = bit(move.played);
    }
  }
  picture.cursor = cursor;
  return picture;
}

ReviewPanel::Result ReviewPanel::draw_graph(const Params& params, ImVec2 origin, ImVec2 size) {
  Result result;
  const GameReview& moves = session_.review();
  ImDrawList& draw_list = *ImGui::GetWindowDrawList();
  const ImVec2 end(origin.x + size.x, origin.y + size.y);
  draw_list.AddRectFilled(origin, end, palette::kFrame, 8);
  draw_list.AddRect(origin, end, palette::kPanelBorder, 8, 0, 1.0f);
  // The plot between two strips for the words, so that the curve never
  // runs over "Black ahead" or "White ahead".
  const float pad = 8;
  const float top = origin.y + pad + kLabelStrip, bottom = end.y - pad - kLabelStrip;
  const GraphFrame frame{origin.x + pad, end.x - pad,       top, bottom, (top + bottom) * 0.5f,
                         moves.size(),   graph_scale(moves)};
  draw_leads(draw_list, moves, frame);
  draw_mistake_marks(draw_list, moves, frame, size.y);
  // The move on the board.
  const float cursor_x = frame.x_of(std::min(session_.at() + 1, frame.count));
  draw_list.AddLine(ImVec2(cursor_x, top - 2), ImVec2(cursor_x, bottom + 2), palette::kCopper, 2.0f);
  draw_graph_words(draw_list, params.theme, moves, frame, end.y);
  // A tap or click on the graph goes to that move.
  ImGui::SetCursorScreenPos(origin);
  if (ImGui::InvisibleButton("##review-graph", size) && frame.count > 0) {
    const float fraction =
        std::clamp((ImGui::GetIO().MousePos.x - frame.left) / (frame.right - frame.left), 0.0f, 1.0f);
    const std::size_t move = static_cast<std::size_t>(std::lround(fraction * frame.count));
    step(move == 0 ? 0 : move - 1, result);
  }
  widgets::note_control("review-graph");  // where it is, for the state hook
  return result;
}

float ReviewPanel::buttons_height(float width, float height) { return height * 2 + (width < 400 ? 6 : 8); }

ReviewPanel::Result ReviewPanel::draw_buttons(const Params& params, ImVec2 origin, float width, float height) {
  Result result;
  const float gap = width < 400 ? 6 : 8;
  const float button = (width - gap * 2) / 3;
  ImGui::PushFont(button >= 100 ? params.theme.strong : params.theme.body);
  int index = 0;
  auto action = [&](const char* label, bool enabled, const char* name) {
    ImGui::SetCursorScreenPos(ImVec2(origin.x + (index % 3) * (button + gap), origin.y + (index / 3) * (height + gap)));
    ++index;
    return widgets::button(words().translated(label).c_str(), ImVec2(button, height), enabled, name);
  };
  const GameReview& review = session_.review();
  const std::size_t at = session_.at(), size = review.size();
  const bool has_mistakes = !review.mistakes(Color::Black).empty() || !review.mistakes(Color::White).empty();
  if (action("Earlier", at > 0, "review:earlier")) step(at - 1, result);
  if (action("Later", at < size, "review:later")) step(at + 1, result);
  if (action("Next mistake", has_mistakes, "review:mistake"))
    if (const std::optional<std::size_t> next = session_.next_mistake()) step(*next, result);
  result.try_again = action("Try again", at < size && params.try_again_allowed, "review:try-again");
  result.share = action("Share", size > 0, "review:share");
  result.close = action("Close", true, "review:close");
  ImGui::PopFont();
  return result;
}

ReviewPanel::Result ReviewPanel::draw_mistakes(const Params& params, ImVec2 origin, float width, float height) {
  Result result;
  const GameReview& moves = session_.review();
  ImGui::SetCursorScreenPos(origin);
  ImGui::BeginChild("##review-mistakes", ImVec2(width, height), false, ImGuiWindowFlags_NoBackground);
  for (Color colour : {Color::Black, Color::White}) {
    ImGui::PushFont(params.theme.strong);
    ImGui::TextUnformatted(colour == Color::Black ? tr("Black's biggest mistakes") : tr("White's biggest mistakes"));
    ImGui::PopFont();
    const std::vector<std::size_t> mistakes = moves.mistakes(colour);
    if (mistakes.empty())
      ImGui::TextDisabled(
          "%s", moves.complete() ? tr("None: every move within a disc of the best.") : tr("Still reviewing…"));
    for (std::size_t index : mistakes) {
      const GameReview::Move& move = moves.moves()[index];
      const std::string line =
          tr("{number}. {square}   lost {n}   (best {best})", {{"number", index + 1},
                                                               {"square", square_name(move.played)},
                                                               {"n", move.value->loss()},
                                                               {"best", square_name(move.value->best)}});
      ImGui::PushID(static_cast<int>(index));
      const bool chosen = ImGui::Selectable(line.c_str(), session_.at() == index, 0, ImVec2(0, 26));
      const bool by_key = widgets::note_control("mistake:" + std::to_string(index + 1));
      ImGui::PopID();
      if (chosen || by_key) step(index, result);
    }
    ImGui::Spacing();
  }
  ImGui::EndChild();
  return result;
}

}  // namespace reversi
