// libFuzzer target for the message layer's codec: commands, events, AI
// worker messages and the online protocol's client and server messages.
// Inputs are raw text, or a valid message with the input spliced in so the
// fuzzer reaches the field checks; the online messages' templates are the
// golden test's samples (one of every message, tests/golden_messages.h), so
// a message added to the descriptions (messages/table_fields.h) is fuzzed
// from its first build. Decoders must never
// crash or throw, a refusal must say why, and whatever decodes must encode
// and decode back to the same value.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "golden_messages.h"
#include "messages/commands.h"
#include "messages/events.h"
#include "messages/worker_messages.h"

using namespace reversi;
using namespace reversi::messages;

namespace {

void require(bool condition) {
  if (!condition) std::abort();  // a broken invariant is a finding
}

template <class Decode, class Encode>
void round_trip(std::string_view text, Decode decode, Encode encode) {
  const auto decoded = decode(text);
  if (!decoded) {
    require(!decoded.error.message.empty());
    return;
  }
  const std::string written = encode(*decoded.value);
  const auto again = decode(written);
  require(bool(again));
  require(encode(*again.value) == written);
}

void check_all(std::string_view text) {
  round_trip(
      text, [](std::string_view t) { return decode_command(t); }, encode_command);
  round_trip(
      text, [](std::string_view t) { return decode_event(t); }, encode_event);
  round_trip(text, decode_worker_request, encode_worker_request);
  round_trip(text, decode_worker_reply, encode_worker_reply);
  round_trip(text, online::decode_client_message, online::encode_client_message);
  round_trip(text, online::decode_server_message, online::encode_server_message);
}

// The fixed templates, then one of every online message.
std::vector<std::string> all_templates(std::vector<std::string> fixed) {
  for (const auto& message : testing::golden_client_messages()) fixed.push_back(online::encode_client_message(message));
  for (const auto& message : testing::golden_server_messages()) fixed.push_back(online::encode_server_message(message));
  return fixed;
}

std::string sample_state() {
  Session session(SessionOptions{}, 1);
  session.play(square_at(5, 4));
  return encode_event(events::State{game_state_of(session, false)});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<std::string> templates = all_templates({
      R"({"type":"new-game","options":{"mode":"two-player","matchLength":3,"clock":45}})",
      R"({"type":"play","square":"f5","ply":3})",
      R"({"color":"black","counts":{"black":4,"white":1},"flips":["e5"],"next":"white","ply":1,"square":"f5","type":"move"})",
      sample_state(),
      R"({"type":"think","id":7,"board":"---------------------------OX------XO---------------------------","strength":"hard","seconds":0.5,"seed":"99"})",
      R"({"type":"thought","id":7,"move":"d3","score":-4,"depth":12,"exact":false,"nodes":"123","seconds":0.5})",
  });
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (size < 3 || data[0] % 7 == 6) {
    check_all(input);
    return 0;
  }
  const std::string& base = templates[(data[0] * 256u + data[1]) % templates.size()];
  const std::size_t at = (static_cast<std::size_t>(data[1]) * 256 + data[2]) % (base.size() + 1);
  const std::size_t cut = size > 3 ? data[3] % 8 : 0;
  std::string text = base.substr(0, at);
  text += input.substr(size > 4 ? 4 : size);
  if (at + cut < base.size()) text += base.substr(at + cut);
  check_all(text);
  return 0;
}
