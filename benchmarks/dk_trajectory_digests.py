"""Digests of whole Donkey Kong games, to show that a change to the engine leaves every game the same.

For each variant: 100 fixed-seed random games through the bare engine (2 and 4 players), hashing at every
action the seat to move, the legal actions or chance outcomes offered, the saved state after the action
and the pending decision, with the invariants checked; and selfplay digests (through Match) of random,
strong-greedy and patient-strong-greedy games. Run it before and after a change and compare the lines:

    .venv/bin/python benchmarks/dk_trajectory_digests.py > before.json   # ... change ...
    .venv/bin/python benchmarks/dk_trajectory_digests.py | diff before.json -
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time

from games import selfplay
from games.donkey_kong import SPEC
from sim.arguments import Parser


def engine_traj(seed: int, players: int, variant: str) -> str:
    rng = random.Random(seed)
    state = SPEC.new_state(SPEC.make_config(players=players, variant=variant))
    h = hashlib.sha256()
    while True:
        p = state.current_player()
        h.update(str(p).encode())
        if p == -2:
            break
        if p == -1:
            outcomes = state.chance_outcomes()
            h.update(repr(outcomes).encode())
            u, acc = rng.random(), 0.0
            choice = outcomes[-1][0]
            for a, prob in outcomes:
                acc += prob
                if u < acc:
                    choice = a
                    break
        else:
            legal = state.legal_actions()
            h.update(repr(legal).encode())
            choice = legal[rng.randrange(len(legal))]
        state.apply_action(choice)
        h.update(state.to_json_text().encode())
        h.update(repr(state.pending_decision()).encode())
        assert not state.invariant_violations()
    h.update(repr((state.winners(), state.returns())).encode())
    return h.hexdigest()


def main(argv=None) -> None:
    # It takes no options; --help says what it does, and anything else is refused before the long run.
    Parser(description=__doc__.split("\n\n")[0], epilog="It takes no options: run it before and after a change "
           "to the engine and compare the two outputs.").parse_args(argv)
    out = {}
    t = time.process_time()
    for variant in ("rulebook", "wiki"):
        for players in (2, 4):
            hh = hashlib.sha256()
            for seed in range(100):
                hh.update(engine_traj(seed, players, variant).encode())
            out[f"engine {variant} {players}p"] = hh.hexdigest()[:16]
        for bots, n in ((["random"] * 4, 200), (["strong", "greedy"], 60), (["patient", "strong", "greedy"], 30)):
            s = selfplay.run("donkey_kong", games=n, seed=123, variant=variant, bots=bots, progress=False)
            assert s["errors"] == 0 and s["invariant_violations"] == 0, s
            out[f"selfplay {variant} {','.join(bots)} {n}"] = s["digest"][:16]
    print(json.dumps(out, indent=1))
    print(f"{time.process_time() - t:.1f} s of CPU", file=sys.stderr)


if __name__ == "__main__":
    main()
