// The pattern-weights data file (src/ai/data/pattern_weights.*.bin): what
// `reversi-train fit` writes and tools/embed_weights.py turns into C++ at
// build time. The layout is described in tools/embed_weights.py and
// docs/tuning.md; the CRC-32 of the payload lets the build refuse a damaged
// file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/notation.h"

namespace reversi::training {

inline constexpr std::uint16_t kWeightsFormatVersion = 1;

struct WeightsFile {
  int pattern_set = 0;
  int phases = 0;
  int patterns_per_phase = 0;
  int scalars_per_phase = 0;
  std::vector<std::int16_t> patterns;  // phases x patterns_per_phase
  std::vector<std::int32_t> scalars;   // phases x scalars_per_phase
};

// CRC-32 as zlib computes it (reflected polynomial 0xedb88320).
std::uint32_t crc32(const std::uint8_t* data, std::size_t size);

// The file's bytes: header, then payload (little-endian whatever the host).
std::vector<std::uint8_t> encode_weights(const WeightsFile& weights);
// The weights in `bytes`, or why they are not a valid weights file.
Parsed<WeightsFile> decode_weights(const std::vector<std::uint8_t>& bytes);
// The payload's checksum, as the header stores it.
std::uint32_t payload_checksum(const WeightsFile& weights);

// Writing and reading whole files; errors name the path.
std::string write_weights_file(const std::string& path, const WeightsFile& weights);  // "" when written
Parsed<WeightsFile> read_weights_file(const std::string& path);

}  // namespace reversi::training
