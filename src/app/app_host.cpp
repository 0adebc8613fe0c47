// The host page side: the read-only state hook (tests, host pages) and the
// embedding protocol. Every host message is an object {type: "reversi:<name>"};
// fields are checked one by one and a well-formed request that cannot be
// carried out is answered with reversi:error.
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "app/app.h"
#include "app/web_platform.h"

namespace reversi {
namespace {

using nlohmann::json;

constexpr int kApiVersion = 1;

std::string colour_name(Color color) { return color == Color::Black ? "black" : "white"; }

json options_json(const SessionOptions& options) {
  return json{{"mode", options.mode == Mode::Solo ? "solo" : "two-player"},
              {"strength", strength_name(options.strength)},
              {"color", options.colour == ColourChoice::Black   ? "black"
                        : options.colour == ColourChoice::White ? "white"
                                                                : "random"},
              {"start", options.variant == StartVariant::StandardCross ? "standard" : "empty-centre"},
              {"matchLength", options.match_length},
              {"clock", options.clock_enabled ? static_cast<int>(options.clock_seconds) : 0}};
}

std::string result_name(const GameResult& result) {
  switch (result.outcome) {
    case Outcome::BlackWins: return "black";
    case Outcome::WhiteWins: return "white";
    case Outcome::Draw: return "draw";
    case Outcome::InProgress: break;
  }
  return "none";
}

json square_list(Bitboard squares) {
  json list = json::array();
  for (; squares; squares &= squares - 1) list.push_back(square_name(first_square(squares)));
  return list;
}

}  // namespace

// Reads option fields onto `options`; returns the first problem, or "".
std::string apply_options(const json& source, SessionOptions& options) {
  if (!source.is_object()) return "options must be an object";
  for (const auto& [key, value] : source.items()) {
    if (key == "mode") {
      if (value == "solo") options.mode = Mode::Solo;
      else if (value == "two-player") options.mode = Mode::TwoPlayers;
      else return "mode must be \"solo\" or \"two-player\"";
    } else if (key == "strength") {
      const auto strength = value.is_string() ? parse_strength(value.get<std::string>()) : std::nullopt;
      if (!strength) return "strength must be \"easy\", \"medium\" or \"hard\"";
      options.strength = *strength;
    } else if (key == "color") {
      if (value == "black") options.colour = ColourChoice::Black;
      else if (value == "white") options.colour = ColourChoice::White;
      else if (value == "random") options.colour = ColourChoice::Random;
      else return "color must be \"black\", \"white\" or \"random\"";
    } else if (key == "start") {
      if (value == "standard") options.variant = StartVariant::StandardCross;
      else if (value == "empty-centre" || value == "empty-center") options.variant = StartVariant::EmptyCentre;
      else return "start must be \"standard\" or \"empty-centre\"";
    } else if (key == "matchLength") {
      if (!value.is_number_integer() || !is_valid_match_length(value.get<int>())) return "matchLength must be 1, 3 or 5";
      options.match_length = value.get<int>();
    } else if (key == "clock") {
      if (!value.is_number() || value.get<double>() < 0 || value.get<double>() > 3600)
        return "clock must be 0 (off) or the seconds per move, up to 3600";
      const double seconds = value.get<double>();
      options.clock_enabled = seconds > 0;
      if (seconds > 0) options.clock_seconds = seconds;
    } else {
      return "unknown option \"" + key + "\"";
    }
  }
  return {};
}

nlohmann::json App::game_summary() const {
  const Game& game = session_->game();
  const char* phase = game.is_over()                    ? "over"
                      : paused_                         ? "paused"
                      : game.in_placement_phase()       ? "placing"
                      : session_->waiting_for_computer() ? "thinking"
                                                        : "playing";
  return json{{"board", format_position(game.position()).substr(0, 64)},
              {"sideToMove", colour_name(game.side_to_move())},
              {"counts", {{"black", game.disc_count(Color::Black)}, {"white", game.disc_count(Color::White)}}},
              {"lastMove", game.last_move() == kNoMove ? json(nullptr) : json(square_name(game.last_move()))},
              {"phase", phase},
              {"transcript", game.transcript()},
              {"gameNumber", session_->game_number()},
              {"options", options_json(session_->options())},
              {"clock", session_->options().clock_enabled ? json(session_->clock_remaining()) : json(nullptr)}};
}

void App::publish_state() {
  state_dirty_ = false;
  json state;
  state["ready"] = ready_ && session_.has_value();
  state["apiVersion"] = kApiVersion;
  if (session_) {
    const Game& game = session_->game();
    state.update(game_summary());
    state["legalMoves"] = game.is_over() || session_->waiting_for_computer() ? json::array()
                                                                              : square_list(game.playable_squares());
    state["mode"] = session_->options().mode == Mode::Solo ? "solo" : "two-player";
    state["strength"] = strength_name(session_->options().strength);
    state["humanColor"] = colour_name(session_->human_colour());
    state["canUndo"] = game.can_undo();
    state["canRedo"] = game.can_redo();
    if (last_search_) {
      const SearchReport& search = *last_search_;
      state["lastSearch"] = {{"strength", strength_name(last_search_strength_)},
                             {"empties", last_search_empties_},
                             {"move", search.move < 64 ? json(square_name(search.move)) : json(nullptr)},
                             {"score", search.score},
                             {"depth", search.depth},
                             {"exact", search.exact},
                             {"nodes", search.nodes},
                             {"seconds", search.seconds}};
    } else {
      state["lastSearch"] = nullptr;
    }
    state["ponder"] = {{"active", ponder_.active}, {"done", ponder_.done}, {"slices", ponder_.slices}};
    state["match"] = {{"length", session_->match().length()},
                      {"first", session_->match().wins(Seat::First)},
                      {"second", session_->match().wins(Seat::Second)},
                      {"over", session_->match().is_over()}};
    if (game.is_over()) {
      const GameResult result = game.result();
      state["result"] = {{"winner", result_name(result)},
                         {"black", result.black_discs},
                         {"white", result.white_discs},
                         {"resigned", result.reason == EndReason::Resignation}};
    }
  }
  state["notice"] = notice_;
  state["panel"] = static_cast<int>(panel_);
  state["flipCounts"] = settings_.show_flip_counts;
  state["sound"] = settings_.sound;
  state["storageOk"] = !storage_failed_;
  state["animating"] = animation_.running(now_);
  json squares = json::object();
  for (Square square = 0; square < 64; ++square) {
    const ImVec2 corner = board_view_.square_origin(square);
    squares[square_name(square)] = {{"x", corner.x}, {"y", corner.y}, {"w", board_view_.cell()}, {"h", board_view_.cell()}};
  }
  state["squares"] = std::move(squares);
  json controls = json::object();
  for (const auto& [name, rect] : controls_.controls)
    controls[name] = {{"x", rect.x}, {"y", rect.y}, {"w", rect.w}, {"h", rect.h}, {"enabled", rect.enabled}};
  state["controls"] = std::move(controls);
  web::publish_state(state.dump());
}

void App::post_event(const GameEvent& event) {
  if (!web::host_connected() || !session_) return;
  json message;
  switch (event.kind) {
    case EventKind::GameStarted:
    {
      // Who plays which colour: "human"/"computer" in solo, the match seats
      // "first"/"second" with two players (seats keep the match score).
      const bool solo = session_->options().mode == Mode::Solo;
      const Color first = session_->colour_of(Seat::First);
      json colors;
      colors[colour_name(first)] = solo ? "human" : "first";
      colors[colour_name(other(first))] = solo ? "computer" : "second";
      message = {{"type", "reversi:game-started"},
                 {"options", options_json(session_->options())},
                 {"gameNumber", event.game_number},
                 {"colors", colors}};
    }
      break;
    case EventKind::MovePlayed:
      message = {{"type", "reversi:move"},
                 {"square", square_name(event.square)},
                 {"color", colour_name(event.color)},
                 {"flips", square_list(event.flips)},
                 {"counts", {{"black", event.black_discs}, {"white", event.white_discs}}},
                 {"next", session_->game().is_over() ? json(nullptr) : json(colour_name(session_->game().side_to_move()))}};
      break;
    case EventKind::Passed:
      message = {{"type", "reversi:pass"}, {"color", colour_name(event.color)}};
      break;
    case EventKind::ClockExpired:
      message = {{"type", "reversi:clock-expired"}, {"color", colour_name(event.color)}, {"square", square_name(event.square)}};
      break;
    case EventKind::GameOver:
      message = {{"type", "reversi:game-over"},
                 {"result", result_name(event.result)},
                 {"reason", event.result.reason == EndReason::Resignation ? "resignation" : "no-moves"},
                 {"counts", {{"black", event.result.black_discs}, {"white", event.result.white_discs}}},
                 {"transcript", session_->game().transcript()},
                 {"durationSeconds", std::round(std::max(0.0, now_ - game_started_at_) * 10) / 10},
                 {"gameNumber", event.game_number}};
      break;
    case EventKind::MatchOver:
      message = {{"type", "reversi:match-over"},
                 {"games", session_->match().games_finished()},
                 {"result", event.match_winner ? json(*event.match_winner == Seat::First ? "first" : "second") : json("draw")},
                 {"score", {{"first", session_->match().wins(Seat::First)}, {"second", session_->match().wins(Seat::Second)}}}};
      break;
    case EventKind::Undone:
    case EventKind::Redone:
      message = {{"type", event.kind == EventKind::Undone ? "reversi:undo" : "reversi:redo"},
                 {"counts", {{"black", event.black_discs}, {"white", event.white_discs}}}};
      break;
  }
  web::post_to_host(message.dump());
}

void App::handle_host_message(const std::string& text) {
  const json message = json::parse(text, nullptr, false);
  if (message.is_discarded() || !message.is_object() || !message.contains("type") || !message["type"].is_string())
    return;
  const std::string type = message["type"].get<std::string>();
  auto error = [&](const std::string& reason) {
    web::post_to_host(json{{"type", "reversi:error"}, {"reason", reason}, {"request", type}}.dump());
  };
  if (!ready_) return error("the game is still loading");
  if (type == "reversi:new-game") {
    SessionOptions options = session_ ? session_->options() : settings_.session_options();
    if (message.contains("options")) {
      const std::string problem = apply_options(message["options"], options);
      if (!problem.empty()) return error(problem);
    }
    start_session(options);
  } else if (type == "reversi:set-sound") {
    if (!message.contains("on") || !message["on"].is_boolean()) return error("set-sound needs on: true or false");
    set_sound(message["on"].get<bool>());
  } else if (type == "reversi:pause") {
    set_paused(true);
  } else if (type == "reversi:resume") {
    set_paused(false);
  } else if (type == "reversi:get-state") {
    publish_state();
    json state = {{"type", "reversi:state"}};
    if (session_) {
      state.update(game_summary());
      state["legalMoves"] = square_list(session_->game().is_over() ? 0 : session_->game().playable_squares());
      state["over"] = session_->game().is_over();
      state["paused"] = paused_;
    }
    web::post_to_host(state.dump());
  } else if (type == "reversi:resign") {
    if (!session_ || session_->game().is_over()) return error("there is no game in progress");
    resign();
  } else {
    error("unknown message type");
  }
}

}  // namespace reversi

