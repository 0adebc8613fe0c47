// libFuzzer target for the saved documents (settings, results record,
// saved game). Inputs are either raw text or a valid document with the
// input spliced in, so the fuzzer reaches past the JSON syntax into the
// field checks. Loaders must never crash or throw, and whatever loads must
// save and load back to the same value.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "messages/documents.h"

using namespace reversi;
using namespace reversi::messages;

namespace {

void require(bool condition) {
  if (!condition) std::abort();  // a broken invariant is a finding
}

std::string sample_settings() { return settings_to_json(Settings{}); }

std::string sample_record() {
  ResultsRecord record;
  SessionOptions options;
  options.mode = Mode::TwoPlayers;
  Session session(options, 1);
  session.play(square_at(5, 4));  // f5
  session.resign();
  record.add(finished_game_of(session));
  return record_to_json(record);
}

std::string sample_session() {
  SessionOptions options;
  options.match_length = 3;
  options.variant = StartVariant::EmptyCentre;
  Session session(options, 1);
  session.play(square_at(3, 3));  // d4; the computer places one too
  return session_to_json(session.snapshot());
}

void check_all(std::string_view text) {
  if (const Decoded<Settings> settings = settings_from_json(text)) {
    const Decoded<Settings> again = settings_from_json(settings_to_json(*settings.value));
    require(again && *again.value == *settings.value);
  } else {
    require(!settings.error.message.empty());
  }
  if (const Decoded<ResultsRecord> record = record_from_json(text)) {
    const Decoded<ResultsRecord> again = record_from_json(record_to_json(*record.value));
    require(again && *again.value == *record.value);
  } else {
    require(!record.error.message.empty());
  }
  if (const Decoded<SessionSnapshot> snapshot = session_snapshot_from_json(text)) {
    const std::string saved = session_to_json(*snapshot.value);
    const Decoded<SessionSnapshot> again = session_snapshot_from_json(saved);
    require(again && *again.value == *snapshot.value);
    const Decoded<Session> session = session_from_json(text);
    require(bool(session));
    require(session.value->game().record().applied().size() <= session.value->game().record().all().size());
  } else {
    require(!snapshot.error.message.empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string templates[] = {sample_settings(), sample_record(), sample_session()};
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (size < 3 || data[0] % 4 == 3) {
    check_all(input);
    return 0;
  }
  // Splice: replace a stretch of a valid document with the rest of the input.
  const std::string& base = templates[data[0] % 3];
  const std::size_t at = (static_cast<std::size_t>(data[1]) * 256 + data[2]) % (base.size() + 1);
  const std::size_t cut = input.size() > 3 ? static_cast<std::uint8_t>(input[3]) % 8 : 0;
  std::string text = base.substr(0, at);
  text += input.substr(size > 4 ? 4 : size);
  if (at + cut < base.size()) text += base.substr(at + cut);
  check_all(text);
  return 0;
}
