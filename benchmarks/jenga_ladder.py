"""The Jenga bot ladder: two-player games between two levels, seats alternating; who topples the tower.

    .venv/bin/python benchmarks/jenga_ladder.py --game jenga_classic --pair careful_easy,careful \
        --games 60 [--seed 0] [--out rows.jsonl] [--json]

Game i uses seed S+i and seats the pair in order on even i and swapped on odd i, so each level
starts half the games. With two players exactly one toppled the tower in every game that ended in a
fall; the figure is the share of falls the lower level (the first of --pair) caused. Each game's row
(seed, seating, toppler, turns, the tower's height when it fell, CPU seconds) is printed as it ends
and appended to --out, so a long run that is stopped keeps its games. The last line (or, with --json,
the only stdout line) sums them up. `--rows FILE ...` sums up saved rows of the pair instead of
playing (rows of other pairs in the files are skipped).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from games import registry
from games.core import TERMINAL
from games.jenga.layout import highest_complete
from games.match import Match
from games.selfplay import seats_for


def one_game(game: str, bots: list[str], seed: int, variant: str | None = None) -> dict:
    """One two-bot game; who toppled, how long it lasted and how tall the tower stood."""
    spec = registry.get(game)
    match = Match(spec.make_config(seats_for(spec, bots), variant), seed)
    cpu = time.process_time()
    levels = complete = 0
    while match.state.current_player() != TERMINAL:
        state = match.state
        if state.layout and state.phase != "over":  # the tower before the step (a fall leaves rubble)
            levels = state.top_level() + 1
            complete = highest_complete(state.layout) + 1
        match.step()
    s = match.state
    toppler = s.toppler
    return {"seed": seed, "bots": bots, "ended": s.ended, "turns": s.turns,
            "toppler": None if toppler is None else bots[toppler],
            "levels": levels, "complete_levels": complete,
            "cpu_s": round(time.process_time() - cpu, 2)}


def summary(rows: list[dict], low: str, high: str) -> dict:
    falls = [r for r in rows if r["toppler"] is not None]
    by_low = sum(r["toppler"] == low for r in falls)
    share = by_low / len(falls) if falls else None
    # the one-sided chance of a share this far from even if the two levels toppled equally often
    p = None
    if falls:
        n, k = len(falls), by_low
        p = sum(math.comb(n, j) for j in range(k, n + 1)) / 2 ** n
    rates = per_turn_rates(rows, [low, high])
    return {"pair": [low, high], "games": len(rows), "falls": len(falls),
            "topples_per_100_turns": rates,
            "toppled_by": {low: by_low, high: len(falls) - by_low},
            "lower_topples_share": None if share is None else round(share, 3),
            "p_if_even": None if p is None else float(f"{p:.2g}"),
            "mean_turns": round(sum(r["turns"] for r in rows) / len(rows), 2) if rows else None,
            "cpu_s_per_game": round(sum(r["cpu_s"] for r in rows) / len(rows), 2) if rows else None}


def per_turn_rates(rows: list[dict], bots: list[str]) -> dict:
    """Each bot's topples per 100 of its own turns (the toppling turn counted). Traditional Jenga
    passes play in seat order, so in a two-player game seat 0 plays turns 0, 2, 4, ... and seat 1 the
    odd ones; the game's `turns` are those completed before the fall."""
    played = {b: 0 for b in bots}
    toppled = {b: 0 for b in bots}
    for r in rows:
        if r["game"] != "jenga_classic" or len(r["bots"]) != 2:
            continue
        last = r["turns"] if r["toppler"] is not None else r["turns"] - 1  # the last turn begun
        for seat, bot in enumerate(r["bots"]):
            played[bot] += sum(1 for t in range(last + 1) if t % 2 == seat)
        if r["toppler"] is not None:
            toppled[r["toppler"]] += 1
    return {b: {"turns": played[b], "topples": toppled[b],
                "per_100": round(100 * toppled[b] / played[b], 1) if played[b] else None} for b in bots}


def read_rows(paths: list[str]) -> list[dict]:
    """Saved game rows, one JSON object a line; a file that is missing or not such lines is named."""
    rows = []
    for path in paths:
        try:
            with open(path) as f:
                rows += [json.loads(line) for line in f if line.strip()]
        except (OSError, ValueError) as exc:
            print(f"cannot read rows from {path}: {exc}", file=sys.stderr)
            sys.exit(2)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="jenga_classic")
    ap.add_argument("--pair", required=True, help="LOWER,HIGHER: two bot names")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant", default=None)
    ap.add_argument("--out", default=None, help="append each game's row to this JSON-lines file")
    ap.add_argument("--json", action="store_true", help="stdout is one JSON object: the summary")
    ap.add_argument("--rows", nargs="+", default=None, help="sum up these saved JSON-lines files instead")
    args = ap.parse_args()
    pair = args.pair.split(",")
    spec = registry.get(args.game)
    if len(pair) != 2 or any(b not in spec.bots for b in pair):
        print(f"--pair needs two of {', '.join(spec.bots)}, got {args.pair!r}", file=sys.stderr)
        sys.exit(2)
    if args.rows:
        rows = [r for r in read_rows(args.rows) if sorted(r["bots"]) == sorted(pair) and r["game"] == args.game]
        out = summary(rows, pair[0], pair[1])
        out.update(game=args.game, seeds=sorted(r["seed"] for r in rows))
        print(json.dumps(out))
        return
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        sys.exit(2)
    start = time.perf_counter()
    rows = []
    for i in range(args.games):
        bots = pair if i % 2 == 0 else pair[::-1]
        row = one_game(args.game, list(bots), args.seed + i, args.variant)
        row["game"] = args.game
        rows.append(row)
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(row) + "\n")
        if not args.json:
            print(json.dumps(row), flush=True)
    out = summary(rows, pair[0], pair[1])
    out.update(game=args.game, seed=args.seed, wall_s=round(time.perf_counter() - start, 1))
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
