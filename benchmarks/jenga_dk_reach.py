"""How long Donkey Kong Jenga takes to reach Pauline when the tower never falls: the rules alone.

    .venv/bin/python benchmarks/jenga_dk_reach.py --games 400 --players 3

No physics runs: each playout uses the Donkey Kong rules engine on its layout only. Every turn spins
the spinner (seeded), climbs first as the careful bots do (their preferred hole), then removes girders
as a careful bot ranks them without the simulator (bots.static_risk, then the girder's game value,
ties at random) and stacks each in the first open slot the bots choose. A removed girder drops the
Marios standing on it as in a game. The playout stops when a Mario reaches the top level.

For each rule variant it prints the turns and the girders removed until then (median and quartiles),
and the share of playouts that got there within a tower life of N removals, for N = 15, 20, 30, 40, 54
(54 removals is the rulebook's "A real pro can build a tower 36 stories high"). Comparing these with
how many removals the simulated tower survives in bots' games (benchmarks/jenga_dk_top.py) says how
often a Mario can reach Pauline before the tower falls.
"""

from __future__ import annotations

import json

import numpy as np

from games.jenga import data
from games.jenga.bots import static_risk
from games.jenga.donkey_kong import SPEC, VARIANTS
from games.jenga.layout import free_holes, removable, stack_level, stack_slots, top_level
from sim.arguments import Parser, count_arg

LIVES = (15, 20, 30, 40, 54)


def playout(variant: str, players: int, seed: int, max_turns: int = 400) -> tuple[int, int]:
    """(turns, removals) until a Mario reaches the top level."""
    rng = np.random.default_rng([seed, 0xD0])
    s = SPEC.new_state(SPEC.make_config(players=players, variant=variant))
    s.layout = [[3 * lv, 3 * lv + 1, 3 * lv + 2] for lv in range(18)]
    for seat in range(players):
        s.marios[seat] = list(free_holes(s.layout, 0, s.marios)[0])
    s.phase, s.placing = "act", None
    sections = data.dk_spinner(variant)
    removals = 0
    for turn in range(1, max_turns + 1):
        sec = sections[int(rng.integers(len(sections)))]
        for _ in range(sec["climb"]):
            targets = s.climb_targets()
            if not targets:
                break
            s.marios[s.mover] = list(min(targets, key=lambda h: (h[1] == 1, h)))
            if s.marios[s.mover][0] >= top_level(s.layout):
                return turn, removals
        for _ in range(sec["remove"]):
            blocks = removable(s.layout)
            if not blocks:
                break
            best = min(blocks, key=lambda b: (static_risk(s.layout, b), -s.block_value(b), rng.random()))
            block = s.layout[best[0]][best[1]]
            s.layout[best[0]][best[1]] = None
            s.drop_stranded()
            level, slots = stack_level(s.layout), stack_slots(s.layout)
            if level >= len(s.layout):
                s.layout.append([None, None, None])
            s.layout[level][1 if 1 in slots else slots[0]] = block
            removals += 1
        s.mover = (s.mover + 1) % players
    return max_turns, removals


def main(argv=None) -> None:
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=count_arg(), default=400, help="playouts per variant (default 400)")
    ap.add_argument("--players", type=count_arg(SPEC.min_players, SPEC.max_players), default=3,
                    help=f"{SPEC.min_players} to {SPEC.max_players} (default 3)")
    args = ap.parse_args(argv)
    for variant in VARIANTS:
        runs = np.array([playout(variant, args.players, seed) for seed in range(args.games)])
        turns, removed = runs[:, 0], runs[:, 1]
        print(json.dumps({
            "variant": variant, "playouts": args.games, "players": args.players,
            "turns_quartiles": [int(x) for x in np.percentile(turns, [25, 50, 75])],
            "removals_quartiles": [int(x) for x in np.percentile(removed, [25, 50, 75])],
            "reached_within_removals": {n: round(float(np.mean(removed <= n)), 3) for n in LIVES},
        }))


if __name__ == "__main__":
    main()