namespace reversi {

bool App::options_from_url(SessionOptions& options) {
  // URL names → option fields; each value is checked alone so one typo does
  // not throw away the rest.
  struct Parameter {
    const char* url;
    const char* field;
    bool number;
  };
  static const Parameter parameters[] = {{"mode", "mode", false},       {"strength", "strength", false},
                                         {"color", "color", false},     {"start", "start", false},
                                         {"match", "matchLength", true}, {"clock", "clock", true}};
  bool configured = false;
  for (const Parameter& parameter : parameters) {
    const std::string value = web::url_parameter(parameter.url);
    if (value.empty()) continue;
    nlohmann::json field;
    if (parameter.number) {
      char* end = nullptr;
      const double number = std::strtod(value.c_str(), &end);
      if (*end) {
        std::fprintf(stderr, "Reversi: ignoring %s=%s (not a number)\n", parameter.url, value.c_str());
        continue;
      }
      field[parameter.field] = number == static_cast<int>(number) ? nlohmann::json(static_cast<int>(number))
                                                                  : nlohmann::json(number);
    } else {
      field[parameter.field] = value;
    }
    SessionOptions trial = options;
    const std::string problem = apply_options(field, trial);
    if (!problem.empty()) {
      std::fprintf(stderr, "Reversi: ignoring %s=%s (%s)\n", parameter.url, value.c_str(), problem.c_str());
      continue;
    }
    options = trial;
    configured = true;
  }
  const std::string sound = web::url_parameter("sound");
  if (sound == "on" || sound == "off") settings_.sound = sound == "on";
  else if (!sound.empty()) std::fprintf(stderr, "Reversi: ignoring sound=%s (use on or off)\n", sound.c_str());
  return configured;
}

void App::announce_ready() {
  web::post_to_host(nlohmann::json{{"type", "reversi:ready"},
                                   {"apiVersion", 1},
                                   {"supports", {"reversi:new-game", "reversi:set-sound", "reversi:pause",
                                                 "reversi:resume", "reversi:get-state", "reversi:resign"}}}
                        .dump());
}

}  // namespace reversi
