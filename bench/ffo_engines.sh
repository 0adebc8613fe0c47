#!/usr/bin/env bash
# The exact solver beside Egaroucid's: FFO #40-#49 (COUNT=20: #40-#59)
# solved by our native reversi-cli and by Egaroucid's web engine built
# natively (bench/anchors/bin/egaroucid-web-nboard --solve, level 60: exact,
# no probable cuts, no book; bench/anchors.sh builds it), one position at a
# time, one program at a time, on one core when taskset is there.
#   bench/ffo_engines.sh [RUNS]   (default 1; COUNT=10, CORE=0)
# Prints each position's processor seconds for both and their ratio, then per
# run the totals, the ratio of the totals and the ratio of the medians of
# the per-position times, and that the two agree on every value. Processor
# time, not wall time: on a shared machine other work stretches the wall
# clock of both; the ratio is the figure to quote.
# Edax joins as a third column when bench/anchors/bin/edax is there (or
# EDAX=COMMAND names one): bench/anchors.sh installs it only with its
# evaluation weights, which are in Edax's releases, not its repository. It
# runs one position a process, one thread, level 60 (exact, no selectivity),
# and its processor time is the one it prints (user time, without loading).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
native="$root/${BUILD:-build/native}/reversi-cli"
egaroucid="$root/bench/anchors/bin/egaroucid-web-nboard"
edax=("$root/bench/anchors/bin/edax")
if [ -n "${EDAX:-}" ]; then read -ra edax <<<"$EDAX"; fi
positions="${REVERSI_SHARED_DIR:-$root/../shared}/positions/fforum-40-59.obf"
[ -x "$native" ] || { echo "ffo_engines: build $native first"; exit 2; }
[ -x "$egaroucid" ] || { echo "ffo_engines: run bench/anchors.sh first"; exit 2; }
[ -f "$positions" ] || { echo "ffo_engines: no $positions (set REVERSI_SHARED_DIR)"; exit 2; }
count=${COUNT:-10}
runs=${1:-1}
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c "${CORE:-0}"); fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

with_edax=false
if [ -n "${EDAX:-}" ] || [ -x "${edax[0]}" ]; then with_edax=true; fi

# edax_solve: "<value> <cpu seconds>" a line for each of the first $count
# positions, each solved by a fresh Edax from a file of its own.
edax_solve() {
  local line n=0 out
  while IFS= read -r line && ((n < count)); do
    n=$((n + 1))
    printf '%s\n' "$line" >"$tmp/position.obf"
    out="$("${pin[@]}" "${edax[@]}" -solve "$tmp/position.obf" -n 1 -l 60 -verbose 1 2>&1)" ||
      { echo "ffo_engines: Edax failed on #$((39 + n)):" >&2; printf '%s\n' "$out" | tail -3 >&2; exit 1; }
    # The table's row gives the value; the summary line "(cpu = M:SS.mmm)" the time.
    printf '%s\n' "$out" | awk '
      /^ *1\|/ { split($0, f, "|"); split(f[2], c, " "); value = c[2] + 0 }
      /\(cpu = / { sub(/.*\(cpu = */, ""); sub(/\).*/, ""); k = split($0, t, ":"); s = 0
                   for (i = 1; i <= k; i++) s = s * 60 + t[i]; cpu = s }
      END { if (value == "" || cpu == "") exit 1; printf "%d %.4f\n", value, cpu }' ||
      { echo "ffo_engines: cannot read Edax's answer on #$((39 + n)):" >&2; printf '%s\n' "$out" | tail -5 >&2; exit 1; }
  done <"$positions"
}

echo "FFO #40-#$((39 + count)), $runs run(s)${pin:+ on core ${CORE:-0}}$($with_edax && echo ", with Edax (${edax[*]})"); load average $(cut -d' ' -f1-3 /proc/loadavg)"
for ((run = 1; run <= runs; run++)); do
  # "<value> <cpu seconds>" a line, one line per position.
  "${pin[@]}" "$native" solve "$positions" --count "$count" --json | grep '"index"' |
    sed -E 's/.*"cpu_ms":([0-9.e+-]+).*"score":(-?[0-9]+).*/\2 \1/' | awk '{ printf "%d %.4f\n", $1, $2 / 1000 }' \
    >"$tmp/ours"
  "${pin[@]}" "$egaroucid" --solve "$positions" --count "$count" 2>/dev/null | grep --line-buffered "^position" |
    sed -E 's/.*value ([+-]?[0-9]+),.*cpu ([0-9.]+) s.*/\1 \2/' | awk '{ printf "%d %.4f\n", $1, $2 }' >"$tmp/egaroucid"
  columns=("$tmp/ours" "$tmp/egaroucid")
  if $with_edax; then
    edax_solve >"$tmp/edax"
    columns+=("$tmp/edax")
  fi
  paste -d' ' "${columns[@]}" | awk -v run="$run" -v first=40 '
    function median(v, k,   i, j, t) {
      for (i = 2; i <= k; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
      return (k % 2) ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
    }
    BEGIN { printf "run %d\n  %-4s %6s %10s %12s %8s", run, "#", "value", "ours s", "Egaroucid s", "ratio" }
    NR == 1 && NF > 4 { edax = 1; printf " %10s %8s", "Edax s", "ratio" }
    NR == 1 { printf "\n" }
    {
      n++; o[n] = $2; e[n] = $4; to += $2; te += $4
      if ($1 != $3 || (edax && $1 != $5)) bad = bad " #" (first + n - 1)
      printf "  #%-3d %+6d %10.3f %12.3f %8.2f", first + n - 1, $1, $2, $4, ($2 > 0 ? $4 / $2 : 0)
      if (edax) { x[n] = $6; tx += $6; printf " %10.3f %8.2f", $6, ($2 > 0 ? $6 / $2 : 0) }
      printf "\n"
    }
    END {
      mo = median(o, n); me = median(e, n)
      printf "  total ours %.3f s, Egaroucid %.3f s: Egaroucid/ours %.2f; medians %.3f s and %.3f s: %.2f\n",
        to, te, te / to, mo, me, me / mo
      if (edax) {
        mx = median(x, n)
        printf "  total Edax %.3f s: Edax/ours %.2f; median %.3f s: %.2f\n", tx, tx / to, mx, mx / mo
      }
      print (bad == "" ? "  every value agrees" : "  values differ at" bad)
    }'
done
echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
