// The server's small parts: codes and secrets, base64url and tokens, and
// which file a static request gets.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "server/host_tokens.h"
#include "server/secrets.h"
#include "server/static_files.h"
#include "test_support.h"

using namespace reversi::server;
namespace fs = std::filesystem;

TEST_CASE("server support: codes use the unambiguous alphabet and do not repeat") {
  std::set<std::string> seen;
  for (int index = 0; index < 200; ++index) {
    const std::string code = random_code();
    CHECK(code.size() == 6);
    CHECK(code.find_first_of("01IO") == std::string::npos);
    seen.insert(code);
  }
  CHECK(seen.size() == 200);
  CHECK(random_hex(32).size() == 64);
}

TEST_CASE("server support: base64url round-trips and refuses what is not canonical") {
  for (const std::string bytes : {"", "f", "fo", "foo", "foob", "fooba", "foobar", "\xff\xfe\x00\x01"}) {
    const std::string text = base64url_encode(bytes);
    CHECK(text.find_first_of("+/=") == std::string::npos);
    CHECK(base64url_decode(text) == bytes);
  }
  CHECK(base64url_encode("\xfb\xff") == "-_8");
  CHECK_FALSE(base64url_decode("Zm9v!"));
  CHECK_FALSE(base64url_decode("Zh"));  // stray bits
  CHECK_FALSE(base64url_decode("Z"));
  CHECK(equal_in_constant_time("abc", "abc"));
  CHECK_FALSE(equal_in_constant_time("abc", "abd"));
  CHECK_FALSE(equal_in_constant_time("abc", "ab"));
}

TEST_CASE("server support: a host token carries the player, and only with the right key") {
  const HostTokenVerifier verifier(std::string("a-key-of-sixteen-bytes"));
  const std::string token =
      HostTokenVerifier::sign("a-key-of-sixteen-bytes", R"({"player":"p1","name":"Bo","exp":100})");
  const auto good = verifier.verify(token, 99);
  REQUIRE(std::holds_alternative<HostPlayer>(good));
  CHECK(std::get<HostPlayer>(good).player == "h_p1");
  CHECK(std::holds_alternative<TokenRefusal>(verifier.verify(token, 100)));  // expired
  CHECK(std::holds_alternative<TokenRefusal>(verifier.verify(token + "x", 0)));
  CHECK(std::holds_alternative<TokenRefusal>(verifier.verify("no-dot", 0)));
  CHECK(std::holds_alternative<TokenRefusal>(HostTokenVerifier(std::nullopt).verify(token, 0)));
  const std::string bad_id =
      HostTokenVerifier::sign("a-key-of-sixteen-bytes", R"({"player":"a/b","name":"X","exp":100})");
  CHECK(std::holds_alternative<TokenRefusal>(verifier.verify(bad_id, 0)));
}

namespace {
void write_file(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}
}  // namespace

TEST_CASE("server support: static files get their types, precompressed forms and stay inside the root") {
  const fs::path base = reversi::testing::scratch_path("reversi-static-test");
  fs::remove_all(base);
  const fs::path dist = base / "dist";
  write_file(dist / "index.html", "<!doctype html>");
  write_file(dist / "reversi.wasm", "wasm");
  write_file(dist / "reversi.wasm.br", "br");
  write_file(dist / "reversi.wasm.gz", "gz");
  write_file(dist / "reversi.js", "js");
  write_file(dist / "manifest.webmanifest", "{}");
  write_file(dist / "sw.js", "sw");
  write_file(dist / "assets" / "icon.png", "png");
  write_file(base / "distAsecret" / "x", "secret");
  write_file(base / "outside.txt", "secret");
  fs::create_symlink(base / "outside.txt", dist / "leak.txt");
  const fs::path root = *canonical_root(dist.string());

  const StaticAnswer index = answer_static(root, "/", "");
  CHECK(index.status == 200);
  CHECK(index.content_type == "text/html; charset=utf-8");
  CHECK(index.cache_control == "no-cache");
  CHECK(answer_static(root, "/sw.js", "").cache_control == "no-cache");
  CHECK(answer_static(root, "/manifest.webmanifest", "").content_type == "application/manifest+json");
  CHECK(answer_static(root, "/manifest.webmanifest", "").cache_control == "no-cache");
  CHECK(answer_static(root, "/assets/icon.png?v=2", "").content_type == "image/png");

  const StaticAnswer plain = answer_static(root, "/reversi.wasm", "");
  CHECK(plain.content_type == "application/wasm");
  CHECK_FALSE(plain.encoding);
  CHECK(plain.vary_encoding);
  const StaticAnswer brotli = answer_static(root, "/reversi.wasm", "gzip, deflate, br");
  CHECK(brotli.encoding == "br");
  CHECK(brotli.file.filename() == "reversi.wasm.br");
  CHECK(brotli.content_type == "application/wasm");
  CHECK(answer_static(root, "/reversi.wasm", "gzip").encoding == "gzip");
  CHECK(answer_static(root, "/reversi.wasm", "br;q=0, gzip;q=0.5").encoding == "gzip");
  CHECK_FALSE(answer_static(root, "/reversi.js", "br").encoding);  // no precompressed form
  CHECK_FALSE(answer_static(root, "/reversi.js", "br").vary_encoding);

  for (const char* bad : {"/../outside.txt", "/%2e%2e%2foutside.txt", "/%2e%2e/outside.txt", "/a%00b", "/%E0%A4%A",
                          "/%zz", "/..%2fdistAsecret/x", "relative", "/a\\..\\b"})
    CHECK_MESSAGE(answer_static(root, bad, "").status == 400, bad);
  CHECK(answer_static(root, "/leak.txt", "").status == 404);  // a symlink out of the root
  CHECK(answer_static(root, "/missing.js", "").status == 404);
  CHECK(answer_static(root, "/assets", "").status == 404);  // a folder without index.html
  fs::remove_all(base);
}
