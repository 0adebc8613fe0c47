// Which file answers a GET under --static DIR, with which headers: strict
// percent-decoding, nothing outside the root (not by "..", not by a
// symlink), MIME types for the bundle, precompressed .br/.gz files when the
// client takes them, and no-cache where the service worker decides versions.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace reversi::server {

struct StaticAnswer {
  int status = 404;            // 200, 400 or 404
  std::filesystem::path file;  // what to send (200)
  std::string content_type;
  std::optional<std::string> encoding;  // "br" or "gzip" when a precompressed file is sent
  bool vary_encoding = false;           // a precompressed form exists: caches must key on Accept-Encoding
  std::string cache_control;
};

// `root` must be canonical (see canonical_root). `target` is the request
// target as sent ("/a%20b.js?v=1").
StaticAnswer answer_static(const std::filesystem::path& root, std::string_view target,
                           std::string_view accept_encoding);

// `text` with its %XX escapes decoded (a path, or one query value); nothing
// when an escape is not two hex digits or a NUL would appear. The one
// decoder for paths and the HTTP API's query values.
std::optional<std::string> percent_decoded(std::string_view text);

// The folder as a canonical path, or nothing when it is not a folder.
std::optional<std::filesystem::path> canonical_root(const std::string& folder);

// The MIME type for a file name ("application/octet-stream" when unknown).
std::string mime_type_of(const std::filesystem::path& file);

}  // namespace reversi::server
