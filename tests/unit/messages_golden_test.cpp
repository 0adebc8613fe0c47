// The wire format, byte for byte: one of every client and server message and
// every host-page event (tests/golden_messages.h), encoded, against the text
// the hand-written codec produced (main at 757028d). The web client,
// reversi-cli bots, the browser tests' raw JSON and saved data depend on
// these texts; a change here is a protocol change (docs/protocol.md). Each
// text also decodes, and encodes back to itself.
#include <doctest/doctest.h>

#include "golden_messages.h"

using namespace reversi;
using namespace reversi::messages;
using namespace reversi::messages::online;

namespace {

// clang-format off
const char* const kClientTexts[] = {
    R"({"type":"hello","v":1})",
    R"({"player":"p_x","resume":{"seq":41,"table":"K7M2QX"},"secret":"ab12","token":"payload.signature","type":"hello","v":1})",
    R"({"link":"ABCD2345","type":"hello","v":1})",
    R"({"name":"Ada \"Lovelace\" é","type":"set-name"})",
    R"({"options":{"clock":0,"matchLength":5,"start":"standard"},"private":true,"type":"open-table"})",
    R"({"options":{"clock":12.5,"matchLength":1,"start":"empty-centre"},"private":false,"type":"open-table"})",
    R"({"code":"K7M2QX","type":"join-table"})",
    R"({"strength":"hard","type":"seat-computer"})",
    R"({"private":false,"type":"set-private"})",
    R"({"type":"leave-table"})",
    R"({"type":"watch-open-tables"})",
    R"({"type":"unwatch-open-tables"})",
    R"({"ply":7,"square":"f5","type":"play"})",
    R"({"type":"resign"})",
    R"({"type":"next-game"})",
    R"({"type":"rematch"})",
    R"({"type":"transfer-seat"})",
    R"({"code":"9XK2PW","type":"claim-seat"})",
    R"({"period":"month","type":"get-leaderboard"})",
    R"({"player":"p_ada","type":"get-player"})",
    R"({"type":"get-player"})",
    R"({"type":"get-history"})",
    R"({"text":"good game","type":"chat"})",
    R"({"muted":false,"player":"p_bob","type":"mute"})",
    R"({"note":"called me names","player":"p_bob","reason":"abuse","type":"report"})",
    R"({"player":"p_bob","reason":"cheating","type":"report"})",
    R"({"type":"get-chips"})",
    R"({"type":"delete-player"})",
    R"({"type":"link-device"})",
    R"({"options":{"clock":0,"gameClock":{"increment":2,"seconds":180},"matchLength":3,"start":"standard"},"private":false,"type":"open-table"})",
};
const char* const kServerTexts[] = {
    R"({"name":"Guest 4821","player":"p_ada","secret":"3f9a","table":"K7M2QX","type":"welcome"})",
    R"({"name":"Ada","player":"p_ada","type":"welcome"})",
    R"({"code":"K7M2QX","invite":"/?table=K7M2QX","options":{"clock":45,"matchLength":3,"start":"empty-centre"},"owner":"p_ada","phase":"between-games","private":false,"seats":[{"connected":true,"name":"Ada","player":"p_ada"},{"computer":"hard"}],"seq":12,"type":"table"})",
    R"({"clock":{"color":"black","held":12.5,"seconds":45.0},"code":"K7M2QX","invite":"/?table=K7M2QX","options":{"clock":45,"matchLength":3,"start":"empty-centre"},"owner":"p_ada","phase":"between-games","private":false,"seats":[null,{"connected":false,"name":"Bob","player":"p_bob"}],"seq":12,"type":"table"})",
    R"({"tables":[{"code":"K7M2QX","host":{"level":3,"name":"Ada","player":"p_ada"},"options":{"clock":45,"matchLength":1,"start":"standard"}},{"code":"Q2W3E4","host":{"level":1,"name":"Bob","player":"p_bob"},"options":{"clock":0,"matchLength":5,"start":"empty-centre"}}],"type":"open-tables"})",
    R"({"tables":[],"type":"open-tables"})",
    R"({"colors":{"black":"p_ada","white":"computer"},"gameNumber":2,"match":{"first":1,"length":3,"over":false,"second":0},"options":{"clock":30,"matchLength":3,"start":"empty-centre"},"seq":3,"type":"game-started"})",
    R"({"clock":{"color":"white","seconds":44.5},"color":"black","counts":{"black":4,"white":1},"flips":["e5"],"next":"white","ply":1,"seq":4,"square":"f5","type":"move"})",
    R"({"clock":null,"color":"white","counts":{"black":30,"white":34},"flips":["b2","c3"],"next":null,"ply":60,"seq":60,"square":"a1","type":"move"})",
    R"({"color":"white","ply":7,"seq":9,"type":"pass"})",
    R"({"color":"black","seq":12,"square":"c4","type":"clock-expired"})",
    R"({"counts":{"black":20,"white":30},"gameNumber":1,"reason":"abandoned","result":"white","seq":70,"transcript":"f5d6","type":"game-over"})",
    R"({"counts":{"black":20,"white":30},"durationSeconds":93.3,"gameNumber":2,"reason":"abandoned","result":"white","seq":70,"transcript":"f5d6","type":"game-over","unrated":"daily-limit"})",
    R"({"reason":"the game was left before both players had moved","seq":5,"type":"game-aborted"})",
    R"({"games":2,"length":3,"result":"second","score":{"first":0,"second":2},"seq":71,"type":"match-over"})",
    R"({"games":2,"length":1,"result":"draw","score":{"first":0,"second":0},"seq":72,"type":"match-over"})",
    R"({"player":"p_ada","type":"rematch-offered"})",
    R"({"player":"p_ada","seconds":40,"type":"opponent-away"})",
    R"({"player":"p_ada","type":"opponent-back"})",
    R"({"board":"---------------------------OX------XXX--------------------------","clock":{"color":"white","seconds":45.0},"colors":{"black":"p_ada","white":"p_bob"},"counts":{"black":4,"white":1},"endReason":"none","gameNumber":1,"lastMove":"f5","legalMoves":["f4","d6","f6"],"match":{"first":0,"length":1,"over":false,"second":0},"options":{"clock":45,"color":"black","matchLength":1,"mode":"two-player","start":"standard","strength":"medium"},"over":false,"paused":false,"phase":"playing","ply":1,"seq":5,"sideToMove":"white","table":{"code":"K7M2QX","invite":"/?table=K7M2QX","options":{"clock":45,"matchLength":3,"start":"empty-centre"},"owner":"p_ada","phase":"between-games","private":false,"seats":[{"connected":true,"name":"Ada","player":"p_ada"},{"computer":"hard"}],"seq":12,"type":"table"},"transcript":"f5","type":"state","winner":null})",
    R"({"code":"9XK2PW","expiresIn":120,"link":"/?claim=9XK2PW","type":"transfer-code"})",
    R"({"type":"seat-moved"})",
    R"({"code":"stale-ply","reason":"That move was made on an older position.","request":"play","type":"error"})",
    R"({"entries":[{"level":3,"name":"Ada","player":"p_ada","points":24,"rank":1},{"level":2,"name":"Bob","player":"p_bob","points":11,"rank":2}],"from":"2026-11-30","period":"week","to":"2026-12-07","type":"leaderboard","you":{"level":2,"name":"Cy","player":"p_cy","points":1,"rank":140}})",
    R"({"entries":[],"from":"2026-01-01","period":"year","to":"2027-01-01","type":"leaderboard","you":null})",
    R"({"games":14,"level":3,"milestones":[{"milestone":"first-game","reached":1796000000},{"milestone":"first-win","reached":1796000100}],"name":"Ada","player":"p_ada","points":{"month":30,"week":24,"year":120},"type":"player","wins":9})",
    R"({"chips":530,"games":0,"level":1,"milestones":[],"name":"Ada","player":"p_ada","points":{"month":0,"week":0,"year":0},"type":"player","wins":0})",
    R"({"games":[{"code":"K7M2QX","color":"white","counts":{"opponent":20,"own":33},"ended":1796000000,"game":1,"match":2,"opponent":{"name":"Bob","player":"p_bob"},"points":10,"rated":true,"reason":"resignation","result":"win","transcript":"f5d6c3"},{"code":"Q2W3E4","color":"black","counts":{"opponent":52,"own":12},"ended":1796000500,"game":1,"match":1,"opponent":{"computer":"hard"},"points":0,"rated":false,"reason":"no-moves","result":"loss","transcript":"f5f6"}],"match":[{"code":"K7M2QX","color":"white","counts":{"opponent":20,"own":33},"ended":1796000000,"game":1,"match":2,"opponent":{"name":"Bob","player":"p_bob"},"points":10,"rated":true,"reason":"resignation","result":"win","transcript":"f5d6c3"}],"type":"history"})",
    R"({"level":4,"milestone":"three-opponents","type":"milestone"})",
    R"({"at":1800000000,"from":"p_ada","id":7,"name":"Ada","text":"nice *** move","type":"chat"})",
    R"({"messages":[{"at":1800000000,"from":"p_ada","id":7,"name":"Ada","text":"nice *** move","type":"chat"},{"at":1800000001,"from":"p_bob","id":8,"name":"Bob","text":"thanks","type":"chat"}],"type":"chat-history"})",
    R"({"messages":[],"type":"chat-history"})",
    R"({"players":["p_bob","h_carol"],"type":"mutes"})",
    R"({"player":"p_bob","type":"reported"})",
    R"({"balance":470,"dailyLimit":1500,"leaveCost":45,"stake":45,"type":"chips","wonToday":90})",
    R"({"balance":440,"entries":[{"at":1796000600,"balanceAfter":440,"delta":-60,"match":2,"reason":"left","table":"K7M2QX"},{"at":1796000400,"balanceAfter":500,"delta":60,"match":1,"reason":"match-won","table":"Q2W3E4"}],"type":"chips-ledger"})",
    R"({"type":"player-deleted"})",
    R"({"code":"ABCD2345","expiresIn":300,"link":"/?link=ABCD2345","type":"link-code"})",
    R"({"added":[{"at":0,"code":"Q2W3E4","host":{"level":1,"name":"Bob","player":"p_bob"},"options":{"clock":0,"matchLength":5,"start":"empty-centre"}}],"changed":[{"code":"K7M2QX","host":{"level":3,"name":"Ada","player":"p_ada"},"options":{"clock":45,"matchLength":1,"start":"standard"}}],"removed":["9XK2PW"],"type":"open-tables-changed"})",
    R"({"added":[],"changed":[],"removed":[],"type":"open-tables-changed"})",
    R"({"code":"K7M2QX","gameClock":{"at":1800000000000,"black":151250,"held":15000,"running":"black","white":300000},"invite":"/?table=K7M2QX","options":{"clock":0,"gameClock":{"increment":3,"seconds":300},"matchLength":1,"start":"standard"},"owner":"p_ada","phase":"playing","private":false,"seats":[{"connected":true,"name":"Ada","player":"p_ada"},{"computer":"hard"}],"seq":12,"type":"table"})",
    R"({"clock":null,"color":"black","counts":{"black":4,"white":1},"flips":["e5"],"gameClock":{"at":1800000000123,"black":52000,"running":"white","white":180000},"next":"white","ply":1,"seq":5,"square":"f5","type":"move"})",
    R"({"counts":{"black":20,"white":30},"gameNumber":1,"reason":"time","result":"white","seq":73,"transcript":"f5d6","type":"game-over"})",
};
const char* const kEventTexts[] = {
    R"({"apiVersion":1,"supports":["new-game","play"],"type":"ready"})",
    R"({"apiVersion":1,"ignored":["?mode=duel: 'mode' should be \"solo\" or \"two-player\""],"supports":["get-state"],"type":"ready"})",
    R"({"colors":{"black":"computer","white":"human"},"gameNumber":2,"options":{"clock":0,"color":"black","matchLength":3,"mode":"solo","start":"standard","strength":"hard"},"type":"game-started"})",
    R"({"colors":{"black":"human","white":"computer"},"gameNumber":1,"options":{"clock":0,"color":"black","matchLength":1,"mode":"solo","start":"standard","strength":"medium"},"type":"game-started"})",
    R"({"color":"black","counts":{"black":4,"white":1},"flips":["e5"],"next":"white","ply":1,"square":"f5","type":"move"})",
    R"({"color":"white","counts":{"black":30,"white":34},"flips":["b2"],"next":null,"ply":60,"square":"a1","type":"move"})",
    R"({"color":"white","ply":7,"type":"pass"})",
    R"({"color":"black","square":"c4","type":"clock-expired"})",
    R"({"counts":{"black":2,"white":2},"ply":0,"type":"undo"})",
    R"({"counts":{"black":4,"white":1},"ply":1,"type":"redo"})",
    R"({"counts":{"black":32,"white":32},"gameNumber":1,"reason":"no-moves","result":"draw","transcript":"f5d6","type":"game-over"})",
    R"({"counts":{"black":40,"white":24},"durationSeconds":61.3,"gameNumber":3,"reason":"resignation","result":"black","transcript":"f5","type":"game-over"})",
    R"({"games":3,"length":3,"result":"first","score":{"first":2,"second":1},"type":"match-over"})",
    R"({"games":2,"length":1,"result":"draw","score":{"first":0,"second":0},"type":"match-over"})",
    R"({"board":"---------------------------OX------XXX--------------------------","clock":null,"counts":{"black":4,"white":1},"endReason":"none","gameNumber":1,"lastMove":"f5","legalMoves":["f4","d6","f6"],"match":{"first":0,"length":1,"over":false,"second":0},"options":{"clock":0,"color":"black","matchLength":1,"mode":"solo","start":"standard","strength":"medium"},"over":false,"paused":true,"phase":"paused","ply":1,"sideToMove":"white","transcript":"f5","type":"state","winner":null})",
    R"({"invite":"https://example.com/?table=K7M2QX","table":"K7M2QX","type":"table-opened"})",
    R"({"computer":false,"name":"Bob","table":"K7M2QX","type":"opponent-joined"})",
    R"({"computer":true,"name":"Computer","table":"K7M2QX","type":"opponent-joined"})",
    R"({"color":"white","gameNumber":2,"opponent":"Bob","options":{"clock":45,"matchLength":3,"start":"empty-centre"},"table":"K7M2QX","type":"online-game-started"})",
    R"({"counts":{"black":32,"white":32},"gameNumber":1,"outcome":"draw","rated":true,"reason":"no-moves","result":"draw","table":"K7M2QX","transcript":"f5d6","type":"online-game-over"})",
    R"({"counts":{"black":32,"white":32},"gameNumber":2,"outcome":"won","rated":false,"reason":"no-moves","result":"draw","table":"K7M2QX","transcript":"f5d6","type":"online-game-over","unrated":"short"})",
    R"({"reason":"That square is not a legal move.","request":"play","type":"error"})",
    R"({"level":2,"milestone":"first-win","type":"milestone"})",
};
// clang-format on

template <class Message, std::size_t N, class Encode, class Decode>
void check_golden(const std::vector<Message>& messages, const char* const (&texts)[N], Encode encode, Decode decode) {
  REQUIRE(messages.size() == N);
  for (std::size_t index = 0; index < N; ++index) {
    const std::string text = encode(messages[index]);
    CHECK(text == texts[index]);
    const auto decoded = decode(text);
    REQUIRE_MESSAGE(bool(decoded), decoded.error.message);
    CHECK(encode(*decoded.value) == text);
  }
}

}  // namespace

TEST_CASE("golden: every client message is written as it always was") {
  check_golden(testing::golden_client_messages(), kClientTexts, encode_client_message, decode_client_message);
}

TEST_CASE("golden: every server message is written as it always was") {
  check_golden(testing::golden_server_messages(), kServerTexts, encode_server_message, decode_server_message);
}

TEST_CASE("golden: every host-page event is written as it always was") {
  check_golden(testing::golden_events(), kEventTexts, encode_event,
               [](const std::string& text) { return decode_event(std::string_view(text)); });
}
