#!/usr/bin/env bash
# Many tables of Easy bots (no delay) against one reversi-server on loopback:
# moves per second, move -> echo round trip (p50/p99), server memory per
# table and CPU. Prints figures, never fails on them. See bench/README.md.
#   bench/server_bench.sh [TABLES] [SECONDS] [PACE] [STORE]   (default 1000 tables, 20 s, no pace, sqlite)
# PACE: seconds each bot waits before its move (0: none, a closed loop).
# STORE: sqlite (a file in a temporary folder) or postgresql (a throwaway
# cluster from scripts/test-postgres, on loopback, removed afterwards).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
tables="${1:-1000}"
seconds="${2:-20}"
pace="${3:-0}"
store="${4:-sqlite}"
case "$store" in sqlite | postgresql) ;; *) echo "server_bench: STORE is sqlite or postgresql, not $store" >&2; exit 2 ;; esac
if [ ! -f build/native/build.ninja ]; then
  cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build/native --target reversi-server server_bench >/dev/null
work="$(mktemp -d)"
chmod 755 "$work"  # the cluster's owner (postgres, when run as root) works inside it
server_pid=
trap 'kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true
      [ "$store" = postgresql ] && scripts/test-postgres stop "$work/postgres"; rm -rf "$work"' EXIT
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
database="$work/bench.sqlite3"
if [ "$store" = postgresql ]; then
  # PostgreSQL's own durability (fsync, synchronous commit), as in production.
  database="$(REVERSI_POSTGRES_DURABLE=1 scripts/test-postgres start "$work/postgres")"
fi
build/native/reversi-server --port 0 --database "$database" >"$work/out" 2>"$work/err" &
server_pid=$!
for _ in $(seq 100); do grep -q listening "$work/out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -E 's/.*listening on (http:[^ ]*)\/$/\1/' "$work/out")
echo "reversi-server $url ($store, pid $server_pid), $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
build/native/server_bench --server "$url" --tables "$tables" --seconds "$seconds" --pace "$pace" --server-pid "$server_pid"
if [ "$store" = sqlite ]; then
  echo "database after the run: $(du -h "$work/bench.sqlite3" | cut -f1) (+ WAL $(du -h "$work/bench.sqlite3-wal" 2>/dev/null | cut -f1))"
else
  echo "database after the run: $(psql "$database" -tAc "SELECT pg_size_pretty(pg_database_size(current_database()))")"
fi
