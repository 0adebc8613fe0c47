// The browser client's side of the online table protocol (app/core/online_table.h):
// the connection and the guest identity, the table's requests, and the
// mirror of the server's game. The server is played by the test: its
// messages are typed values put through the codec, and its game is a
// reference Session whose events become the `move` messages it would send.
#include "app/core/online_table.h"

#include <doctest/doctest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/core/wording.h"
#include "app_test_support.h"
#include "messages/events.h"
#include "messages/table_messages.h"
#include "online_test_support.h"
#include "test_support.h"

using namespace reversi;
namespace online = reversi::messages::online;
namespace wire = reversi::messages::online::server;
using reversi::messages::Json;

namespace {

constexpr const char* kCode = "K7M2QX";
constexpr const char* kMe = "p_me";
constexpr const char* kBea = "p_bea";

using testing::sq;

using reversi::testing::FakeLink;

struct Notice {
  std::string text;
  double seconds = 0;
};

// An OnlineTable with its fakes and a clock the test sets.
struct TableRig {
  FakeLink link;
  reversi::testing::MemoryStore store;
  double time = 1000;
  std::vector<Notice> notices;
  OnlineTable table{OnlineTable::Services{link, store, [this] { return time; },
                                          [this](std::string_view text, double seconds) {
                                            notices.push_back({std::string(text), seconds});
                                          }}};

  TableRig() = default;
  TableRig(const TableRig&) = delete;
  TableRig& operator=(const TableRig&) = delete;

  void receive(const online::ServerMessage& message) { table.link_message(online::encode_server_message(message)); }

  void keep_identity(const std::string& player, const std::string& secret) {
    store.documents[OnlineTable::kPlayerKey] =
        messages::dump(Json{{"version", 1}, {"player", player}, {"secret", secret}, {"name", "Me"}});
  }

  bool noticed(const std::string& words) const {
    for (const Notice& notice : notices)
      if (notice.text.find(words) != std::string::npos) return true;
    return false;
  }
};

online::TableOptions match_options() { return online::TableOptions{3, 45, StartVariant::StandardCross}; }

wire::SeatView human(const std::string& player, const std::string& name) {
  wire::SeatView seat;
  seat.kind = wire::SeatView::Kind::Human;
  seat.player = player;
  seat.name = name;
  seat.connected = true;
  return seat;
}

// Our table: we own it (seat 0); Bea on seat 1 once she has joined.
wire::Table table_message(bool bea_seated, messages::TablePhase phase, int seq) {
  wire::Table table;
  table.code = kCode;
  table.owner = kMe;
  table.options = match_options();
  table.seats[0] = human(kMe, "Me");
  if (bea_seated) table.seats[1] = human(kBea, "Bea");
  table.phase = phase;
  table.seq = seq;
  return table;
}

// Opens a table as a new guest and answers as the server does, up to the
// table with its free seat. Leaves the link's record empty.
void open_and_wait(TableRig& rig) {
  rig.table.open_table(match_options(), false);
  REQUIRE(rig.link.opens == 1);
  rig.table.link_opened();
  rig.receive(wire::Welcome{kMe, "Me", std::string("s3cret"), std::nullopt});
  REQUIRE(rig.table.connection() == OnlineTable::Connection::Connected);
  rig.receive(table_message(false, messages::TablePhase::Waiting, 0));
  rig.link.sent.clear();
  rig.notices.clear();
}

// The server's side of one game: a reference session, played by seat, whose
// events become numbered messages.
struct ServerGame {
  Session session;
  std::string black, white;
  int seq;

  ServerGame(const std::string& black_id, const std::string& white_id, int first_seq)
      : session(make_session(black_id)), black(black_id), white(white_id), seq(first_seq) {
    session.poll_events();
  }

  static Session make_session(const std::string& black_id) {
    // The owner (us) is the match's first seat; game 1 is all these tests play.
    const Color owner_first = black_id == kMe ? Color::Black : Color::White;
    SessionOptions options = online::session_options_of(match_options(), std::nullopt, owner_first);
    options.clock_enabled = false;  // the test does not run the server's clock
    return Session(options, 7);
  }

  wire::GameStarted started() {
    wire::GameStarted message;
    message.seq = ++seq;
    message.game_number = 1;
    message.black = black;
    message.white = white;
    message.options = match_options();
    message.match = messages::MatchScore{3, 0, 0, false};
    return message;
  }

  // The messages for the side to move playing `square`.
  std::vector<online::ServerMessage> play(Square square) {
    const CommandResult played = session.play(session.seat_to_move(), square);
    REQUIRE_MESSAGE(played.succeeded(), played.message);
    std::vector<online::ServerMessage> out;
    for (const GameEvent& event : session.poll_events()) {
      const messages::Event typed = messages::event_of(event, session);
      if (const auto* move = std::get_if<messages::events::Move>(&typed)) {
        std::optional<wire::ClockReading> clock;
        if (move->next) clock = wire::ClockReading{*move->next, 45};
        out.push_back(wire::Move{++seq, *move, clock});
      } else if (const auto* pass = std::get_if<messages::events::Pass>(&typed)) {
        out.push_back(wire::Pass{++seq, *pass});
      } else if (const auto* over = std::get_if<messages::events::GameOver>(&typed)) {
        out.push_back(wire::GameOver{++seq, *over});
      }
    }
    return out;
  }

  wire::State state(const wire::Table& table) const {
    wire::State message;
    message.seq = seq;
    message.table = table;
    message.game = messages::game_state_of(session, false);
    message.black = black;
    message.white = white;
    message.clock = wire::ClockReading{session.game().side_to_move(), 31.5};
    return message;
  }

  const Position& position() const { return session.game().position(); }
  Bitboard flips_of_last() const { return session.game().last_flips(); }
};

void deliver(TableRig& rig, const std::vector<online::ServerMessage>& messages) {
  for (const online::ServerMessage& message : messages) rig.receive(message);
}

// A table in play: Bea has joined, the game has started with the colours given.
void start_game(TableRig& rig, ServerGame& server) {
  open_and_wait(rig);
  rig.receive(table_message(true, messages::TablePhase::Playing, server.seq));
  rig.notices.clear();
  rig.receive(server.started());
  rig.link.sent.clear();
}

const Position& mirror_position(const TableRig& rig) {
  REQUIRE(rig.table.session() != nullptr);
  return rig.table.session()->game().position();
}

}  // namespace

