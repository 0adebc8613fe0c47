// Helpers shared by the unit tests: reading the reference data in ../shared,
// and scratch paths of the test's own.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/notation.h"

#ifndef REVERSI_SHARED_DIR
#define REVERSI_SHARED_DIR "../shared"
#endif

namespace reversi::testing {

inline std::string shared_path(const std::string& relative) { return std::string(REVERSI_SHARED_DIR) + "/" + relative; }

inline std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream file(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// The square a test names ("d3"); a name that is no square stops the test.
inline Square sq(const char* name) {
  const Parsed<Square> parsed = parse_square(name);
  if (!parsed.value) throw std::invalid_argument(std::string("no such square: ") + name);
  return *parsed.value;
}

// The best score an FFO line publishes ("...; a1:+18 ...").
inline int published_best_score(const std::string& line) {
  const std::size_t colon = line.find(':', line.find(';'));
  return std::stoi(line.substr(colon + 1));
}

// A path in the temporary folder that no other test process uses: `name`
// with this process's id before its extension ("store.sqlite3" becomes
// "store-4711.sqlite3"). The cases run side by side in processes of their
// own (scripts/run-cases), and other clones' test runs may share the folder.
inline std::filesystem::path scratch_path(const std::string& name) {
  const std::filesystem::path plain(name);
  return std::filesystem::temp_directory_path() /
         (plain.stem().string() + "-" + std::to_string(getpid()) + plain.extension().string());
}

}  // namespace reversi::testing
