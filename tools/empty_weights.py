#!/usr/bin/env python3
"""Writes a pattern-weights data file of zeros, to bootstrap a new pattern
set or phase count: the build needs a weights file that matches the shapes
in src/ai/pattern_eval.h before reversi-train (which is built with it) can
fit real weights (docs/tuning.md, "Changing the shapes").

    empty_weights.py OUT.bin --pattern-set N --phases P --patterns W --scalars S
"""
import argparse
import struct
import zlib


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--pattern-set", type=int, required=True)
    parser.add_argument("--phases", type=int, required=True)
    parser.add_argument("--patterns", type=int, required=True, help="pattern weights per phase (kPatternWeights)")
    parser.add_argument("--scalars", type=int, required=True, help="scalar weights per phase (kScalarWeights)")
    args = parser.parse_args()
    payload = bytes(args.phases * (2 * args.patterns + 4 * args.scalars))
    header = struct.pack("<4sHHHHII", b"RVPW", 1, args.pattern_set, args.phases, args.scalars, args.patterns,
                         zlib.crc32(payload) & 0xFFFFFFFF)
    with open(args.output, "wb") as out:
        out.write(header + payload)


if __name__ == "__main__":
    main()
