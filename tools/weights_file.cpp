#include "weights_file.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <iterator>

namespace reversi::training {
namespace {

constexpr char kMagic[4] = {'R', 'V', 'P', 'W'};
constexpr std::size_t kHeaderBytes = 20;

struct CrcTable {
  std::array<std::uint32_t, 256> entry{};
};
constexpr CrcTable make_crc_table() {
  CrcTable table;
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
    table.entry[n] = c;
  }
  return table;
}
constexpr CrcTable kCrcTable = make_crc_table();

void put(std::vector<std::uint8_t>& out, std::uint32_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}
std::uint32_t get(const std::vector<std::uint8_t>& in, std::size_t at, int bytes) {
  std::uint32_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= std::uint32_t{in[at + i]} << (8 * i);
  return value;
}

std::vector<std::uint8_t> encode_payload(const WeightsFile& weights) {
  std::vector<std::uint8_t> payload;
  payload.reserve(2 * weights.patterns.size() + 4 * weights.scalars.size());
  for (const std::int16_t value : weights.patterns) put(payload, static_cast<std::uint16_t>(value), 2);
  for (const std::int32_t value : weights.scalars) put(payload, static_cast<std::uint32_t>(value), 4);
  return payload;
}

}  // namespace

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
  std::uint32_t c = 0xffffffffu;
  for (std::size_t i = 0; i < size; ++i) c = kCrcTable.entry[(c ^ data[i]) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

std::uint32_t payload_checksum(const WeightsFile& weights) {
  const std::vector<std::uint8_t> payload = encode_payload(weights);
  return crc32(payload.data(), payload.size());
}

std::vector<std::uint8_t> encode_weights(const WeightsFile& weights) {
  const std::vector<std::uint8_t> payload = encode_payload(weights);
  std::vector<std::uint8_t> out(kMagic, kMagic + 4);
  put(out, kWeightsFormatVersion, 2);
  put(out, static_cast<std::uint32_t>(weights.pattern_set), 2);
  put(out, static_cast<std::uint32_t>(weights.phases), 2);
  put(out, static_cast<std::uint32_t>(weights.scalars_per_phase), 2);
  put(out, static_cast<std::uint32_t>(weights.patterns_per_phase), 4);
  put(out, crc32(payload.data(), payload.size()), 4);
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

Parsed<WeightsFile> decode_weights(const std::vector<std::uint8_t>& bytes) {
  using Result = Parsed<WeightsFile>;
  if (bytes.size() < kHeaderBytes) return Result::failure("too short for the weights header");
  if (!std::equal(kMagic, kMagic + 4, bytes.begin())) return Result::failure("not a pattern-weights file");
  if (get(bytes, 4, 2) != kWeightsFormatVersion)
    return Result::failure("format version " + std::to_string(get(bytes, 4, 2)) + ", expected " +
                           std::to_string(kWeightsFormatVersion));
  WeightsFile weights;
  weights.pattern_set = static_cast<int>(get(bytes, 6, 2));
  weights.phases = static_cast<int>(get(bytes, 8, 2));
  weights.scalars_per_phase = static_cast<int>(get(bytes, 10, 2));
  weights.patterns_per_phase = static_cast<int>(get(bytes, 12, 4));
  const std::uint64_t patterns = std::uint64_t(weights.phases) * std::uint64_t(weights.patterns_per_phase);
  const std::uint64_t scalars = std::uint64_t(weights.phases) * std::uint64_t(weights.scalars_per_phase);
  if (bytes.size() - kHeaderBytes != 2 * patterns + 4 * scalars)
    return Result::failure("the payload's size does not match the header's counts");
  if (crc32(bytes.data() + kHeaderBytes, bytes.size() - kHeaderBytes) != get(bytes, 16, 4))
    return Result::failure("checksum mismatch: the file is damaged");
  std::size_t at = kHeaderBytes;
  for (std::uint64_t i = 0; i < patterns; ++i, at += 2)
    weights.patterns.push_back(static_cast<std::int16_t>(get(bytes, at, 2)));
  for (std::uint64_t i = 0; i < scalars; ++i, at += 4)
    weights.scalars.push_back(static_cast<std::int32_t>(get(bytes, at, 4)));
  return Result::success(std::move(weights));
}

std::string write_weights_file(const std::string& path, const WeightsFile& weights) {
  const std::vector<std::uint8_t> bytes = encode_weights(weights);
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  out.close();
  return out ? "" : "cannot write " + path;
}

Parsed<WeightsFile> read_weights_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Parsed<WeightsFile>::failure("cannot read " + path);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  Parsed<WeightsFile> weights = decode_weights(bytes);
  if (!weights) weights.error = path + ": " + weights.error;
  return weights;
}

}  // namespace reversi::training
