// Chat at the table and what moderates it: the word mask, a line's rules,
// the per-player rate limit on an injected clock, mutes (live and in
// chat-history), reports with what they keep, the avoidance a report makes,
// and bans seen by polling the store.
#include <doctest/doctest.h>

#include "server/chat_filter.h"
#include "server/client_session.h"
#include "server_test_support.h"
#include "watched_list.h"

using namespace reversi;
using namespace reversi::testing;
using messages::ErrorCode;
using server::ChatFilter;

namespace {

std::string masked(const std::vector<std::string>& words, const std::string& text) {
  return ChatFilter(words).mask(text);
}

std::string line_or_reason(const std::string& text) {
  const auto checked = server::checked_chat_line(text);
  if (const auto* refusal = std::get_if<server::ChatRefusal>(&checked)) return "refused: " + refusal->reason;
  return std::get<std::string>(checked);
}

struct ChatServer {
  TableWorld world;
  server::Lobby lobby{world.services(), inline_hosts(world)};

  explicit ChatServer(Backend backend, const std::vector<std::string>& words = {}) : world(backend, words) {}
  server::ClientServices services() {
    return server::ClientServices{&lobby,
                                  world.store.get(),
                                  nullptr,
                                  [this] { return world.now; },
                                  [] { return std::int64_t{1'800'000'000}; },
                                  {},
                                  world.moderation.get()};
  }
};

struct ChatClient {
  std::shared_ptr<FakeLink> link = std::make_shared<FakeLink>();
  std::optional<server::ClientSession> session;
  wire::Welcome welcome;
  ChatServer& server;

  explicit ChatClient(ChatServer& host) : server(host) { session.emplace(host.services(), link); }
  void say(const online::ClientMessage& message) { session->on_message(online::encode_client_message(message)); }
  std::vector<online::ServerMessage> hello() {
    online::client::Hello hello;
    if (!welcome.player.empty()) {
      hello.player = welcome.player;
      hello.secret = welcome.secret;
    }
    say(hello);
    std::vector<online::ServerMessage> messages = link->take();
    const auto welcomes = FakeLink::only<wire::Welcome>(messages);
    REQUIRE(welcomes.size() == 1);
    if (welcome.player.empty()) welcome = welcomes[0];
    return messages;
  }
  // A new connection for the same player.
  std::vector<online::ServerMessage> reconnect() {
    session->on_closed();
    link = std::make_shared<FakeLink>();
    session.emplace(server.services(), link);
    return hello();
  }
  std::vector<std::string> chat_texts() {
    std::vector<std::string> texts;
    for (const wire::Chat& chat : link->take_only<wire::Chat>()) texts.push_back(chat.text);
    return texts;
  }
  wire::Error refusal() {
    const auto errors = link->take_only<wire::Error>();
    REQUIRE(errors.size() == 1);
    return errors[0];
  }
};

// Ada opens, Bob joins; both links emptied.
std::string seat_both(ChatClient& ada, ChatClient& bob) {
  ada.say(online::client::OpenTable{});
  const auto tables = ada.link->take_only<wire::Table>();
  REQUIRE(tables.size() == 1);
  bob.say(online::client::JoinTable{tables[0].code});
  ada.link->take();
  bob.link->take();
  return tables[0].code;
}

}  // namespace

TEST_CASE("server chat: the word mask folds case, keeps to whole words and sees through simple disguises") {
  const std::vector<std::string> words = {"bad", "ass", "évil", "dumb head"};
  CHECK(masked(words, "you are bad") == "you are ***");
  CHECK(masked(words, "BAD, Bad and bAd!") == "***, *** and ***!");
  CHECK(masked(words, "a class act, badge, abad") == "a class act, badge, abad");  // inside other words
  CHECK(masked(words, "ass!") == "***!");
  CHECK(masked(words, "ÉVIL évil Évil") == "**** **** ****");  // Latin letters beyond ASCII fold too
  CHECK(masked(words, "evil") == "evil");                      // accents are not removed
  CHECK(masked(words, "baaaad") == "******");                  // a letter repeated
  CHECK(masked(words, "b.a.d b-a-d b*a*d") == "***** ***** *****");
  CHECK(masked(words, "as") == "as");  // fewer letters than the word is not the word
  CHECK(masked(words, "b a d") == "b a d");
  CHECK(masked(words, "what a dumb head") == "what a *********");
  CHECK(masked(words, "what a dumb   HEAD!") == "what a ***********!");
  CHECK(masked(words, "dumb heads") == "dumb heads");
  CHECK(masked(words, "dumb") == "dumb");
  CHECK(masked({"дурак"}, "Ты ДУРАК.") == "Ты *****.");  // Cyrillic, one asterisk a character
  CHECK(masked({}, "bad") == "bad");

  const std::vector<std::string> parsed = server::parse_word_list("# words\n\nbad\n  dumb head  \r\n#ass\n\t\nlast");
  CHECK(parsed == std::vector<std::string>{"bad", "dumb head", "last"});
}

TEST_CASE("server chat: a line is 1 to 200 characters without control characters") {
  CHECK(line_or_reason("  hello there  ") == "hello there");
  CHECK(line_or_reason(std::string(200, 'x')) == std::string(200, 'x'));
  CHECK(line_or_reason(std::string(201, 'x')).rfind("refused: A message may hold at most 200", 0) == 0);
  std::string accents;
  for (int index = 0; index < 200; ++index) accents += "é";  // 400 bytes, 200 characters
  CHECK(line_or_reason(accents) == accents);
  CHECK(line_or_reason(accents + "é").rfind("refused:", 0) == 0);
  CHECK(line_or_reason("").rfind("refused: A message needs", 0) == 0);
  CHECK(line_or_reason(" \t\n ").rfind("refused: A message needs", 0) == 0);
  CHECK(line_or_reason("one\ntwo\tthree\r\n") == "one two three");  // line breaks and tabs become spaces
  CHECK(line_or_reason("bell\a").rfind("refused: A message may not hold control", 0) == 0);
  CHECK(line_or_reason("nul" + std::string(1, '\0')).rfind("refused: A message may not hold control", 0) == 0);
  CHECK(line_or_reason("right\u202Eleft").rfind("refused: A message may not hold control", 0) == 0);
  CHECK(line_or_reason("\x80\x81").rfind("refused: A message must be valid text", 0) == 0);
}

TEST_CASE("server chat: the rate limit is a burst of three, then one every two seconds, per player") {
  server::ChatRateLimiter limiter;
  double now = 100;
  CHECK_FALSE(limiter.wait("p_ada", now));
  CHECK_FALSE(limiter.wait("p_ada", now));
  CHECK_FALSE(limiter.wait("p_ada", now));
  const std::optional<double> wait = limiter.wait("p_ada", now);
  REQUIRE(wait);
  CHECK(*wait == doctest::Approx(2));
  CHECK_FALSE(limiter.wait("p_bob", now));  // another player's own bucket
  now += 1;
  REQUIRE(limiter.wait("p_ada", now));
  CHECK(*limiter.wait("p_ada", now) == doctest::Approx(1));
  now += 1;
  CHECK_FALSE(limiter.wait("p_ada", now));
  CHECK(limiter.wait("p_ada", now));
  now += 60;  // a long pause fills the burst again, no more
  for (int line = 0; line < 3; ++line) CHECK_FALSE(limiter.wait("p_ada", now));
  CHECK(limiter.wait("p_ada", now));
  CHECK(server::too_fast_reason(1.2) == "You are writing too fast: you may write again in 2 seconds.");
  CHECK(server::too_fast_reason(0.5) == "You are writing too fast: you may write again in 1 second.");
}

STORE_TEST_CASE("server chat: both seats get the masked line with its writer, time and number; refusals") {
  ChatServer server(backend, {"bad"});
  ChatClient ada(server), bob(server), carol(server);
  ada.hello();
  bob.hello();
  carol.hello();
  carol.say(online::client::Chat{"hello"});
  CHECK(carol.refusal().code == ErrorCode::NotSeated);
  seat_both(ada, bob);

  ada.say(online::client::Chat{"  you play BAD moves  "});
  const auto to_bob = bob.link->take_only<wire::Chat>();
  REQUIRE(to_bob.size() == 1);
  CHECK(to_bob[0].text == "you play *** moves");
  CHECK(to_bob[0].from == ada.welcome.player);
  CHECK(to_bob[0].name == ada.welcome.name);
  CHECK(to_bob[0].at == 1'800'000'000);
  CHECK(to_bob[0].id == 1);
  CHECK(ada.chat_texts() == std::vector<std::string>{"you play *** moves"});  // the writer's own echo

  ada.say(online::client::Chat{std::string(201, 'x')});
  const wire::Error long_line = ada.refusal();
  CHECK(long_line.code == ErrorCode::BadChat);
  CHECK(long_line.request == "chat");
  ada.say(online::client::Chat{"   "});
  CHECK(ada.refusal().code == ErrorCode::BadChat);
  // Burst of three: one line went out, two more may, then a wait.
  for (const char* text : {"two", "three"}) ada.say(online::client::Chat{text});
  CHECK(bob.chat_texts() == std::vector<std::string>{"two", "three"});
  ada.say(online::client::Chat{"four"});
  const wire::Error fast = ada.refusal();
  CHECK(fast.code == ErrorCode::RateLimited);
  CHECK(fast.request == "chat");
  CHECK(fast.reason == "You are writing too fast: you may write again in 2 seconds.");
  // Per player: a second connection of Ada's does not get a fresh allowance.
  ChatClient ada_again(server);
  ada_again.welcome = ada.welcome;
  ada_again.hello();
  ada_again.say(online::client::Chat{"from my phone"});
  CHECK(ada_again.refusal().code == ErrorCode::RateLimited);
  server.world.now += 2;
  ada_again.say(online::client::Chat{"from my phone"});
  CHECK(bob.chat_texts() == std::vector<std::string>{"from my phone"});
  // Chat refusals never close the connection (40 refusals of too large or
  // too fast frames would).
  for (int index = 0; index < 60; ++index) {
    server.world.now += 0.1;
    bob.say(online::client::Chat{""});
    CHECK(bob.refusal().code == ErrorCode::BadChat);
  }
  CHECK_FALSE(bob.link->closed);
}

STORE_TEST_CASE("server chat: a mute stops a player's lines live and in chat-history, and is kept") {
  ChatServer server(backend);
  ChatClient ada(server), bob(server);
  ada.hello();
  bob.hello();
  seat_both(ada, bob);
  bob.say(online::client::Chat{"before the mute"});
  ada.link->take();
  bob.link->take();

  ada.say(online::client::Mute{bob.welcome.player, true});
  const auto mutes = ada.link->take_only<wire::Mutes>();
  REQUIRE(mutes.size() == 1);
  CHECK(mutes[0].players == std::vector<std::string>{bob.welcome.player});
  bob.say(online::client::Chat{"after the mute"});
  CHECK(ada.chat_texts().empty());
  CHECK(bob.chat_texts() == std::vector<std::string>{"after the mute"});  // Bob still sees his own
  ada.say(online::client::Chat{"can you hear me"});
  CHECK(bob.chat_texts() == std::vector<std::string>{"can you hear me"});  // a mute is one way

  // Coming back: the list right after welcome, and a history without Bob.
  const std::vector<online::ServerMessage> back = ada.reconnect();
  const auto listed = FakeLink::only<wire::Mutes>(back);
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].players == std::vector<std::string>{bob.welcome.player});
  const auto history = FakeLink::only<wire::ChatHistory>(back);
  REQUIRE(history.size() == 1);
  REQUIRE(history[0].messages.size() == 1);
  CHECK(history[0].messages[0].text == "can you hear me");
  const std::vector<online::ServerMessage> bob_back = bob.reconnect();
  const auto bob_history = FakeLink::only<wire::ChatHistory>(bob_back);
  REQUIRE(bob_history.size() == 1);
  CHECK(bob_history[0].messages.size() == 3);

