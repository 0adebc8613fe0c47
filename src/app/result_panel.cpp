// The result card (app/result_panel.h).
#include "app/result_panel.h"

#include <imgui.h>

#include <algorithm>

#include "app/core/wording.h"
#include "app/core/words.h"
#include "app/widgets.h"

namespace reversi {

namespace {

// The buttons' block (the main choice over two rows of two) and the space
// between it and the words.
constexpr float kButtons = 48 * 3 + 10 * 2;
constexpr float kGap = 14;
// The longest the biggest-mistake line gets, measured so that the card keeps
// its height when the valuing ends.
const Text kLongestMistake = Text("Your biggest mistake: move {move}, {n} discs given away.");

}  // namespace

float ResultPanel::height(const Params& params, float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float inner = width - 2 * style.WindowPadding.x;
  // A line of words as drawn: wrapped at the card's width, then the spacing.
  auto words = [&](const std::string& text) {
    return ImGui::CalcTextSize(text.c_str(), nullptr, false, inner).y + style.ItemSpacing.y;
  };
  float total = 2 * style.WindowPadding.y + params.theme.title->FontSize + style.ItemSpacing.y;
  total += words(tr("Black {black}  ·  White {white}", {{"black", 64}, {"white", 64}}));
  total += std::max(words(tr(kLongestMistake, {{"move", 60}, {"n", 64}})), words(mistake_line(params)));
  if (params.online) {
    if (!params.online->ending().empty()) total += words(params.online->ending());
    total += words(params.online->points_line());
    if (const std::string chips = params.online->chips_line(); !chips.empty()) total += words(chips);
  } else if (params.session.game().result().reason == EndReason::Resignation) {
    total += words(resignation_line(params.session));
  }
  const Match& match = params.session.match();
  if (match.length() > 1) total += words(match_line(params.session)) * (match.is_over() ? 2 : 1);
  return total + kGap + kButtons;
}

std::optional<std::size_t> ResultPanel::biggest_mistake(const Params& params) {
  if (!params.review || !params.review->started() ||
      params.review->game().transcript() != params.session.game().transcript())
    return std::nullopt;
  return params.review->biggest_mistake(params.mine);
}

std::string ResultPanel::mistake_line(const Params& params) {
  const bool ours = params.review && params.review->started() &&
                    params.review->game().transcript() == params.session.game().transcript();
  if (!ours || params.review->review().reviewable() == 0) return "";
  if (!params.review->review().complete()) return tr("Looking for the turning points…");
  const std::optional<std::size_t> mistake = biggest_mistake(params);
  if (!mistake)
    return params.mine ? tr("No mistake of yours cost 2 discs or more.") : tr("No mistake cost 2 discs or more.");
  const int loss = params.review->review().moves()[*mistake].value->loss();
  const std::initializer_list<WordArg> said = {{"move", *mistake + 1}, {"n", loss}};
  return params.mine ? trn("Your biggest mistake: move {move}, {n} disc given away.",
                           "Your biggest mistake: move {move}, {n} discs given away.", loss, said)
                     : trn("The biggest mistake: move {move}, {n} disc given away.",
                           "The biggest mistake: move {move}, {n} discs given away.", loss, said);
}

std::string ResultPanel::headline(const Params& params) {
  const GameResult result = params.session.game().result();
  if (result.reason == EndReason::NoMoves) {
    std::string winner;
    if (const std::optional<Color> colour = result.winner())
      winner = params.online ? (colour == params.mine ? std::string(tr("You")) : params.online->name_of(*colour))
                             : role_label(role_of(params.session, *colour));
    return margin_headline(result, params.mine, winner);
  }
  if (!params.online) return result_headline(params.session);
  std::string online = params.online->result_headline();
  if (!online.empty() && online.back() == '.') online.pop_back();
  return online;
}

ResultPanel::Result ResultPanel::draw(const Params& params) {
  Result result;
  const float width = ImGui::GetContentRegionAvail().x;
  const Match& match = params.session.match();
  draw_words(params);
  // The buttons at the card's foot, however many lines the words took.
  ImGui::SetCursorPosY(
      std::max(ImGui::GetCursorPosY() + kGap, ImGui::GetWindowHeight() - ImGui::GetStyle().WindowPadding.y - kButtons));
  const float half = (width - 10) * 0.5f;
  if (params.online) {
    draw_online_choices(params, width, result);
    return result;
  }
  if (match.length() > 1 && !match.is_over()) {
    if (widgets::wide_button(tr("Next game"), width, true)) {
      result.next_game = true;
      return result;
    }
  } else if (widgets::wide_button(match.length() > 1 ? tr("New match, same options") : tr("Rematch"), width, true)) {
    result.rematch = true;
    return result;
  }
  draw_review_and_share(params, half, result);
  if (result.review || result.review_mistake) return result;
  result.view_board = widgets::wide_button(tr("View board"), half);
  ImGui::SameLine(0, 10);
  result.new_game = widgets::wide_button(tr("New game…"), half);
  return result;
}

void ResultPanel::draw_review_and_share(const Params& params, float half, Result& result) {
  // Once the game is valued (it is, in the background, while the card shows)
  // the review opens where it teaches most: the player's biggest mistake.
  if (const std::optional<std::size_t> mistake = biggest_mistake(params)) {
    const std::string label = tr("Review move {n}", {{"n", *mistake + 1}});
    result.review_mistake = widgets::button(label.c_str(), ImVec2(half, 48), true, "Review the game");
  } else {
    result.review = widgets::button(tr("Review the game"), ImVec2(half, 48), true, "Review the game");
  }
  if (result.review || result.review_mistake) return;
  ImGui::SameLine(0, 10);
  result.share = widgets::wide_button(tr("Share"), half);
}

// The headline, the discs, how it ended (online: the points and chips), and the match.
void ResultPanel::draw_words(const Params& params) {
  const Session& session = params.session;
  const GameResult result = session.game().result();
  const Match& match = session.match();
  ImGui::PushFont(params.theme.title);
  ImGui::TextUnformatted(headline(params).c_str());
  ImGui::PopFont();
  ImGui::TextUnformatted(
      tr("Black {black}  ·  White {white}", {{"black", result.black_discs}, {"white", result.white_discs}}).c_str());
  if (const std::string mistake = mistake_line(params); !mistake.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped("%s", mistake.c_str());
    ImGui::PopStyleColor();
  }
  if (const OnlineTable* online = params.online) {
    if (!online->ending().empty()) ImGui::TextUnformatted(online->ending().c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
    ImGui::TextWrapped("%s", online->points_line().c_str());
    ImGui::PopStyleColor();
    if (const std::string chips = online->chips_line(); !chips.empty()) ImGui::TextWrapped("%s", chips.c_str());
  } else if (result.reason == EndReason::Resignation) {
    ImGui::TextUnformatted(resignation_line(session).c_str());
  }
  if (match.length() > 1) {
    ImGui::TextUnformatted(match_line(session).c_str());
    if (match.is_over()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kCopperBright));
      ImGui::TextUnformatted(match_result_line(session).c_str());
      ImGui::PopStyleColor();
    }
  }
}

// At a table: the next game of a match, or a call-back.
void ResultPanel::draw_online_choices(const Params& params, float width, Result& result) {
  const OnlineTable& online = *params.online;
  const auto* table = online.table();
  const bool between = table && table->phase == messages::TablePhase::BetweenGames;
  const bool alone = table && table->phase == messages::TablePhase::Waiting;  // the opponent left
  const float half = (width - 10) * 0.5f;
  if (alone) {
    result.invite = widgets::wide_button(tr("Invite someone else"), width, true);
  } else if (between) {
    result.online_next_game = widgets::wide_button(tr("Next game"), width, true);
  } else {
    const char* label = online.rematch_asked()     ? tr("Waiting for an answer…")
                        : online.rematch_offered() ? tr("Accept: play again")
                                                   : tr("Play again");
    result.play_again = widgets::button(label, ImVec2(width, 48), !online.rematch_asked());
  }
  draw_review_and_share(params, half, result);
  if (result.review || result.review_mistake) return;
  result.view_board = widgets::wide_button(tr("View board"), half);
  ImGui::SameLine(0, 10);
  result.leave = widgets::wide_button(tr("Leave the table"), half);
}

}  // namespace reversi
