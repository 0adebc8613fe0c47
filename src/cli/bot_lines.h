// The lines `reversi-cli bot --json` prints, described like the protocol's
// messages (messages/message_fields.h), with the same spellings:
//   {"color":"black","move":"f5","ply":1}
//   {"counts":{"black":40,"white":24},"game":1,"reason":"no-moves","transcript":"f5…","winner":"black"}
#pragma once

#include <optional>
#include <string>

#include "messages/event_fields.h"

namespace reversi::cli::bot_lines {

struct Player {
  std::string player;
  std::string name;
};
// The table the bot opened (--create), and the link that sits a person down.
struct TableOpened {
  std::string player;
  std::string table;
};
struct GameStarted {
  int game_number = 1;
  std::optional<Color> color;  // the bot's; none when it only watches
};
struct Move {
  Square square = kNoMove;
  Color color = Color::Black;
  int ply = 0;
};
struct GameOver {
  int game_number = 1;
  std::string transcript;
  GameResult result;
};

namespace fields = messages::fields;

// "black", "white", or "none".
struct ColourOrNone {
  messages::Json write(const std::optional<Color>& colour) const {
    return colour ? messages::spell(messages::kColours, *colour) : "none";
  }
};

template <class Fields>
void describe(Fields& v, Player& line) {
  v.field("player", line.player, fields::Text{128});
  v.field("name", line.name, fields::Text{200});
}
template <class Fields>
void describe(Fields& v, TableOpened& line) {
  v.field("player", line.player, fields::Text{128});
  v.field("table", line.table, fields::Text{16});
  v.derived("invite", messages::online::invite_link(line.table));
}
template <class Fields>
void describe(Fields& v, GameStarted& line) {
  v.field("gameStarted", line.game_number, fields::kGameNumber);
  v.field("color", line.color, ColourOrNone{});
}
template <class Fields>
void describe(Fields& v, Move& line) {
  v.field("move", line.square, fields::SquareName{});
  v.field("color", line.color, fields::spelled(messages::kColours));
  v.field("ply", line.ply, fields::kPly);
}
template <class Fields>
void describe(Fields& v, GameOver& line) {
  v.field("game", line.game_number, fields::kGameNumber);
  v.field("transcript", line.transcript, fields::Text{messages::kMaxTranscriptBytes});
  v.object("counts", [&](auto& counts) {
    counts.field("black", line.result.black_discs, fields::kDiscs);
    counts.field("white", line.result.white_discs, fields::kDiscs);
  });
  v.field("winner", line.result.outcome, fields::spelled(messages::kWinners));
  v.field("reason", line.result.reason, fields::spelled(messages::kEndReasons));
}

}  // namespace reversi::cli::bot_lines
