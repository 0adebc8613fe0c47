#!/usr/bin/env python3
"""Draws the candidate openings for bench/engine_match (run once; its output
is committed, filtered, as bench/data/xot-openings-8.txt).

    bench/make_openings.py [--count 600] [--seed 1] [--plies 8] > candidates.txt

Each line: a transcript of PLIES random legal moves from the start
("f5d6c3...") and its final position as `reversi-cli move --file` reads it
("<64 squares> X|O"), separated by a tab. Openings whose final positions are
the same, or the same up to the board's eight symmetries, are drawn once.
bench/engine_match.sh --make-openings then keeps those whose 10-ply value by
Hard is within +-4 discs (docs/tuning.md, "Against Egaroucid's web engine").
"""
import argparse
import random

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, colour, row, col):
    if board[row][col] != ".":
        return []
    other = "O" if colour == "X" else "X"
    turned = []
    for dr, dc in DIRECTIONS:
        r, c, line = row + dr, col + dc, []
        while 0 <= r < 8 and 0 <= c < 8 and board[r][c] == other:
            line.append((r, c))
            r, c = r + dr, c + dc
        if line and 0 <= r < 8 and 0 <= c < 8 and board[r][c] == colour:
            turned += line
    return turned


def legal(board, colour):
    return [(r, c) for r in range(8) for c in range(8) if flips(board, colour, r, c)]


def symmetries(board):
    """The board's text under the eight symmetries of the square."""
    grids = []
    grid = [list(row) for row in board]
    for _ in range(4):
        grid = [list(row) for row in zip(*grid[::-1])]  # a quarter turn
        grids.append(grid)
        grids.append([row[::-1] for row in grid])  # and its mirror image
    return ["".join("".join(row) for row in g) for g in grids]


def draw(rng, plies):
    board = [["."] * 8 for _ in range(8)]
    board[3][3], board[4][4], board[3][4], board[4][3] = "O", "O", "X", "X"
    colour, moves = "X", []
    for _ in range(plies):
        options = legal(board, colour)
        if not options:
            return None  # a pass within the opening: draw another
        row, col = rng.choice(options)
        for r, c in flips(board, colour, row, col) + [(row, col)]:
            board[r][c] = colour
        moves.append("abcdefgh"[col] + str(row + 1))
        colour = "O" if colour == "X" else "X"
    if not legal(board, colour):
        return None
    return "".join(moves), board, colour


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=8)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seen = set()
    drawn = 0
    while drawn < args.count:
        opening = draw(rng, args.plies)
        if opening is None:
            continue
        transcript, board, colour = opening
        key = min(symmetries(board)) + colour
        if key in seen:
            continue
        seen.add(key)
        drawn += 1
        squares = "".join("".join(row) for row in board).replace(".", "-")
        print(f"{transcript}\t{squares} {colour}")


if __name__ == "__main__":
    main()
