// reversi-cli bot: plays online at a reversi-server table with the
// project's Computer, printing one line per move and per finished game;
// reconnects by itself (hello with resume) for up to 30 s (--give-up-after) if the server goes,
// trying each --server in turn when several nodes serve the same tables.
// Native only: the wasm build of reversi-cli has no sockets.
#ifdef __EMSCRIPTEN__
#include <cstdio>

#include "cli/commands.h"

namespace reversi::cli {
int run_bot(int, char**) {
  std::fprintf(stderr, "reversi-cli bot: this build has no sockets; use the native reversi-cli\n");
  return 2;
}
}  // namespace reversi::cli
#else
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <thread>

#include "cli/bot_connection.h"
#include "cli/bot_lines.h"
#include "cli/cli_support.h"
#include "cli/commands.h"
#include "game/game_transcript.h"
#include "messages/table_messages.h"

namespace reversi::cli {
namespace {

namespace online = messages::online;
namespace wire = messages::online::server;

constexpr const char* kBotUsage =
    "bot --server http://HOST:PORT [--server ...] (--create [--match 1|3|5] [--clock S | --game-clock M+I] "
    "[--computer-seat "
    "easy|medium|hard] | "
    "--join CODE) --level easy|medium|hard [--name NAME] [--delay S] [--give-up-after S] [--json]";
// How long a bot whose server went keeps trying to reach it (or another
// --server) before it gives up, unless --give-up-after says otherwise.
constexpr double kReconnectSeconds = 30;

struct BotOptions {
  std::vector<ServerAddress> addresses;  // nodes of one cluster: tried in turn
  bool create = false;
  std::string join_code;
  int match_length = 1;
  double clock = 0;
  std::optional<online::GameClockOptions> game_clock;  // instead of the move clock
  std::optional<Strength> computer_seat;
  Strength level = Strength::Medium;
  std::string name;
  double delay = 0;
  double give_up_after = kReconnectSeconds;
  bool json = false;
};

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

class Bot {
 public:
  explicit Bot(BotOptions options) : options_(std::move(options)), random_(std::random_device{}()) {}
  int run();

 private:
  double connected_at_ = 0;
  bool connect_with_retries();
  bool send(const online::ClientMessage& message);
  // False when the match is over (or the bot must stop).
  bool handle(const online::ServerMessage& message);
  // The parts of handle() with more to do than a line; false, like it, when
  // the bot must stop.
  bool on_welcome(const wire::Welcome& welcome);
  void on_game_started(const wire::GameStarted& started);
  bool on_error(const wire::Error& error);
  void ask_for_seat();  // open-table or join-table, as the options say
  void on_move_event(Square square, Color color, int ply);
  void rebuild(const wire::State& state);
  void maybe_play();
  // One line: `text`, or with --json the line's JSON (bot_lines.h).
  template <class Line>
  void print(const Line& line, const std::string& text);

