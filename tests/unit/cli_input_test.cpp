// reversi-cli's input limits: endless lines, directories and solves too
// deep to finish are refused with a message instead of eating memory or
// time.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli_support.h"
#include "cli/commands.h"

namespace reversi {
namespace {

// A scratch file that is removed when the test ends; its name is drawn at
// random so that test runs at the same time do not share it.
struct ScratchFile {
  explicit ScratchFile(const std::string& text)
      : path((std::filesystem::temp_directory_path() /
              ("reversi-cli-test-" + std::to_string(std::random_device{}()) + ".obf"))
                 .string()) {
    std::ofstream(path) << text;
  }
  ~ScratchFile() { std::filesystem::remove(path); }
  std::string path;
};

int run(int (*command)(int, char**), std::vector<std::string> arguments) {
  std::vector<char*> argv;
  for (std::string& argument : arguments) argv.push_back(argument.data());
  return command(static_cast<int>(argv.size()), argv.data());
}

TEST_CASE("cli: an input line longer than the cap is refused, naming the line") {
  std::istringstream in("short\n" + std::string(cli::kMaxLineLength + 1, 'x') + "\nafter\n");
  std::string line;
  CHECK(cli::read_bounded_line(in, line) == cli::LineRead::Line);
  CHECK(line == "short");
  CHECK(cli::read_bounded_line(in, line) == cli::LineRead::TooLong);
  std::istringstream exact(std::string(cli::kMaxLineLength, 'y'));
  CHECK(cli::read_bounded_line(exact, line) == cli::LineRead::Line);
  CHECK(line.size() == cli::kMaxLineLength);
  CHECK(cli::read_bounded_line(exact, line) == cli::LineRead::End);

  const auto endless = cli::read_obf_file("/dev/zero");
  REQUIRE_FALSE(endless);
  CHECK(endless.error == "/dev/zero line 1 is longer than 4096 characters: not an OBF file");
  const ScratchFile long_third_line("# a comment\n\n" + std::string(5000, '-') + " X\n");
  const auto long_line = cli::read_obf_file(long_third_line.path);
  REQUIRE_FALSE(long_line);
  CHECK(long_line.error.find(" line 3 is longer than") != std::string::npos);
}

TEST_CASE("cli: a directory given as an OBF file is refused by name") {
  const std::string folder = std::filesystem::temp_directory_path().string();
  const auto read = cli::read_obf_file(folder);
  REQUIRE_FALSE(read);
  CHECK(read.error == "'" + folder + "' is a directory, not an OBF file");
  CHECK(run(cli::run_move, {"--level", "easy", "--file", folder}) == 1);
  CHECK(run(cli::run_solve, {folder}) == 1);
}

TEST_CASE("cli: OBF files still read as before, Windows line ends included") {
  const ScratchFile file(
      "---------------------------OX------XO--------------------------- X\r\n"
      "# comment\n"
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\n");
  const auto read = cli::read_obf_file(file.path);
  REQUIRE_MESSAGE(read, read.error);
  REQUIRE(read.value->size() == 2);
  CHECK(read.value->at(1).number == 2);
  CHECK(read.value->at(0).position.board.empty_count() == 60);
}

TEST_CASE("cli: solve refuses a position too deep to finish unless forced") {
  // 60 empties: without the cap this runs for years.
  const ScratchFile start("---------------------------OX------XO--------------------------- X\n");
  CHECK(run(cli::run_solve, {start.path}) == 2);
  CHECK(run(cli::run_solve, {start.path, "--json"}) == 2);
  // Positions outside --from/--count do not count.
  const ScratchFile mixed(
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\n"
      "---------------------------OX------XO--------------------------- X\n");
  CHECK(run(cli::run_solve, {mixed.path, "--count", "1"}) == 0);
  CHECK(run(cli::run_solve, {mixed.path}) == 2);
}

}  // namespace
}  // namespace reversi
