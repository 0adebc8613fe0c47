// Chat, mutes, reports and bans through a real reversi-server: a --chat-words
// list masks what the other seat reads, a mute holds across a reconnect, a
// report reaches `reversi-server admin reports` on the same database, an
// admin ban ends a connected player's session, and a report keeps the two
// players apart.
#include <doctest/doctest.h>

#include <fstream>
#include <thread>

#include "server/processes.h"
#include "server/test_socket.h"
#include "watched_list.h"

using namespace reversi;
using namespace reversi::testing;
namespace online = messages::online;
namespace wire = messages::online::server;
using messages::ErrorCode;

namespace {

struct ChatPlayer {
  TestSocket socket;
  wire::Welcome welcome;

  // Says hello (as the same player when already known); the messages up to
  // and including welcome are dropped.
  void connect(std::uint16_t port) {
    REQUIRE(socket.connect(port) == 101);
    online::client::Hello hello;
    if (!welcome.player.empty()) {
      hello.player = welcome.player;
      hello.secret = welcome.secret;
    }
    socket.send(hello);
    const std::optional<wire::Welcome> answer = socket.wait_for<wire::Welcome>(10);
    REQUIRE(answer);
    if (welcome.player.empty()) welcome = *answer;
  }
  // Every message until one of type T (inclusive).
  template <class T>
  std::vector<online::ServerMessage> until(double seconds = 10) {
    std::vector<online::ServerMessage> seen;
    for (;;) {
      const std::optional<std::string> text = socket.receive(seconds);
      REQUIRE_MESSAGE(text, "no message came");
      messages::Decoded<online::ServerMessage> decoded = online::decode_server_message(*text);
      REQUIRE_MESSAGE(decoded, *text);
      seen.push_back(*decoded.value);
      if (std::holds_alternative<T>(seen.back())) return seen;
    }
  }
  template <class T>
  T next(double seconds = 10) {
    return std::get<T>(until<T>(seconds).back());
  }
  // Table views until one in `phase` (views sent before may still be on their way).
  void wait_for_phase(messages::TablePhase phase) {
    for (int views = 0; views < 10; ++views)
      if (next<wire::Table>().phase == phase) return;
    FAIL("the table never reached the phase");
  }
};

template <class T>
std::vector<T> only(const std::vector<online::ServerMessage>& messages) {
  std::vector<T> found;
  for (const online::ServerMessage& message : messages)
    if (const T* value = std::get_if<T>(&message)) found.push_back(*value);
  return found;
}

// Ada opens a table, Bob joins; both have seen the game start.
std::string seat_both(ChatPlayer& ada, ChatPlayer& bob, wire::GameStarted* started = nullptr) {
  ada.socket.send(online::client::OpenTable{});
  const std::string code = ada.next<wire::Table>().code;
  bob.socket.send(online::client::JoinTable{code});
  const wire::GameStarted game = bob.next<wire::GameStarted>();
  ada.next<wire::GameStarted>();
  if (started) *started = game;
  return code;
}

bool has_line(const std::vector<std::string>& lines, const std::string& wanted) {
  for (const std::string& line : lines)
    if (line == wanted) return true;
  return false;
}

}  // namespace

