"""How often a Mario reaches Pauline in Donkey Kong Jenga: bots-only games, one line per game.

    .venv/bin/python benchmarks/jenga_dk_top.py --games 12 --bot careful --players 3 [--variant NAME]

For each game: how it ended (top, fall, limit), the turns played, the climbs made, the levels skipped
over fully occupied girders, the highest Mario's level and the top level at the end. The last line
sums them up: the share of games won at the top.
"""

from __future__ import annotations

import json
import time

from games import registry
from games.core import TERMINAL, ConfigError
from games.match import Match
from games.selfplay import seats_for
from sim.arguments import MAX_SEED, Parser, count_arg, seed_arg


def one_game(variant: str, bot: str, players: int, seed: int) -> dict:
    spec = registry.get("jenga_dk")
    match = Match(spec.make_config(seats_for(spec, [bot] * players), variant), seed)
    climbs = skips = 0
    top = 0
    while match.state.current_player() != TERMINAL:
        state = match.state
        if state.layout:
            top = state.dk_level()  # the top before the step (a fall leaves rubble)
        before = [None if h is None else h[0] for h in state.marios]
        mover = state.mover
        match.step()
        after = match.state.marios[mover]
        if match.history[-1].action.startswith("climb ") and before[mover] is not None:
            climbs += 1
            skips += after[0] - before[mover] - 1
    s = match.state
    return {"seed": seed, "ended": s.ended, "turns": s.turns, "climbs": climbs, "skips": skips,
            "highest": max(s.mario_level(p) for p in range(players)), "top": top,
            "winners": s.winners()}


def main(argv=None) -> None:
    spec = registry.get("jenga_dk")
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=count_arg(), default=12, help="games (default 12)")
    ap.add_argument("--seed", type=seed_arg, default=0, help="the first game's seed (default 0)")
    ap.add_argument("--players", type=count_arg(spec.min_players, spec.max_players), default=3,
                    help=f"{spec.min_players} to {spec.max_players} (default 3)")
    ap.add_argument("--bot", default="careful", help=f"one of {', '.join(spec.bots)} (default careful)")
    ap.add_argument("--variant", default="standard", choices=list(spec.variants))
    args = ap.parse_args(argv)
    try:   # an unknown bot is named now, not when the first game starts
        config = spec.make_config(seats_for(spec, [args.bot] * args.players), args.variant)
    except ConfigError as exc:
        ap.error(str(exc))
    args.bot = config.seats[0].bot
    if args.seed + args.games - 1 > MAX_SEED:
        ap.error(f"--seed {args.seed} with --games {args.games} runs past the largest seed, {MAX_SEED}")
    start = time.perf_counter()
    rows = []
    for i in range(args.games):
        rows.append(one_game(args.variant, args.bot, args.players, args.seed + i))
        print(json.dumps(rows[-1]), flush=True)
    tops = sum(r["ended"] == "top" for r in rows)
    print(json.dumps({"variant": args.variant, "games": len(rows), "won_at_top": tops,
                      "share": round(tops / len(rows), 3) if rows else None,
                      "mean_turns": round(sum(r["turns"] for r in rows) / len(rows), 2) if rows else None,
                      "climbs": sum(r["climbs"] for r in rows), "skips": sum(r["skips"] for r in rows),
                      "wall_s": round(time.perf_counter() - start, 1)}))


if __name__ == "__main__":
    main()
