#!/usr/bin/env bash
# Today's Hard against Hard v1, the reference that measures what later work
# on Hard is worth. Hard v1 is the Hard of the commit tagged
# hard-v1-reference, whose reversi-cli plays it over NBoard (`reversi-cli
# nboard --player hard-v1`). This script checks that commit out as a git
# worktree in bench/anchors/hard-v1 (ignored by git),
# builds only its reversi-cli there once (Release, Ninja, in
# bench/anchors/hard-v1/build), and runs this tree's
#   reversi-cli match hard "engine:<reference reversi-cli> nboard --player hard-v1 ..." "$@"
# e.g. bench/hard_v1.sh --games 200 --seconds 0.5 --b-seconds 1 --cpu-time
# The engine gets B's budget (--b-seconds, else --seconds, else match's
# 0.5 s) and --cpu-time from the arguments; BUILD names this tree's build
# folder (build/native). `bench/hard_v1.sh --print-cli` only builds the
# reference and prints its reversi-cli's path (its `move --level hard-v1`
# rates Hard v1 on a file of positions: bench/strength_bench.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
REFERENCE_TAG=hard-v1-reference
REFERENCE_COMMIT=b37490e10153a9c0d4a9fb5c4cfdf3130c1dc295  # the tag's commit, for a clone without tags
ANCHOR="$root/bench/anchors/hard-v1"
BUILD=${BUILD:-build/native}
CLI="$BUILD/reversi-cli"

reference=$REFERENCE_COMMIT
if git rev-parse -q --verify "refs/tags/$REFERENCE_TAG^{commit}" >/dev/null; then
  reference=$REFERENCE_TAG
fi
commit=$(git rev-parse -q --verify "$reference^{commit}") || {
  echo "hard_v1.sh: this clone has neither the tag $REFERENCE_TAG nor commit $REFERENCE_COMMIT (git fetch --tags)" >&2
  exit 2
}
if [ ! -e "$ANCHOR/.git" ]; then
  git worktree add --detach "$ANCHOR" "$commit" >&2
elif [ "$(git -C "$ANCHOR" rev-parse HEAD)" != "$commit" ]; then
  git -C "$ANCHOR" checkout -q --detach "$commit"  # a worktree left from another reference
fi

# Compiles through ccache with paths hashed relative to the worktree, so
# the files the reference shares with any other clone are cache hits.
export CCACHE_BASEDIR="$ANCHOR"
# shellcheck source=scripts/compiler-cache.sh
source "$root/scripts/compiler-cache.sh"
# Configured once (the build reconfigures itself when the reference's
# CMake files change). The worktree has neither the third-party sources nor
# ../shared: this clone's serve.
if [ ! -f "$ANCHOR/build/build.ninja" ]; then
  cmake -S "$ANCHOR" -B "$ANCHOR/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DREVERSI_DEPS_DIR="$root/.deps" \
    -DREVERSI_SHARED_DIR="$root/../shared" "${reversi_cmake_launcher[@]}" >&2
fi
cmake --build "$ANCHOR/build" --target reversi-cli >&2
REFERENCE_CLI="$ANCHOR/build/reversi-cli"

if [ "${1:-}" = --print-cli ]; then
  echo "$REFERENCE_CLI"
  exit 0
fi
[ -x "$CLI" ] || { echo "hard_v1.sh: build $CLI first (cmake --build $BUILD --target reversi-cli)" >&2; exit 2; }

engine_seconds=0.5
engine_options=()
a_seconds="" b_seconds=""
arguments=("$@")
for ((i = 0; i < ${#arguments[@]}; i++)); do
  case ${arguments[i]} in
    --seconds) a_seconds=${arguments[i + 1]:-} ;;
    --b-seconds) b_seconds=${arguments[i + 1]:-} ;;
    --cpu-time) engine_options+=(--cpu-time) ;;
  esac
done
[ -n "$a_seconds" ] && engine_seconds=$a_seconds
[ -n "$b_seconds" ] && engine_seconds=$b_seconds
exec "$CLI" match hard "engine:'$REFERENCE_CLI' nboard --player hard-v1 --seconds $engine_seconds ${engine_options[*]}" "$@"
