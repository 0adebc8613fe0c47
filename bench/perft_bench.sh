#!/usr/bin/env bash
# perft from the start position, native and wasm (under Node) side by side.
# Prints the median of REPEATS runs per depth and the wasm/native time ratio.
# usage: bench/perft_bench.sh [DEPTHS...]   (default: 11 12; REPEATS=3)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
native="$root/build/native/reversi-cli"
wasm="$root/build/web/reversi-cli.js"
[ -x "$native" ] || { echo "build the native tools first (scripts/test or cmake --build build/native)"; exit 2; }
[ -f "$wasm" ] || { echo "build the web tools first (scripts/build-web)"; exit 2; }
repeats="${REPEATS:-3}"
depths=("$@")
[ ${#depths[@]} -gt 0 ] || depths=(11 12)

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
seconds_of() { sed -E 's/.*"seconds":([0-9.]+).*/\1/'; }

printf '%-6s %-14s %-22s %-22s %s\n' depth leaves "native s (M leaves/s)" "wasm s (M leaves/s)" "wasm/native"
for depth in "${depths[@]}"; do
  native_times=() wasm_times=() leaves=0
  for ((i = 0; i < repeats; i++)); do
    line=$("$native" perft "$depth" --json)
    leaves=$(sed -E 's/.*"leaves":([0-9]+).*/\1/' <<<"$line")
    native_times+=("$(seconds_of <<<"$line")")
    wasm_times+=("$(node --no-experimental-fetch "$wasm" perft "$depth" --json | seconds_of)")
  done
  n=$(printf '%s\n' "${native_times[@]}" | median)
  w=$(printf '%s\n' "${wasm_times[@]}" | median)
  awk -v d="$depth" -v l="$leaves" -v n="$n" -v w="$w" \
    'BEGIN {printf "%-6s %-14s %-22s %-22s %.2f\n", d, l, sprintf("%.3f (%.0f)", n, l/n/1e6), sprintf("%.3f (%.0f)", w, l/w/1e6), w/n}'
done
kernel_of() { "$@" perft 1 --json | sed -E 's/.*"kernel":"([a-z0-9]+)".*/\1/'; }
echo "move kernels: native $(kernel_of "$native"), wasm $(kernel_of node --no-experimental-fetch "$wasm")"
