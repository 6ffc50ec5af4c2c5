"""Donkey Kong game lengths without the round limit: how many rounds games between two bots last.

    .venv/bin/python benchmarks/dk_game_lengths.py "random,random;greedy,greedy" 300 rulebook

The rules end a game only at the rescue; the engine's ROUND_LIMIT is a safety net. This script lifts
the net (for this process only) and plays each pairing (seats comma separated, pairings separated by
';') for the given number of games, seeds 0, 1, ..., printing per pairing the longest game, the 99th and
95th percentiles and the mean, in rounds, and how many games went past 30, 60 and 100 rounds. It drives
the engine directly (chance outcomes sampled from a generator seeded with the game's number).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games.donkey_kong.state as dk_state  # noqa: E402
from games import registry  # noqa: E402
from games.bots import sample_outcome  # noqa: E402
from games.core import CHANCE, TERMINAL, ConfigError, Seat  # noqa: E402
from sim.arguments import Parser, count_arg  # noqa: E402


def lengths(bots: list[str], games: int, variant: str) -> list[float]:
    spec = registry.get("donkey_kong")
    out = []
    for g in range(games):
        state = spec.new_state(spec.make_config([Seat(f"{b} {i + 1}", b) for i, b in enumerate(bots)], variant))
        rng = np.random.default_rng(g)
        players = [spec.bots[b]() for b in bots]
        while (p := state.current_player()) != TERMINAL:
            action = sample_outcome(state.chance_outcomes(), rng) if p == CHANCE else players[p].choose(state, rng)
            state.apply_action(action)
        out.append(state.turns / len(bots))
    return out


def main(argv: list[str] | None = None) -> int:
    spec = registry.get("donkey_kong")
    p = Parser(description=__doc__.split("\n\n")[0],
               epilog='e.g. dk_game_lengths.py "random,random;greedy,greedy" 300 rulebook')
    p.add_argument("pairings", help='the seats\' bots, comma separated; pairings separated by ";"')
    p.add_argument("games", type=count_arg(), help="games per pairing (seeds 0, 1, ...)")
    p.add_argument("variant", choices=list(spec.variants))
    args = p.parse_args(argv)
    pairings, games, variant = [[b.strip() for b in p_.split(",")] for p_ in args.pairings.split(";")], args.games, args.variant
    for bots in pairings:   # every pairing checked before the first game
        try:
            config = spec.make_config([Seat(f"{b} {i + 1}", b) for i, b in enumerate(bots)], variant)
        except ConfigError as exc:
            p.error(f"pairing {','.join(bots)!r}: {exc}")
        bots[:] = [seat.bot for seat in config.seats]   # the game's own spelling ('Random': 'random')
    dk_state.ROUND_LIMIT = 10 ** 9  # no net: every game runs to its rescue
    for bots in pairings:
        r = sorted(lengths(bots, games, variant))
        pick = lambda q: r[int(q * (len(r) - 1))]  # noqa: E731
        print(json.dumps({"bots": ",".join(bots), "variant": variant, "games": games, "max_rounds": r[-1],
                          "p99": pick(0.99), "p95": pick(0.95), "mean": round(sum(r) / len(r), 1),
                          "over_30": sum(x > 30 for x in r), "over_60": sum(x > 60 for x in r),
                          "over_100": sum(x > 100 for x in r)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
