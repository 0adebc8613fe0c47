// The documents the app keeps between visits: settings, the results record
// and the game in progress. Each has a "version"; version 2 writes options
// in the same form as every message (options.h), and version 1 documents,
// written before, are still read. Loaders take any text and return either a
// complete, checked value or a message; nothing is ever half loaded, and
// saved games are re-checked by replaying them.
#pragma once

#include <string>
#include <string_view>

#include "game/results_record.h"
#include "game/session.h"
#include "game/settings.h"
#include "messages/codec.h"

namespace reversi::messages {

inline constexpr int kDocumentVersion = 2;

std::string settings_to_json(const Settings& settings);
Decoded<Settings> settings_from_json(std::string_view text);

std::string record_to_json(const ResultsRecord& record);
Decoded<ResultsRecord> record_from_json(std::string_view text);

// The game in progress: options, match score, every move (redo tail
// included) and the undo position.
std::string session_to_json(const SessionSnapshot& snapshot);
Decoded<SessionSnapshot> session_snapshot_from_json(std::string_view text);
// Loads and rebuilds in one step.
Decoded<Session> session_from_json(std::string_view text, ClockSource time = {});

}  // namespace reversi::messages
