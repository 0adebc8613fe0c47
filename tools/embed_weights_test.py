#!/usr/bin/env python3
"""Checks that tools/embed_weights.py embeds an intact weights file and
refuses a damaged one with a message naming the problem (a ctest)."""
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
generator = os.path.join(here, "embed_weights.py")


def run(path, output):
    return subprocess.run([sys.executable, generator, path, output, "--include", "ai/pattern_eval.h",
                           "--namespace", "reversi::ai", "--function", "trained_pattern_weights"],
                          capture_output=True, text=True)


def main():
    source = sys.argv[1]
    with open(source, "rb") as file:
        data = bytearray(file.read())
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        output = os.path.join(folder, "weights.cpp")
        intact = run(source, output)
        if intact.returncode != 0 or "kPatternTable" not in open(output).read():
            failures.append(f"the intact file was refused: {intact.stderr}")
        cases = {
            "checksum mismatch": data[:100] + bytes([data[100] ^ 1]) + data[101:],
            "payload of": data[:-2],
            "not a pattern-weights file": b"XXXX" + data[4:],
            "format version": data[:4] + bytes([9, 0]) + data[6:],
        }
        for expected, damaged in cases.items():
            path = os.path.join(folder, "damaged.bin")
            with open(path, "wb") as file:
                file.write(damaged)
            result = run(path, os.path.join(folder, "damaged.cpp"))
            if result.returncode == 0 or expected not in result.stderr:
                failures.append(f"a file with '{expected}' was not refused as such: {result.stderr!r}")
            if os.path.exists(os.path.join(folder, "damaged.cpp")):
                failures.append(f"a file with '{expected}' still produced C++")
    for failure in failures:
        print("FAILED:", failure)
    print(f"embed_weights: {4 + 1 - len(failures)} of 5 checks passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
