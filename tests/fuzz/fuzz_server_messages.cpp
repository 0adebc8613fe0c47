// libFuzzer target for the server's message handling: the online decoder
// (table_messages.h) and the per-connection dispatch (ClientSession) into a
// lobby whose tables run inline, with a fake clock, fake searches and an
// in-memory SQLite store, with chat moderation and a word list. Two players
// are seated and playing before the input starts, so the input reaches the
// tables. Each input line is one frame from one of three connections, raw
// or spliced into a valid message; "~N" lines move the clock, "!" lines
// answer the pending searches, "#N" bans connection N's player (and polls).
// Nothing may crash, everything the server sends must decode, and a
// watcher's open tables list, its changes applied, must be what a fresh
// list would be.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#define REQUIRE(condition)          \
  do {                              \
    if (!(condition)) std::abort(); \
  } while (false)
#define REQUIRE_MESSAGE(condition, message) REQUIRE(condition)
#include "server/client_session.h"
#include "server_test_support.h"
#include "watched_list.h"

using namespace reversi;
using namespace reversi::testing;

namespace {

// Everything sent decodes; the open tables lists and their changes are
// kept as a client keeps them.
void check_sent(FakeLink& link, WatchedList* list = nullptr) {
  for (const std::string& text : link.sent) {
    const auto decoded = online::decode_server_message(text);
    REQUIRE(decoded);
    if (list) list->take(*decoded.value);
  }
  link.sent.clear();
}

const std::string_view kTemplates[] = {
    R"({"type":"play","square":"f5","ply":0})",
    R"({"type":"hello","v":1,"resume":{"table":"K7M2QX","seq":3}})",
    R"({"type":"open-table","options":{"matchLength":3,"clock":45,"start":"empty-centre"},"private":true})",
    R"({"type":"join-table","code":"K7M2QX"})",
    R"({"type":"seat-computer","strength":"hard"})",
    R"({"type":"leave-table"})",
    R"({"type":"set-name","name":"Ada"})",
    R"({"type":"claim-seat","code":"XFER22"})",
    R"({"type":"resign"})",
    R"({"type":"rematch"})",
    R"({"type":"chat","text":"a b.a.d move, dumb  head"})",
    R"({"type":"mute","player":"p_x","muted":true})",
    R"({"type":"report","player":"p_x","reason":"abuse","note":"rude"})",
    R"({"type":"watch-open-tables"})",
    R"({"type":"link-device"})",
    R"({"type":"hello","v":1,"link":"ABCD-2345"})",
    R"({"type":"delete-player"})",
    R"({"type":"unwatch-open-tables"})",
    R"({"type":"set-private","private":false})",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  TableWorld world(":memory:", {"bad", "dumb head", "évil"});
  std::vector<std::shared_ptr<InlineHost>> hosts;
  server::Lobby lobby(world.services(), inline_hosts(world, &hosts));
  const server::HostTokenVerifier tokens(std::string("fuzzing-key-0123456789"));
  server::ClientServices services{
      &lobby, world.store.get(), &tokens, [&world] { return world.now; }, [] { return std::int64_t{1'800'000'000}; },
      {}};
  services.moderation = world.moderation.get();
  std::shared_ptr<FakeLink> links[3] = {std::make_shared<FakeLink>(), std::make_shared<FakeLink>(),
                                        std::make_shared<FakeLink>()};
  server::ClientSession sessions[3] = {{services, links[0]}, {services, links[1]}, {services, links[2]}};
  WatchedList lists[3];

  sessions[0].on_message(R"({"type":"hello"})");
  sessions[1].on_message(R"({"type":"hello"})");
  sessions[0].on_message(R"({"type":"open-table","options":{"clock":10}})");
  const auto tables = FakeLink::only<wire::Table>(links[0]->take());
  REQUIRE(tables.size() == 1);
  sessions[1].on_message(R"({"type":"join-table","code":")" + tables[0].code + "\"}");
  check_sent(*links[1]);

  std::size_t at = 0;
  while (at < input.size()) {
    const std::size_t end = std::min(input.find('\n', at), input.size());
    std::string_view line = input.substr(at, end - at);
    at = end + 1;
    if (line.empty()) continue;
    if (line[0] == '~') {  // the clock moves on: clocks, grace windows, next games
      world.now += static_cast<double>(line.size() > 1 ? static_cast<unsigned char>(line[1]) : 1);
      for (const auto& host : hosts) host->run([](server::Table& table) { table.on_timer(); });
      continue;
    }
    if (line[0] == '!') {
      world.run_searches();
      continue;
    }
    if (line[0] == '#') {  // an admin's ban, seen by the next poll
      const auto& player = sessions[line.size() > 1 ? static_cast<unsigned char>(line[1]) % 3 : 0].player();
      if (player) world.store->moderation()->put_ban(*player, "fuzz", 1'800'000'000);
      world.moderation->poll_bans(lobby);
      continue;
    }
    const std::size_t client = static_cast<unsigned char>(line[0]) % 3;
    line.remove_prefix(1);
    std::string frame(line);
    if (!line.empty() && static_cast<unsigned char>(line[0]) % 4 != 0) {  // spliced into a template
      const std::string_view base = kTemplates[static_cast<unsigned char>(line[0]) % std::size(kTemplates)];
      const std::size_t cut = line.size() > 1 ? static_cast<unsigned char>(line[1]) % (base.size() + 1) : 0;
      frame = std::string(base.substr(0, cut)) + std::string(line.substr(std::min<std::size_t>(2, line.size()))) +
              std::string(base.substr(cut));
    }
    // "p_x" in a template names the next connection's player, so mutes and
    // reports reach someone real (Ada and Bob sit together).
    if (const auto& other = sessions[(client + 1) % 3].player())
      for (std::size_t found = frame.find("p_x"); found != std::string::npos; found = frame.find("p_x", found + 1))
        frame.replace(found, 3, *other);
    // A client that stops watching drops its list; one that watches again starts afresh.
    const auto request = online::decode_client_message(frame);
    if (request && (std::holds_alternative<online::client::UnwatchOpenTables>(*request.value) ||
                    std::holds_alternative<online::client::WatchOpenTables>(*request.value))) {
      check_sent(*links[client], &lists[client]);
      lists[client] = WatchedList{};
    }
    sessions[client].on_message(frame);
    for (std::size_t index = 0; index < 3; ++index) check_sent(*links[index], &lists[index]);
  }
  world.run_searches();
  for (std::size_t index = 0; index < 3; ++index) {
    check_sent(*links[index], &lists[index]);
    // A watcher's list, changes applied, is what a fresh list would be.
    if (!lists[index].whole || !sessions[index].player()) continue;
    REQUIRE(lists[index].in_step);
    const auto fresh = online::decode_server_message(lobby.open_tables_message(*sessions[index].player()));
    REQUIRE(fresh && std::get<wire::OpenTables>(*fresh.value).tables == lists[index].tables);
  }
  for (auto& session : sessions) session.on_closed();
  return 0;
}
