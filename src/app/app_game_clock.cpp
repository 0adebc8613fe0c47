// An online table's game clocks on screen: each side's time under its name
// in the score bar, the running one in the side's bright colour, the one
// waiting dim, and under ten seconds the warning colour with a tick a second
// (sounds on). The server keeps the time; these only count its readings down.
#include <cmath>
#include <cstdio>

#include "app/app.h"
#include "app/platform.h"
#include "app/theme.h"

namespace reversi {

namespace {

// "4:05"; under ten seconds "0:09.4", as the last seconds matter.
std::string clock_text(double seconds) {
  char text[16];
  if (seconds < kLowTimeSeconds)
    std::snprintf(text, sizeof text, "0:%04.1f", std::floor(seconds * 10) / 10);
  else
    std::snprintf(text, sizeof text, "%d:%02d", static_cast<int>(seconds) / 60, static_cast<int>(seconds) % 60);
  return text;
}

}  // namespace

bool App::game_clock_running() const {
  const auto shown = online() ? online_.game_clock() : std::nullopt;
  return shown && shown->running;
}

void App::add_game_clocks(widgets::ScoreBarLabels& labels) const {
  const auto shown = online() ? online_.game_clock() : std::nullopt;
  if (!shown || !session()) return;
  labels.clocks = true;
  const auto side = [&](Color color, std::string& badge, std::optional<ImU32>& colour, ImU32 waiting) {
    const double left = color == Color::Black ? shown->black : shown->white;
    const bool running = shown->running == color;
    badge = badge.empty() ? clock_text(left) : badge + " · " + clock_text(left);
    if (running && left < kLowTimeSeconds)
      colour = palette::kWarning;
    else if (!running)
      colour = waiting;
  };
  side(Color::Black, labels.black_badge, labels.black_badge_colour, palette::kTextDim);
  side(Color::White, labels.white_badge, labels.white_badge_colour, palette::kOnPearl);
}

// A tick for each second the player's own clock runs under ten seconds.
void App::tick_low_time() {
  const auto shown = online() ? online_.game_clock() : std::nullopt;
  const std::optional<Color> mine = online() ? online_.colour() : std::nullopt;
  if (!shown || !mine || shown->running != mine) return;
  const double left = *mine == Color::Black ? shown->black : shown->white;
  const int second = static_cast<int>(std::ceil(left));
  if (left >= kLowTimeSeconds || second == low_time_tick_) return;
  low_time_tick_ = second;
  if (game_.settings().sound && left > 0) platform::play_sound(platform::Sound::Flip, 7);
}

}  // namespace reversi
