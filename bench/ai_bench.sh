#!/bin/sh
# Figures for the computer opponent (never pass/fail): the bench signature
# and speed, the FFO #40-#44 solve times (#40-#49 with FULL=1), and the two
# self-play matches the strengths are judged by.
#   BUILD=build/ai GAMES=200 HARD_SECONDS=0.1 FULL=0 bench/ai_bench.sh
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build/ai}
CLI="$BUILD/reversi-cli"
POSITIONS=${REVERSI_SHARED_DIR:-../shared}/positions
GAMES=${GAMES:-200}
HARD_SECONDS=${HARD_SECONDS:-0.1}

[ -x "$CLI" ] || { echo "ai_bench: build $CLI first (cmake --build $BUILD --target reversi-cli)" >&2; exit 2; }

echo "== bench"
"$CLI" bench
echo "== FFO #40-#44 (20-23 empties)"
"$CLI" solve "$POSITIONS/fforum-40-59.obf" --count 5
if [ "${FULL:-0}" = 1 ]; then
  echo "== FFO #45-#49 (23-26 empties)"
  "$CLI" solve "$POSITIONS/fforum-40-59.obf" --from 6 --count 5
fi
echo "== hard vs medium, $GAMES games, Hard at $HARD_SECONDS s per move"
"$CLI" match hard medium --games "$GAMES" --seconds "$HARD_SECONDS"
echo "== medium vs easy, $GAMES games"
"$CLI" match medium easy --games "$GAMES"
