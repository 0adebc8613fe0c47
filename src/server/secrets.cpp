#include "server/secrets.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <stdexcept>
#include <vector>

#include "messages/table_messages.h"

namespace reversi::server {
namespace {

std::string to_hex(const unsigned char* data, std::size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(size * 2);
  for (std::size_t index = 0; index < size; ++index) {
    text.push_back(kDigits[data[index] >> 4]);
    text.push_back(kDigits[data[index] & 15]);
  }
  return text;
}

void fill_random(unsigned char* data, std::size_t size) {
  if (RAND_bytes(data, static_cast<int>(size)) != 1) throw std::runtime_error("the random generator failed");
}

constexpr std::string_view kBase64Url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

}  // namespace

std::string random_hex(std::size_t bytes) {
  std::vector<unsigned char> buffer(bytes);
  fill_random(buffer.data(), buffer.size());
  return to_hex(buffer.data(), buffer.size());
}

std::uint64_t random_below(std::uint64_t bound) {
  // Rejection sampling: no bias towards small values.
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  for (;;) {
    std::uint64_t value = 0;
    fill_random(reinterpret_cast<unsigned char*>(&value), sizeof value);
    if (value < limit) return value % bound;
  }
}

std::string random_code() {
  using messages::online::kCodeAlphabet;
  std::string code;
  for (std::size_t index = 0; index < messages::online::kCodeLength; ++index)
    code.push_back(kCodeAlphabet[random_below(kCodeAlphabet.size())]);
  return code;
}

std::string sha256_hex(std::string_view text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(text.data(), text.size(), digest, &length, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  return to_hex(digest, length);
}

bool equal_in_constant_time(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string hmac_sha256(std::string_view key, std::string_view message) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
            reinterpret_cast<const unsigned char*>(message.data()), message.size(), digest, &length))
    throw std::runtime_error("HMAC-SHA256 failed");
  return std::string(reinterpret_cast<const char*>(digest), length);
}

// OpenSSL writes standard base64; the URL alphabet and the dropped padding
// are a character swap around it.
std::string base64url_encode(std::string_view bytes) {
  std::string text(4 * ((bytes.size() + 2) / 3) + 1, '\0');
  const int written =
      EVP_EncodeBlock(reinterpret_cast<unsigned char*>(text.data()),
                      reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
  text.resize(static_cast<std::size_t>(written));
  while (!text.empty() && text.back() == '=') text.pop_back();
  for (char& c : text) c = c == '+' ? '-' : c == '/' ? '_' : c;
  return text;
}

std::optional<std::string> base64url_decode(std::string_view text) {
  if (text.size() % 4 == 1 || text.size() > 64 * 1024) return std::nullopt;
  std::string standard;
  for (const char c : text) {
    if (kBase64Url.find(c) == std::string_view::npos) return std::nullopt;
    standard.push_back(c == '-' ? '+' : c == '_' ? '/' : c);
  }
  const std::size_t padding = (4 - standard.size() % 4) % 4;
  standard.append(padding, '=');
  std::string bytes(standard.size() / 4 * 3, '\0');
  const int decoded =
      EVP_DecodeBlock(reinterpret_cast<unsigned char*>(bytes.data()),
                      reinterpret_cast<const unsigned char*>(standard.data()), static_cast<int>(standard.size()));
  if (decoded < 0) return std::nullopt;
  bytes.resize(static_cast<std::size_t>(decoded) - padding);  // EVP_DecodeBlock counts the padding as zero bytes
  if (base64url_encode(bytes) != text) return std::nullopt;   // stray bits: not the canonical form
  return bytes;
}

}  // namespace reversi::server
