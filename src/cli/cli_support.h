// Small helpers shared by the reversi-cli subcommands: option values,
// positions from the command line, and JSON lines.
#pragma once

#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/computer.h"
#include "engine/notation.h"

namespace reversi::cli {

// Parses a whole decimal number within [low, high]; nullopt otherwise.
std::optional<long long> parse_integer(std::string_view text, long long low, long long high);
// Parses a non-negative number of seconds (at most a day).
std::optional<double> parse_seconds(std::string_view text);

// Processor time this process has used, in seconds. Natively std::clock();
// under Node the process's user and system time (Emscripten's clock() is the
// wall clock there, which a loaded machine stretches for the wasm build only).
double processor_seconds();

// Prints one JSON object on its own line.
void print_json_line(const nlohmann::json& object);

// "none" for kNoMove, otherwise square_name.
std::string move_name(Square move);

// One position of an OBF file: its number among the file's positions (from
// 1), the line's text (with the scores it may publish) and the position.
struct ObfEntry {
  int number;
  std::string text;
  Position position;
};
// Input lines longer than this are refused rather than read on: a file or
// stream without line breaks (/dev/zero) must not grow memory without bound.
// OBF lines with every move's score are under 300 characters.
inline constexpr std::size_t kMaxLineLength = 4096;

// Reads one line (without its line break) of at most kMaxLineLength
// characters into `line`.
enum class LineRead { Line, End, TooLong };
LineRead read_bounded_line(std::istream& in, std::string& line);

// Every position of the OBF file at `path`, or a message saying that it
// cannot be read, is a directory, or which line is bad.
Parsed<std::vector<ObfEntry>> read_obf_file(const std::string& path);

// The move scores an OBF line publishes after the position, as the FFO
// suites do: "...X; A2:+38; C7:+36;" gives {a2, 38}, {c7, 36}. Empty when
// the line publishes none or writes them otherwise.
struct PublishedScore {
  Square move;
  int score;
};
std::vector<PublishedScore> published_scores(std::string_view line);

// Reports a usage error for `command` and returns 2.
int usage_error(const char* command, const std::string& message, const char* usage);

}  // namespace reversi::cli
