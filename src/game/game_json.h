// The JSON documents the app keeps (settings, results record, the game in
// progress) and the event form the embed bridge sends. Every document has a
// "version" field. Loaders take any text and return either a complete,
// checked value or a message: unknown versions, wrong types, out-of-range
// numbers, corrupt or truncated text are all errors, never exceptions, and
// nothing is ever half loaded. Saved games are re-checked by replaying them.
#pragma once

#include <string>
#include <string_view>

#include "engine/notation.h"
#include "game/game_event.h"
#include "game/results_record.h"
#include "game/session.h"
#include "game/settings.h"

namespace reversi {

inline constexpr int kSettingsVersion = 1;
inline constexpr int kRecordVersion = 1;
inline constexpr int kSavedSessionVersion = 1;

std::string settings_to_json(const Settings& settings);
Parsed<Settings> settings_from_json(std::string_view text);

std::string record_to_json(const ResultsRecord& record);
Parsed<ResultsRecord> record_from_json(std::string_view text);

// The game in progress: options, match score, every move (redo tail
// included) and the undo position.
std::string session_to_json(const SessionSnapshot& snapshot);
Parsed<SessionSnapshot> session_snapshot_from_json(std::string_view text);
// Loads and rebuilds in one step.
Parsed<Session> session_from_json(std::string_view text, ClockSource time = {}, MoveStrategy expired_move = {});

// One event as a flat object: {"type": "move", "color": "black", "square":
// "f5", "flips": ["e5"], "black": 4, "white": 1, "game": 1, ...}.
std::string event_to_json(const GameEvent& event);

}  // namespace reversi
