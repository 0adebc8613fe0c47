#!/usr/bin/env bash
# The exact solver, native against wasm under Node, on the same FFO positions:
# the figure behind "wasm within 1.25x of native". The two take turns, one at
# a time on one core (the order swaps every run, so drift in the machine's
# speed hits both alike), and the summary gives the median processor time of
# each, the ratio of the medians, the median of the per-run ratios and the
# ratio of the fastest runs. Figures only: it never fails on them.
# usage: bench/solver_ratio.sh [RUNS]   (default 6; COUNT=5 is FFO #40-#44,
#        COUNT=10 #40-#49; CORE=0 picks the core when taskset is there)
#        bench/solver_ratio.sh --instructions
# The second form counts the instructions each build executes (under
# valgrind, both at once, a few minutes), less those of a run that solves
# nothing, and prints their ratio. It repeats to within a few tenths of a percent
# whatever the load, so it shows what a change to the code does to wasm
# against native; it leaves out what only a clock sees, such as cache misses
# that the native build's prefetches hide.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
native="$root/build/native/reversi-cli"
wasm="$root/build/web/reversi-cli.js"
positions="${REVERSI_SHARED_DIR:-$root/../shared}/positions/fforum-40-59.obf"
[ -x "$native" ] || { echo "build the native tools first (scripts/test or cmake --build build/native)"; exit 2; }
[ -f "$wasm" ] || { echo "build the web tools first (scripts/build-web)"; exit 2; }
[ -f "$positions" ] || { echo "no $positions (set REVERSI_SHARED_DIR)"; exit 2; }
count="${COUNT:-5}"

if [ "${1:-}" = "--instructions" ]; then
  command -v valgrind >/dev/null || { echo "valgrind is needed for --instructions (apt-get install valgrind)"; exit 2; }
  # instructions NAME COMMAND...: the instructions COMMAND executes (cachegrind's
  # summary) into $tmp/NAME, empty when it failed; its output into
  # $tmp/NAME.out and valgrind's into $tmp/NAME.err.
  instructions() {
    local name="$1"
    shift
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || true
    sed -nE 's/.*I +refs: +([0-9,]+).*/\1/p' "$tmp/$name.err" | tr -d , >"$tmp/$name"
  }
  nodes() { sed -nE 's/.*, ([0-9]+) nodes,.*/\1/p' "$tmp/$1.out" | tail -n 1; }
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  echo "FFO #40-#$((39 + count)): instructions under valgrind, less a run that solves nothing"
  instructions native "$native" solve "$positions" --count "$count" &
  # Node compiles every function optimised before it starts, on its one
  # thread: otherwise how long the quick first-tier code runs depends on when
  # a background compile ends, and the counts move by up to a third.
  node_once=(node --no-liftoff --single-threaded --no-experimental-fetch "$wasm")
  instructions wasm "${node_once[@]}" solve "$positions" --count "$count" &
  instructions native0 "$native" solve "$positions" --count 0
  instructions wasm0 "${node_once[@]}" solve "$positions" --count 0
  wait
  for name in native wasm native0 wasm0; do
    [ -s "$tmp/$name" ] || { echo "the $name run under valgrind gave no count:"; tail -n 5 "$tmp/$name.err"; exit 1; }
  done
  [ "$(nodes native)" = "$(nodes wasm)" ] || echo "  node counts differ: native $(nodes native), wasm $(nodes wasm)"
  awk -v n="$(cat "$tmp/native")" -v n0="$(cat "$tmp/native0")" -v w="$(cat "$tmp/wasm")" -v w0="$(cat "$tmp/wasm0")" \
    -v nodes="$(nodes native)" 'BEGIN {
    printf "%d nodes; native %.3f G, wasm %.3f G instructions: wasm/native %.3f\n", nodes, (n - n0) / 1e9, (w - w0) / 1e9, (w - w0) / (n - n0)
  }'
  exit 0
fi

runs="${1:-6}"
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c "${CORE:-0}"); fi

# One solve of the positions: "<cpu seconds> <nodes>" from its summary line.
solve() {
  "${pin[@]}" "$@" solve "$positions" --count "$count" --json | tail -n 1 |
    sed -E 's/.*"cpu_seconds":([0-9.]+).*"nodes":([0-9]+).*/\1 \2/'
}

echo "FFO #40-#$((39 + count)), $runs runs each, one at a time${pin:+ on core ${CORE:-0}}; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-4s %-12s %-12s %s\n' run "native s" "wasm s" wasm/native
results=()
for ((run = 1; run <= runs; run++)); do
  if ((run % 2)); then
    read -r n native_nodes <<<"$(solve "$native")"
    read -r w wasm_nodes <<<"$(solve node --no-experimental-fetch "$wasm")"
  else
    read -r w wasm_nodes <<<"$(solve node --no-experimental-fetch "$wasm")"
    read -r n native_nodes <<<"$(solve "$native")"
  fi
  # The same search in both builds: a differing count means they are not
  # the same solver, and the times say nothing about the ratio.
  [ "$native_nodes" = "$wasm_nodes" ] || echo "  node counts differ: native $native_nodes, wasm $wasm_nodes"
  awk -v r="$run" -v n="$n" -v w="$w" 'BEGIN {printf "%-4s %-12.3f %-12.3f %.3f\n", r, n, w, w / n}'
  results+=("$n $w")
done
printf '%s\n' "${results[@]}" | awk -v load="$(cut -d' ' -f1-3 /proc/loadavg)" '
  function median(v, k,   i, j, t) {
    for (i = 2; i <= k; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
    return (k % 2) ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
  }
  { n[NR] = $1; w[NR] = $2; r[NR] = $2 / $1 }
  END {
    mn = median(n, NR); mw = median(w, NR); mr = median(r, NR)
    printf "median native %.3f s, wasm %.3f s: ratio of medians %.3f, median ratio %.3f, fastest runs %.3f / %.3f = %.3f\n",
      mn, mw, mw / mn, mr, w[1], n[1], w[1] / n[1]
    printf "load average at the end %s\n", load
  }'
