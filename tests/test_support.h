// Helpers shared by the unit tests: reading the reference data in ../shared.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

}  // namespace reversi::testing
