#!/usr/bin/env python3
"""Turns a pattern-weights data file into C++ source, after checking it.

    embed_weights.py INPUT.bin OUTPUT.cpp --include HEADER --namespace NS --function NAME

The data file (written by `reversi-train fit`, described in docs/tuning.md)
is a 20-byte little-endian header followed by the payload:

    offset  size  field
         0     4  magic "RVPW"
         4     2  format version (1)
         6     2  pattern set id (which shapes the weights belong to)
         8     2  phases (weight sets, by stage of the game)
        10     2  scalar weights per phase
        12     4  pattern weights per phase
        16     4  CRC-32 (zlib's) of the payload
        20        payload: phases x pattern weights as int16,
                  then phases x scalar weights as int32

The output defines `const PatternWeights& NAME()` in namespace NS; its
static_asserts check the file's pattern set, phases and counts against the
constants of HEADER (kPatternSet, kPatternPhases, kPatternWeights,
kScalarWeights in NS), so weights for other shapes fail the build there.
Any damage to the file fails here, with a message saying what to do.
"""
import argparse
import os
import struct
import sys
import zlib

MAGIC = b"RVPW"
FORMAT_VERSION = 1
HEADER = struct.Struct("<4sHHHHII")


def fail(path, message):
    sys.stderr.write(f"error: {path}: {message}\n"
                     "  The pattern weights are generated data: regenerate the file with the\n"
                     "  recipe in docs/tuning.md (reversi-train fit), or restore it from git.\n")
    sys.exit(1)


def read_weights(path):
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as error:
        fail(path, f"cannot read it ({error.strerror})")
    if len(data) < HEADER.size:
        fail(path, f"{len(data)} bytes is too short for the {HEADER.size}-byte header")
    magic, version, pattern_set, phases, scalars, patterns, checksum = HEADER.unpack_from(data)
    if magic != MAGIC:
        fail(path, f"not a pattern-weights file (magic {magic!r}, expected {MAGIC!r})")
    if version != FORMAT_VERSION:
        fail(path, f"format version {version}; this generator reads version {FORMAT_VERSION}")
    payload = data[HEADER.size:]
    expected_size = phases * (2 * patterns + 4 * scalars)
    if phases == 0 or patterns == 0 or len(payload) != expected_size:
        fail(path, f"payload of {len(payload)} bytes; the header ({phases} phases x ({patterns} pattern"
             f" + {scalars} scalar weights)) says {expected_size}")
    actual = zlib.crc32(payload) & 0xFFFFFFFF
    if actual != checksum:
        fail(path, f"checksum mismatch: the payload's CRC-32 is 0x{actual:08x}, the header says 0x{checksum:08x}"
             " (the file is damaged or was edited by hand)")
    pattern_values = struct.unpack_from(f"<{phases * patterns}h", payload)
    scalar_values = struct.unpack_from(f"<{phases * scalars}i", payload, 2 * phases * patterns)
    return {
        "pattern_set": pattern_set, "phases": phases, "scalars": scalars, "patterns": patterns,
        "checksum": checksum, "pattern_values": pattern_values, "scalar_values": scalar_values,
    }


def number_lines(values, per_line=24):
    return "\n".join(",".join(str(v) for v in values[i:i + per_line]) + ","
                     for i in range(0, len(values), per_line))


def generate(weights, source_name, header, namespace, function):
    w = weights
    return f"""// Generated from {source_name} by tools/embed_weights.py: do not edit.
// Format {FORMAT_VERSION}, pattern set {w["pattern_set"]}, {w["phases"]} phase(s) of {w["patterns"]} pattern weights
// and {w["scalars"]} scalar weights, payload CRC-32 0x{w["checksum"]:08x}.
#include "{header}"

namespace {namespace} {{

static_assert(kPatternSet == {w["pattern_set"]}, "{source_name} holds weights for pattern set {w["pattern_set"]}, "
              "not the set {header} reads: retrain (docs/tuning.md)");
static_assert(kPatternPhases == {w["phases"]}, "{source_name} holds {w["phases"]} phase(s), not what {header} reads");
static_assert(kPatternWeights == {w["patterns"]}, "{source_name} holds {w["patterns"]} pattern weights per phase, "
              "not what {header} reads");
static_assert(kScalarWeights == {w["scalars"]}, "{source_name} holds {w["scalars"]} scalar weights per phase, "
              "not what {header} reads");

namespace {{
alignas(64) constexpr std::int16_t kPatternTable[{w["phases"] * w["patterns"]}] = {{
{number_lines(w["pattern_values"])}
}};
constexpr std::int32_t kScalarTable[{w["phases"] * w["scalars"]}] = {{
{number_lines(w["scalar_values"])}
}};
}}  // namespace

const PatternWeights& {function}() {{
  static constexpr PatternWeights kWeights{{kPatternTable, kScalarTable}};
  return kWeights;
}}

}}  // namespace {namespace}
"""


def main():
    parser = argparse.ArgumentParser(description="Check a pattern-weights data file and emit it as C++.")
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--include", required=True, help="header declaring PatternWeights and the constants")
    parser.add_argument("--namespace", required=True)
    parser.add_argument("--function", required=True)
    args = parser.parse_args()
    weights = read_weights(args.input)
    source_name = os.path.basename(args.input)
    text = generate(weights, source_name, args.include, args.namespace, args.function)
    with open(args.output, "w", encoding="utf-8") as out:
        out.write(text)


if __name__ == "__main__":
    main()
