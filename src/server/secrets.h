// Random codes and secrets, and the hashing and signing around them, from
// OpenSSL's libcrypto: nothing here is home-made cryptography.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace reversi::server {

// `bytes` bytes from the operating system's cryptographic generator, as
// lower-case hex. Throws std::runtime_error only if the generator fails,
// which leaves no safe way to go on.
std::string random_hex(std::size_t bytes);
// A uniformly drawn number below `bound` (> 0), from the same generator.
std::uint64_t random_below(std::uint64_t bound);
// Six characters of messages::online::kCodeAlphabet.
std::string random_code();

// SHA-256 of `text`, as lower-case hex: how secrets are stored.
std::string sha256_hex(std::string_view text);
// Compares in time that depends only on the lengths.
bool equal_in_constant_time(std::string_view a, std::string_view b);

// HMAC-SHA256 of `message` under `key`, raw bytes.
std::string hmac_sha256(std::string_view key, std::string_view message);

// RFC 4648 base64url without padding; decoding refuses anything else.
std::string base64url_encode(std::string_view bytes);
std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace reversi::server
