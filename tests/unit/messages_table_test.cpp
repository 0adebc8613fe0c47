// The online protocol's codec (messages/table_messages.h): every message
// round-trips, the refusals say why, and the limits hold.
#include <doctest/doctest.h>

#include "game/session.h"
#include "golden_messages.h"
#include "messages/table_messages.h"

using namespace reversi;
using namespace reversi::messages;
using namespace reversi::messages::online;

namespace {

template <class Message, class Encode, class Decode>
void check_round_trip(const Message& message, Encode encode, Decode decode) {
  const std::string text = encode(message);
  const auto decoded = decode(text);
  INFO(text);
  REQUIRE_MESSAGE(bool(decoded), decoded.error.message);
  CHECK(*decoded.value == message);
  CHECK(encode(*decoded.value) == text);
}

void check_client(const ClientMessage& message) {
  check_round_trip(message, encode_client_message, decode_client_message);
}
void check_server(const ServerMessage& message) {
  check_round_trip(message, encode_server_message, decode_server_message);
}

server::Table sample_table() { return testing::golden_table(); }

}  // namespace

TEST_CASE("table messages: every client message round-trips") {
  check_client(client::Hello{});
  check_client(client::Hello{"p_x", "ab12", std::nullopt, Resume{"K7M2QX", 41}});
  check_client(client::Hello{std::nullopt, std::nullopt, "payload.signature", std::nullopt});
  check_client(client::SetName{"Ada Lovelace"});
  check_client(client::OpenTable{TableOptions{5, 0, StartVariant::StandardCross}, true});
  check_client(client::JoinTable{"K7M2QX"});
  check_client(client::SeatComputer{Strength::Hard});
  check_client(client::SetPrivate{false});
  check_client(client::LeaveTable{});
  check_client(client::WatchOpenTables{});
  check_client(client::UnwatchOpenTables{});
  check_client(client::Play{square_at(5, 4), 0});
  check_client(client::Resign{});
  check_client(client::NextGame{});
  check_client(client::Rematch{});
  check_client(client::TransferSeat{});
  check_client(client::ClaimSeat{"9XK2PW"});
  check_client(client::GetLeaderboard{Period::Month});
  check_client(client::GetPlayer{"p_ada"});
  check_client(client::GetPlayer{std::nullopt});
  check_client(client::GetHistory{});
  check_client(client::GetChips{});
  check_client(client::DeletePlayer{});
  check_client(client::LinkDevice{});
  client::Hello linked;
  linked.link = "ABCD2345";
  check_client(linked);
}

