#!/bin/sh
# Hard's strength against fixed references (figures only, never pass/fail):
#   1. the best-move rate: on positions with 20-26 empties whose best moves
#      the exact solver proved (bench/data/best-moves-20-26.obf), how often
#      Hard keeps the best score in SECONDS a move, and Hard v1 beside it;
#   2. matches of Hard against Hard v1 given the same time, twice and four
#      times as much: what a doubling of speed is worth, and where Hard
#      stands against it.
# Hard v1 is the reversi-cli of the commit tagged hard-v1-reference, which
# bench/hard_v1.sh builds in bench/anchors/hard-v1 and plays over NBoard.
#   BUILD=build/native GAMES=200 SECONDS=0.5 ONLY=rate|match bench/strength_bench.sh
# Each run is one process on one core, one after the other, under nice. The
# budgets are processor time (--cpu-time), so other work on a shared machine
# slows the runs down but does not weaken either side.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build/native}
CLI="$BUILD/reversi-cli"
GAMES=${GAMES:-200}
SECONDS_PER_MOVE=${SECONDS:-0.5}
ONLY=${ONLY:-}
POSITIONS=bench/data/best-moves-20-26.obf

[ -x "$CLI" ] || { echo "strength_bench: build $CLI first (cmake --build $BUILD --target reversi-cli)" >&2; exit 2; }
V1_CLI=$(bench/hard_v1.sh --print-cli) || { echo "strength_bench: Hard v1's reference did not build" >&2; exit 2; }
export BUILD
run() { nice -n 10 "$@"; }

if [ "$ONLY" != match ]; then
  for level in hard hard-v1; do
    echo "== best-move rate: $level at $SECONDS_PER_MOVE s a move, $(grep -c . "$POSITIONS") positions (20-26 empties)"
    cli=$CLI
    [ "$level" = hard-v1 ] && cli=$V1_CLI
    run "$cli" move --level "$level" --seconds "$SECONDS_PER_MOVE" --cpu-time --file "$POSITIONS" | tail -1
  done
fi
if [ "$ONLY" != rate ]; then
  for factor in 1 2 4; do
    b_seconds=$(awk "BEGIN { print $SECONDS_PER_MOVE * $factor }")
    echo "== hard at $SECONDS_PER_MOVE s against hard-v1 at $b_seconds s a move, $GAMES games"
    run bench/hard_v1.sh --games "$GAMES" --seconds "$SECONDS_PER_MOVE" --b-seconds "$b_seconds" --cpu-time
  done
fi
