#include "messages/worker_messages.h"

#include "engine/notation.h"

namespace reversi::messages {
namespace {

constexpr std::size_t kMaxWorkerMessageBytes = 1024;
constexpr double kLongestThink = 60;

void read_id(FieldReader& reader, std::uint32_t& id) {
  int value = 0;
  reader.read("id", value, 0, 0x7fffffff);
  id = static_cast<std::uint32_t>(value);
}

void read_board(FieldReader& reader, Board& board) {
  std::string text;
  reader.read("board", text, 64);
  if (!reader.ok()) return;
  const std::optional<Board> parsed = board_from_text(text);
  if (!parsed) return reader.fail(DecodeProblem::OutOfRange, "board", "should be 64 characters X, O or -");
  board = *parsed;
}

// The search's move: a square, "pass", or null when the game is over.
Json move_json(Square move) {
  if (move == kPass) return "pass";
  if (move >= 0 && move < 64) return square_name(move);
  return nullptr;
}

// The message object and its type, or why there is none.
Decoded<Json> parse_typed(std::string_view text, const char* what, std::string& type) {
  Decoded<Json> message = parse_object(text, kMaxWorkerMessageBytes, what);
  if (!message) return message;
  FieldReader reader(*message.value, what);
  reader.read("type", type, 16);
  if (!reader.ok()) return Decoded<Json>::failure(reader.error());
  return message;
}

DecodeError unknown_type(const char* what, const std::string& type) {
  return DecodeError{DecodeProblem::UnknownType, std::string(what) + ": unknown type '" + type + "'"};
}

}  // namespace

std::string board_text(const Board& board) {
  std::string text(64, '-');
  for (Square square = 0; square < 64; ++square) {
    if (board.player & bit(square)) text[static_cast<std::size_t>(square)] = 'X';
    if (board.opponent & bit(square)) text[static_cast<std::size_t>(square)] = 'O';
  }
  return text;
}

std::optional<Board> board_from_text(std::string_view text) {
  if (text.size() != 64) return std::nullopt;
  Board board{0, 0};
  for (Square square = 0; square < 64; ++square) {
    const char c = text[static_cast<std::size_t>(square)];
    if (c == 'X')
      board.player |= bit(square);
    else if (c == 'O')
      board.opponent |= bit(square);
    else if (c != '-')
      return std::nullopt;
  }
  return board;
}

std::string encode_worker_request(const WorkerRequest& request) {
  if (const auto* think = std::get_if<worker::Think>(&request))
    return dump(Json{{"type", "think"},
                     {"id", think->id},
                     {"board", board_text(think->board)},
                     {"strength", spell(kStrengths, think->strength)},
                     {"seconds", think->seconds},
                     {"seed", std::to_string(think->seed)}});
  if (const auto* value = std::get_if<worker::Value>(&request))
    return dump(
        Json{{"type", "value"}, {"id", value->id}, {"board", board_text(value->board)}, {"seconds", value->seconds}});
  const auto& ponder = std::get<worker::Ponder>(request);
  return dump(
      Json{{"type", "ponder"}, {"id", ponder.id}, {"board", board_text(ponder.board)}, {"seconds", ponder.seconds}});
}

Decoded<WorkerRequest> decode_worker_request(std::string_view text) {
  std::string type;
  const Decoded<Json> parsed = parse_typed(text, "worker request", type);
  if (!parsed) return Decoded<WorkerRequest>::failure(parsed.error);
  if (type != "think" && type != "ponder" && type != "value")
    return Decoded<WorkerRequest>::failure(unknown_type("worker request", type));
  FieldReader reader(*parsed.value, "worker request");
  if (type == "think") {
    worker::Think think;
    read_id(reader, think.id);
    read_board(reader, think.board);
    reader.read("strength", think.strength, kStrengths);
    reader.read("seconds", think.seconds, 0.0, kLongestThink);
    reader.read("seed", think.seed);
    if (!reader.ok()) return Decoded<WorkerRequest>::failure(reader.error());
    return Decoded<WorkerRequest>::success(think);
  }
  if (type == "value") {
    worker::Value value;
    read_id(reader, value.id);
    read_board(reader, value.board);
    reader.read("seconds", value.seconds, 0.0, kLongestThink);
    if (!reader.ok()) return Decoded<WorkerRequest>::failure(reader.error());
    return Decoded<WorkerRequest>::success(value);
  }
  worker::Ponder ponder;
  read_id(reader, ponder.id);
  read_board(reader, ponder.board);
  reader.read("seconds", ponder.seconds, 0.0, kLongestThink);
  if (!reader.ok()) return Decoded<WorkerRequest>::failure(reader.error());
  return Decoded<WorkerRequest>::success(ponder);
}

std::string encode_worker_reply(const WorkerReply& reply) {
  if (const auto* thought = std::get_if<worker::Thought>(&reply)) {
    const SearchReport& report = thought->report;
    return dump(Json{{"type", "thought"},
                     {"id", thought->id},
                     {"move", move_json(report.move)},
                     {"score", report.score},
                     {"depth", report.depth},
                     {"exact", report.exact},
                     {"nodes", std::to_string(report.nodes)},
                     {"seconds", report.seconds}});
  }
  if (const auto* values = std::get_if<worker::Values>(&reply)) {
    Json list = Json::array();
    for (const MoveValue& value : values->values)
      list.push_back({{"move", move_json(value.move)}, {"score", value.score}, {"exact", value.exact}});
    return dump(Json{{"type", "values"}, {"id", values->id}, {"values", list}});
  }
  const auto& pondered = std::get<worker::Pondered>(reply);
  return dump(Json{{"type", "pondered"}, {"id", pondered.id}, {"done", pondered.done}});
}

Decoded<WorkerReply> decode_worker_reply(std::string_view text) {
  std::string type;
  const Decoded<Json> parsed = parse_typed(text, "worker reply", type);
  if (!parsed) return Decoded<WorkerReply>::failure(parsed.error);
  if (type != "thought" && type != "pondered" && type != "values")
    return Decoded<WorkerReply>::failure(unknown_type("worker reply", type));
  const Json& message = *parsed.value;
  FieldReader reader(message, "worker reply");
  if (type == "thought") {
    worker::Thought thought;
    read_id(reader, thought.id);
    SearchReport& report = thought.report;
    if (reader.ok() && message.contains("move") && message["move"].is_null()) {
      report.move = kNoMove;
    } else if (reader.ok() && message.value("move", Json()) == "pass") {
      report.move = kPass;
    } else {
      reader.read_square("move", report.move);
    }
    reader.read("score", report.score, -1000, 1000);
    reader.read("depth", report.depth, 0, 128);
    reader.read("exact", report.exact);
    reader.read("nodes", report.nodes);
    reader.read("seconds", report.seconds, 0.0, 1e6);
    if (!reader.ok()) return Decoded<WorkerReply>::failure(reader.error());
    return Decoded<WorkerReply>::success(thought);
  }
  if (type == "values") {
    worker::Values values;
    read_id(reader, values.id);
    if (reader.ok() && !(message.contains("values") && message["values"].is_array() && message["values"].size() <= 64))
      reader.fail(DecodeProblem::WrongType, "values", "should be a list of at most 64 moves");
    if (!reader.ok()) return Decoded<WorkerReply>::failure(reader.error());
    for (const Json& item : message["values"]) {
      if (!item.is_object())
        return Decoded<WorkerReply>::failure(
            DecodeError{DecodeProblem::WrongType, "worker reply: each of 'values' should be an object"});
      FieldReader entry(item, "worker reply's value");
      MoveValue value;
      entry.read_square("move", value.move);
      entry.read("score", value.score, -64, 64);
      entry.read("exact", value.exact);
      if (!entry.ok()) return Decoded<WorkerReply>::failure(entry.error());
      values.values.push_back(value);
    }
    return Decoded<WorkerReply>::success(values);
  }
  worker::Pondered pondered;
  read_id(reader, pondered.id);
  reader.read("done", pondered.done);
  if (!reader.ok()) return Decoded<WorkerReply>::failure(reader.error());
  return Decoded<WorkerReply>::success(pondered);
}

}  // namespace reversi::messages