TEST_SUITE("server-process") {
  TEST_CASE("server process: chat is masked by --chat-words, a mute holds after a reconnect, a report is kept") {
    TemporaryFolder folder;
    std::ofstream(folder.path() / "words.txt") << "# words nobody should read\nbad\n\ndumb head\n";
    for (const std::filesystem::path& unreadable : {folder.path() / "missing.txt", folder.path()}) {
      ChildProcess refused({build_path("reversi-server"), "--port", "0", "--database",
                            (folder.path() / "refused.sqlite3").string(), "--chat-words", unreadable.string()},
                           folder.path() / "refused.log");
      CHECK(refused.wait(20) == 1);  // a word list asked for and not read stops the start
    }
    ServerProcess server(folder, {"--chat-words", (folder.path() / "words.txt").string()});
    ChatPlayer ada, bob;
    ada.connect(server.port());
    bob.connect(server.port());
    wire::GameStarted started;
    const std::string code = seat_both(ada, bob, &started);
    ChatPlayer& black = started.black == ada.welcome.player ? ada : bob;
    black.socket.send(online::client::Play{*parse_square("f5").value, 0});
    ada.next<wire::Move>();
    bob.next<wire::Move>();

    ada.socket.send(online::client::Chat{"that was a BAD move, you dumb  head"});
    const wire::Chat line = bob.next<wire::Chat>();
    CHECK(line.text == "that was a *** move, you **********");
    CHECK(line.from == ada.welcome.player);
    CHECK(line.name == ada.welcome.name);
    CHECK(line.id == 1);
    CHECK(ada.next<wire::Chat>().text == line.text);  // the writer's echo is masked too

    bob.socket.send(online::client::Mute{ada.welcome.player, true});
    CHECK(bob.next<wire::Mutes>().players == std::vector<std::string>{ada.welcome.player});
    ada.socket.send(online::client::Chat{"are you there?"});
    CHECK(ada.next<wire::Chat>().text == "are you there?");
    bob.socket.send(online::client::Chat{"still here"});
    const std::vector<online::ServerMessage> to_bob = bob.until<wire::Chat>();
    CHECK(only<wire::Chat>(to_bob).size() == 1);  // his own echo only: Ada's line never came
    CHECK(std::get<wire::Chat>(to_bob.back()).text == "still here");

    bob.socket.close();  // dropped; comes back inside the grace window
    bob.connect(server.port());
    CHECK(bob.next<wire::Mutes>().players == std::vector<std::string>{ada.welcome.player});
    const wire::ChatHistory history = bob.next<wire::ChatHistory>();
    REQUIRE(history.messages.size() == 1);  // Ada's lines are left out
    CHECK(history.messages[0].text == "still here");

    ada.socket.send(online::client::Report{bob.welcome.player, messages::ReportReason::Abuse, "rude in chat"});
    CHECK(ada.next<wire::Reported>().player == bob.welcome.player);

    const auto [lines, exit_code] = admin(folder, {"reports"});
    CHECK(exit_code == 0);
    std::string printed;
    for (const std::string& printed_line : lines) printed += printed_line + "\n";
    INFO(printed);
    CHECK(lines.at(0).rfind("report 1 (open) at 20", 0) == 0);
    CHECK(has_line(lines, "  reporter:   " + ada.welcome.player + " (" + ada.welcome.name + ")"));
    CHECK(has_line(lines, "  reported:   " + bob.welcome.player + " (" + bob.welcome.name + ")"));
    CHECK(has_line(lines, "  reason:     abuse"));
    CHECK(has_line(lines, "  note:       rude in chat"));
    CHECK(has_line(lines, "  table:      " + code));
    CHECK(has_line(lines, "  transcript: f5"));
    CHECK(has_line(lines, "  chat:       3 lines"));
    CHECK(printed.find(ada.welcome.name + "): that was a BAD move, you dumb  head   [shown as: that was a *** move, "
                                          "you **********]") != std::string::npos);
    CHECK(printed.find(bob.welcome.name + "): still here\n") != std::string::npos);

    const auto [closed, close_code] = admin(folder, {"close-report", "1"});
    CHECK(close_code == 0);
    CHECK(admin(folder, {"reports"}).first == std::vector<std::string>{"No open reports."});
    CHECK(admin(folder, {"reports", "--all"}).first.at(0).rfind("report 1 (closed)", 0) == 0);
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: an admin ban ends a connected player's session and their hello is refused") {
    TemporaryFolder folder;
    ServerProcess server(folder);
    ChatPlayer ada, bob;
    ada.connect(server.port());
    bob.connect(server.port());
    seat_both(ada, bob);

    const auto [banned, ban_code] = admin(folder, {"ban", bob.welcome.player, "--reason", "abuse in chat"});
    CHECK(ban_code == 0);
    CHECK(banned == std::vector<std::string>{bob.welcome.player + " (" + bob.welcome.name + ") banned"});
    const wire::Error error = bob.next<wire::Error>(5);  // the server polls once a second
    CHECK(error.code == ErrorCode::Banned);
    CHECK_FALSE(bob.socket.receive(5));  // and then closes
    // Bob left before both had moved: the game is called off and Ada waits.
    ada.next<wire::GameAborted>();
    ada.wait_for_phase(messages::TablePhase::Waiting);

    ChatPlayer again;
    REQUIRE(again.socket.connect(server.port()) == 101);
    again.socket.send(online::client::Hello{bob.welcome.player, bob.welcome.secret, {}, {}});
    CHECK(again.next<wire::Error>().code == ErrorCode::Banned);
    CHECK_FALSE(again.socket.receive(5));

    const auto [bans, bans_code] = admin(folder, {"bans"});
    REQUIRE(bans.size() == 1);
    CHECK(bans[0].find(bob.welcome.player + " (" + bob.welcome.name + ") banned at ") == 0);
    CHECK(bans[0].find(": abuse in chat") != std::string::npos);
    CHECK(admin(folder, {"unban", bob.welcome.player}).second == 0);
    CHECK(admin(folder, {"unban", bob.welcome.player}).second == 1);  // no longer banned
    ChatPlayer later;
    later.welcome = bob.welcome;
    later.connect(server.port());
    CHECK(server.stop() == 0);
  }

  TEST_CASE("server process: a reporter never sees the reported player's table listed, nor do they sit again") {
    TemporaryFolder folder;
    ServerProcess server(folder);
    ChatPlayer ada, bob, carol;
    ada.connect(server.port());
    bob.connect(server.port());
    carol.connect(server.port());
    seat_both(ada, bob);
    ada.socket.send(online::client::Report{bob.welcome.player, messages::ReportReason::Spam, ""});
    CHECK(ada.next<wire::Reported>().player == bob.welcome.player);
    ada.socket.send(online::client::LeaveTable{});  // Bob keeps the table, listed again
    bob.wait_for_phase(messages::TablePhase::Waiting);

    carol.socket.send(online::client::WatchOpenTables{});
    WatchedList carol_list;
    carol_list.take(carol.until<wire::OpenTables>());
    // Bob's table tells him it waits before it tells the lobby: Carol's first
    // list may come between the two, and the change that adds his table follows.
    if (carol_list.tables.empty()) carol_list.take(carol.until<wire::OpenTablesChanged>());
    CHECK(carol_list.in_step);
    REQUIRE(carol_list.tables.size() == 1);
    CHECK(carol_list.tables[0].host_player == bob.welcome.player);
    ada.socket.send(online::client::WatchOpenTables{});
    CHECK(ada.next<wire::OpenTables>().tables.empty());

    ada.socket.send(online::client::OpenTable{});
    const std::string ada_table = ada.next<wire::Table>().code;
    bob.socket.send(online::client::LeaveTable{});
    bob.next<wire::Table>();
    bob.socket.send(online::client::JoinTable{ada_table});
    const wire::Error refused = bob.next<wire::Error>();
    CHECK(refused.code == ErrorCode::NotAvailable);
    CHECK(refused.reason == "This table is not open to you.");
    CHECK(server.stop() == 0);
  }
}
