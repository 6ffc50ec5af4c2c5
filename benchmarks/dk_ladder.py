"""Donkey Kong bot levels, head to head: two-player games with the seats alternating.

For each pairing A,B and each seed s of the range, one game with A in the first seat and one with B
there (both from seed s, through `games.selfplay.play_one`, so each game is the one `selfplay` plays).
A tie for the highest total is a win for both (as in selfplay). Prints one line per pairing, or with
--json one JSON object: per pairing the games, each side's wins, A's share, errors, and with --timing
the CPU time (time.process_time) of A's decisions: median, 95th percentile, max.

A bot is a registered name or a name with settings for its constructor, e.g.
`expert:playouts=48/rounds=1/policy=greedy` (the expert of 2 Dec before successive halving).

    nice -n 19 .venv/bin/python benchmarks/dk_ladder.py "expert,strong;strong,random" \\
        --seeds 6000-6199 --workers 2 --timing --json [--log games.jsonl [--resume]]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from multiprocessing import Pool

from games import registry
from games.selfplay import play_one
from jenga_ladder import game_rows  # benchmarks/ is the script's own directory
from sim.arguments import Parser, output_file, seeds_arg, workers_arg


def _seed_range(text: str) -> list[int]:
    """--seeds: an inclusive range FIRST-LAST (or one seed), read as python -m sim reads seeds (a range that
    ends before it starts, or a seed past the largest, is refused before any game)."""
    if not re.fullmatch(r"\s*\d+\s*(-\s*\d+\s*)?", text):
        raise argparse.ArgumentTypeError(f"--seeds wants FIRST-LAST, e.g. 0-99, not {text!r}")
    return seeds_arg()(text)

GAME = "donkey_kong"
_DECISION_CPU: list[float] = []
_ADDED: list[str] = []  # the names this process gave the spec's bot table, taken out again by main()


def _register(spec, name: str, timed: bool) -> str:
    """Make `name` (with any settings) a bot of the spec in this process; return the key to use."""
    key = name + ("@timed" if timed else "")
    if key in spec.bots:
        return key
    base, _, settings = name.partition(":")
    if base not in spec.bots:
        raise ValueError(f"unknown bot {base!r}; known: {', '.join(spec.bots)}")
    kwargs = {}
    for item in filter(None, settings.split("/")):
        field, _, value = item.partition("=")
        try:
            kwargs[field] = int(value)
        except ValueError:
            try:
                kwargs[field] = float(value)
            except ValueError:
                kwargs[field] = value
    cls = spec.bots[base]

    def make():
        bot = cls(**kwargs)
        if timed:
            choose = bot.choose

            def timed_choose(state, rng):
                t = time.process_time()
                out = choose(state, rng)
                _DECISION_CPU.append(time.process_time() - t)
                return out

            bot.choose = timed_choose
        return bot

    spec.bots[key] = make
    _ADDED.append(key)
    return key


def _game(task):
    a, b, seed, a_first, variant, timing = task
    spec = registry.get(GAME)
    ka, kb = _register(spec, a, timing), _register(spec, b, False)
    _DECISION_CPU.clear()
    bots = [ka, kb] if a_first else [kb, ka]
    r = play_one(spec, bots, variant, seed)
    seat_a = 0 if a_first else 1
    return {"a": a, "b": b, "seed": seed, "a_first": a_first, "variant": variant, "error": r["error"],
            "violations": len(r["violations"]), "turns": r["turns"],
            "a_won": seat_a in r["winners"], "b_won": (1 - seat_a) in r["winners"],
            "returns": r["returns"], "cpu": list(_DECISION_CPU)}


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def _progress(done: int, total: int) -> None:
    """The count of games played: redrawn in place on a terminal; in a log (stderr not a terminal), one
    line at each tenth of the run, with no carriage returns."""
    if sys.stderr.isatty():
        sys.stderr.write(f"\r{done}/{total} games")
    elif done == total or done * 10 // total != (done - 1) * 10 // total:
        sys.stderr.write(f"{done}/{total} games\n")
    sys.stderr.flush()


def main(argv=None) -> None:
    try:
        _main(argv)
    finally:  # leave the game's bot table as it was (for callers in the same process, such as tests)
        spec = registry.get(GAME)
        while _ADDED:
            spec.bots.pop(_ADDED.pop(), None)


def _main(argv) -> None:
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pairings", help='"A,B;C,D": each pairing plays every seed with both seat orders')
    ap.add_argument("--seeds", default="0-99", type=_seed_range, help="an inclusive range FIRST-LAST (default 0-99)")
    ap.add_argument("--variant", default="rulebook", choices=["rulebook", "wiki"])
    ap.add_argument("--workers", type=workers_arg, default=1)
    ap.add_argument("--timing", action="store_true", help="record the CPU time of A's decisions")
    ap.add_argument("--log", type=output_file,
                    help="append each game as one JSON line to this file (its folder must exist)")
    ap.add_argument("--resume", action="store_true",
                    help="count the games already in --log and play only the missing ones")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    seeds, args.seeds = args.seeds, f"{args.seeds[0]}-{args.seeds[-1]}"
    pairs = []
    for item in filter(None, args.pairings.split(";")):
        sides = item.split(",")
        if len(sides) != 2:
            ap.error(f"a pairing is two bots A,B; got {item!r}")
        pairs.append((sides[0].strip(), sides[1].strip()))
    spec = registry.get(GAME)
    if not pairs:
        ap.error(f"no pairing in {args.pairings!r}: write A,B or A,B;C,D")
    for a, b in pairs:  # unknown names and settings fail here, before any game
        for name in (a, b):
            try:
                spec.bots[_register(spec, name, False)]()
            except ValueError as exc:
                ap.error(str(exc))
            except TypeError as exc:
                ap.error(f"bot {name!r}: {exc}")
    tasks = [(a, b, s, a_first, args.variant, args.timing)
             for a, b in pairs for s in seeds for a_first in (True, False)]
    results = []
    if args.resume and not args.log:
        ap.error("--resume needs --log, the file of the games already played")
    # A file that is there must be this ladder's games, resumed or appended to: an audit appended rows to a
    # notes file, and a resume from a file of other JSON stopped on a traceback.
    done = game_rows(args.log, missing_ok=True, what="--log", fix="give another --log",
                     keys=("a", "b", "seed", "a_first")) if args.log else []
    if args.resume:
        wanted = {(t[0], t[1], t[2], t[3]) for t in tasks}
        seen = set()
        for r in done:
            key = (r["a"], r["b"], r["seed"], r["a_first"])
            if r.get("variant", "rulebook") == args.variant and key in wanted and key not in seen:
                seen.add(key)
                results.append(r)
        tasks = [t for t in tasks if (t[0], t[1], t[2], t[3]) not in seen]
    start = time.perf_counter()
    log = open(args.log, "a") if args.log else None
    with Pool(args.workers) if args.workers > 1 else _Serial() as pool:
        for i, r in enumerate(pool.imap_unordered(_game, tasks)):
            results.append(r)
            if log:
                log.write(json.dumps(r) + "\n")
                log.flush()
            if not args.json:
                _progress(i + 1, len(tasks))
    if log:
        log.close()
    if not args.json and sys.stderr.isatty():
        sys.stderr.write("\n")
    out = {"variant": args.variant, "seeds": args.seeds, "wall_s": round(time.perf_counter() - start, 1),
           "pairings": []}
    for a, b in pairs:
        rs = [r for r in results if r["a"] == a and r["b"] == b]
        cpu = [c for r in rs for c in r["cpu"]]
        row = {"a": a, "b": b, "games": len(rs), "a_wins": sum(r["a_won"] for r in rs),
               "b_wins": sum(r["b_won"] for r in rs),
               "ties": sum(r["a_won"] and r["b_won"] for r in rs),
               "errors": sum(r["error"] is not None for r in rs),
               "invariant_violations": sum(r["violations"] for r in rs),
               "mean_turns": round(statistics.fmean(r["turns"] for r in rs), 1) if rs else 0}
        row["a_share"] = round(row["a_wins"] / max(1, row["a_wins"] + row["b_wins"]), 4)
        row["a_win_rate"] = round(row["a_wins"] / max(1, len(rs)), 4)
        if cpu:
            row["a_decision_cpu_s"] = {"decisions": len(cpu), "median": round(statistics.median(cpu), 4),
                                       "p95": round(_percentile(cpu, 0.95), 4), "max": round(max(cpu), 4)}
        out["pairings"].append(row)
    if args.json:
        print(json.dumps(out))
    else:
        for row in out["pairings"]:
            line = (f"{row['a']} vs {row['b']}: {row['a_wins']} - {row['b_wins']} of {row['games']} games "
                    f"({100 * row['a_win_rate']:.1f}% for {row['a']}; {row['ties']} ties, "
                    f"{row['errors']} errors)")
            if "a_decision_cpu_s" in row:
                t = row["a_decision_cpu_s"]
                line += f"; CPU per decision median {t['median']} s, p95 {t['p95']} s, max {t['max']} s"
            print(line)


class _Serial:
    """The Pool interface for one worker: the games in this process."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap_unordered(self, fn, tasks):
        return map(fn, tasks)


if __name__ == "__main__":
    main()
