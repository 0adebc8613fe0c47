// One of every online message (and the variants of their optional parts),
// for the golden test of the wire format (tests/unit/messages_golden_test.cpp)
// and the round-trip property the fuzz target checks.
#pragma once

#include <vector>

#include "game/session.h"
#include "messages/table_messages.h"

namespace reversi::testing {

inline messages::online::server::Table golden_table() {
  using namespace messages;
  using namespace messages::online;
  server::Table table;
  table.code = "K7M2QX";
  table.owner = "p_ada";
  table.options = TableOptions{3, 45, StartVariant::EmptyCentre};
  table.seats[0] = {server::SeatView::Kind::Human, "p_ada", "Ada", true, Strength::Medium};
  table.seats[1] = {server::SeatView::Kind::Computer, "", "", false, Strength::Hard};
  table.phase = TablePhase::BetweenGames;
  table.seq = 12;
  return table;
}

inline std::vector<messages::online::ClientMessage> golden_client_messages() {
  using namespace messages;
  using namespace messages::online;
  client::Hello linked;
  linked.link = "ABCD2345";
  return {client::Hello{},
          client::Hello{"p_x", "ab12", "payload.signature", Resume{"K7M2QX", 41}, std::nullopt},
          linked,
          client::SetName{"Ada \"Lovelace\" é"},
          client::OpenTable{TableOptions{5, 0, StartVariant::StandardCross}, true},
          client::OpenTable{TableOptions{1, 12.5, StartVariant::EmptyCentre}, false},
          client::JoinTable{"K7M2QX"},
          client::SeatComputer{Strength::Hard},
          client::SetPrivate{false},
          client::LeaveTable{},
          client::WatchOpenTables{},
          client::UnwatchOpenTables{},
          client::Play{square_at(5, 4), 7},
          client::Resign{},
          client::NextGame{},
          client::Rematch{},
          client::TransferSeat{},
          client::ClaimSeat{"9XK2PW"},
          client::GetLeaderboard{Period::Month},
          client::GetPlayer{"p_ada"},
          client::GetPlayer{std::nullopt},
          client::GetHistory{},
          client::Chat{"good game"},
          client::Mute{"p_bob", false},
          client::Report{"p_bob", ReportReason::Abuse, "called me names"},
          client::Report{"p_bob", ReportReason::Cheating, ""},
          client::GetChips{},
          client::DeletePlayer{},
          client::LinkDevice{},
          client::OpenTable{TableOptions{3, 0, StartVariant::StandardCross, GameClockOptions{180, 2}}, false}};
}

inline std::vector<messages::online::ServerMessage> golden_server_messages() {
  using namespace messages;
  using namespace messages;
  using namespace messages::online;
  server::Table timed = golden_table();
  timed.clock = server::ClockReading{Color::Black, 44.96, 12.5};
  timed.seats[0] = {};
  timed.seats[1] = {server::SeatView::Kind::Human, "p_bob", "Bob", false, Strength::Medium};
  const events::Move move{square_at(5, 4), Color::Black, bit(square_at(4, 4)), Counts{4, 1}, Color::White, 1};
  const events::Move last{square_at(0, 0), Color::White, bit(square_at(1, 1)) | bit(square_at(2, 2)),
                          Counts{30, 34},  std::nullopt, 60};
  const GameResult result{Outcome::WhiteWins, EndReason::Abandoned, 20, 30};
  const server::OpenTableEntry ada{"K7M2QX", "p_ada", "Ada", 3, TableOptions{}};
  const server::OpenTableEntry bob{"Q2W3E4", "p_bob", "Bob", 1, TableOptions{5, 0, StartVariant::EmptyCentre}};
  const server::HistoryGame person{
      "K7M2QX", 2,    1,  "p_bob", "Bob",    std::nullopt, Color::White, GameOutcome::Win, EndReason::Resignation,
      10,       true, 33, 20,      "f5d6c3", 1796000000};
  const server::HistoryGame computer{
      "Q2W3E4",           1, 1,     "", "", Strength::Hard, Color::Black, GameOutcome::Loss,
      EndReason::NoMoves, 0, false, 12, 52, "f5f6",         1796000500};
  const server::Chat line{"p_ada", "Ada", "nice *** move", 1'800'000'000, 7};
  Session session(session_options_of(TableOptions{}, std::nullopt, Color::Black), 7, [] { return 0.0; });
  session.play(square_at(5, 4));
  server::State state{5,       golden_table(), game_state_of(session, false),
                      "p_ada", "p_bob",        server::ClockReading{Color::White, 45}};
  state.game.clock = 45;
  server::Table clocked = golden_table();
  clocked.options = TableOptions{1, 0, StartVariant::StandardCross, GameClockOptions{300, 3}};
  clocked.phase = TablePhase::Playing;
  clocked.game_clock = server::GameClockReading{151250, 300000, Color::Black, 1'800'000'000'000, 15000};
  return {
      server::Welcome{"p_ada", "Guest 4821", "3f9a", "K7M2QX"},
      server::Welcome{"p_ada", "Ada", std::nullopt, std::nullopt},
      golden_table(),
      timed,
      server::OpenTables{{ada, bob}},
      server::OpenTables{},
      server::GameStarted{3, 2, "p_ada", "computer", TableOptions{3, 30, StartVariant::EmptyCentre},
                          MatchScore{3, 1, 0, false}},
      server::Move{4, move, server::ClockReading{Color::White, 44.54}},
      server::Move{60, last, std::nullopt},
      server::Pass{9, events::Pass{Color::White, 7}},
      server::ClockExpired{12, events::ClockExpired{Color::Black, square_at(2, 3)}},
      server::GameOver{70, events::GameOver{result, "f5d6", 1, std::nullopt}, std::nullopt},
      server::GameOver{70, events::GameOver{result, "f5d6", 2, 93.27}, Unrated::DailyLimit},
      server::GameAborted{5, "the game was left before both players had moved"},
      server::MatchOver{71, events::MatchOver{2, Seat::Second, MatchScore{3, 0, 2, true}}},
      server::MatchOver{72, events::MatchOver{2, std::nullopt, MatchScore{1, 0, 0, true}}},
      server::RematchOffered{"p_ada"},
      server::OpponentAway{"p_ada", 40},
      server::OpponentBack{"p_ada"},
      state,
      server::TransferCode{"9XK2PW", 120},
      server::SeatMoved{},
      server::Error{ErrorCode::StalePly, "That move was made on an older position.", "play"},
      server::Leaderboard{Period::Week,
                          "2026-11-30",
                          "2026-12-07",
                          {{1, "p_ada", "Ada", 24, 3}, {2, "p_bob", "Bob", 11, 2}},
                          server::LeaderboardEntry{140, "p_cy", "Cy", 1, 2}},
      server::Leaderboard{Period::Year, "2026-01-01", "2027-01-01", {}, std::nullopt},
      server::PlayerCard{"p_ada",
                         "Ada",
                         3,
                         {{Milestone::FirstGame, 1796000000}, {Milestone::FirstWin, 1796000100}},
                         24,
                         30,
                         120,
                         14,
                         9,
                         std::nullopt},
      server::PlayerCard{"p_ada", "Ada", 1, {}, 0, 0, 0, 0, 0, 530},
      server::History{{person, computer}, {person}},
      server::MilestoneReached{Milestone::ThreeOpponents, 4},
      line,
      server::ChatHistory{{line, server::Chat{"p_bob", "Bob", "thanks", 1'800'000'001, 8}}},
      server::ChatHistory{},
      server::Mutes{{"p_bob", "h_carol"}},
      server::Reported{"p_bob"},
      server::Chips{470, 45, 45, 90, messages::online::kDailyChipWinLimit},
      server::ChipsLedger{440,
                          {{-60, 440, ChipReason::Left, "K7M2QX", 2, 1796000600},
                           {60, 500, ChipReason::MatchWon, "Q2W3E4", 1, 1796000400}}},
      server::PlayerDeleted{},
      server::LinkCode{"ABCD2345", 300},
      server::OpenTablesChanged{{"9XK2PW"}, {ada}, {{0, bob}}},
      server::OpenTablesChanged{},
      clocked,
      server::Move{5, move, std::nullopt, server::GameClockReading{52000, 180000, Color::White, 1'800'000'000'123, 0}},
      server::GameOver{
          73, events::GameOver{GameResult{Outcome::WhiteWins, EndReason::Time, 20, 30}, "f5d6", 1, std::nullopt},
          std::nullopt}};
}

// One of every event the host page sees (messages/events.h).
inline std::vector<messages::Event> golden_events() {
  using namespace messages;
  SessionOptions solo;
  solo.mode = Mode::Solo;
  solo.strength = Strength::Hard;
  solo.match_length = 3;
  const GameResult result{Outcome::Draw, EndReason::NoMoves, 32, 32};
  Session session(SessionOptions{}, 7, [] { return 0.0; });
  session.play(square_at(5, 4));
  return {events::Ready{1, {"new-game", "play"}, {}},
          events::Ready{1, {"get-state"}, {"?mode=duel: 'mode' should be \"solo\" or \"two-player\""}},
          events::GameStarted{solo, 2, Color::White},
          events::GameStarted{SessionOptions{}, 1, Color::Black},
          events::Move{square_at(5, 4), Color::Black, bit(square_at(4, 4)), Counts{4, 1}, Color::White, 1},
          events::Move{square_at(0, 0), Color::White, bit(square_at(1, 1)), Counts{30, 34}, std::nullopt, 60},
          events::Pass{Color::White, 7},
          events::ClockExpired{Color::Black, square_at(2, 3)},
          events::Undone{Counts{2, 2}, 0},
          events::Redone{Counts{4, 1}, 1},
          events::GameOver{result, "f5d6", 1, std::nullopt},
          events::GameOver{GameResult{Outcome::BlackWins, EndReason::Resignation, 40, 24}, "f5", 3, 61.26},
          events::MatchOver{3, Seat::First, MatchScore{3, 2, 1, true}},
          events::MatchOver{2, std::nullopt, MatchScore{1, 0, 0, true}},
          events::State{game_state_of(session, true)},
          events::TableOpened{"K7M2QX", "https://example.com/?table=K7M2QX"},
          events::OpponentJoined{"K7M2QX", "Bob", false},
          events::OpponentJoined{"K7M2QX", "Computer", true},
          events::OnlineGameStarted{"K7M2QX", 2, Color::White, "Bob", 3, 45, StartVariant::EmptyCentre},
          events::OnlineGameOver{"K7M2QX", 1, result, "f5d6", "draw", ""},
          events::OnlineGameOver{"K7M2QX", 2, result, "f5d6", "won", "short"},
          events::Error{"That square is not a legal move.", "play"},
          events::MilestoneReached{"first-win", 2}};
}

}  // namespace reversi::testing
