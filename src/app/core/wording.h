// The words the app uses for who is who and what happened, chosen by each
// side's role (you, the computer, or the black and white players at one
// device) rather than by comparing display text.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "game/session.h"
#include "messages/table_messages.h"

namespace reversi {

enum class Role { You, Computer, BlackPlayer, WhitePlayer };

// Who plays `color` in the session's current game.
Role role_of(const Session& session, Color color);
// "Easy", "Medium", "Hard" (as the screens write them).
const char* strength_title(Strength strength);
// "You", "Computer", "Black", "White": the score bar's labels.
const char* role_label(Role role);

std::string pass_notice(const Session& session, Color passer);
std::string clock_notice(const Session& session, Color expired, Square played);
// "You win!", "The computer wins", "Black wins", "A draw".
std::string result_headline(const Session& session);
// The result card's headline, in the player's terms and with the margin:
// "You won by 12", "You lost by 50", "Black wins by 18", "A draw, 32 all".
// `mine`: the player's colour on this device (none when two share it);
// `winner_name`: how the winner is called when it is not "you".
std::string margin_headline(const GameResult& result, std::optional<Color> mine, std::string_view winner_name);
// "You resigned.", "White resigned." (empty when nobody resigned).
std::string resignation_line(const Session& session);
// How the player points: the words say "tap" on a touch screen, "click" with a mouse.
enum class Pointer { Touch, Mouse };
// The status line: whose turn, the result.
// `dots`: whether the legal moves are marked (the player may hide them).
std::string turn_line(const Session& session, bool paused, Pointer pointer = Pointer::Touch, bool dots = true);
// The match score in words for the result card: "Match: you 1 – 2 computer".
std::string match_line(const Session& session);
// "You win the match!", "The second player wins the match!" (empty until decided).
std::string match_result_line(const Session& session);

// A count of chips with its thousands marked: "1,500 chips", "1 chip".
std::string chips_words(int count);

// The arcade's milestones in words: "your first win against a person".
std::string milestone_words(messages::online::Milestone milestone);
// The notice when one is reached: "Milestone: your first win against a person. You are now level 3."
std::string milestone_notice(messages::online::Milestone milestone, int level);

// What the server refused, in the player's language: the server's own words
// in English (they can say more, a name's fault say), else the code's.
std::string server_error_words(messages::ErrorCode code, const std::string& reason);

}  // namespace reversi
