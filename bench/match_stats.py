#!/usr/bin/env python3
"""Figures for `reversi-cli match ... --json` output, from player A's side.

    bench/hard_v1.sh --games 200 --seconds 0.1 --cpu-time --json > m.jsonl   # Hard against Hard v1
    bench/match_stats.py m.jsonl [more.jsonl ...] [--markdown]

Reads the per-game lines ({"game": N, "black_margin": M, ...}; A has black in
odd-numbered games, as `match` alternates colours over each opening) and the
summary line if there is one (for the names and budgets; a run stopped early
has none, and its games still count). Prints for each file: games, A's
wins/draws/losses, A's points share (a draw is half a point) with two 95 %
intervals, A's mean disc margin with its standard deviation and interval, and
the Elo difference the points share implies, with its interval:

  - "games": normal approximation on the per-game scores (0, 1/2, 1), as if
    every game were independent;
  - "pairs": normal approximation on the mean score of each opening's two
    games (colours swapped), which are not independent; this is the interval
    `match` itself prints. It is usually the narrower one, since swapping the
    colours cancels much of what the opening gives one side.

Elo: 400 log10(p / (1 - p)), its interval the same transform of the
points interval's ends (clamped away from 0 % and 100 %).
"""
import json
import math
import sys

Z = 1.96


def mean_sd(values):
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return mean, sd


def half_width(values):
    n = len(values)
    return Z * mean_sd(values)[1] / math.sqrt(n) if n > 1 else 0.0


def elo(p):
    p = min(max(p, 1e-4), 1 - 1e-4)
    return 400 * math.log10(p / (1 - p))


def read(path):
    margins, summary = {}, None  # margins: game number -> A's margin
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            record = json.loads(line)
            if "game" in record:
                game = record["game"]
                margin = record["black_margin"]
                margins[game] = margin if game % 2 == 1 else -margin
            elif "a" in record and "b" in record:
                summary = record
    return [margins[g] for g in sorted(margins)], summary


def figures(path):
    margins, summary = read(path)
    if not margins:
        raise SystemExit(f"match_stats: no games in {path}")
    scores = [1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins]
    # Whole openings only for the paired figures (games 2k-1 and 2k).
    pairs = len(scores) // 2
    pair_scores = [(scores[2 * i] + scores[2 * i + 1]) / 2 for i in range(pairs)]
    pair_margins = [(margins[2 * i] + margins[2 * i + 1]) / 2 for i in range(pairs)]
    points, _ = mean_sd(scores)
    hw_games, hw_pairs = half_width(scores), half_width(pair_scores)
    margin, margin_sd = mean_sd([float(m) for m in margins])
    result = {
        "file": path,
        "a": summary["a"]["level"] if summary else "A",
        "b": summary["b"]["level"] if summary else "B",
        "a_seconds": summary["a"]["seconds"] if summary else None,
        "b_seconds": summary["b"]["seconds"] if summary else None,
        "games": len(scores),
        "wins": sum(m > 0 for m in margins),
        "draws": sum(m == 0 for m in margins),
        "losses": sum(m < 0 for m in margins),
        "points": 100 * points,
        "points_ci_games": [100 * (points - hw_games), 100 * (points + hw_games)],
        "points_ci_pairs": [100 * (points - hw_pairs), 100 * (points + hw_pairs)],
        "margin": margin,
        "margin_sd": margin_sd,
        "margin_ci_games": Z * margin_sd / math.sqrt(len(margins)),
        "margin_ci_pairs": half_width(pair_margins),
        "elo": elo(points),
        "elo_ci_games": [elo(points - hw_games), elo(points + hw_games)],
        "elo_ci_pairs": [elo(points - hw_pairs), elo(points + hw_pairs)],
    }
    return result


def text(r):
    budget = f" ({r['a_seconds']} s against {r['b_seconds']} s)" if r["a_seconds"] is not None else ""
    return (
        f"{r['file']}: {r['a']} against {r['b']}{budget}, {r['games']} games\n"
        f"  W/D/L {r['wins']}/{r['draws']}/{r['losses']}  points {r['points']:.1f} %"
        f"  95 % CI games [{r['points_ci_games'][0]:.1f}, {r['points_ci_games'][1]:.1f}]"
        f"  pairs [{r['points_ci_pairs'][0]:.1f}, {r['points_ci_pairs'][1]:.1f}]\n"
        f"  margin {r['margin']:+.2f} (sd {r['margin_sd']:.2f}) +- {r['margin_ci_games']:.2f} games,"
        f" +- {r['margin_ci_pairs']:.2f} pairs\n"
        f"  Elo {r['elo']:+.0f}  95 % CI games [{r['elo_ci_games'][0]:+.0f}, {r['elo_ci_games'][1]:+.0f}]"
        f"  pairs [{r['elo_ci_pairs'][0]:+.0f}, {r['elo_ci_pairs'][1]:+.0f}]"
    )


def markdown_row(r):
    b_seconds = f"{r['b_seconds']:g} s" if r["b_seconds"] is not None else "?"
    a_seconds = f"{r['a_seconds']:g} s" if r["a_seconds"] is not None else "?"
    return (
        f"| {r['a']} {a_seconds} | {r['b']} {b_seconds} | {r['games']} | {r['wins']}/{r['draws']}/{r['losses']}"
        f" | {r['points']:.1f} % | {r['points_ci_games'][0]:.1f}-{r['points_ci_games'][1]:.1f}"
        f" | {r['points_ci_pairs'][0]:.1f}-{r['points_ci_pairs'][1]:.1f}"
        f" | {r['margin']:+.2f} (sd {r['margin_sd']:.1f}) +- {r['margin_ci_games']:.2f}"
        f" | {r['elo']:+.0f} ({r['elo_ci_games'][0]:+.0f} to {r['elo_ci_games'][1]:+.0f}) |"
    )


def main(argv):
    markdown = "--markdown" in argv
    paths = [a for a in argv if a != "--markdown"]
    if not paths:
        raise SystemExit(__doc__)
    results = [figures(p) for p in paths]
    if markdown:
        print("| A | B | games | A's W/D/L | A's points | 95 % CI (games) | 95 % CI (pairs) "
              "| A's mean margin (sd) +- 95 % | Elo A-B (95 % CI, games) |")
        print("|---|---|---|---|---|---|---|---|---|")
        for r in results:
            print(markdown_row(r))
    else:
        print("\n".join(text(r) for r in results))


if __name__ == "__main__":
    main(sys.argv[1:])
