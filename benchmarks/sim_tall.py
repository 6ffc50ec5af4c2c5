"""Tall towers: a perfect hand builds in the pro pattern (take the edges, keep the middles, stack on top).

For each tolerance seed and mode the tower is built until it has `--levels` complete levels, and the
height reached after its last standing operation is reported as Jenga counts it: complete levels and
the thirds of the level being built (`height`, "35 2/3"; `complete_levels`; `levels_reached` counts a
started level as a level). A tower is `built` when it stood with `--levels` complete levels.

- remove: the pro pattern of sim/oracle.py (an edge of the lowest level that still has its middle, every
  removal and stack one that statics finds safe by 3 mm or more), each block deleted at once.
- extract: the pattern played by a careful perfect player's hand (sim.pro_hand.ProHand): it touches the
  candidates (Tower.probe, the games' touch, from both ends) and pushes, carefully (0.02 m/s, steadiness
  1.0), only a block whose touch says it gives without moving the rest of the tower: a loose edge of a
  level that keeps its middle, lowest level first, else a loose middle, else an edge or middle that
  gives under more force with the tower still; never a removal statics finds unsafe by 3 mm, nor one
  whose block could not then be stacked safely by 3 mm, nor an edge of a level whose middle is loose. It
  stacks in the open top slot that keeps the statics margin of the slots it wants: it builds for its next
  pulls, each block in the slot with the better odds of a thickest middle (judged by the last 12 blocks
  taken), and prefers blocks to take that keep that possible (sim/pro_hand.py). It stops when no touch
  says anything gives (`stopped` in the report).
  --edges-only, --loose-only and --plain-stacks change the hand (for comparison; --plain-stacks is the
  hand before it built for its next pulls: every stack in the slot with the most statics margin);
  --mean-slots, --recent 0 and --edges-beside-loose-middles give back the hand of 392b7b8 piece by piece.
  It never pushes a block it knows carries the level above (the thickest of a level whose blocks it has
  all held, by 0.05 mm; --push-known-carriers lets it, as the hand of 610df31 did). --held-only: it judges
  the thickness only of blocks it has held; --guess with it: a block never held is taken to be as thick
  as the never-held blocks it took whose touch said the same.

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
from sim.layout import seat  # noqa: E402
from sim.pro_hand import RECENT, ProHand  # noqa: E402
from assets.reader import AssetError  # noqa: E402
from sim import SimError  # noqa: E402
from sim.arguments import Parser, seeds_arg, whole_arg  # noqa: E402


def _seeds(text: str) -> list[int]:
    """--seeds as python -m sim takes them (sim.arguments.seeds_arg: A-B, one seed or a comma list)."""
    return seeds_arg()(text)


def height(tower) -> tuple[int, int]:
    """(complete levels, blocks in the level being built) of a tower."""
    top = tower.num_levels
    if tower.top_level_complete:
        return top, 0
    return top - 1, int((tower.slots[top - 1] >= 0).sum())


def build(spec, seed: int, mode: str, levels: int, middles: bool = True, gives: bool = True,
          thick_middle: bool = True, slot_odds: bool = True, middle_check: bool = True,
          recent: int | None = RECENT, held_only: bool = False, carry_check: bool = True,
          guess: bool = False) -> dict:
    tower = Tower(spec, seed)
    reached, fell_at, cpu, ops, touches, touch_cpu = tower.num_levels, None, [], [], 0, 0.0
    complete, thirds = height(tower)
    plan = sim_oracle.pro_ops(spec, seed, levels) if mode == "remove" else None
    hand = ProHand(tower, middles=middles, gives=gives, thick_middle=thick_middle, slot_odds=slot_odds,
                   middle_check=middle_check, recent=recent, held_only=held_only,
                   carry_check=carry_check, guess=guess)
    stopped, felt = None, []
    while True:
        if plan is not None:
            if len(ops) >= len(plan):
                break
            op = list(plan[len(ops)])
        elif tower.num_levels >= levels and tower.top_level_complete and tower.hand is None:
            break
        elif tower.hand is None:
            t0 = time.process_time()
            pick = hand.choose()
            touch_cpu += time.process_time() - t0
            touches = hand.touches
            if pick is None:
                stopped = "no block gives to the touch"
                break
            op = ["extract", *pick]
            felt.append([hand.grade(hand.last), round(hand.last.force_n, 3), round(hand.last.tower_motion_mm, 3)])
        else:
            op = ["stack", hand.stack_slot()]
            if op[1] is None:
                stopped = "no stack safe by 3 mm"
                break
        t0 = time.process_time()
        if op[0] == "remove":
            v = tower.remove(op[1], op[2])
        elif op[0] == "extract":
            v = tower.extract(op[1], op[2], side=op[3], **sim_oracle.CAREFUL)
            hand.played(op)
        else:
            v = tower.stack(op[1])
            hand.played(op)
        cpu.append(1000.0 * (time.process_time() - t0))
        ops.append(op)
        if v.collapsed:
            fell_at = len(ops) - 1
            break
        reached = tower.num_levels
        complete, thirds = height(tower)
    # The lean from as built: each block's tilt against the pose the seating of a fresh tower gives the
    # blocks of this configuration, at their places in their levels.
    inside = tower.level_of >= 0
    seated = seat(spec, tower.dims, tower.slots, tower.poses(), tower.masses)
    lean = float(tilt_deg(seated[inside], tower.poses()[inside]).max()) if fell_at is None else None
    return {"seed": seed, "mode": mode, "height": f"{complete} {thirds}/3" if thirds else str(complete),
            "complete_levels": complete, "levels_reached": reached, "target": levels, "operations": len(ops),
            "fell_at_operation": fell_at, "fell_on": ops[fell_at] if fell_at is not None else None,
            "touches": touches, "stopped": stopped, "felt": felt,
            "pushes": sum(1 for o in ops if o[0] == "extract"),
            "middles_taken": sum(1 for o in ops if o[0] == "extract" and o[2] == 1), "touch_cpu_s": round(touch_cpu, 1), "ops": ops,
            "built": fell_at is None and complete >= levels, "largest_lean_deg": lean,
            "cpu_ms_median": float(np.median(cpu)), "cpu_ms_max": float(max(cpu))}


def main(argv=None) -> int:
    p = Parser(description="Build tall towers in the pro pattern; report the height reached.")
    p.add_argument("--variant", default="classic", help="a tower (classic, dk, mario) or a spec file")
    p.add_argument("--seeds", default="0-3", type=seeds_arg(),
                   help="tolerance seeds: A-B, one seed or a comma list, each once (default 0-3)")
    p.add_argument("--modes", nargs="+", default=["remove", "extract"], choices=["remove", "extract"])
    p.add_argument("--levels", type=whole_arg(1, 1000), default=36,
                   help="the height to build to, more than the tower's own levels (default 36)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--edges-only", action="store_true", help="extract mode: the hand never takes a middle")
    p.add_argument("--plain-stacks", action="store_true",
                   help="extract mode: every stack in the slot with the most statics margin, blocks taken "
                        "lowest level first (the hand before it built for its next pulls)")
    p.add_argument("--mean-slots", action="store_true",
                   help="extract mode: a level's first block in the middle when it is as thick as the blocks "
                        "taken on average, a second one when thicker than the edge (the hand of 392b7b8)")
    p.add_argument("--recent", type=whole_arg(0, 100_000), default=RECENT,
                   help=f"extract mode: judge the blocks to come by the last RECENT taken (0: all; default {RECENT})")
    p.add_argument("--held-only", action="store_true",
                   help="extract mode: the hand judges whether a block suits the top only for blocks it has held")
    p.add_argument("--guess", action="store_true",
                   help="extract mode with --held-only: the hand takes a block it never held to be as thick as "
                        "the never-held blocks it took whose touch said the same (edge or middle, loose or gives)")
    p.add_argument("--push-known-carriers", action="store_true",
                   help="extract mode: the hand may push a block it knows (it held every block of the level) to "
                        "be the thickest of its level by 0.05 mm (610df31's hand)")
    p.add_argument("--edges-beside-loose-middles", action="store_true",
                   help="extract mode: the hand may push an edge of a level whose middle is loose (392b7b8)")
    p.add_argument("--loose-only", action="store_true",
                   help="extract mode: the hand pushes only blocks that slide under the gentle touch force")
    a = p.parse_args(argv)
    try:
        spec = load_spec(a.variant)
    except (SimError, AssetError) as exc:
        p.error(f"--variant: {exc}")
    if a.levels <= spec.levels:
        p.error(f"--levels must be more than the {spec.levels} levels a fresh {a.variant} tower has, got {a.levels}")
    if len(set(a.modes)) != len(a.modes):
        p.error(f"--modes: a mode is given twice ({' '.join(a.modes)})")
    t0 = time.perf_counter()
    rows = []
    for mode in a.modes:
        for seed in a.seeds:
            rows.append(build(spec, seed, mode, a.levels, middles=not a.edges_only, gives=not a.loose_only,
                              thick_middle=not a.plain_stacks, slot_odds=not a.mean_slots,
                              middle_check=not a.edges_beside_loose_middles, recent=a.recent or None,
                              held_only=a.held_only, carry_check=not a.push_known_carriers, guess=a.guess))
            sys.stderr.write(json.dumps({k: v for k, v in rows[-1].items() if k != "ops"}) + "\n")
            sys.stderr.flush()
            if not a.json:
                r = rows[-1]
                print(f"{mode:8s} seed {seed}: {r['height']} levels"
                      + ("" if r["fell_at_operation"] is None else f" (fell at operation {r['fell_at_operation']}: {r['fell_on']})"),
                      flush=True)
    out = {"variant": a.variant, "levels": a.levels, "results": rows,
           "built": {m: sum(r["built"] for r in rows if r["mode"] == m) for m in a.modes},
           "levels_reached": {m: {str(r["seed"]): r["levels_reached"] for r in rows if r["mode"] == m} for m in a.modes},
           "height": {m: {str(r["seed"]): r["height"] for r in rows if r["mode"] == m} for m in a.modes},
           "wall_s": time.perf_counter() - t0, "load_average": [round(x, 2) for x in os.getloadavg()]}
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"built {a.levels} levels: " + ", ".join(f"{m} {n} of {len(rows) // len(a.modes)}" for m, n in out["built"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
