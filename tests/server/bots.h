// reversi-cli bots for the server's process tests: started with --json,
// their lines read and parsed, and their finished games checked.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/processes.h"

namespace reversi::testing {

struct BotLines {
  std::vector<nlohmann::json> all;
  std::vector<nlohmann::json> of(const char* key) const;
};

// `reversi-cli bot ARGUMENTS… --json`, its stderr in `log` inside `folder`.
std::unique_ptr<ChildProcess> start_bot(const TemporaryFolder& folder, const std::string& log,
                                        std::vector<std::string> arguments);
nlohmann::json parse_line(const std::optional<std::string>& line);
// Every line until the bot ends (or `seconds` pass), after `lines`.
BotLines read_lines(ChildProcess& bot, double seconds, BotLines lines = {});
// Each game's transcript replays, its counts are the final position's, and
// the moves printed for it are the transcript's.
void check_games(const BotLines& lines);

}  // namespace reversi::testing