TEST_CASE("table messages: every server message round-trips") {
  check_server(server::Welcome{"p_ada", "Guest 4821", "3f9a", "K7M2QX"});
  check_server(server::Welcome{"p_ada", "Ada", std::nullopt, std::nullopt});
  check_server(sample_table());
  check_server(server::OpenTables{{{"K7M2QX", "p_ada", "Ada", 3, TableOptions{}}}});
  check_server(server::GameStarted{3, 1, "p_ada", "computer", TableOptions{}, MatchScore{3, 0, 0, false}});
  events::Move move{square_at(5, 4), Color::Black, bit(square_at(4, 4)), Counts{4, 1}, Color::White, 1};
  check_server(server::Move{4, move, server::ClockReading{Color::White, 44.5}});
  check_server(server::Move{4, move, std::nullopt});
  check_server(server::Pass{9, events::Pass{Color::White, 7}});
  check_server(server::ClockExpired{12, events::ClockExpired{Color::Black, square_at(2, 3)}});
  GameResult result{Outcome::WhiteWins, EndReason::Abandoned, 20, 30};
  check_server(server::GameOver{70, events::GameOver{result, "f5d6", 1, std::nullopt}});
  check_server(server::GameOver{70, events::GameOver{result, "f5d6", 1, std::nullopt}, Unrated::Short});
  check_server(server::GameOver{70, events::GameOver{result, "f5d6", 1, std::nullopt}, Unrated::DailyLimit});
  check_server(server::GameAborted{5, "the game was left before both players had moved"});
  check_server(server::MatchOver{71, events::MatchOver{2, Seat::Second, MatchScore{3, 0, 2, true}}});
  check_server(server::RematchOffered{"p_ada"});
  check_server(server::OpponentAway{"p_ada", 40});
  check_server(server::OpponentBack{"p_ada"});
  check_server(server::TransferCode{"9XK2PW", 120});
  check_server(server::SeatMoved{});
  check_server(server::PlayerDeleted{});
  check_server(server::LinkCode{"ABCD2345", 300});
  // The table says the mover's clock while a timed game is played, held still after a restart.
  server::Table timed = sample_table();
  timed.clock = server::ClockReading{Color::Black, 45, 12.5};
  check_server(timed);
  check_server(server::Error{ErrorCode::StalePly, "That move was made on an older position.", "play"});
  check_server(server::Leaderboard{Period::Week,
                                   "2026-11-30",
                                   "2026-12-07",
                                   {{1, "p_ada", "Ada", 24, 3}, {2, "p_bob", "Bob", 11, 2}},
                                   server::LeaderboardEntry{140, "p_cy", "Cy", 1, 2}});
  check_server(server::Leaderboard{Period::Year, "2026-01-01", "2027-01-01", {}, std::nullopt});
  check_server(server::PlayerCard{
      "p_ada", "Ada", 3, {{Milestone::FirstGame, 1796000000}, {Milestone::FirstWin, 1796000100}}, 24, 30, 120, 14, 9});
  server::HistoryGame person{
      "K7M2QX", 2,    1,  "p_bob", "Bob",    std::nullopt, Color::White, GameOutcome::Win, EndReason::Resignation,
      10,       true, 33, 20,      "f5d6c3", 1796000000};
  server::HistoryGame computer{"Q2W3E4",           1, 1,     "", "", Strength::Hard, Color::Black, GameOutcome::Loss,
                               EndReason::NoMoves, 0, false, 12, 52, "f5f6",         1796000500};
  check_server(server::History{{person, computer}, {person}});
  check_server(server::MilestoneReached{Milestone::ThreeOpponents, 4});
  check_server(server::Chips{470, 45, 45, 90, kDailyChipWinLimit});
  check_server(server::Chips{0, 0, 0, 0, kDailyChipWinLimit});
  check_server(server::ChipsLedger{440,
                                   {{-60, 440, ChipReason::Left, "K7M2QX", 2, 1796000600},
                                    {0, 500, ChipReason::LimitReached, "K7M2QX", 1, 1796000500},
                                    {60, 500, ChipReason::MatchWon, "Q2W3E4", 1, 1796000400}}});
  check_server(server::ChipsLedger{500, {}});
  check_server(server::PlayerCard{"p_ada", "Ada", 1, {}, 0, 0, 0, 0, 0, 530});

  Session session(session_options_of(TableOptions{}, std::nullopt, Color::Black), 7, [] { return 0.0; });
  session.play(square_at(5, 4));
  server::State state{5,       sample_table(), game_state_of(session, false),
                      "p_ada", "p_bob",        server::ClockReading{Color::White, 45}};
  state.game.clock = 45;
  check_server(state);
}

