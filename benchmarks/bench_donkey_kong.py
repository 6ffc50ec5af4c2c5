"""Speed of the Donkey Kong rules engine: full 4-player random-bot games per second on one core.

Two figures: the bare engine (a tight loop over the State API: chance_outcomes, legal_actions,
apply_action, with a seeded random.Random choosing) and the project's selfplay driver (Match,
which also keeps the history, reseeds a numpy Generator for each bot decision and samples chance
with numpy). Games per CPU second
(process time) is given too: on a shared machine it is the fairer one-core figure.

    .venv/bin/python benchmarks/bench_donkey_kong.py [--games 400] [--variant rulebook]
"""

from __future__ import annotations

import json
import random
import sys
import time

from games import selfplay
from games.core import ConfigError
from games.donkey_kong import SPEC
from sim.arguments import Parser, count_arg


def play_engine(seed: int, players: int, variant: str) -> int:
    rng = random.Random(seed)
    state = SPEC.new_state(SPEC.make_config(players=players, variant=variant))
    actions = 0
    while True:
        p = state.current_player()
        if p == -2:
            return actions
        if p == -1:
            outcomes = state.chance_outcomes()
            u, acc = rng.random(), 0.0
            choice = outcomes[-1][0]
            for a, prob in outcomes:
                acc += prob
                if u < acc:
                    choice = a
                    break
        else:
            legal = state.legal_actions()
            choice = legal[rng.randrange(len(legal))]
        state.apply_action(choice)
        actions += 1


def main(argv=None) -> None:
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=count_arg(), default=400, help="bare-engine games (default 400)")
    ap.add_argument("--players", type=count_arg(SPEC.min_players, SPEC.max_players), default=4,
                    help=f"{SPEC.min_players} to {SPEC.max_players} (default 4)")
    ap.add_argument("--variant", default="rulebook", choices=list(SPEC.variants))
    ap.add_argument("--selfplay-games", type=count_arg(), default=100, help="games through selfplay (default 100)")
    args = ap.parse_args(argv)
    try:
        SPEC.make_config(players=args.players, variant=args.variant)
    except ConfigError as exc:
        ap.error(str(exc))
    start, cpu = time.perf_counter(), time.process_time()
    actions = sum(play_engine(seed, args.players, args.variant) for seed in range(args.games))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    cpu2 = time.process_time()
    s = selfplay.run("donkey_kong", games=args.selfplay_games, seed=0, players=args.players,
                     variant=args.variant, bots=["random"] * args.players, progress=False,
                     check_invariants=False)
    cpu2 = time.process_time() - cpu2
    print(json.dumps({
        "variant": args.variant, "players": args.players,
        "engine_games": args.games, "engine_games_per_s": round(args.games / wall, 1),
        "engine_games_per_cpu_s": round(args.games / cpu, 1),
        "engine_actions_per_game": round(actions / args.games, 1),
        "selfplay_games": args.selfplay_games, "selfplay_games_per_s": s["games_per_s"],
        "selfplay_games_per_cpu_s": round(args.selfplay_games / cpu2, 1),
        "selfplay_to_engine_cpu": round(args.selfplay_games / cpu2 / (args.games / cpu), 2),
        "selfplay_mean_turns": s["mean_turns"], "selfplay_errors": s["errors"],
    }))


if __name__ == "__main__":
    main(sys.argv[1:])
