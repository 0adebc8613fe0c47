#!/bin/sh
# Hard's strength against fixed references (figures only, never pass/fail):
#   1. the best-move rate: on positions with 20-26 empties whose best moves
#      the exact solver proved (bench/data/best-moves-20-26.obf), how often
#      Hard keeps the best score in SECONDS a move, and Hard v1 beside it;
#   2. matches of Hard against frozen Hard v1 (src/ai/frozen_v1) given the
#      same time, twice and four times as much: what a doubling of speed is
#      worth, and where Hard stands against it.
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
run() { nice -n 10 "$@"; }

if [ "$ONLY" != match ]; then
  for level in hard hard-v1; do
    echo "== best-move rate: $level at $SECONDS_PER_MOVE s a move, $(grep -c . "$POSITIONS") positions (20-26 empties)"
    run "$CLI" move --level "$level" --seconds "$SECONDS_PER_MOVE" --cpu-time --file "$POSITIONS" | tail -1
  done
fi
if [ "$ONLY" != rate ]; then
  for factor in 1 2 4; do
    b_seconds=$(awk "BEGIN { print $SECONDS_PER_MOVE * $factor }")
    echo "== hard at $SECONDS_PER_MOVE s against hard-v1 at $b_seconds s a move, $GAMES games"
    run "$CLI" match hard hard-v1 --games "$GAMES" --seconds "$SECONDS_PER_MOVE" --b-seconds "$b_seconds" --cpu-time
  done
fi
