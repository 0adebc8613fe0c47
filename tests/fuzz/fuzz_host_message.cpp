// libFuzzer target for the host-message path: random JSON and random bytes
// go through HostBridge::receive, the entry point the page's message
// listener calls, into a real game controller over fake storage and a fake
// computer. Nothing may crash or throw; every reply is a valid reversi:
// message; the game on the board always replays from its transcript.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "app/core/host_bridge.h"
#include "app_test_support.h"
#include "game/game_transcript.h"

using namespace reversi;

namespace {

void require(bool condition) {
  if (!condition) std::abort();  // a broken invariant is a finding
}

struct World {
  testing::FakeComputer computer;
  testing::MemoryStore store;
  testing::RecordingHost host;
  double now = 0;
  GameController game{GameController::Services{computer, store, [this] { return now; }, [] { return 5u; }}};
  HostBridge bridge{host, game};
  World() {
    game.set_listener([this](const GameEvent& event, const Session& session) { bridge.forward(event, session); });
    game.start({});
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static World world;
  static const std::string prefixes[] = {"", R"({"type":"reversi:new-game","options":)",
                                         R"({"type":"reversi:set-sound","on":)", R"({"type":"reversi:)"};
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::string text =
      size > 0 ? prefixes[data[0] % 4] + std::string(input.substr(1)) + (data[0] % 4 ? "}" : "") : "";
  world.host.sent.clear();
  world.bridge.receive(text);
  world.bridge.pump(HostBridge::kMaxWaiting);
  world.now += 0.25;
  world.game.update(world.now, 0);
  if (!world.computer.requests.empty() && world.game.session()->waiting_for_computer())
    world.computer.answer_first_legal();
  for (const std::string& sent : world.host.sent) {
    const auto reply = messages::parse_object(sent, 1 << 20, "reply");
    require(bool(reply));
    require((*reply.value)["type"].get<std::string>().rfind("reversi:", 0) == 0);
  }
  require(world.game.ready());
  const Game& game = world.game.session()->game();
  const Parsed<Game> replayed = game_from_transcript(game.transcript(), game.setup());
  require(bool(replayed) && replayed.value->position() == game.position());
  return 0;
}