TEST_SUITE("online-table") {
  TEST_CASE("open_table while idle loads the identity, connects, says hello and asks for the table") {
    TableRig rig;
    const online::TableOptions options{5, 0, StartVariant::EmptyCentre};

    SUBCASE("a new guest") {
      rig.store.hold = true;  // the identity answers later
      rig.table.open_table(options, true);
      CHECK(rig.table.active());
      CHECK(rig.table.connection() == OnlineTable::Connection::Connecting);
      CHECK(rig.link.opens == 0);  // not before the store has answered
      rig.store.release();
      CHECK(rig.link.opens == 1);
      CHECK(rig.link.sent.empty());  // nothing until the link is open

      rig.table.link_opened();
      const auto hello = rig.link.last_as<online::client::Hello>();
      CHECK_FALSE(hello.player.has_value());
      CHECK_FALSE(hello.secret.has_value());
      CHECK_FALSE(hello.resume.has_value());
      CHECK(rig.link.sent.size() == 1);  // the request waits for the welcome

      rig.receive(wire::Welcome{"p_new", "Guest 4821", std::string("f00d"), std::nullopt});
      CHECK(rig.table.connection() == OnlineTable::Connection::Connected);
      CHECK(rig.table.player() == "p_new");
      CHECK(rig.table.name() == "Guest 4821");
      REQUIRE(rig.store.documents.count(OnlineTable::kPlayerKey) == 1);
      const Json kept = Json::parse(rig.store.documents[OnlineTable::kPlayerKey]);
      CHECK(kept.at("player") == "p_new");
      CHECK(kept.at("secret") == "f00d");

      REQUIRE(rig.link.sent.size() == 2);
      const auto open = rig.link.last_as<online::client::OpenTable>();
      CHECK(open.options == options);
      CHECK(open.is_private);
    }

    SUBCASE("a guest the store knows") {
      rig.keep_identity("p_known", "c0ffee");
      rig.table.open_table(options, false);
      CHECK(rig.link.opens == 1);
      rig.table.link_opened();
      const auto hello = rig.link.last_as<online::client::Hello>();
      CHECK(hello.player == std::optional<std::string>("p_known"));
      CHECK(hello.secret == std::optional<std::string>("c0ffee"));
      CHECK_FALSE(hello.resume.has_value());

      const int saves = rig.store.saves;
      rig.receive(wire::Welcome{"p_known", "Ada", std::nullopt, std::nullopt});
      CHECK(rig.store.saves == saves);  // no new secret: nothing to keep
      CHECK(rig.table.player() == "p_known");
      const auto open = rig.link.last_as<online::client::OpenTable>();
      CHECK(open.options == options);
      CHECK_FALSE(open.is_private);
    }

    SUBCASE("an unreadable identity record starts a new guest") {
      rig.store.documents[OnlineTable::kPlayerKey] = "{not json";
      rig.table.open_table(options, false);
      rig.table.link_opened();
      const auto hello = rig.link.last_as<online::client::Hello>();
      CHECK_FALSE(hello.player.has_value());
      CHECK_FALSE(hello.secret.has_value());
    }
  }

  TEST_CASE("a table with our seat and a free seat") {
    TableRig rig;
    open_and_wait(rig);
    CHECK(rig.table.active());
    REQUIRE(rig.table.table() != nullptr);
    CHECK(rig.table.table()->code == kCode);
    CHECK(rig.table.seat() == std::optional<int>(0));
    CHECK(rig.table.session() == nullptr);  // nothing to mirror while a seat is free
    CHECK_FALSE(rig.table.colour().has_value());
    CHECK_FALSE(rig.table.my_turn());
    CHECK(rig.table.status_line().find(kCode) != std::string::npos);
    CHECK(rig.table.play(sq("f5")).error == CommandError::NotYourTurn);
    CHECK(rig.link.sent.empty());

    // Bea sits down: the player hears of it.
    rig.receive(table_message(true, messages::TablePhase::Playing, 0));
    CHECK(rig.noticed("Bea sat down."));
    CHECK(rig.table.opponent_name() == "Bea");
  }

  TEST_CASE("the mirror follows the server's moves, and a tap becomes a play request") {
    SUBCASE("we play black") {
      TableRig rig;
      ServerGame server(kMe, kBea, 0);
      start_game(rig, server);
      REQUIRE(rig.table.session() != nullptr);
      CHECK(rig.table.colour() == std::optional<Color>(Color::Black));
      CHECK(mirror_position(rig) == server.position());
      CHECK(rig.table.my_turn());
      CHECK(rig.table.name_of(Color::Black) == "You");
      CHECK(rig.table.name_of(Color::White) == "Bea");

      // An illegal square is refused here, with a reason, and nothing is sent.
      const CommandResult illegal = rig.table.play(sq("a1"));
      CHECK_FALSE(illegal.succeeded());
      CHECK_FALSE(illegal.message.empty());
      CHECK(rig.link.sent.empty());

      const CommandResult tapped = rig.table.play(sq("f5"));
      CHECK(tapped.succeeded());
      const auto play = rig.link.last_as<online::client::Play>();
      CHECK(play.square == sq("f5"));
      CHECK(play.ply == 0);
      CHECK(mirror_position(rig) == Position::start());  // only the server's move changes the board
      CHECK(rig.table.my_turn());

      deliver(rig, server.play(sq("f5")));
      CHECK(mirror_position(rig) == server.position());
      CHECK_FALSE(rig.table.my_turn());

      // Not our turn: refused, nothing sent.
      rig.link.sent.clear();
      const CommandResult early = rig.table.play(sq("f6"));
      CHECK(early.error == CommandError::NotYourTurn);
      CHECK(early.message.find("Bea") != std::string::npos);
      CHECK(rig.link.sent.empty());

      deliver(rig, server.play(sq("d6")));
      CHECK(mirror_position(rig) == server.position());
      CHECK(rig.table.my_turn());
      CHECK(rig.table.play(sq("c3")).succeeded());
      const auto second = rig.link.last_as<online::client::Play>();
      CHECK(second.square == sq("c3"));
      CHECK(second.ply == 2);

      deliver(rig, server.play(sq("c3")));
      CHECK(mirror_position(rig) == server.position());
      CHECK(rig.table.session()->game().record().cursor() == 3);
    }

    SUBCASE("we play white") {
      TableRig rig;
      ServerGame server(kBea, kMe, 0);
      start_game(rig, server);
      CHECK(rig.table.colour() == std::optional<Color>(Color::White));
      CHECK(rig.noticed("You play white"));
      CHECK_FALSE(rig.table.my_turn());
      CHECK(rig.table.play(sq("f5")).error == CommandError::NotYourTurn);
      CHECK(rig.link.sent.empty());

      deliver(rig, server.play(sq("f5")));
      CHECK(mirror_position(rig) == server.position());
      CHECK(rig.table.my_turn());
      CHECK(rig.table.play(sq("d6")).succeeded());
      const auto play = rig.link.last_as<online::client::Play>();
      CHECK(play.square == sq("d6"));
      CHECK(play.ply == 1);
      CHECK(mirror_position(rig) == server.position());  // still Bea's f5 only

      deliver(rig, server.play(sq("d6")));
      CHECK(mirror_position(rig) == server.position());
      CHECK_FALSE(rig.table.my_turn());
    }
  }

  TEST_CASE("the screen hears of the game's start and of each move with its flips") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    std::vector<GameEvent> events = rig.table.take_events();
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == EventKind::GameStarted);
    CHECK(events[0].game_number == 1);
    CHECK(events[0].black_discs == 2);
    CHECK(events[0].white_discs == 2);

    const char* moves[] = {"f5", "d6", "c3"};
    for (const char* name : moves) {
      CAPTURE(name);
      deliver(rig, server.play(sq(name)));
      events = rig.table.take_events();
      REQUIRE(events.size() == 1);
      CHECK(events[0].kind == EventKind::MovePlayed);
      CHECK(events[0].square == sq(name));
      CHECK(events[0].flips == server.flips_of_last());
      CHECK(events[0].flips != 0);
      CHECK(events[0].black_discs == server.session.game().disc_count(Color::Black));
      CHECK(events[0].white_discs == server.session.game().disc_count(Color::White));
    }
    CHECK(events[0].flips == bit(sq("d4")));  // c3 turns d4 over after f5 d6
    CHECK(rig.table.take_events().empty());
  }

  TEST_CASE("a replayed event is ignored") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    const std::vector<online::ServerMessage> first = server.play(sq("f5"));
    deliver(rig, first);
    const std::vector<online::ServerMessage> second = server.play(sq("d6"));
    deliver(rig, second);
    rig.table.take_events();
    const Position before = mirror_position(rig);

    deliver(rig, second);                        // the same seq again
    deliver(rig, first);                         // an older one
    wire::GameStarted stale = server.started();  // ...and the game-started before them
    --server.seq;
    stale.seq = 1;
    rig.receive(stale);

    CHECK(mirror_position(rig) == before);
    CHECK(rig.table.session()->game().record().cursor() == 2);
    CHECK(rig.link.closes == 0);
    CHECK(rig.table.connection() == OnlineTable::Connection::Connected);
  }

  TEST_CASE("a move that does not follow the mirror makes it ask for the whole table again") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    deliver(rig, server.play(sq("f5")));
    server.play(sq("d6"));  // lost on the way
    const std::vector<online::ServerMessage> after_gap = server.play(sq("c3"));
    rig.time = 2000;
    deliver(rig, after_gap);

    CHECK(rig.link.closes == 1);
    CHECK(rig.table.connection() == OnlineTable::Connection::Reconnecting);
    CHECK(rig.table.session() == nullptr);
    CHECK(rig.table.active());
    CHECK(rig.link.opens == 1);

    rig.table.update();  // the retry time is now
    CHECK(rig.link.opens == 2);
    rig.link.sent.clear();
    rig.table.link_opened();
    const auto hello = rig.link.last_as<online::client::Hello>();
    CHECK(hello.player == std::optional<std::string>(kMe));
    CHECK(hello.secret == std::optional<std::string>("s3cret"));
    REQUIRE(hello.resume.has_value());
    CHECK(hello.resume->table == kCode);
    CHECK(hello.resume->seq == 0);  // forgets what it saw, so the server sends it all

    rig.receive(wire::Welcome{kMe, "Me", std::nullopt, std::string(kCode)});
    CHECK(rig.table.connection() == OnlineTable::Connection::Connected);
    CHECK(rig.link.sent.size() == 1);  // nothing to ask: we are back at our table
    const wire::Table table = table_message(true, messages::TablePhase::Playing, server.seq);
    rig.receive(table);
    rig.table.take_events();
    rig.receive(server.state(table));

    REQUIRE(rig.table.session() != nullptr);
    CHECK(mirror_position(rig) == server.position());
    CHECK(rig.table.session()->game().transcript() == "f5d6c3");
    CHECK_FALSE(rig.table.my_turn());  // white (Bea) to move after c3
    const std::vector<GameEvent> events = rig.table.take_events();
    REQUIRE(events.size() == 1);
    CHECK(events[0].kind == EventKind::GameStarted);  // a fresh picture
    const std::optional<std::pair<Color, double>> clock = rig.table.clock();
    REQUIRE(clock.has_value());
    CHECK(clock->first == Color::White);
    CHECK(clock->second == doctest::Approx(31.5));

    // The game goes on from the rebuilt mirror.
    deliver(rig, server.play(sq("d3")));
    CHECK(mirror_position(rig) == server.position());
    CHECK(rig.table.my_turn());
    CHECK(rig.link.closes == 1);
  }

  TEST_CASE("a dropped link is reopened after the wait, resuming at the table") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    deliver(rig, server.play(sq("f5")));
    deliver(rig, server.play(sq("d6")));
    const int last_seq = server.seq;
    REQUIRE(last_seq == 3);

    rig.table.link_closed();
    CHECK(rig.table.connection() == OnlineTable::Connection::Reconnecting);
    CHECK(rig.noticed("Connection lost"));
    CHECK(rig.table.active());
    CHECK_FALSE(rig.table.my_turn());
    CHECK(rig.table.play(sq("c3")).error == CommandError::NotYourTurn);
    CHECK(rig.table.status_line().find("Trying again in 1 s") != std::string::npos);

    rig.table.update();
    rig.time += 0.4;
    rig.table.update();
    CHECK(rig.link.opens == 1);  // not yet
    rig.time += 0.1;
    rig.table.update();
    CHECK(rig.link.opens == 2);

    // That attempt fails too: the next waits longer (1 s), without a second notice.
    rig.notices.clear();
    rig.table.link_closed();
    CHECK(rig.table.connection() == OnlineTable::Connection::Reconnecting);
    CHECK(rig.notices.empty());
    rig.time += 0.9;
    rig.table.update();
    CHECK(rig.link.opens == 2);
    rig.time += 0.1;
    rig.table.update();
    CHECK(rig.link.opens == 3);

    rig.link.sent.clear();
    rig.table.link_opened();
    const auto hello = rig.link.last_as<online::client::Hello>();
    CHECK(hello.player == std::optional<std::string>(kMe));
    CHECK(hello.secret == std::optional<std::string>("s3cret"));
    REQUIRE(hello.resume.has_value());
    CHECK(hello.resume->table == kCode);
    CHECK(hello.resume->seq == last_seq);

    rig.receive(wire::Welcome{kMe, "Me", std::nullopt, std::string(kCode)});
    CHECK(rig.table.connection() == OnlineTable::Connection::Connected);
    CHECK(rig.link.sent.size() == 1);
    rig.receive(table_message(true, messages::TablePhase::Playing, last_seq));
    CHECK(mirror_position(rig) == server.position());
    CHECK(rig.table.my_turn());

    // Back in touch, a later drop starts the waits afresh (0.5 s).
    rig.table.link_closed();
    rig.time += 0.5;
    rig.table.update();
    CHECK(rig.link.opens == 4);
  }

  TEST_CASE("a resignation, or a player leaving, ends the mirror's game with the right winner") {
    auto forfeit_game = [](TableRig& rig, ServerGame& server, Color winner, EndReason reason = EndReason::Resignation) {
      deliver(rig, server.play(sq("f5")));
      deliver(rig, server.play(sq("d6")));
      rig.table.take_events();
      REQUIRE_FALSE(server.session.game().is_over());
      GameResult result;
      result.outcome = win_for(winner);
      result.reason = reason;
      result.black_discs = server.session.game().disc_count(Color::Black);
      result.white_discs = server.session.game().disc_count(Color::White);
      rig.receive(wire::GameOver{++server.seq, messages::events::GameOver{result, "f5d6", 1, std::nullopt}});
    };

    SUBCASE("Bea resigns: we won") {
      TableRig rig;
      ServerGame server(kMe, kBea, 0);
      start_game(rig, server);
      forfeit_game(rig, server, Color::Black);
      REQUIRE(rig.table.session() != nullptr);
      const Game& game = rig.table.session()->game();
      CHECK(game.is_over());
      CHECK(game.result().winner() == std::optional<Color>(Color::Black));
      CHECK(game.result().reason == EndReason::Resignation);
      CHECK(rig.table.result_headline() == "You win!");
      CHECK(rig.table.ending() == "Bea resigned.");
      CHECK_FALSE(rig.table.my_turn());
      CHECK(rig.table.play(sq("c3")).error == CommandError::GameOver);
      CHECK_FALSE(rig.table.clock().has_value());
      const std::vector<GameEvent> events = rig.table.take_events();
      REQUIRE_FALSE(events.empty());
      CHECK(events.back().kind == EventKind::GameOver);
      CHECK(events.back().result.winner() == std::optional<Color>(Color::Black));
    }

    SUBCASE("Bea leaves the table mid-game: we won, and are told she left") {
      TableRig rig;
      ServerGame server(kMe, kBea, 0);
      start_game(rig, server);
      forfeit_game(rig, server, Color::Black, EndReason::Abandoned);
      const Game& game = rig.table.session()->game();
      CHECK(game.is_over());
      CHECK(game.result().winner() == std::optional<Color>(Color::Black));
      CHECK(game.result().reason == EndReason::Abandoned);
      CHECK(rig.table.result_headline() == "You win!");
      CHECK(rig.table.ending() == "Bea left the game.");
    }

    SUBCASE("we resign: Bea won") {
      TableRig rig;
      ServerGame server(kMe, kBea, 0);
      start_game(rig, server);
      rig.table.resign();
      CHECK(std::holds_alternative<online::client::Resign>(rig.link.last()));
      forfeit_game(rig, server, Color::White);
      const Game& game = rig.table.session()->game();
      CHECK(game.is_over());
      CHECK(game.result().winner() == std::optional<Color>(Color::White));
      CHECK(rig.table.result_headline() == "Bea wins.");
      CHECK(rig.table.ending() == "You resigned.");
    }
  }

  TEST_CASE("the arcade: points for the game, a milestone told to the player and the host page, the record kept") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    deliver(rig, server.play(sq("f5")));
    deliver(rig, server.play(sq("d6")));
    GameResult result;
    result.outcome = win_for(Color::Black);
    result.reason = EndReason::Resignation;
    result.black_discs = 4;
    result.white_discs = 2;
    rig.link.sent.clear();
    rig.receive(wire::GameOver{++server.seq, messages::events::GameOver{result, "f5d6", 1, std::nullopt}});
    CHECK(rig.table.points_line() == "+10 points for the win.");
    // In a match, the standings are asked for once the game is over.
    CHECK(std::holds_alternative<online::client::GetHistory>(rig.link.last()));
    rig.table.take_host_events();
    rig.receive(wire::MilestoneReached{online::Milestone::FirstWin, 3});
    CHECK(rig.noticed("Milestone reached: Your first win against a person. You are now level 3."));
    const auto events = rig.table.take_host_events();
    REQUIRE(events.size() == 1);
    const auto* reached = std::get_if<messages::events::MilestoneReached>(&events[0]);
    REQUIRE(reached != nullptr);
    CHECK(reached->milestone == "first-win");
    CHECK(reached->level == 3);
    CHECK(messages::encode_event(events[0]) == R"({"level":3,"milestone":"first-win","type":"milestone"})");

    rig.link.sent.clear();
    rig.table.ask_leaderboard(online::Period::Month);
    rig.table.ask_record();
    const auto asked = rig.link.messages();
    REQUIRE(asked.size() == 3);
    CHECK(std::get<online::client::GetLeaderboard>(asked[0]).period == online::Period::Month);
    CHECK_FALSE(std::get<online::client::GetPlayer>(asked[1]).player.has_value());
    CHECK(std::holds_alternative<online::client::GetHistory>(asked[2]));
    rig.receive(wire::Leaderboard{online::Period::Month, "2026-12-01", "2027-01-01", {{1, kMe, "Me", 10, 3}}, {}});
    rig.receive(wire::PlayerCard{kBea, "Bea", 2, {}, 1, 1, 1, 1, 0});  // someone else's card is not ours
    CHECK_FALSE(rig.table.card().has_value());
    rig.receive(wire::PlayerCard{
        kMe, "Me", 3, {{online::Milestone::FirstGame, 1}, {online::Milestone::FirstWin, 1}}, 10, 10, 10, 1, 1});
    REQUIRE(rig.table.leaderboard().has_value());
    CHECK(rig.table.leaderboard()->entries.size() == 1);
    REQUIRE(rig.table.card().has_value());
    CHECK(rig.table.card()->level == 3);
    // A later milestone asks for the card again, so the one on show catches up.
    rig.link.sent.clear();
    rig.receive(wire::MilestoneReached{online::Milestone::ThreeOpponents, 4});
    CHECK(std::holds_alternative<online::client::GetPlayer>(rig.link.last()));
  }

  TEST_CASE("an opponent away is counted down, and cleared when they are back") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    CHECK_FALSE(rig.table.opponent_away().has_value());

    rig.receive(wire::OpponentAway{kMe, 40});  // about ourselves: not our opponent
    CHECK_FALSE(rig.table.opponent_away().has_value());

    rig.receive(wire::OpponentAway{kBea, 40});
    REQUIRE(rig.table.opponent_away().has_value());
    CHECK(*rig.table.opponent_away() == doctest::Approx(40));
    rig.time += 15;
    CHECK(*rig.table.opponent_away() == doctest::Approx(25));
    CHECK(rig.table.status_line().find("Bea lost the connection: 25 s") != std::string::npos);
    rig.time += 100;
    CHECK(*rig.table.opponent_away() == doctest::Approx(0));  // never below nothing

    rig.receive(wire::OpponentBack{kBea});
    CHECK_FALSE(rig.table.opponent_away().has_value());
    CHECK(rig.noticed("Bea is back."));
  }

  TEST_CASE("seat-moved: the game goes on elsewhere, this device leaves the table") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    deliver(rig, server.play(sq("f5")));
    rig.receive(wire::SeatMoved{});
    CHECK_FALSE(rig.table.active());
    CHECK(rig.link.closes == 1);
    CHECK(rig.table.connection() == OnlineTable::Connection::Idle);
    CHECK(rig.table.table() == nullptr);
    CHECK(rig.table.session() == nullptr);
    CHECK(rig.noticed("another device"));

    // The link's own close that follows does not bring it back.
    rig.table.link_closed();
    rig.time += 60;
    rig.table.update();
    CHECK(rig.link.opens == 1);
    CHECK(rig.table.connection() == OnlineTable::Connection::Idle);
  }

  TEST_CASE("server refusals: an unknown secret, and a table that is not there") {
    SUBCASE("bad-secret forgets the identity and connects as a new guest") {
      TableRig rig;
      rig.keep_identity("p_old", "stale");
      rig.table.open_table(match_options(), false);
      rig.table.link_opened();
      REQUIRE(rig.link.last_as<online::client::Hello>().player == std::optional<std::string>("p_old"));

      rig.receive(wire::Error{messages::ErrorCode::BadSecret, "We do not know you.", "hello"});
      CHECK(rig.table.player().empty());
      CHECK(rig.link.closes == 1);
      CHECK(rig.table.connection() == OnlineTable::Connection::Reconnecting);
      CHECK(rig.table.active());

      rig.table.update();
      CHECK(rig.link.opens == 2);
      rig.link.sent.clear();
      rig.table.link_opened();
      const auto hello = rig.link.last_as<online::client::Hello>();
      CHECK_FALSE(hello.player.has_value());
      CHECK_FALSE(hello.secret.has_value());

      rig.receive(wire::Welcome{"p_fresh", "Guest 7", std::string("new-secret"), std::nullopt});
      const Json kept = Json::parse(rig.store.documents[OnlineTable::kPlayerKey]);
      CHECK(kept.at("player") == "p_fresh");
      CHECK(kept.at("secret") == "new-secret");
      // The table asked for before still goes out.
      const auto open = rig.link.last_as<online::client::OpenTable>();
      CHECK(open.options == match_options());
    }

    SUBCASE("too-many-guests: no new guest now; the device says why and stops asking") {
      TableRig rig;
      rig.table.open_table(match_options(), false);
      rig.table.link_opened();
      CHECK_FALSE(rig.link.last_as<online::client::Hello>().player.has_value());
      const std::string reason =
          "Too many new players from your address in the last hour; try again later or use your saved player.";
      rig.receive(wire::Error{messages::ErrorCode::TooManyGuests, reason, "hello"});
      REQUIRE(rig.notices.size() == 1);
      CHECK(rig.notices[0].text == reason);
      CHECK_FALSE(rig.table.active());
      CHECK(rig.link.closes == 1);
      CHECK(rig.table.connection() == OnlineTable::Connection::Idle);
      rig.table.link_closed();
      rig.time += 60;
      rig.table.update();
      CHECK(rig.link.opens == 1);  // no retry by itself
      rig.table.open_table(match_options(), false);
      CHECK(rig.link.opens == 2);  // asked again: tried again
    }

    SUBCASE("no-such-table on join tells the player and leaves nothing open") {
      TableRig rig;
      rig.table.join("k7m2qx");
      CHECK(rig.table.active());
      rig.table.link_opened();
      rig.receive(wire::Welcome{kMe, "Me", std::string("s3cret"), std::nullopt});
      const auto join = rig.link.last_as<online::client::JoinTable>();
      CHECK(join.code == kCode);  // read case-insensitively, sent upper case

      rig.receive(wire::Error{messages::ErrorCode::NoSuchTable, "There is no table K7M2QX.", "join-table"});
      REQUIRE(rig.notices.size() == 1);
      CHECK(rig.notices[0].text == "There is no table K7M2QX.");
      CHECK_FALSE(rig.table.active());
      CHECK(rig.table.table() == nullptr);
    }
  }

  TEST_CASE("garbage from the server changes nothing") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    deliver(rig, server.play(sq("f5")));
    rig.table.take_events();
    const Position before = mirror_position(rig);
    const wire::Table table_before = *rig.table.table();
    rig.notices.clear();

    const char* garbage[] = {"",
                             "not json at all",
                             "{\"type\": \"move\", \"seq\": 99",
                             "[1, 2, 3]",
                             "{}",
                             "{\"type\": \"no-such-message\", \"seq\": 50}",
                             "{\"type\": \"move\", \"seq\": 50, \"square\": \"z9\"}"};
    for (const char* text : garbage) {
      CAPTURE(text);
      rig.table.link_message(text);
    }
    CHECK(mirror_position(rig) == before);
    CHECK(*rig.table.table() == table_before);
    CHECK(rig.table.active());
    CHECK(rig.table.connection() == OnlineTable::Connection::Connected);
    CHECK(rig.link.closes == 0);
    CHECK(rig.link.sent.empty());
    CHECK(rig.notices.empty());
    CHECK(rig.table.take_events().empty());

    // And what follows is still read: the next real move (seq 3) is taken.
    deliver(rig, server.play(sq("d6")));
    CHECK(mirror_position(rig) == server.position());
  }

  TEST_CASE("no connection, and a code that is not one") {
    SUBCASE("offline: no connecting, a notice, and a retry once online") {
      TableRig rig;
      rig.link.is_online = false;
      rig.table.open_table(match_options(), false);
      CHECK(rig.link.opens == 0);
      CHECK(rig.table.connection() != OnlineTable::Connection::Connecting);
      CHECK(rig.table.connection() != OnlineTable::Connection::Connected);
      CHECK(rig.noticed("Playing online needs a connection"));
      CHECK(rig.link.sent.empty());

      rig.link.is_online = true;
      rig.table.update(true);  // back online
      CHECK(rig.link.opens == 1);
      rig.table.link_opened();
      rig.receive(wire::Welcome{kMe, "Me", std::string("s3cret"), std::nullopt});
      CHECK(std::holds_alternative<online::client::OpenTable>(rig.link.last()));
    }

    SUBCASE("a malformed code") {
      TableRig rig;
      const char* codes[] = {"K7M2Q", "K7M2QXX", "K7M2Q0", "K7 M2Q", ""};
      for (const char* code : codes) {
        CAPTURE(code);
        rig.notices.clear();
        rig.table.join(code);
        REQUIRE(rig.notices.size() == 1);
        CHECK(rig.notices[0].text.find("six letters and digits") != std::string::npos);
      }
      CHECK(rig.link.opens == 0);
      CHECK(rig.link.sent.empty());
      CHECK_FALSE(rig.table.active());
      CHECK(rig.table.connection() == OnlineTable::Connection::Idle);
    }
  }

  TEST_CASE("the host page hears of our table, the opponent, the game and its end, once each") {
    namespace ev = messages::events;
    TableRig rig;
    rig.table.open_table(match_options(), false);
    rig.table.link_opened();
    rig.receive(wire::Welcome{kMe, "Me", std::string("s3cret"), std::nullopt});
    CHECK(rig.table.take_host_events().empty());  // nothing until the table is there
    rig.receive(table_message(false, messages::TablePhase::Waiting, 0));
    std::vector<messages::Event> told = rig.table.take_host_events();
    REQUIRE(told.size() == 1);
    CHECK(std::get<ev::TableOpened>(told[0]) == ev::TableOpened{kCode, "/?table=K7M2QX"});
    rig.receive(table_message(false, messages::TablePhase::Waiting, 0));  // the same view again
    CHECK(rig.table.take_host_events().empty());

    // Bea sits down: the server sends the game's start first, then the table
    // in which she appears; the start is announced once her name is known.
    ServerGame server(kBea, kMe, 0);  // Bea has black
    rig.receive(server.started());
    CHECK(rig.table.take_host_events().empty());
    CHECK_FALSE(rig.noticed("You play"));
    rig.receive(table_message(true, messages::TablePhase::Playing, server.seq));
    told = rig.table.take_host_events();
    REQUIRE(told.size() == 2);
    CHECK(std::get<ev::OpponentJoined>(told[0]) == ev::OpponentJoined{kCode, "Bea", false});
    CHECK(std::get<ev::OnlineGameStarted>(told[1]) ==
          ev::OnlineGameStarted{kCode, 1, Color::White, "Bea", 3, 45, StartVariant::StandardCross});
    CHECK(rig.noticed("You play white: Bea moves first."));
    rig.receive(table_message(true, messages::TablePhase::Playing, server.seq));
    CHECK(rig.table.take_host_events().empty());

    deliver(rig, server.play(sq("f5")));
    CHECK(rig.table.take_host_events().empty());  // moves are the board's business
    // Bea resigns: white (we) win.
    const GameResult resigned{Outcome::WhiteWins, EndReason::Resignation, 4, 1};
    rig.receive(wire::GameOver{++server.seq, ev::GameOver{resigned, "f5", 1, std::nullopt}});
    told = rig.table.take_host_events();
    REQUIRE(told.size() == 1);
    CHECK(std::get<ev::OnlineGameOver>(told[0]) == ev::OnlineGameOver{kCode, 1, resigned, "f5", "won"});
    CHECK(rig.table.take_host_events().empty());
  }

  TEST_CASE("the host page hears who sat across when we join a table, and of the computer taking a seat") {
    namespace ev = messages::events;
    SUBCASE("joining Bea's table") {
      TableRig rig;
      rig.table.join(kCode);
      rig.table.link_opened();
      rig.receive(wire::Welcome{kMe, "Me", std::string("s3cret"), std::nullopt});
      wire::Table table = table_message(true, messages::TablePhase::Playing, 0);
      std::swap(table.seats[0], table.seats[1]);  // Bea owns it
      table.owner = kBea;
      rig.receive(table);
      const std::vector<messages::Event> told = rig.table.take_host_events();
      REQUIRE(told.size() == 1);  // no table-opened: it is not ours
      CHECK(std::get<ev::OpponentJoined>(told[0]) == ev::OpponentJoined{kCode, "Bea", false});
    }
    SUBCASE("the computer on our free seat") {
      TableRig rig;
      open_and_wait(rig);
      rig.table.take_host_events();
      wire::Table table = table_message(false, messages::TablePhase::Playing, 0);
      table.seats[1].kind = wire::SeatView::Kind::Computer;
      table.seats[1].strength = Strength::Hard;
      rig.receive(table);
      const std::vector<messages::Event> told = rig.table.take_host_events();
      REQUIRE(told.size() == 1);
      CHECK(std::get<ev::OpponentJoined>(told[0]) == ev::OpponentJoined{kCode, "the computer", true});
    }
  }

  TEST_CASE("sign-in: the hello carries the host's token; a refused one falls back to the guest and says so") {
    TableRig rig;
    rig.keep_identity("p_guest", "g-secret");
    rig.table.sign_in("eyJwIjoiYWRhIn0.c2ln");
    rig.table.open_table(match_options(), false);
    REQUIRE(rig.link.opens == 1);
    rig.table.link_opened();
    auto hello = rig.link.last_as<online::client::Hello>();
    CHECK(hello.token == std::optional<std::string>("eyJwIjoiYWRhIn0.c2ln"));
    CHECK_FALSE(hello.player.has_value());
    CHECK_FALSE(hello.secret.has_value());

    SUBCASE("welcomed as the host's player: the guest kept on this device stays as it was") {
      const std::string kept = rig.store.documents[OnlineTable::kPlayerKey];
      rig.receive(wire::Welcome{"h_ada", "Ada", std::nullopt, std::nullopt});
      CHECK(rig.table.player() == "h_ada");
      CHECK(rig.table.name() == "Ada");
      CHECK(rig.store.documents[OnlineTable::kPlayerKey] == kept);
      CHECK(std::holds_alternative<online::client::OpenTable>(rig.link.last()));
    }
    SUBCASE("refused") {
      rig.receive(wire::Error{messages::ErrorCode::BadToken, "The token has expired.", "hello"});
      const std::vector<messages::Event> told = rig.table.take_host_events();
      REQUIRE(told.size() == 1);
      const auto& error = std::get<messages::events::Error>(told[0]);
      CHECK(error.request == "reversi:sign-in");
      CHECK(error.reason.find("The token has expired.") != std::string::npos);
      CHECK(rig.noticed("sign-in did not work"));
      CHECK(rig.table.connection() == OnlineTable::Connection::Reconnecting);
      rig.table.update();
      CHECK(rig.link.opens == 2);
      rig.table.link_opened();
      hello = rig.link.last_as<online::client::Hello>();
      CHECK_FALSE(hello.token.has_value());
      CHECK(hello.player == std::optional<std::string>("p_guest"));
      CHECK(hello.secret == std::optional<std::string>("g-secret"));
      rig.receive(wire::Welcome{"p_guest", "Me", std::nullopt, std::nullopt});
      CHECK(std::holds_alternative<online::client::OpenTable>(rig.link.last()));  // the request still goes out
    }
  }

  TEST_CASE("sign-in while connected: without a seat, hello again at once; a seat held stays with its holder") {
    SUBCASE("watching the open tables") {
      TableRig rig;
      rig.table.watch_open_tables(true);
      rig.table.link_opened();
      rig.receive(wire::Welcome{kMe, "Me", std::string("s3cret"), std::nullopt});
      rig.table.sign_in("tok.sig");
      CHECK(rig.link.closes == 1);
      rig.table.update();
      CHECK(rig.link.opens == 2);
      rig.table.link_opened();
      CHECK(rig.link.last_as<online::client::Hello>().token == std::optional<std::string>("tok.sig"));
    }
    SUBCASE("seated as the guest") {
      TableRig rig;
      ServerGame server(kMe, kBea, 0);
      start_game(rig, server);
      rig.table.sign_in("tok.sig");
      CHECK(rig.link.closes == 0);
      rig.table.link_closed();  // a drop: back to the seat as its holder
      rig.time += 60;
      rig.table.update();
      rig.table.link_opened();
      const auto hello = rig.link.last_as<online::client::Hello>();
      CHECK_FALSE(hello.token.has_value());
      CHECK(hello.player == std::optional<std::string>(kMe));
      REQUIRE(hello.resume.has_value());
      CHECK(hello.resume->table == kCode);
    }
  }

  TEST_CASE("chips: what leaving would cost, in the server's figures, and what the match paid") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    // Without chips, leaving a game in play is a resignation, and says so.
    CHECK_FALSE(rig.table.chips().has_value());
    CHECK(rig.table.leave_consequences() == "The game in play counts as resigned: Bea is awarded the win.");
    CHECK(rig.table.chips_line().empty());

    // Chips on: before the match's 4th move leaving costs none.
    rig.receive(wire::Chips{500, 45, 0, 0, online::kDailyChipWinLimit});
    CHECK(rig.table.leave_consequences() ==
          "The game in play counts as resigned: Bea is awarded the win. It costs no chips yet: the match has not "
          "had four moves.");
    deliver(rig, server.play(sq("f5")));
    deliver(rig, server.play(sq("d6")));

    SUBCASE("after the 4th move: the exact cost, and who is paid") {
      rig.receive(wire::Chips{500, 45, 45, 0, online::kDailyChipWinLimit});
      CHECK(rig.table.leave_consequences() ==
            "The game in play counts as resigned: Bea is awarded the win. Leaving now costs you 45 chips, and Bea "
            "is paid as the match's winner.");
      // A balance below the stake is all that leaving can cost.
      rig.receive(wire::Chips{30, 45, 30, 0, online::kDailyChipWinLimit});
      CHECK(rig.table.leave_consequences().find("costs you 30 chips") != std::string::npos);
      rig.table.leave();
      CHECK(std::holds_alternative<online::client::LeaveTable>(rig.link.last()));
      CHECK_FALSE(rig.table.active());
    }

    SUBCASE("a match won: the result card says what it paid, and leaving is then free") {
      GameResult result;
      result.outcome = win_for(Color::Black);
      result.reason = EndReason::Resignation;
      result.black_discs = 4;
      result.white_discs = 2;
      rig.receive(wire::GameOver{++server.seq, messages::events::GameOver{result, "f5d6", 1, std::nullopt}});
      rig.receive(wire::MatchOver{++server.seq, messages::events::MatchOver{1, Seat::First, {3, 2, 0, true}}});
      CHECK(rig.table.chips_line().empty());  // until the server says what changed
      rig.receive(wire::Chips{545, 45, 0, 45, online::kDailyChipWinLimit});
      CHECK(rig.table.chips_line() == "+45 chips for the match: you have 545 chips.");
      CHECK(rig.table.leave_consequences().empty());
      // The record asks for the ledger too, from a server that plays chips.
      rig.link.sent.clear();
      rig.table.ask_record();
      CHECK(std::holds_alternative<online::client::GetChips>(rig.link.last()));
      rig.receive(wire::ChipsLedger{545, {{45, 545, online::ChipReason::MatchWon, kCode, 1, 1'800'000'000}}});
      REQUIRE(rig.table.chips_ledger().has_value());
      CHECK(rig.table.chips_ledger()->entries.size() == 1);
    }

    SUBCASE("a match lost") {
      GameResult result;
      result.outcome = win_for(Color::White);
      result.reason = EndReason::Resignation;
      rig.receive(wire::GameOver{++server.seq, messages::events::GameOver{result, "f5d6", 1, std::nullopt}});
      rig.receive(wire::MatchOver{++server.seq, messages::events::MatchOver{1, Seat::Second, {3, 0, 2, true}}});
      rig.receive(wire::Chips{455, 45, 0, 0, online::kDailyChipWinLimit});
      CHECK(rig.table.chips_line() ==
            "\u2013"
            "45 chips for the match: you have 455 chips.");
    }

    SUBCASE("a win past the day's limit pays nothing, and says why") {
      rig.receive(wire::Chips{500, 45, 45, 1500, online::kDailyChipWinLimit});
      GameResult result;
      result.outcome = win_for(Color::Black);
      result.reason = EndReason::Resignation;
      rig.receive(wire::GameOver{++server.seq, messages::events::GameOver{result, "f5d6", 1, std::nullopt}});
      rig.receive(wire::MatchOver{++server.seq, messages::events::MatchOver{1, Seat::First, {3, 2, 0, true}}});
      rig.receive(wire::Chips{500, 45, 0, 1500, online::kDailyChipWinLimit});
      CHECK(rig.table.chips_line() ==
            "No chips for this win: wins have paid today's 1,500 chips. Play on for fun; wins pay again from "
            "midnight UTC.");
      CHECK(chips_words(1) == "1 chip");
      CHECK(chips_words(1'000'000) == "1,000,000 chips");
      CHECK(chips_words(0) == "0 chips");
      CHECK(chips_words(999) == "999 chips");
      CHECK(chips_words(1000) == "1,000 chips");
      CHECK(chips_words(-1) == "-1 chip");
      CHECK(chips_words(-12345) == "-12,345 chips");
    }
  }

  TEST_CASE("open tables: the whole list, then its changes, newest first; a change that does not fit asks again") {
    const wire::OpenTableEntry ada{"K7M2QX", "p_ada", "Ada", 3, online::TableOptions{}};
    const wire::OpenTableEntry bob{"Q2W3E4", "p_bob", "Bob", 1, online::TableOptions{}};
    const wire::OpenTableEntry cy{"9XK2PW", "p_cy", "Cy", 2, online::TableOptions{}};
    wire::OpenTableEntry bob_renamed = bob;
    bob_renamed.host_name = "Robert";
    TableRig rig;
    rig.table.watch_open_tables(true);
    rig.table.link_opened();
    rig.receive(wire::Welcome{kMe, "Me", std::string("s3cret"), std::nullopt});
    CHECK(std::holds_alternative<online::client::WatchOpenTables>(rig.link.last()));
    // A change before the whole list belongs to no list this client holds.
    rig.receive(wire::OpenTablesChanged{{}, {}, {{0, cy}}});
    CHECK(rig.table.open_tables().empty());
    rig.receive(wire::OpenTables{{bob, ada}});
    rig.receive(wire::OpenTablesChanged{{}, {}, {{0, cy}}});
    CHECK(rig.table.open_tables() == std::vector<wire::OpenTableEntry>{cy, bob, ada});
    rig.receive(wire::OpenTablesChanged{{"K7M2QX"}, {bob_renamed}, {}});
    CHECK(rig.table.open_tables() == std::vector<wire::OpenTableEntry>{cy, bob_renamed});
    const std::size_t sent = rig.link.sent.size();

    // Out of step (a table removed that the list does not hold): the list is
    // kept as it was and the whole list asked for again.
    rig.receive(wire::OpenTablesChanged{{"ZZZZZZ"}, {}, {{0, ada}}});
    CHECK(rig.table.open_tables() == std::vector<wire::OpenTableEntry>{cy, bob_renamed});
    REQUIRE(rig.link.sent.size() == sent + 1);
    CHECK(std::holds_alternative<online::client::WatchOpenTables>(rig.link.last()));
    rig.receive(wire::OpenTablesChanged{{}, {}, {{0, ada}}});  // sent before the server heard: dropped
    CHECK(rig.table.open_tables().size() == 2);
    rig.receive(wire::OpenTables{{ada, cy}});
    CHECK(rig.table.open_tables() == std::vector<wire::OpenTableEntry>{ada, cy});

    // A reconnect starts from a whole list again; not watching drops it.
    rig.table.link_closed();
    rig.receive(wire::OpenTablesChanged{{"K7M2QX"}, {}, {}});
    CHECK(rig.table.open_tables().size() == 2);
    rig.table.watch_open_tables(false);
    CHECK(rig.table.open_tables().empty());
    rig.receive(wire::OpenTablesChanged{{}, {}, {{0, ada}}});
    CHECK(rig.table.open_tables().empty());
  }
}

TEST_SUITE("online-table: game clocks") {
  TEST_CASE("the player's own game clock under ten seconds is said once; a loss on time is worded") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    wire::Table playing = table_message(true, messages::TablePhase::Playing, server.seq);
    playing.options.clock = 0;
    playing.options.game_clock = online::GameClockOptions{60, 0};
    playing.game_clock = wire::GameClockReading{12000, 60000, Color::Black, 1000, 0};
    rig.receive(playing);
    rig.table.update();
    CHECK_FALSE(rig.noticed("seconds left"));
    rig.time += 1.5;
    rig.table.update();
    rig.time += 1;
    rig.table.update();
    int said = 0;
    for (const Notice& notice : rig.notices) said += notice.text == "10 seconds left";
    CHECK(said == 1);
    const auto shown = rig.table.game_clock();
    REQUIRE(shown);
    CHECK(shown->black == doctest::Approx(9.5));
    wire::GameOver over;
    over.seq = ++server.seq;
    over.over.result = GameResult{Outcome::WhiteWins, EndReason::Time, 2, 2};
    over.over.game_number = 1;
    rig.receive(over);
    CHECK(rig.table.game_clock()->black == 0);
    CHECK(rig.table.ending() == "Your time ran out.");
  }

  TEST_CASE("a chat line the server refuses is kept as the draft, and goes once it is sent again and passed on") {
    TableRig rig;
    ServerGame server(kMe, kBea, 0);
    start_game(rig, server);
    rig.notices.clear();
    rig.table.chat("hello there");
    CHECK(rig.link.last_as<online::client::Chat>().text == "hello there");
    CHECK(rig.table.chat_draft().empty());
    rig.receive(wire::Error{messages::ErrorCode::RateLimited, "You are writing too fast.", "chat"});
    CHECK(rig.table.chat_draft() == "hello there");
    REQUIRE(!rig.notices.empty());
    CHECK(rig.notices.back().text.find("Your message is kept") != std::string::npos);

    rig.table.chat("hello there");
    CHECK(rig.table.chat_draft().empty());
    rig.receive(wire::Chat{kMe, "Me", "hello there", 0, 1});
    // A later refusal of something else at the table keeps no stale line.
    rig.receive(wire::Error{messages::ErrorCode::RateLimited, "You are writing too fast.", "chat"});
    CHECK(rig.table.chat_draft().empty());
    CHECK(rig.table.chat_lines().size() == 1);
  }
}
