"""How tall two Jenga pros build the tower: two-player games of `pro` against `pro`, one row per game.

    .venv/bin/python benchmarks/jenga_pro_height.py --games 20 [--seed 0] [--game jenga_classic] \
        [--bot pro] [--out rows.jsonl [--resume]] [--json]

For each game (seed S+i): how it ended, the turns played, and the tower when it fell: its levels
counting an unfinished top level (`levels`) and its complete levels. The summary gives the mean
height, its standard deviation, the lowest and the highest. Issue 16's target: at least 30 levels on
average on the calibrated tower. `--rows FILE ...` sums up saved rows instead of playing; with
--resume the games already in --out are not played again.
"""

from __future__ import annotations

import json
import statistics
import time

from jenga_ladder import JENGA, play_games, read_rows  # benchmarks/ is the script's own directory

from games import registry
from sim.arguments import MAX_SEED, Parser, count_arg, input_file, output_file, seed_arg


def summary(rows: list[dict]) -> dict:
    out = {"games": len(rows), "falls": sum(r["ended"] == "fall" for r in rows),
           "mean_turns": round(statistics.mean(r["turns"] for r in rows), 2)}
    for key in ("levels", "complete_levels"):
        values = [r[key] for r in rows]
        out[key] = {"mean": round(statistics.mean(values), 2),
                    "sd": round(statistics.stdev(values), 2) if len(values) > 1 else 0.0,
                    "min": min(values), "max": max(values)}
    out["games_with_30_levels"] = sum(r["levels"] >= 30 for r in rows)
    out["cpu_s_per_game"] = round(statistics.mean(r["cpu_s"] for r in rows), 2)
    return out


def main(argv=None) -> None:
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=count_arg(), default=20, help="games (default 20)")
    ap.add_argument("--seed", type=seed_arg, default=0, help="the first game's seed (default 0)")
    ap.add_argument("--game", default="jenga_classic", choices=JENGA)
    ap.add_argument("--bot", default="pro")
    ap.add_argument("--out", default=None, type=output_file,
                    help="append each game's row to this JSON-lines file (its folder must exist)")
    ap.add_argument("--json", action="store_true", help="stdout is one JSON object: the summary")
    ap.add_argument("--resume", action="store_true",
                    help="with --out: games already in that file are not played again")
    ap.add_argument("--rows", nargs="+", default=None, type=input_file,
                    help="sum up these saved JSON-lines files instead")
    args = ap.parse_args(argv)
    if args.rows:
        rows = [r for r in read_rows(args.rows) if r["bots"] == [args.bot, args.bot] and r["game"] == args.game]
        if not rows:
            ap.error(f"no {args.bot} against {args.bot} rows of {args.game} in {' '.join(args.rows)}")
        out = summary(rows)
        out.update(game=args.game, bot=args.bot, seeds=sorted(r["seed"] for r in rows))
        print(json.dumps(out))
        return
    spec = registry.get(args.game)
    if args.bot not in spec.bots:
        ap.error(f"--bot must be one of {', '.join(spec.bots)}, got {args.bot!r}")
    if args.resume and not args.out:
        ap.error("--resume needs --out, the file of the games already played")
    if args.seed + args.games - 1 > MAX_SEED:
        ap.error(f"--seed {args.seed} with --games {args.games} runs past the largest seed, {MAX_SEED}")
    start = time.perf_counter()
    rows = play_games(args.game, lambda i: [args.bot, args.bot], args.games, args.seed, None,
                      args.out, args.resume, args.json)
    out = summary(rows)
    out.update(game=args.game, bot=args.bot, seed=args.seed, wall_s=round(time.perf_counter() - start, 1))
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
