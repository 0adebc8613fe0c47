#include "server/static_files.h"

#include <algorithm>
#include <vector>

namespace reversi::server {
namespace fs = std::filesystem;

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// True when `path` is `root` or inside it (both canonical).
bool inside(const fs::path& root, const fs::path& path) {
  const auto mismatch = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
  return mismatch.first == root.end();
}

// The file itself, when it is a regular file inside the root after every symlink.
std::optional<fs::path> regular_file_inside(const fs::path& root, const fs::path& candidate) {
  std::error_code error;
  const fs::path real = fs::canonical(candidate, error);
  if (error || !inside(root, real) || !fs::is_regular_file(real, error)) return std::nullopt;
  return real;
}

// Whether Accept-Encoding allows `coding` (present, and not with q=0).
bool accepts(std::string_view header, std::string_view coding) {
  std::size_t at = 0;
  while (at <= header.size()) {
    const std::size_t comma = std::min(header.find(',', at), header.size());
    std::string_view item = header.substr(at, comma - at);
    at = comma + 1;
    const std::size_t semicolon = item.find(';');
    std::string_view name = item.substr(0, semicolon);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    if (name != coding && name != "*") continue;
    if (semicolon == std::string_view::npos) return true;
    std::string parameters(item.substr(semicolon + 1));
    parameters.erase(std::remove(parameters.begin(), parameters.end(), ' '), parameters.end());
    return !(parameters.rfind("q=0", 0) == 0 && parameters.find_first_not_of("q=0.", 0) == std::string::npos);
  }
  return false;
}

}  // namespace

// Strict: every % needs two hex digits; NUL never passes.
std::optional<std::string> percent_decoded(std::string_view text) {
  std::string decoded;
  for (std::size_t at = 0; at < text.size(); ++at) {
    char c = text[at];
    if (c == '%') {
      if (at + 2 >= text.size()) return std::nullopt;  // cut short, as in "/%E0%A4%A"
      const int high = hex_value(text[at + 1]);
      const int low = hex_value(text[at + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      c = static_cast<char>(high * 16 + low);
      at += 2;
    }
    if (c == '\0') return std::nullopt;
    decoded.push_back(c);
  }
  return decoded;
}

std::optional<fs::path> canonical_root(const std::string& folder) {
  std::error_code error;
  const fs::path root = fs::canonical(folder, error);
  if (error || !fs::is_directory(root, error)) return std::nullopt;
  return root;
}

std::string mime_type_of(const fs::path& file) {
  static const std::pair<const char*, const char*> kTypes[] = {{".html", "text/html; charset=utf-8"},
                                                               {".js", "text/javascript; charset=utf-8"},
                                                               {".mjs", "text/javascript; charset=utf-8"},
                                                               {".css", "text/css; charset=utf-8"},
                                                               {".wasm", "application/wasm"},
                                                               {".webmanifest", "application/manifest+json"},
                                                               {".json", "application/json"},
                                                               {".png", "image/png"},
                                                               {".svg", "image/svg+xml"},
                                                               {".data", "application/octet-stream"},
                                                               {".ico", "image/x-icon"},
                                                               {".ttf", "font/ttf"},
                                                               {".woff2", "font/woff2"},
                                                               {".txt", "text/plain; charset=utf-8"}};
  const std::string extension = file.extension().string();
  for (const auto& [suffix, type] : kTypes)
    if (extension == suffix) return type;
  return "application/octet-stream";
}

StaticAnswer answer_static(const fs::path& root, std::string_view target, std::string_view accept_encoding) {
  StaticAnswer answer;
  StaticAnswer bad_request;
  bad_request.status = 400;
  const StaticAnswer not_found;
  const std::string_view path = target.substr(0, target.find_first_of("?#"));
  if (path.empty() || path.front() != '/') return bad_request;
  const std::optional<std::string> decoded = percent_decoded(path);
  if (!decoded) return bad_request;
  fs::path relative;
  std::size_t at = 1;
  while (at <= decoded->size()) {
    const std::size_t slash = std::min(decoded->find('/', at), decoded->size());
    const std::string segment = decoded->substr(at, slash - at);
    at = slash + 1;
    if (segment.empty()) continue;
    if (segment == "." || segment == ".." || segment.find('\\') != std::string::npos) return bad_request;
    relative /= segment;
  }
  fs::path candidate = root / relative;
  std::error_code error;
  if (relative.empty() || decoded->back() == '/' || fs::is_directory(candidate, error)) candidate /= "index.html";
  const std::optional<fs::path> file = regular_file_inside(root, candidate);
  if (!file) return not_found;

  answer.status = 200;
  answer.file = *file;
  answer.content_type = mime_type_of(candidate);  // the name asked for, not a symlink's target
  const std::string name = candidate.filename().string();
  const bool versioned_by_worker = name == "index.html" || name == "sw.js" || candidate.extension() == ".webmanifest";
  answer.cache_control = versioned_by_worker ? "no-cache" : "public, max-age=0, must-revalidate";
  for (const auto& [suffix, coding] : {std::pair{".br", "br"}, std::pair{".gz", "gzip"}}) {
    const std::optional<fs::path> compressed = regular_file_inside(root, fs::path(candidate.string() + suffix));
    if (!compressed) continue;
    answer.vary_encoding = true;
    if (!answer.encoding && accepts(accept_encoding, coding)) {
      answer.encoding = coding;
      answer.file = *compressed;
    }
  }
  return answer;
}

}  // namespace reversi::server