  BotOptions options_;
  BotConnection connection_;
  std::size_t address_ = 0;  // the --server connected to, or tried next
  std::mt19937_64 random_;
  Computer computer_;
  std::string player_, secret_, table_;
  int seq_ = 0;
  bool announced_ = false;
  bool named_ = false;
  bool hello_pending_ = false;
  Game game_;
  std::optional<Color> my_colour_;
  bool playing_ = false;
  int sent_for_ply_ = -1;
  int exit_code_ = 0;
};

template <class Line>
void Bot::print(const Line& line, const std::string& text) {
  if (options_.json)
    print_json_line(messages::fields::to_json(line));
  else
    std::printf("%s\n", text.c_str());
  std::fflush(stdout);
}

bool Bot::send(const online::ClientMessage& message) {
  std::string error;
  return connection_.send(online::encode_client_message(message), error);
}

bool Bot::connect_with_retries() {
  const double give_up_at = seconds_now() + options_.give_up_after;
  std::string error;
  for (bool first = true;; first = false) {
    if (connection_.connect(options_.addresses[address_], error)) {
      online::client::Hello hello;
      if (!player_.empty()) {
        hello.player = player_;
        hello.secret = secret_;
      }
      if (!table_.empty()) hello.resume = online::Resume{table_, seq_};
      sent_for_ply_ = -1;  // a move in flight may have been lost: offer it again
      hello_pending_ = true;
      connected_at_ = seconds_now();
      return send(hello);
    }
    if (seconds_now() >= give_up_at) {
      const ServerAddress& last = options_.addresses[address_];
      std::fprintf(stderr, "reversi-cli bot: the server at %s:%s is gone (%s); gave up after %.0f s\n",
                   last.host.c_str(), last.port.c_str(), error.c_str(), options_.give_up_after);
      return false;
    }
    if (options_.addresses.size() > 1) {
      address_ = (address_ + 1) % options_.addresses.size();
      std::fprintf(stderr, "reversi-cli bot: trying %s:%s\n", options_.addresses[address_].host.c_str(),
                   options_.addresses[address_].port.c_str());
    }
    if (!first || player_.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
}

int Bot::run() {
  if (!connect_with_retries()) return 1;
  for (;;) {
    std::string error;
    const std::optional<std::string> text = connection_.receive(error);
    if (!text) {
      if (player_.empty()) return std::fprintf(stderr, "reversi-cli bot: %s\n", error.c_str()), 1;
      // Closed at once (the server could not seat it yet): a pause, not a storm of hellos.
      if (seconds_now() - connected_at_ < 1) std::this_thread::sleep_for(std::chrono::milliseconds(250));
      if (!connect_with_retries()) return 1;
      continue;
    }
    const messages::Decoded<online::ServerMessage> message = online::decode_server_message(*text);
    if (!message) {
      std::fprintf(stderr, "reversi-cli bot: unreadable message from the server: %s\n", message.error.message.c_str());
      continue;
    }
    if (!handle(*message.value)) break;
  }
  connection_.close();
  return exit_code_;
}

void Bot::on_move_event(Square square, Color color, int ply) {
  game_.apply_any(square);
  print(bot_lines::Move{square, color, ply},
        std::string(messages::spell(messages::kColours, color)) + " " + square_name(square));
}

// A snapshot after a gap: replays its transcript, printing the moves missed.
void Bot::rebuild(const wire::State& state) {
  GameSetup setup;
  setup.variant = state.game.options.variant;
  Parsed<Game> replayed = game_from_transcript(state.game.transcript, setup);
  if (!replayed) {
    std::fprintf(stderr, "reversi-cli bot: the server's transcript does not replay: %s\n", replayed.error.c_str());
    return;
  }
  const std::vector<Square> known = game_.moves();
  const std::vector<Square> all = replayed.value->moves();
  Game replay(setup);
  for (std::size_t index = 0; index < all.size(); ++index) {
    const Color mover = replay.side_to_move();
    replay.apply_any(all[index]);
    if (index >= known.size() && all[index] != kPass)
      print(bot_lines::Move{all[index], mover, static_cast<int>(replay.record().cursor())},
            std::string(messages::spell(messages::kColours, mover)) + " " + square_name(all[index]));
  }
  game_ = std::move(*replayed.value);
  my_colour_.reset();
  if (state.black == player_) my_colour_ = Color::Black;
  if (state.white == player_) my_colour_ = Color::White;
  playing_ = state.table.phase == messages::TablePhase::Playing;
  seq_ = state.seq;
}

void Bot::maybe_play() {
  if (!playing_ || !my_colour_ || game_.is_over() || game_.side_to_move() != *my_colour_) return;
  const int ply = static_cast<int>(game_.record().cursor());
  if (sent_for_ply_ == ply) return;
  if (options_.delay > 0) std::this_thread::sleep_for(std::chrono::duration<double>(options_.delay));
  SearchLimits limits;
  limits.seed = random_();
  Square square = kNoMove;
  if (game_.in_placement_phase())
    square = nth_square(game_.playable_squares(), static_cast<int>(random_() % count_bits(game_.playable_squares())));
  else
    square = computer_.choose_move(game_.position().board, options_.level, limits).move;
  sent_for_ply_ = ply;
  send(online::client::Play{square, ply});
}

bool Bot::on_welcome(const wire::Welcome& welcome) {
  hello_pending_ = false;
  player_ = welcome.player;
  if (welcome.secret) secret_ = *welcome.secret;
  if (!announced_ && !options_.create) {
    announced_ = true;
    print(bot_lines::Player{player_, welcome.name}, "player " + player_);
  }
  if (!options_.name.empty() && !named_) {
    named_ = true;
    send(online::client::SetName{options_.name});
  }
  if (welcome.table) {
    table_ = *welcome.table;
  } else if (table_.empty()) {
    // Not seated yet: the first hello, or a connection that ended before
    // the open or join was answered (refused and closed while the table
    // moved between servers): it is asked again.
    ask_for_seat();
  } else {
    std::fprintf(stderr, "reversi-cli bot: the table %s is gone\n", table_.c_str());
    exit_code_ = 1;
    return false;
  }
  return true;
}

void Bot::on_game_started(const wire::GameStarted& started) {
  GameSetup setup;
  setup.variant = started.options.start;
  game_ = Game(setup);
  my_colour_.reset();
  if (started.black == player_) my_colour_ = Color::Black;
  if (started.white == player_) my_colour_ = Color::White;
  playing_ = true;
  const std::string colour = bot_lines::ColourOrNone{}.write(my_colour_).get<std::string>();
  print(bot_lines::GameStarted{started.game_number, my_colour_},
        "game " + std::to_string(started.game_number) + ": playing " + colour);
}

void Bot::ask_for_seat() {
  if (options_.create)
    send(online::client::OpenTable{
        online::TableOptions{options_.match_length, options_.clock, StartVariant::StandardCross, options_.game_clock},
        false});
  else
    send(online::client::JoinTable{options_.join_code});
}

bool Bot::on_error(const wire::Error& error) {
  std::fprintf(stderr, "reversi-cli bot: refused %s: %s\n", error.request.c_str(), error.reason.c_str());
  if (error.code == messages::ErrorCode::NoSuchTable || error.code == messages::ErrorCode::TableFull ||
      error.code == messages::ErrorCode::BadSecret) {
    exit_code_ = 1;
    return false;
  }
  // Nothing changed (the server's database was away, or the table was
  // changing servers): the same move, open or join again in a moment.
  if (error.code != messages::ErrorCode::ServerError) return true;
  const bool seat_refused = table_.empty() && (error.request == "open-table" || error.request == "join-table");
  if (error.request != "play" && !seat_refused) return true;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  if (seat_refused)
    ask_for_seat();
  else
    sent_for_ply_ = -1;
  return true;
}

bool Bot::handle(const online::ServerMessage& message) {
  if (const std::optional<int> seq = online::sequence_of(message)) {
    if (*seq <= seq_) return true;  // seen before the reconnection
    seq_ = *seq;
  }
  if (const auto* welcome = std::get_if<wire::Welcome>(&message)) {
    if (!hello_pending_) return true;  // the answer to set-name
    if (!on_welcome(*welcome)) return false;
  } else if (const auto* table = std::get_if<wire::Table>(&message)) {
    table_ = table->code;
    if (options_.create && !announced_) {
      announced_ = true;
      print(bot_lines::TableOpened{player_, table->code}, "table " + table->code);
      if (options_.computer_seat) send(online::client::SeatComputer{*options_.computer_seat});
    }
    playing_ = table->phase == messages::TablePhase::Playing;
  } else if (const auto* started = std::get_if<wire::GameStarted>(&message)) {
    on_game_started(*started);
  } else if (const auto* move = std::get_if<wire::Move>(&message)) {
    on_move_event(move->move.square, move->move.color, move->move.ply);
  } else if (const auto* over = std::get_if<wire::GameOver>(&message)) {
    const GameResult& result = over->over.result;
    const std::string winner(messages::spell(messages::kWinners, result.outcome));
    const std::string reason(messages::spell(messages::kEndReasons, result.reason));
    print(bot_lines::GameOver{over->over.game_number, over->over.transcript, result},
          "game " + std::to_string(over->over.game_number) + ": " + winner + " (" + reason + ") " +
              over->over.transcript);
    playing_ = false;
  } else if (std::holds_alternative<wire::MatchOver>(message)) {
    return false;
  } else if (const auto* aborted = std::get_if<wire::GameAborted>(&message)) {
    std::fprintf(stderr, "reversi-cli bot: %s\n", aborted->reason.c_str());
    exit_code_ = 1;
    return false;
  } else if (const auto* state = std::get_if<wire::State>(&message)) {
    rebuild(*state);
  } else if (const auto* error = std::get_if<wire::Error>(&message)) {
    if (!on_error(*error)) return false;
  }
  // Between the games of a match the bot asks for the next one at once.
  if (const auto* table = std::get_if<wire::Table>(&message);
      table && table->phase == messages::TablePhase::BetweenGames)
    send(online::client::NextGame{});
  maybe_play();
  return true;
}

std::optional<Strength> level_of(const char* text) { return parse_strength(text ? text : ""); }

// "3+2": 3 minutes each and 2 seconds a move, within the protocol's limits.
std::optional<online::GameClockOptions> game_clock_of(const char* text) {
  const std::string_view spec = text ? text : "";
  const std::size_t plus = spec.find('+');
  if (plus == std::string_view::npos) return std::nullopt;
  const auto minutes = parse_integer(spec.substr(0, plus), 1, online::kLongestGameClock / 60);
  const auto increment = parse_integer(spec.substr(plus + 1), 0, online::kLongestIncrement);
  if (!minutes || !increment) return std::nullopt;
  return online::GameClockOptions{static_cast<int>(*minutes * 60), static_cast<int>(*increment)};
}

}  // namespace

int run_bot(int argc, char** argv) {
  BotOptions options;
  bool have_server = false, have_level = false;
  for (int index = 0; index < argc; ++index) {
    const std::string flag = argv[index];
    const char* value = index + 1 < argc ? argv[index + 1] : nullptr;
    auto need = [&]() -> const char* {
      if (!value) return nullptr;
      ++index;
      return value;
    };
    if (flag == "--json") {
      options.json = true;
    } else if (flag == "--create") {
      options.create = true;
    } else if (flag == "--server") {
      const char* url = need();
      const std::optional<ServerAddress> address = url ? parse_server_address(url) : std::nullopt;
      if (!address) return usage_error("bot", "--server needs http://HOST:PORT", kBotUsage);
      options.addresses.push_back(*address);
      have_server = true;
    } else if (flag == "--join") {
      const char* code = need();
      const std::optional<std::string> normalised = code ? online::normalised_code(code) : std::nullopt;
      if (!normalised) return usage_error("bot", "--join needs a six-character table code", kBotUsage);
      options.join_code = *normalised;
    } else if (flag == "--match") {
      const auto games = value ? parse_integer(need(), 1, 5) : std::nullopt;
      if (!games || (*games != 1 && *games != 3 && *games != 5))
        return usage_error("bot", "--match is 1, 3 or 5", kBotUsage);
      options.match_length = static_cast<int>(*games);
    } else if (flag == "--clock") {
      const auto seconds = value ? parse_seconds(need()) : std::nullopt;
      if (!seconds || (*seconds != 0 && (*seconds < online::kShortestOnlineClock || *seconds > 3600)))
        return usage_error("bot", "--clock is 0 or 10 to 3600 seconds", kBotUsage);
      options.clock = *seconds;
    } else if (flag == "--game-clock") {
      options.game_clock = game_clock_of(need());
      if (!options.game_clock) return usage_error("bot", "--game-clock is M+I: 1 to 180 minutes, 0 to 60 s", kBotUsage);
      options.clock = 0;
    } else if (flag == "--computer-seat" || flag == "--level") {
      const std::optional<Strength> level = level_of(need());
      if (!level) return usage_error("bot", flag + " is easy, medium or hard", kBotUsage);
      (flag == "--level" ? options.level : options.computer_seat.emplace()) = *level;
      have_level = have_level || flag == "--level";
    } else if (flag == "--name") {
      const char* name = need();
      if (!name) return usage_error("bot", "--name needs a name", kBotUsage);
      options.name = name;
    } else if (flag == "--delay") {
      const auto seconds = value ? parse_seconds(need()) : std::nullopt;
      if (!seconds) return usage_error("bot", "--delay needs seconds", kBotUsage);
      options.delay = *seconds;
    } else if (flag == "--give-up-after") {
      const auto seconds = value ? parse_seconds(need()) : std::nullopt;
      if (!seconds || *seconds < 1 || *seconds > 3600)
        return usage_error("bot", "--give-up-after is 1 to 3600 seconds", kBotUsage);
      options.give_up_after = *seconds;
    } else {
      return usage_error("bot", "unknown option " + flag, kBotUsage);
    }
  }
  if (!have_server || !have_level) return usage_error("bot", "--server and --level are needed", kBotUsage);
  if (options.create == !options.join_code.empty())
    return usage_error("bot", "give --create or --join CODE", kBotUsage);
  return Bot(std::move(options)).run();
}

}  // namespace reversi::cli
#endif  // __EMSCRIPTEN__
