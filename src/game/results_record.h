// The player's history: solo results per strength, two-player results, and
// the most recent finished games with their transcripts.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "game/game_result.h"
#include "game/game_review.h"
#include "game/players.h"

namespace reversi {

class Session;

inline constexpr std::size_t kRecentGamesKept = 20;

struct SoloTally {
  int won = 0;
  int drawn = 0;
  int lost = 0;
  bool operator==(const SoloTally&) const = default;
};

struct TwoPlayerTally {
  int black_wins = 0;
  int white_wins = 0;
  int draws = 0;
  bool operator==(const TwoPlayerTally&) const = default;
};

struct FinishedGame {
  Mode mode = Mode::Solo;
  Strength strength = Strength::Medium;  // solo: the computer's
  Color human_colour = Color::Black;     // solo: the human's
  StartVariant variant = StartVariant::StandardCross;
  std::string transcript;
  GameResult result;
  // The review made after the game (GameReview::kept), once there is one.
  std::vector<ReviewedMove> review;
  bool operator==(const FinishedGame&) const = default;
};

struct ResultsRecord {
  std::array<SoloTally, 3> solo{};  // indexed by Strength
  TwoPlayerTally two_player;
  std::vector<FinishedGame> recent;  // newest first, at most kRecentGamesKept

  SoloTally& solo_for(Strength strength) { return solo[static_cast<std::size_t>(strength)]; }
  const SoloTally& solo_for(Strength strength) const { return solo[static_cast<std::size_t>(strength)]; }

  // Counts a finished game and keeps it among the recent ones (oldest dropped).
  // Games still in progress are ignored.
  void add(const FinishedGame& game);
  // Keeps a finished review with the newest recent game of that transcript
  // that has none yet; false when there is no such game.
  bool keep_review(const std::string& transcript, const std::vector<ReviewedMove>& review);
  bool operator==(const ResultsRecord&) const = default;
};

// The session's current game as a record entry (meaningful once it is over).
FinishedGame finished_game_of(const Session& session);

}  // namespace reversi
