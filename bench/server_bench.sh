#!/usr/bin/env bash
# Many tables of Easy bots (no delay) against one reversi-server on loopback:
# moves per second, move -> echo round trip (p50/p99), server memory per
# table and CPU. Prints figures, never fails on them. See bench/README.md.
#   bench/server_bench.sh [TABLES] [SECONDS] [PACE] [STORE] [NODES]
#   (default 1000 tables, 20 s, no pace, sqlite, 1 node)
# PACE: seconds each bot waits before its move (0: none, a closed loop).
# STORE: sqlite (a file in a temporary folder) or postgresql (a throwaway
# cluster from scripts/test-postgres, on loopback, removed afterwards).
# NODES: 1, or 2 (postgresql only): two reversi-server nodes and a
# redis-server of their own; half the tables are opened on each node, and
# each table's second player connects to the other node, so every table has
# a player relayed between them (the load balancer's worst case).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
tables="${1:-1000}"
seconds="${2:-20}"
pace="${3:-0}"
store="${4:-sqlite}"
nodes="${5:-1}"
case "$store" in sqlite | postgresql) ;; *) echo "server_bench: STORE is sqlite or postgresql, not $store" >&2; exit 2 ;; esac
case "$nodes" in 1) ;; 2) [ "$store" = postgresql ] || { echo "server_bench: 2 nodes share a postgresql store" >&2; exit 2; } ;;
  *) echo "server_bench: NODES is 1 or 2, not $nodes" >&2; exit 2 ;; esac
if [ ! -f build/native/build.ninja ]; then
  cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build/native --target reversi-server server_bench >/dev/null
work="$(mktemp -d)"
chmod 755 "$work"  # the cluster's owner (postgres, when run as root) works inside it
server_pids=()
redis_pid=
trap 'kill "${server_pids[@]}" $redis_pid 2>/dev/null || true; wait "${server_pids[@]}" $redis_pid 2>/dev/null || true
      [ "$store" = postgresql ] && scripts/test-postgres stop "$work/postgres"; rm -rf "$work"' EXIT
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
database="$work/bench.sqlite3"
if [ "$store" = postgresql ]; then
  # PostgreSQL's own durability (fsync, synchronous commit), as in production.
  database="$(REVERSI_POSTGRES_DURABLE=1 scripts/test-postgres start "$work/postgres")"
fi
cluster_flags=()
if [ "$nodes" = 2 ]; then
  redis_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" \
    --logfile "$work/redis.log" &
  redis_pid=$!
  for _ in $(seq 100); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
  cluster_flags=(--redis "127.0.0.1:$redis_port")
fi
urls=()
for node in $(seq "$nodes"); do
  node_flags=()
  [ "$nodes" = 2 ] && node_flags=("${cluster_flags[@]}" --node "n$node")
  # Every bot is a new guest from loopback: no per-address limit here.
  build/native/reversi-server --port 0 --database "$database" --guests-per-hour 0 "${node_flags[@]}" \
    >"$work/out$node" 2>"$work/err$node" &
  server_pids+=($!)
  for _ in $(seq 100); do grep -q listening "$work/out$node" 2>/dev/null && break; sleep 0.1; done
  urls+=("$(sed -E 's/.*listening on (http:[^ ]*)\/$/\1/' "$work/out$node")")
done
echo "reversi-server ${urls[*]} ($store, $nodes node(s), pids ${server_pids[*]}), $(nproc) cores," \
  "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
bench_flags=(--server "${urls[0]}")
[ "$nodes" = 2 ] && bench_flags+=(--join-server "${urls[1]}")
for pid in "${server_pids[@]}"; do bench_flags+=(--server-pid "$pid"); done
build/native/server_bench "${bench_flags[@]}" --tables "$tables" --seconds "$seconds" --pace "$pace"
if [ "$store" = sqlite ]; then
  echo "database after the run: $(du -h "$work/bench.sqlite3" | cut -f1) (+ WAL $(du -h "$work/bench.sqlite3-wal" 2>/dev/null | cut -f1))"
else
  echo "database after the run: $(psql "$database" -tAc "SELECT pg_size_pretty(pg_database_size(current_database()))")"
fi
