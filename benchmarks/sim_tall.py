"""Tall towers: a perfect hand builds in the pro pattern (take the edges, keep the middles, stack on top).

For each tolerance seed and mode the tower is built until it has `--levels` levels, and the height
reached is reported: the number of levels of the tower after its last standing operation.

- remove: the pro pattern of sim/oracle.py (an edge of the lowest level that still has its middle, every
  removal and stack one that statics finds safe by 3 mm or more), each block deleted at once.
- extract: the same pattern played by a hand that touches first (`touching_pro`): every removal a
  careful push (0.02 m/s, steadiness 1.0) of an edge whose level keeps its middle, chosen by touch as a
  pro chooses: it feels the candidate edges (Tower.probe, the games' touch, from both ends), lowest level
  first, and takes the first one that gives under the gentle touch without moving the tower, from that
  end; when no edge is loose, the edge and end whose touch moved the rest of the tower least (a pro
  feels the tower go along), the least force breaking ties. A removal statics finds unsafe
  (margin under 3 mm on the tower as it stands) is never a candidate.

    python benchmarks/sim_tall.py [--seeds 0-3] [--modes remove extract] [--levels 36] [--json]

Each operation is reported as ["remove", level, pos], ["extract", level, pos, side] or ["stack", slot].
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
from sim.layout import seat, slot_xy  # noqa: E402
from sim import statics  # noqa: E402
from sim.census import STILL_MM  # noqa: E402
from sim.oracle import MARGIN_MM  # noqa: E402


def _seeds(text: str) -> list[int]:
    if "-" in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in text.split(",")]


def touching_pro(tower, memory: dict) -> tuple[tuple[int, int, int] | None, int]:
    """The extract hand's next block, (level, pos, side) or None when no edge can be taken, and the number
    of touches it made to choose.

    Candidates are the edges (pos 0 and 2) of levels below the top that still hold their middle, whose
    removal statics finds safe by MARGIN_MM on the tower as it stands. The hand touches them lowest level
    first, each from both ends (Tower.probe), and takes the first one that is loose as the census calls
    it (it gives under the gentle touch and the rest of the tower moves under STILL_MM); when none is, it
    takes the edge and end whose touch moved the rest of the tower least (then the least force): the
    push that drags the tower least. (Taking the least force instead built 24, 26, 25, 22 levels on
    seeds 0 to 3, against 28, 28, 26, 24; docs/sim.md.) `memory` keeps what the hand felt, per block and
    end; the caller forgets the touches of the levels whose load an operation changed."""
    touch = tower.spec.hand.touch_force_n
    cands = [(l, p) for l, p in tower.removable() if p != 1 and tower.present(l, 1)]
    touches = 0
    if not cands:
        return None, touches
    margins, _ = tower.static_margins(cands)
    cands = [c for c, m in zip(cands, margins) if m >= MARGIN_MM]
    best = None
    for level, pos in sorted(cands):
        for side in (-1, 1):
            key = (int(tower.slots[level, pos]), side)
            if key not in memory:
                pr = tower.probe(level, pos, side=side)
                memory[key] = (pr.force_n, pr.tower_motion_mm)
                touches += 1
            force, motion = memory[key]
            if force <= touch and motion < STILL_MM:
                return (level, pos, side), touches
            if best is None or (motion, force) < best[0]:
                best = ((motion, force), (level, pos, side))
    return (None if best is None else best[1]), touches


def _forget(tower, memory: dict, levels) -> None:
    for l in levels:
        if 0 <= l < tower.slots.shape[0]:
            for b in tower.slots[l][tower.slots[l] >= 0]:
                memory.pop((int(b), -1), None)
                memory.pop((int(b), 1), None)


def build(spec, seed: int, mode: str, levels: int) -> dict:
    tower = Tower(spec, seed)
    reached, fell_at, cpu, ops, touches, touch_cpu = tower.num_levels, None, [], [], 0, 0.0
    plan = sim_oracle.pro_ops(spec, seed, levels) if mode == "remove" else None
    memory: dict = {}
    while True:
        if plan is not None:
            if len(ops) >= len(plan):
                break
            op = list(plan[len(ops)])
        elif tower.num_levels >= levels and tower.top_level_complete and tower.hand is None:
            break
        elif tower.hand is None:
            t0 = time.process_time()
            pick, n = touching_pro(tower, memory)
            touch_cpu += time.process_time() - t0
            touches += n
            if pick is None:
                break
            op = ["extract", *pick]
        else:
            op = ["stack", _stack_slot(tower)]
            if op[1] is None:
                break
        t0 = time.process_time()
        if op[0] == "remove":
            v = tower.remove(op[1], op[2])
        elif op[0] == "extract":
            v = tower.extract(op[1], op[2], side=op[3], **sim_oracle.CAREFUL)
            # The load on the levels next to the removal changed: the hand touches them again.
            _forget(tower, memory, (op[1] - 1, op[1], op[1] + 1))
        else:
            v = tower.stack(op[1])
            # A block put on top loads the levels under the top most (in share): touch those again.
            _forget(tower, memory, range(tower.num_levels - 4, tower.num_levels))
        cpu.append(1000.0 * (time.process_time() - t0))
        ops.append(op)
        if v.collapsed:
            fell_at = len(ops) - 1
            break
        reached = tower.num_levels
    # The lean from as built: each block's tilt against the pose the seating of a fresh tower gives the
    # blocks of this configuration, at their places in their levels.
    inside = tower.level_of >= 0
    seated = seat(spec, tower.dims, tower.slots, tower.poses(), tower.masses)
    lean = float(tilt_deg(seated[inside], tower.poses()[inside]).max()) if fell_at is None else None
    return {"seed": seed, "mode": mode, "levels_reached": reached, "target": levels, "operations": len(ops),
            "fell_at_operation": fell_at, "fell_on": ops[fell_at] if fell_at is not None else None,
            "touches": touches, "touch_cpu_s": round(touch_cpu, 1), "ops": ops,
            "built": fell_at is None and reached >= levels, "largest_lean_deg": lean,
            "cpu_ms_median": float(np.median(cpu)), "cpu_ms_max": float(max(cpu))}


def _stack_slot(tower) -> int | None:
    """Where the hand puts its block: the first open slot of the top level (of a new level when the top
    is complete) whose stack statics finds safe by MARGIN_MM, as the pro pattern of sim/oracle.py does on
    paper; None when there is none."""
    top = tower.num_levels - 1
    open_slots = range(tower.spec.per_level) if tower.top_level_complete else np.flatnonzero(tower.slots[top] < 0)
    level = top + 1 if tower.top_level_complete else top
    for slot in open_slots:
        present, xy, widths, masses = tower._statics_arrays()
        if level >= len(present):
            present = np.vstack([present, np.zeros((1, present.shape[1]), bool)])
            xy = np.concatenate([xy, np.zeros((1,) + xy.shape[1:])])
            widths = np.vstack([widths, np.zeros((1, widths.shape[1]))])
            masses = np.vstack([masses, np.zeros((1, masses.shape[1]))])
        present[level, slot] = True
        xy[level, slot] = slot_xy(tower.spec, level, int(slot))
        widths[level, slot] = tower.dims[tower.hand, 1]
        masses[level, slot] = tower.masses[tower.hand]
        if float(statics.margins(present, xy, widths, masses)[0][0]) >= MARGIN_MM:
            return int(slot)
    return None


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
            sys.stderr.write(json.dumps({k: v for k, v in rows[-1].items() if k != "ops"}) + "\n")
            sys.stderr.flush()
            if not a.json:
                r = rows[-1]
                print(f"{mode:8s} seed {seed}: {r['levels_reached']} levels"
                      + ("" if r["fell_at_operation"] is None else f" (fell at operation {r['fell_at_operation']}: {r['fell_on']})"),
                      flush=True)
    out = {"variant": a.variant, "levels": a.levels, "results": rows,
           "built": {m: sum(r["built"] for r in rows if r["mode"] == m) for m in a.modes},
           "levels_reached": {m: {str(r["seed"]): r["levels_reached"] for r in rows if r["mode"] == m} for m in a.modes},
           "wall_s": time.perf_counter() - t0, "load_average": [round(x, 2) for x in os.getloadavg()]}
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"built {a.levels} levels: " + ", ".join(f"{m} {n} of {len(rows) // len(a.modes)}" for m, n in out["built"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
