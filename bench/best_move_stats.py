#!/usr/bin/env python3
"""The best-move rate of `reversi-cli move --file FILE --json` runs, compared.

    reversi-cli move --level hard --seconds 0.5 --cpu-time --file bench/data/best-moves-20-26.obf --json > hard.jsonl
    $(bench/hard_v1.sh --print-cli) move --level hard-v1 ... > v1.jsonl   # Hard v1's reference CLI
    bench/best_move_stats.py bench/data/best-moves-20-26.obf hard.jsonl v1.jsonl

For each run: the positions whose move keeps the best exact score (as `move`
counts them: the file lists every best move), with a 95 % Wilson interval, and
how many moves were exact. For two runs on the same file, also the positions
where only one of them found a best move (the discordant pairs) and an exact
two-sided sign test (McNemar) on them: whether the two rates differ beyond
chance on these positions.
"""
import json
import math
import re
import sys

Z = 1.96


def wilson(k, n):
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return centre - half, centre + half


def best_moves(obf_path):
    """Per position (in file order), the set of moves with the best listed score."""
    result = []
    with open(obf_path) as f:
        for line in f:
            if not line.strip():
                continue
            scores = {m.lower(): int(s) for m, s in re.findall(r"([A-Ha-h][1-8]):([+-]?\d+)", line)}
            top = max(scores.values())
            result.append({m for m, s in scores.items() if s == top})
    return result


def run(path, best):
    reports = [json.loads(l) for l in open(path) if l.startswith("{") and '"move"' in l]
    if len(reports) != len(best):
        raise SystemExit(f"best_move_stats: {path} has {len(reports)} moves for {len(best)} positions")
    hits = [r["move"] in b for r, b in zip(reports, best)]
    return reports[0].get("level", path), hits, sum(r["exact"] for r in reports)


def sign_test(a, b):
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n)


def main(argv):
    if len(argv) < 2:
        raise SystemExit(__doc__)
    best = best_moves(argv[0])
    runs = [run(p, best) for p in argv[1:]]
    for level, hits, exact in runs:
        k, n = sum(hits), len(hits)
        low, high = wilson(k, n)
        print(f"{level}: best move {k} of {n} ({100 * k / n:.1f} %, 95 % Wilson {100 * low:.1f}-{100 * high:.1f}),"
              f" {exact} exact")
    if len(runs) == 2:
        (name_a, a, _), (name_b, b, _) = runs
        only_a = sum(x and not y for x, y in zip(a, b))
        only_b = sum(y and not x for x, y in zip(a, b))
        print(f"only {name_a}: {only_a}, only {name_b}: {only_b}, both: {sum(x and y for x, y in zip(a, b))},"
              f" neither: {sum(not x and not y for x, y in zip(a, b))}; sign test p = {sign_test(only_a, only_b):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
