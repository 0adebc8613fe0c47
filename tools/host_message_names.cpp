// Writes the host page's message names as a JavaScript module, from the
// message layer's one list (messages/commands.h kCommandTypes, events.h
// kEventTypes), so web/embed.js never spells them by hand. The builds run it
// (CMakeLists.txt natively, emscripten.cmake under Node) into
// embed-messages.js beside embed.js:
//   export const COMMANDS = Object.freeze({ NEW_GAME: 'reversi:new-game', … });
// Usage: host_message_names OUTPUT.js
#include <cctype>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#include "messages/commands.h"
#include "messages/events.h"

namespace {

// "new-game" -> "NEW_GAME".
std::string constant_name(std::string_view type) {
  std::string name;
  for (const char c : type)
    name.push_back(c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  return name;
}

template <std::size_t N>
void write_names(std::ofstream& out, const char* constant, const std::string_view (&types)[N],
                 std::string_view more = {}) {
  out << "export const " << constant << " = Object.freeze({\n";
  for (const std::string_view type : types)
    out << "  " << constant_name(type) << ": '" << reversi::messages::kHostPrefix << type << "',\n";
  if (!more.empty()) out << "  " << constant_name(more) << ": '" << reversi::messages::kHostPrefix << more << "',\n";
  out << "});\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: host_message_names OUTPUT.js\n");
    return 2;
  }
  std::ofstream out(argv[1]);
  out << "// The host page's message names (docs/embedding.md), written at build time by\n"
         "// tools/host_message_names.cpp from the C++ message layer's list: do not edit.\n"
      << "export const PREFIX = '" << reversi::messages::kHostPrefix << "';\n"
      << "// Host to game.\n";
  write_names(out, "COMMANDS", reversi::messages::kCommandTypes);
  out << "// Game to host (LOADING: from the page shell while the game downloads).\n";
  write_names(out, "EVENTS", reversi::messages::kEventTypes, reversi::messages::kShellEventTypes[0]);
  out.close();
  if (!out) {
    std::fprintf(stderr, "host_message_names: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