TEST_CASE("table messages: refusals name the problem, and limits hold") {
  auto problem = [](std::string_view text) { return decode_client_message(text).error.problem; };
  CHECK(problem("{not json") == DecodeProblem::Malformed);
  CHECK(problem("[1,2]") == DecodeProblem::Malformed);
  CHECK(problem(R"({"type":"fly"})") == DecodeProblem::UnknownType);
  CHECK(problem(R"({"type":"play","square":"z9","ply":0})") == DecodeProblem::OutOfRange);
  CHECK(problem(R"({"type":"play","square":"f5"})") == DecodeProblem::MissingField);
  CHECK(problem(R"({"type":"hello","v":2})") == DecodeProblem::UnsupportedVersion);
  CHECK(problem(R"({"type":"hello","player":"p_x"})") == DecodeProblem::MissingField);
  CHECK(problem(R"({"type":"open-table","options":{"clock":5}})") == DecodeProblem::OutOfRange);
  CHECK(problem(R"({"type":"open-table","options":{"matchLength":2}})") == DecodeProblem::OutOfRange);
  CHECK(problem(R"({"type":"open-table","options":{"colour":"black"}})") == DecodeProblem::UnknownType);
  CHECK(problem(R"({"type":"join-table","code":"K7M2Q0"})") == DecodeProblem::OutOfRange);
  const std::string big = R"({"type":"set-name","name":")" + std::string(5000, 'a') + "\"}";
  CHECK(problem(big) == DecodeProblem::TooLarge);
  CHECK_FALSE(decode_client_message(R"({"type":"fly"})").error.message.empty());

  // Device-link codes: eight letters and digits, read forgivingly, never beside a player or token.
  CHECK(problem(R"({"type":"hello","v":1,"link":"ABCD234"})") == DecodeProblem::OutOfRange);
  CHECK(problem(R"({"type":"hello","v":1,"link":"ABCD23450"})") == DecodeProblem::OutOfRange);
  CHECK(problem(R"({"type":"hello","v":1,"link":"ABCD-2340"})") == DecodeProblem::OutOfRange);
  CHECK(problem(R"({"type":"hello","v":1,"link":"ABCD2345","player":"p_x","secret":"s"})") ==
        DecodeProblem::OutOfRange);
  const auto linked = decode_client_message(R"({"type":"hello","v":1,"link":"abcd-2345"})");
  REQUIRE(linked);
  CHECK(std::get<client::Hello>(*linked.value).link == std::optional<std::string>("ABCD2345"));
  CHECK(decode_server_message(R"({"type":"game-over","seq":3,"result":"black","reason":"resignation",)"
                              R"("counts":{"black":5,"white":1},"transcript":"f5","gameNumber":1,"unrated":"lazy"})")
            .error.problem == DecodeProblem::OutOfRange);
  const auto join = decode_client_message(R"({"type":"join-table","code":"k7m2qx"})");
  REQUIRE(join);
  CHECK(std::get<client::JoinTable>(*join.value).code == "K7M2QX");  // codes are read case-insensitively
  const auto open = decode_client_message(R"({"type":"open-table"})");
  REQUIRE(open);
  CHECK(std::get<client::OpenTable>(*open.value).options == TableOptions{1, 45, StartVariant::StandardCross});
}

TEST_CASE("table messages: a game clock is read whole, and a forged one is refused with the reason") {
  auto refused = [](std::string_view game_clock) {
    const std::string text =
        R"({"type":"open-table","options":{"clock":0,"gameClock":)" + std::string(game_clock) + "}}";
    return decode_client_message(text).error;
  };
  const auto three_two =
      decode_client_message(R"({"type":"open-table","options":{"clock":0,"gameClock":{"seconds":180,"increment":2}}})");
  REQUIRE(three_two);
  const TableOptions options = std::get<client::OpenTable>(*three_two.value).options;
  CHECK(options.game_clock == GameClockOptions{180, 2});
  CHECK(options.clock == 0);
  CHECK(refused(R"({"seconds":0,"increment":0})").problem == DecodeProblem::OutOfRange);      // 0+0
  CHECK(refused(R"({"seconds":60000,"increment":0})").problem == DecodeProblem::OutOfRange);  // 1000 minutes
  CHECK(refused(R"({"seconds":180,"increment":-1})").problem == DecodeProblem::OutOfRange);
  CHECK(refused(R"({"seconds":180,"increment":61})").problem == DecodeProblem::OutOfRange);
  CHECK(refused(R"({"seconds":180.5,"increment":2})").problem == DecodeProblem::WrongType);
  CHECK(refused(R"({"seconds":180})").problem == DecodeProblem::MissingField);
  CHECK(refused(R"({"seconds":180,"increment":2,"delay":5})").problem == DecodeProblem::UnknownType);
  CHECK(refused(R"("3+2")").problem == DecodeProblem::WrongType);
  const DecodeError minutes = refused(R"({"seconds":60000,"increment":0})");
  CHECK(minutes.message.find("open-table.options.gameClock.seconds") != std::string::npos);
  // One clock at a time: the move clock's default of 45 s is not silently dropped.
  const DecodeError both =
      decode_client_message(R"({"type":"open-table","options":{"gameClock":{"seconds":180,"increment":2}}})").error;
  CHECK(both.problem == DecodeProblem::Inconsistent);
  CHECK(both.message.find("one clock") != std::string::npos);
}

