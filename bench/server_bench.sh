#!/usr/bin/env bash
# Many tables of Easy bots (no delay) against one reversi-server on loopback:
# moves per second, move -> echo round trip (p50/p99), server memory per
# table and CPU. Prints figures, never fails on them. See bench/README.md.
#   bench/server_bench.sh [TABLES] [SECONDS] [PACE]   (default 1000 tables, 20 s, no pace)
# PACE: seconds each bot waits before its move (0: none, a closed loop).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
tables="${1:-1000}"
seconds="${2:-20}"
pace="${3:-0}"
if [ ! -f build/native/build.ninja ]; then
  cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build/native --target reversi-server server_bench >/dev/null
work="$(mktemp -d)"
trap 'kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
build/native/reversi-server --port 0 --database "$work/bench.sqlite3" >"$work/out" 2>"$work/err" &
server_pid=$!
for _ in $(seq 100); do grep -q listening "$work/out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -E 's/.*listening on (http:[^ ]*)\/$/\1/' "$work/out")
echo "reversi-server $url (pid $server_pid), $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
build/native/server_bench --server "$url" --tables "$tables" --seconds "$seconds" --pace "$pace" --server-pid "$server_pid"
echo "database after the run: $(du -h "$work/bench.sqlite3" | cut -f1) (+ WAL $(du -h "$work/bench.sqlite3-wal" 2>/dev/null | cut -f1))"
