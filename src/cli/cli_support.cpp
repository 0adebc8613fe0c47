#include "cli/cli_support.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// process.cpuUsage() counts every thread of Node, as clock() does natively.
EM_JS(double, reversi_node_processor_seconds, (), {
  if (typeof process != "undefined" && process.cpuUsage) {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  }
  return performance.now() / 1000;
});
#endif

namespace reversi::cli {

std::optional<long long> parse_integer(std::string_view text, long long low, long long high) {
  const std::string copy(text);
  if (copy.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(copy.c_str(), &end, 10);
  if (*end || errno || value < low || value > high) return std::nullopt;
  return value;
}

std::optional<double> parse_seconds(std::string_view text) {
  const std::string copy(text);
  if (copy.empty()) return std::nullopt;
  char* end = nullptr;
  const double value = std::strtod(copy.c_str(), &end);
  if (*end || !(value >= 0) || value > 86400) return std::nullopt;
  return value;
}

double processor_seconds() {
#ifdef __EMSCRIPTEN__
  return reversi_node_processor_seconds();
#else
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
#endif
}

void print_json_line(const nlohmann::json& object) { std::printf("%s\n", object.dump().c_str()); }

std::string move_name(Square move) { return move == kNoMove ? "none" : square_name(move); }

LineRead read_bounded_line(std::istream& in, std::string& line) {
  line.clear();
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    if (c == '\n') return LineRead::Line;
    if (line.size() == kMaxLineLength) return LineRead::TooLong;
    line += static_cast<char>(c);
  }
  return line.empty() ? LineRead::End : LineRead::Line;
}

Parsed<std::vector<ObfEntry>> read_obf_file(const std::string& path) {
  using Result = Parsed<std::vector<ObfEntry>>;
  std::error_code error;
  // A directory opens as a stream that reads nothing: refuse it by name.
  if (std::filesystem::is_directory(path, error))
    return Result::failure("'" + path + "' is a directory, not an OBF file");
  std::ifstream file(path);
  if (!file) return Result::failure("cannot read '" + path + "'");
  std::vector<ObfEntry> entries;
  int line_number = 0;
  for (std::string line;;) {
    const LineRead read = read_bounded_line(file, line);
    if (read == LineRead::End) break;
    ++line_number;
    if (read == LineRead::TooLong)
      return Result::failure(path + " line " + std::to_string(line_number) + " is longer than " +
                             std::to_string(kMaxLineLength) + " characters: not an OBF file");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const auto position = parse_position(line);
    if (!position) return Result::failure(path + " line " + std::to_string(line_number) + ": " + position.error);
    entries.push_back(ObfEntry{static_cast<int>(entries.size()) + 1, line, *position.value});
  }
  if (file.bad()) return Result::failure("cannot read '" + path + "'");
  return Result::success(std::move(entries));
}

std::vector<PublishedScore> published_scores(std::string_view line) {
  std::vector<PublishedScore> scores;
  std::size_t at = line.find(';');
  while (at != std::string_view::npos) {
    const std::size_t end = line.find(';', at + 1);
    std::string_view item = line.substr(at + 1, end == std::string_view::npos ? std::string_view::npos : end - at - 1);
    at = end;
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item.empty()) continue;
    const std::size_t colon = item.find(':');
    if (colon == std::string_view::npos) return {};
    const auto square = parse_square(item.substr(0, colon));
    std::string_view number = item.substr(colon + 1);
    if (!number.empty() && number.front() == '+') number.remove_prefix(1);
    const auto score = parse_integer(number, -64, 64);
    if (!square || *square.value >= 64 || !score) return {};
    scores.push_back(PublishedScore{*square.value, static_cast<int>(*score)});
  }
  return scores;
}

int usage_error(const char* command, const std::string& message, const char* usage) {
  std::fprintf(stderr, "%s: %s\nusage: reversi-cli %s\n", command, message.c_str(), usage);
  return 2;
}

}  // namespace reversi::cli