  ada.say(online::client::Mute{bob.welcome.player, false});
  CHECK(ada.link->take_only<wire::Mutes>()[0].players.empty());
  bob.say(online::client::Chat{"heard again"});
  CHECK(ada.chat_texts() == std::vector<std::string>{"heard again"});

  ada.say(online::client::Mute{ada.welcome.player, true});
  CHECK(ada.refusal().code == ErrorCode::BadMessage);
  ada.say(online::client::Mute{"p_nobody", true});
  CHECK(ada.refusal().code == ErrorCode::NoSuchPlayer);
}

STORE_TEST_CASE("server chat: a report keeps the game and the chat, also right after the opponent left") {
  ChatServer server(backend);
  ChatClient ada(server), bob(server), carol(server);
  ada.hello();
  bob.hello();
  carol.hello();
  const std::string code = seat_both(ada, bob);
  bob.say(online::client::Chat{"you will lose"});
  ada.say(online::client::Chat{"we will see"});
  bob.say(online::client::LeaveTable{});  // before both moved: aborted
  ada.link->take();

  ada.say(online::client::Report{bob.welcome.player, messages::ReportReason::Abuse, "rude"});
  const auto reported = ada.link->take_only<wire::Reported>();
  REQUIRE(reported.size() == 1);
  CHECK(reported[0].player == bob.welcome.player);
  ada.say(online::client::Report{carol.welcome.player, messages::ReportReason::Spam, ""});
  CHECK(ada.refusal().code == ErrorCode::NoSuchPlayer);  // never sat together
  ada.say(online::client::Report{ada.welcome.player, messages::ReportReason::Spam, ""});
  CHECK(ada.refusal().code == ErrorCode::NoSuchPlayer);

  const auto reports = server.world.store->moderation()->load_reports(false);
  REQUIRE(reports);
  REQUIRE(reports.value->size() == 1);
  const server::ReportRow& report = reports.value->front();
  CHECK(report.reporter == ada.welcome.player);
  CHECK(report.reported == bob.welcome.player);
  CHECK(report.reported_name == bob.welcome.name);
  CHECK(report.reason == messages::ReportReason::Abuse);
  CHECK(report.note == "rude");
  CHECK(report.code == code);
  CHECK(report.created_unix == 1'800'000'000);
  REQUIRE(report.chat.size() == 2);
  CHECK(report.chat[0].text == "you will lose");
  CHECK(report.chat[1].player == ada.welcome.player);

  // The next opponent at Ada's table does not read what Bob and Ada said.
  carol.say(online::client::JoinTable{code});
  const auto history = carol.link->take_only<wire::ChatHistory>();
  REQUIRE(history.size() == 1);
  CHECK(history[0].messages.empty());
}

STORE_TEST_CASE("server chat: the reported player cannot join the reporter's table nor see it listed") {
  ChatServer server(backend);
  ChatClient ada(server), bob(server), dan(server);
  ada.hello();
  bob.hello();
  dan.hello();
  seat_both(ada, bob);
  bob.say(online::client::Report{ada.welcome.player, messages::ReportReason::Cheating, ""});
  REQUIRE(bob.link->take_only<wire::Reported>().size() == 1);
  bob.say(online::client::LeaveTable{});
  ada.link->take();

  // Ada's table is open again: Bob (the reporter) does not see it; Dan does.
  bob.say(online::client::WatchOpenTables{});
  dan.say(online::client::WatchOpenTables{});
  CHECK(bob.link->take_only<wire::OpenTables>()[0].tables.empty());
  WatchedList dan_list;
  dan_list.take(dan.link->take());
  REQUIRE(dan_list.tables.size() == 1);
  const std::string ada_table = dan_list.tables[0].code;
  // Bob, the reporter, asking by code is asking: allowed.
  bob.say(online::client::JoinTable{ada_table});
  CHECK(bob.link->take_only<wire::GameStarted>().size() == 1);
  bob.say(online::client::LeaveTable{});
  ada.say(online::client::LeaveTable{});
  bob.link->take();
  ada.link->take();
  // Bob hosts: Ada (the reported) does not see his table and may not join it.
  bob.say(online::client::OpenTable{});
  const std::string bob_table = bob.link->take_only<wire::Table>()[0].code;
  ada.say(online::client::WatchOpenTables{});
  CHECK(ada.link->take_only<wire::OpenTables>()[0].tables.empty());
  ada.say(online::client::JoinTable{bob_table});
  const wire::Error refused = ada.refusal();
  CHECK(refused.code == ErrorCode::NotAvailable);
  CHECK(refused.reason == "This table is not open to you.");
  dan_list.take(dan.link->take());  // changes only, since the first list
  CHECK(dan_list.in_step);
  REQUIRE(dan_list.tables.size() == 1);
  CHECK(dan_list.tables[0].code == bob_table);
}

STORE_TEST_CASE(
    "server chat: a ban found by the poll closes the player's connections, unseats them and refuses hello") {
  ChatServer server(backend);
  ChatClient ada(server), bob(server);
  ada.hello();
  bob.hello();
  seat_both(ada, bob);
  REQUIRE(*server.world.store->moderation()->put_ban(bob.welcome.player, "abuse", 1'800'000'000).value);
  server.world.moderation->poll_bans(server.lobby);
  const auto errors = bob.link->take_only<wire::Error>();
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].code == ErrorCode::Banned);
  CHECK(bob.link->closed);
  CHECK_FALSE(server.lobby.table_of(bob.welcome.player));
  const auto ada_table = ada.link->take_only<wire::Table>();
  REQUIRE_FALSE(ada_table.empty());
  CHECK(ada_table.back().phase == messages::TablePhase::Waiting);  // Bob left: aborted, Ada waits

  bob.session->on_closed();
  ChatClient bob_again(server);
  bob_again.say(online::client::Hello{bob.welcome.player, bob.welcome.secret, {}, {}});
  CHECK(bob_again.refusal().code == ErrorCode::Banned);
  CHECK(bob_again.link->closed);
  REQUIRE(*server.world.store->moderation()->delete_ban(bob.welcome.player).value);
  server.world.moderation->poll_bans(server.lobby);
  ChatClient bob_later(server);
  bob_later.welcome = bob.welcome;
  bob_later.hello();
  CHECK_FALSE(bob_later.link->closed);
}
