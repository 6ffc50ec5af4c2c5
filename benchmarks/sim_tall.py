"""Tall towers: a perfect hand builds in the pro pattern (take the edges, keep the middles, stack on top).

For each tolerance seed and mode the tower is built by the pro pattern of sim/oracle.py
(every removal and stack one that statics finds safe by 3 mm or more) until it has `--levels` levels,
and the height reached is reported: the number of levels of the tower after its last standing operation.
Modes: remove (the block is taken out at once) and extract (a careful push: 0.02 m/s, steadiness 1.0,
the side alternating).

    python benchmarks/sim_tall.py [--seeds 0-3] [--modes remove extract] [--levels 36] [--json]
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from sim import oracle as sim_oracle  # noqa: E402
from sim import Tower, load_spec  # noqa: E402
from sim.motion import tilt_deg  # noqa: E402
from sim.layout import seat  # noqa: E402


def _seeds(text: str) -> list[int]:
    if "-" in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in text.split(",")]


def build(spec, seed: int, mode: str, levels: int) -> dict:
    ops = sim_oracle.pro_ops(spec, seed, levels)
    tower = Tower(spec, seed)
    reached, fell_at, cpu = tower.num_levels, None, []
    for i, op in enumerate(ops):
        t0 = time.process_time()
        if op[0] == "remove":
            if mode == "extract":
                v = tower.extract(op[1], op[2], side=1 if i % 2 else -1, **sim_oracle.CAREFUL)
            else:
                v = tower.remove(op[1], op[2])
        else:
            v = tower.stack(op[1])
        cpu.append(1000.0 * (time.process_time() - t0))
        if v.collapsed:
            fell_at = i
            break
        reached = tower.num_levels
    # The lean from as built: each block's tilt against the pose the seating of a fresh tower gives the
    # blocks of this configuration, at their places in their levels.
    inside = tower.level_of >= 0
    seated = seat(spec, tower.dims, tower.slots, tower.poses(), tower.masses)
    lean = float(tilt_deg(seated[inside], tower.poses()[inside]).max()) if fell_at is None else None
    return {"seed": seed, "mode": mode, "levels_reached": reached, "target": levels, "operations": len(ops),
            "fell_at_operation": fell_at, "fell_on": ops[fell_at] if fell_at is not None else None,
            "built": fell_at is None and reached >= levels, "largest_lean_deg": lean,
            "cpu_ms_median": float(np.median(cpu)), "cpu_ms_max": float(max(cpu))}


def main(argv=None) -> int:
    import argparse
    p = argparse.ArgumentParser(description="Build tall towers in the pro pattern; report the height reached.")
    p.add_argument("--variant", default="classic")
    p.add_argument("--seeds", default="0-3")
    p.add_argument("--modes", nargs="*", default=["remove", "extract"], choices=["remove", "extract"])
    p.add_argument("--levels", type=int, default=36)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    a = p.parse_args(argv)
    spec = load_spec(a.variant)
    t0 = time.perf_counter()
    rows = []
    for mode in a.modes:
        for seed in _seeds(a.seeds):
            rows.append(build(spec, seed, mode, a.levels))
            if not a.json:
                r = rows[-1]
                print(f"{mode:8s} seed {seed}: {r['levels_reached']} levels"
                      + ("" if r["fell_at_operation"] is None else f" (fell at operation {r['fell_at_operation']}: {r['fell_on']})"),
                      flush=True)
    out = {"variant": a.variant, "levels": a.levels, "results": rows,
           "built": {m: sum(r["built"] for r in rows if r["mode"] == m) for m in a.modes},
           "wall_s": time.perf_counter() - t0, "load_average": [round(x, 2) for x in os.getloadavg()]}
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"built {a.levels} levels: " + ", ".join(f"{m} {n} of {len(rows) // len(a.modes)}" for m, n in out["built"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