TEST_CASE("table messages: game events carry their sequence number, others none") {
  CHECK(sequence_of(server::Pass{9, {}}) == 9);
  CHECK(sequence_of(server::GameAborted{5, "x"}) == 5);
  CHECK_FALSE(sequence_of(server::OpponentBack{"p"}));
  CHECK_FALSE(sequence_of(sample_table()));
}

TEST_CASE("table messages: a computer match puts the computer on the second seat") {
  const SessionOptions options =
      session_options_of(TableOptions{3, 0, StartVariant::EmptyCentre}, Strength::Hard, Color::White);
  CHECK(options.mode == Mode::Solo);
  CHECK(options.strength == Strength::Hard);
  CHECK(options.colour == ColourChoice::White);
  CHECK_FALSE(options.clock_enabled);
  CHECK(options.match_length == 3);
  CHECK(spell(kErrorCodes, ErrorCode::ServerError) == "server-error");
  CHECK(spell(kTablePhases, TablePhase::BetweenGames) == "between-games");
}

TEST_CASE("table messages: chat, mutes and reports round-trip; a report's note is capped") {
  auto problem = [](std::string_view text) { return decode_client_message(text).error.problem; };
  check_client(client::Chat{"good game, well played"});
  check_client(client::Mute{"p_bob", true});
  check_client(client::Mute{"p_bob", false});
  check_client(client::Report{"p_bob", ReportReason::Abuse, "called me names"});
  check_client(client::Report{"p_bob", ReportReason::Cheating, ""});
  const server::Chat line{"p_ada", "Ada", "nice *** move", 1'800'000'000, 7};
  check_server(line);
  check_server(server::ChatHistory{{line, server::Chat{"p_bob", "Bob", "thanks", 1'800'000'001, 8}}});
  check_server(server::ChatHistory{});
  check_server(server::Mutes{{"p_bob", "h_carol"}});
  check_server(server::Reported{"p_bob"});
  check_server(server::Error{ErrorCode::BadChat, "A message needs at least one character.", "chat"});
  check_server(server::Error{ErrorCode::NoSuchPlayer, "x", "report"});
  check_server(server::Error{ErrorCode::NotAvailable, "This table is not open to you.", "join-table"});

  CHECK(problem(R"({"type":"chat"})") == DecodeProblem::MissingField);
  CHECK(problem(R"({"type":"mute","player":"p_bob"})") == DecodeProblem::MissingField);
  CHECK(problem(R"({"type":"report","player":"p_bob","reason":"ugly"})") == DecodeProblem::OutOfRange);
  std::string note;
  for (int index = 0; index < 300; ++index) note += "é";
  const std::string report = R"({"type":"report","player":"p_bob","reason":"other","note":")";
  CHECK(decode_client_message(report + note + "\"}"));  // 300 characters, 600 bytes
  CHECK(problem(report + note + "x\"}") == DecodeProblem::OutOfRange);
  // The line's own rules are the server's: the decoder passes a long one on.
  CHECK(decode_client_message(R"({"type":"chat","text":")" + std::string(201, 'x') + "\"}"));
  CHECK(spell(kErrorCodes, ErrorCode::NotAvailable) == "not-available");
}

TEST_CASE("table messages: chips travel as the protocol spells them, and only when the server plays them") {
  CHECK(encode_client_message(client::GetChips{}) == R"({"type":"get-chips"})");
  CHECK(encode_server_message(server::Chips{470, 45, 45, 90, kDailyChipWinLimit}) ==
        R"({"balance":470,"dailyLimit":1500,"leaveCost":45,"stake":45,"type":"chips","wonToday":90})");
  const std::string ledger =
      encode_server_message(server::ChipsLedger{440, {{-60, 440, ChipReason::OpponentLeft, "K7M2QX", 2, 17}}});
  CHECK(ledger == R"({"balance":440,"entries":[{"at":17,"balanceAfter":440,"delta":-60,"match":2,)"
                  R"("reason":"opponent-left","table":"K7M2QX"}],"type":"chips-ledger"})");
  // A card without chips has no "chips" at all.
  const std::string card = encode_server_message(server::PlayerCard{"p_ada", "Ada", 1, {}, 0, 0, 0, 0, 0});
  CHECK(card.find("chips") == std::string::npos);
  CHECK(spell(kErrorCodes, ErrorCode::ChipsOff) == "chips-off");
  for (const ChipReason reason : {ChipReason::MatchWon, ChipReason::MatchLost, ChipReason::Left,
                                  ChipReason::OpponentLeft, ChipReason::LimitReached})
    CHECK_FALSE(spell(kChipReasons, reason).empty());
  // A balance is never negative on the wire.
  CHECK_FALSE(decode_server_message(R"({"type":"chips","balance":-1,"stake":0,"leaveCost":0,"wonToday":0,)"
                                    R"("dailyLimit":1500})"));
}

TEST_CASE("table messages: open-tables-changed round-trips, and a change that makes no sense is refused") {
  const server::OpenTableEntry ada{"K7M2QX", "p_ada", "Ada", 3, TableOptions{}};
  const server::OpenTableEntry bob{"Q2W3E4", "p_bob", "Bob", 1, TableOptions{5, 0, StartVariant::EmptyCentre}};
  check_server(server::OpenTablesChanged{{"9XK2PW"}, {ada}, {{0, bob}}});
  check_server(server::OpenTablesChanged{{}, {}, {{0, ada}, {99, bob}}});
  check_server(server::OpenTablesChanged{{"K7M2QX"}, {}, {{3, ada}}});  // taken off and listed again
  check_server(server::OpenTablesChanged{});
  CHECK(encode_server_message(server::OpenTablesChanged{{"9XK2PW"}, {}, {{0, ada}}}) ==
        R"({"added":[{"at":0,"code":"K7M2QX","host":{"level":3,"name":"Ada","player":"p_ada"},)"
        R"("options":{"clock":45,"matchLength":1,"start":"standard"}}],"changed":[],"removed":["9XK2PW"],)"
        R"("type":"open-tables-changed"})");

  auto problem = [](std::string_view text) { return decode_server_message(text).error.problem; };
  const std::string entry = R"("code":"K7M2QX","host":{"player":"p_ada","name":"Ada","level":3},"options":{})";
  const std::string other = R"("code":"Q2W3E4","host":{"player":"p_bob","name":"Bob"},"options":{})";
  auto change = [](const std::string& removed, const std::string& changed, const std::string& added) {
    return R"({"type":"open-tables-changed","removed":[)" + removed + R"(],"changed":[)" + changed + R"(],"added":[)" +
           added + "]}";
  };
  CHECK(decode_server_message(change("", "{" + entry + "}", R"({"at":0,)" + other + "}")));
  CHECK(problem(R"({"type":"open-tables-changed","changed":[],"added":[]})") == DecodeProblem::MissingField);
  CHECK(problem(R"({"type":"open-tables-changed","removed":"K7M2QX","changed":[],"added":[]})") ==
        DecodeProblem::WrongType);
  CHECK(problem(change("7", "", "")) == DecodeProblem::WrongType);
  CHECK(problem(change("\"" + std::string(17, 'K') + "\"", "", "")) == DecodeProblem::WrongType);
  CHECK(problem(change("", "{" + entry + "}", "{" + other + "}")) == DecodeProblem::MissingField);  // no "at"
  CHECK(problem(change("", "", R"({"at":100,)" + entry + "}")) == DecodeProblem::OutOfRange);
  CHECK(problem(change("", "", R"({"at":-1,)" + entry + "}")) == DecodeProblem::OutOfRange);
  CHECK(problem(change("", "", R"({"at":0,"code":"K7M2QX","options":{}})")) == DecodeProblem::MissingField);
  CHECK(problem(change("", R"({"code":"K7M2QX","host":{"player":"p","name":"A","level":9},"options":{}})", "")) ==
        DecodeProblem::OutOfRange);
  CHECK(problem(change("", R"({"code":"K7M2QX","host":{"player":"p","name":"A"},"options":{"clock":5}})", "")) ==
        DecodeProblem::OutOfRange);
  // Together the fields make no sense: a table named twice, a removed table
  // changed, the added out of order.
  CHECK(problem(change(R"("K7M2QX","K7M2QX")", "", "")) == DecodeProblem::Inconsistent);
  CHECK(problem(change("", "{" + entry + "}", R"({"at":0,)" + entry + "}")) == DecodeProblem::Inconsistent);
  CHECK(problem(change(R"("K7M2QX")", "{" + entry + "}", "")) == DecodeProblem::Inconsistent);
  CHECK(problem(change("", "", R"({"at":1,)" + entry + R"(},{"at":0,)" + other + "}")) == DecodeProblem::Inconsistent);
  CHECK(problem(change("", "", R"({"at":1,)" + entry + R"(},{"at":1,)" + other + "}")) == DecodeProblem::Inconsistent);
  std::string many;
  for (int index = 0; index < 101; ++index) many += std::string(index ? "," : "") + R"("K7M2QX")";
  CHECK(problem(change(many, "", "")) == DecodeProblem::WrongType);
  CHECK_FALSE(decode_server_message(change(R"("K7M2QX","K7M2QX")", "", "")).error.message.empty());
}

TEST_CASE("table messages: a change applies to the list it was made for, and refuses one it does not fit") {
  const server::OpenTableEntry ada{"K7M2QX", "p_ada", "Ada", 3, TableOptions{}};
  const server::OpenTableEntry bob{"Q2W3E4", "p_bob", "Bob", 1, TableOptions{}};
  const server::OpenTableEntry cy{"9XK2PW", "p_cy", "Cy", 2, TableOptions{}};
  server::OpenTableEntry bob_renamed = bob;
  bob_renamed.host_name = "Robert";

  std::vector<server::OpenTableEntry> list{ada, bob};
  CHECK(apply_open_tables_changed(list, {{"K7M2QX"}, {bob_renamed}, {{0, cy}}}));
  CHECK(list == std::vector<server::OpenTableEntry>{cy, bob_renamed});
  CHECK(apply_open_tables_changed(list, {{}, {}, {{1, ada}}}));  // in between
  CHECK(list == std::vector<server::OpenTableEntry>{cy, ada, bob_renamed});
  CHECK(apply_open_tables_changed(list, {{"9XK2PW"}, {}, {{2, cy}}}));  // moved: off and on again
  CHECK(list == std::vector<server::OpenTableEntry>{ada, bob_renamed, cy});

  const std::vector<server::OpenTableEntry> before = list;
  const server::OpenTableEntry stranger{"ZZZZZZ", "p_zed", "Zed", 1, TableOptions{}};
  CHECK_FALSE(apply_open_tables_changed(list, {{"ZZZZZZ"}, {}, {}}));          // not in it
  CHECK_FALSE(apply_open_tables_changed(list, {{}, {stranger}, {}}));          // not in it
  CHECK_FALSE(apply_open_tables_changed(list, {{}, {}, {{0, ada}}}));          // in it already
  CHECK_FALSE(apply_open_tables_changed(list, {{"K7M2QX"}, {}, {{3, ada}}}));  // past its end
  // A refused change changes nothing.
  CHECK(list == before);
  std::vector<server::OpenTableEntry> full(100, cy);
  for (std::size_t index = 0; index < full.size(); ++index) full[index].code = std::to_string(index);
  CHECK_FALSE(apply_open_tables_changed(full, {{}, {}, {{0, ada}}}));  // over the cap
  CHECK(full.size() == 100);
}

TEST_CASE("table messages: a refusal names the field's path") {
  auto message = [](std::string_view text) { return decode_server_message(text).error.message; };
  CHECK(decode_client_message(R"({"type":"play","square":"z9","ply":0})").error.message ==
        R"(play.square: should be a square from "a1" to "h8")");
  CHECK(decode_client_message(R"({"type":"open-table","options":{"clock":5}})").error.message ==
        "open-table.options.clock: should be 0 (none) or 10 to 3600 seconds a move");
  CHECK(decode_client_message(R"({"type":"hello","resume":{"table":"K7M2QX"}})").error.message ==
        "hello.resume.seq: is missing");
  CHECK(message(R"({"type":"mutes","players":["p_a",7]})") == "mutes.players[1]: should be text");
  CHECK(message(R"({"type":"table","code":"K7M2QX","owner":"p","private":false,"options":{},)"
                R"("seats":[null,{"player":"p","name":"P"}],"phase":"waiting","seq":1})") ==
        "table.seats[1].connected: is missing");
  CHECK(message(R"({"type":"history","games":[],"match":[{"code":"K7M2QX","match":1,"game":1,)"
                R"("opponent":{"computer":"clever"}}]})") ==
        R"(history.match[0].opponent.computer: should be "easy", "medium" or "hard")");
}
