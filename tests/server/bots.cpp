#include "server/bots.h"

#include <doctest/doctest.h>

#include "engine/notation.h"

namespace reversi::testing {

std::vector<nlohmann::json> BotLines::of(const char* key) const {
  std::vector<nlohmann::json> found;
  for (const nlohmann::json& line : all)
    if (line.contains(key)) found.push_back(line);
  return found;
}

std::unique_ptr<ChildProcess> start_bot(const TemporaryFolder& folder, const std::string& log,
                                        std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), {build_path("reversi-cli"), "bot"});
  arguments.push_back("--json");
  return std::make_unique<ChildProcess>(arguments, folder.path() / log);
}

nlohmann::json parse_line(const std::optional<std::string>& line) {
  REQUIRE_MESSAGE(line, "a bot printed nothing in time");
  const nlohmann::json parsed = nlohmann::json::parse(*line, nullptr, false);
  REQUIRE_MESSAGE(!parsed.is_discarded(), *line);
  return parsed;
}

BotLines read_lines(ChildProcess& bot, double seconds, BotLines lines) {
  for (const std::string& line : bot.read_all(seconds)) lines.all.push_back(parse_line(line));
  return lines;
}

void check_games(const BotLines& lines) {
  std::string moves_printed;
  std::size_t game = 0;
  for (const nlohmann::json& line : lines.all) {
    if (line.contains("gameStarted")) moves_printed.clear();
    if (line.contains("move")) moves_printed += line["move"].get<std::string>();
    if (!line.contains("game")) continue;
    ++game;
    CHECK(line["game"].get<int>() == static_cast<int>(game));
    const std::string transcript = line["transcript"];
    CHECK(moves_printed == transcript);
    const ReplayResult replay = replay_transcript(transcript);
    REQUIRE_MESSAGE(replay, replay.message());
    const Position& end = replay.replay->final_position;
    CHECK(line["counts"]["black"].get<int>() == count_bits(end.discs_of(Color::Black)));
    CHECK(line["counts"]["white"].get<int>() == count_bits(end.discs_of(Color::White)));
    CHECK(line["reason"] == "no-moves");
  }
}

}  // namespace reversi::testing
