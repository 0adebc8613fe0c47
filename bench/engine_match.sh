#!/usr/bin/env bash
# Hard against an outside engine spoken to over NBoard, from a fixed set of
# openings, each played with both colours: the figure of issue 43.
#   bench/engine_match.sh [--engine "COMMAND LINE"] [--seconds S] [--games N]
#                         [--openings FILE] [--per-move] [--cpu-time]
#                         [--engine-seconds B] [--out FILE.jsonl]
#   bench/engine_match.sh --make-openings [COUNT]
# --engine: the opponent's command line (default Egaroucid's web engine at
#   level 15, bench/anchors/bin/egaroucid-web-nboard --level 15, which
#   bench/anchors.sh builds; Edax, when it runs, speaks NBoard with -nboard).
# --seconds: Hard's budget a move (default 0.5), which it spends in full in
#   the midgame; exact solves and forced moves end sooner. Our side is a
#   long-lived `reversi-cli nboard --seconds S` session, which keeps its
#   hash table and thinks while the engine does, as in a real game; with
#   --per-move it is Hard inside the match process, made afresh for every
#   move (no tables carried over, no thinking ahead): one process per move.
# --engine-seconds: the engine's nominal budget (default S). A fixed-level
#   engine ignores it; it only sets how long the engine may take over a move
#   before it forfeits (10 B + 5 s).
# --openings: default bench/data/xot-openings-8.txt; --games: default every
#   opening twice. --out keeps the per-game JSON lines (default a file under
#   build/engine-match/).
# At the end: W-D-L, points, mean disc margin and Elo, each with its 95 %
# interval (bench/match_stats.py), each side's median and mean time a move
# (as the match sees it: wall time for an engine, processor time for Hard in
# the match's process under --cpu-time; for Egaroucid's web engine also its
# processor time, which its driver notes on stderr, and for our NBoard
# session its own time, which `nboard --move-seconds` notes), and the forfeits by
# kind. The match's stderr is kept beside the games, in FILE.jsonl.log. On a shared machine both sides share the load:
# quote the time medians beside the result.
#
# --make-openings [COUNT] rebuilds bench/data/xot-openings-8.txt: 8-ply
# random openings (bench/make_openings.py, seed 1, none twice up to
# symmetry) whose value by Hard searched 10 plies deep is within +-4 discs,
# the first COUNT of them (default 200). Run once; the file is committed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
BUILD=${BUILD:-build/native}
CLI="$BUILD/reversi-cli"
[ -x "$CLI" ] || { echo "engine_match: build $CLI first (cmake --build $BUILD --target reversi-cli)" >&2; exit 2; }
openings=bench/data/xot-openings-8.txt

if [ "${1:-}" = --make-openings ]; then
  count=${2:-200}
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  python3 bench/make_openings.py --count $((count * 3)) --seed 1 --plies 8 >"$tmp/candidates.txt"
  cut -f2 "$tmp/candidates.txt" | sed 's/$/;/' >"$tmp/candidates.obf"
  "$CLI" move --level hard --depth 10 --seconds 600 --file "$tmp/candidates.obf" --json >"$tmp/values.jsonl"
  {
    echo "# 8-ply openings for bench/engine_match.sh: random legal moves (bench/make_openings.py --seed 1),"
    echo "# none twice up to symmetry, kept when Hard's 10-ply value for the side to move is within +-4."
    echo "# transcript  value"
    python3 - "$tmp/candidates.txt" "$tmp/values.jsonl" "$count" <<'EOF'
import json, sys
candidates = [line.split("\t")[0] for line in open(sys.argv[1])]
values = [json.loads(line)["score"] for line in open(sys.argv[2]) if '"total"' not in line]
kept = [(t, v) for t, v in zip(candidates, values) if abs(v) <= 4][: int(sys.argv[3])]
for transcript, value in kept:
    print(f"{transcript}  {value:+d}")
EOF
  } >"$openings"
  echo "engine_match: $(grep -vc '^#' "$openings") openings in $openings" >&2
  exit 0
fi

engine="$root/bench/anchors/bin/egaroucid-web-nboard --level 15"
seconds=0.5 engine_seconds="" games=() per_move=0 cpu_time=() out=""
while [ $# -gt 0 ]; do
  case $1 in
    --engine) engine=$2; shift ;;
    --seconds) seconds=$2; shift ;;
    --engine-seconds) engine_seconds=$2; shift ;;
    --games) games=(--games "$2"); shift ;;
    --openings) openings=$2; shift ;;
    --per-move) per_move=1 ;;
    --cpu-time) cpu_time=(--cpu-time) ;;
    --out) out=$2; shift ;;
    *) echo "engine_match: unexpected argument '$1' (see the top of bench/engine_match.sh)" >&2; exit 2 ;;
  esac
  shift
done
engine_seconds=${engine_seconds:-$seconds}
if [ -z "$out" ]; then
  mkdir -p build/engine-match
  out="build/engine-match/$(date -u +%Y%m%d-%H%M%S)-$seconds.jsonl"
fi
if [ "$per_move" = 1 ]; then
  hard=hard
else
  hard="engine:'$root/$CLI' nboard --seconds $seconds ${cpu_time[*]} --move-seconds"
fi
echo "engine_match: Hard at $seconds s a move ($([ "$per_move" = 1 ] && echo "afresh each move" || echo "NBoard session")) against $engine; games in $out; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
per_move_option=()
[ "$per_move" = 1 ] && per_move_option=(--per-move)
"$CLI" match "$hard" "engine:$engine" --openings "$openings" "${games[@]}" --seconds "$seconds" \
  --b-seconds "$engine_seconds" "${cpu_time[@]}" "${per_move_option[@]}" --json >"$out" 2>"$out.log"
grep 'loses by forfeit' "$out.log" >&2 || true
python3 bench/match_stats.py "$out"
python3 - "$out" "$out.log" <<'EOF'
import json, re, statistics, sys
summary = [json.loads(line) for line in open(sys.argv[1]) if '"a":' in line][-1]
for side in ("a", "b"):
    s = summary[side]
    forfeits = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in s["forfeits"].items() if n) or "none"
    clock = "processor" if summary["cpu_time"] and not s["level"].startswith("engine:") else "wall"
    print(f"  {s['level']}: move time ({clock}) median {s['median_move_seconds']:.3f} s, mean {s['mean_move_seconds']:.3f} s,"
          f" max {s['max_move_seconds']:.3f} s; forfeits: {forfeits}")
# Our driver of Egaroucid's web engine notes each move's processor time.
cpu = [float(m.group(1)) for m in re.finditer(r"egaroucid-web-nboard: move cpu ([0-9.]+) s", open(sys.argv[2]).read())]
if cpu:
    print(f"  the engine's processor time a move: median {statistics.median(cpu):.3f} s,"
          f" mean {statistics.fmean(cpu):.3f} s over {len(cpu)} moves")
# Our NBoard session (--move-seconds) notes each move's time on its own clock:
# processor time under --cpu-time; its thinking ahead, on the engine's time, is not in it.
ours = [float(m.group(1)) for m in re.finditer(r"reversi-cli nboard: move seconds ([0-9]+\.[0-9]+)", open(sys.argv[2]).read())]
if ours:
    print(f"  Hard's own time a move ({'processor' if summary['cpu_time'] else 'wall'}): median {statistics.median(ours):.3f} s,"
          f" mean {statistics.fmean(ours):.3f} s over {len(ours)} moves")
EOF
echo "  load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
