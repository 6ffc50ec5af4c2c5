"""Putting a block back: how far a live push that is let go early, or drawn back, moves the rest of the tower.

For every removable block of fresh towers, a live push (sim.live.LivePush, the window's) moves the block out
`--depth` mm at 5 cm/s, one sample a frame at 60 Hz, and lets go: under half its length out, the hand puts
it back (LivePush.finish). For each block it reports how far the push itself moved any other block, how far
the whole (push and put back) left any other block from where it was built, and whether the tower fell.
The put back's own share is the second figure less the first, when positive: a block that really dragged
the tower out keeps what it moved, and a put back should add nothing to it.

    .venv/bin/python benchmarks/sim_put_back.py [--variant classic] [--seeds 0-1] [--depth 25] [--json]
"""

from __future__ import annotations

import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.environ.get("SIM_ROOT") or os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from sim import Tower, load_spec  # noqa: E402
from sim.arguments import Parser, real_arg, seeds_arg  # noqa: E402
from sim.live import LivePush  # noqa: E402
from sim.spec import TOWERS  # noqa: E402

SPEED_M_S = 0.05
RATE_HZ = 60


def put_back(spec, seed: int, level: int, pos: int, depth_m: float) -> dict:
    tower = Tower(spec, seed)
    before = tower.poses()
    live = LivePush(spec, tower, level, pos, +1)
    others = np.array([i for i in range(len(before)) if i != live.b and tower.level_of[i] >= 0])
    frames = int(np.ceil(depth_m / SPEED_M_S * RATE_HZ))
    for i in range(frames + 1):
        t = i / RATE_HZ
        s = live.sample_at(t, min(depth_m, SPEED_M_S * t))
        if s is not None:
            live.feed(s, read=False)
    pushed = live.world.poses()
    push_mm = float(np.linalg.norm(pushed[others, :2] - before[others, :2], axis=1).max() * 1000.0)
    result = live.finish()
    left_mm = float((tower.poses()[live.b, :3] - before[live.b, :3]) @ live.push * 1000.0)
    whole_mm = float(np.linalg.norm(tower.poses()[others, :2] - before[others, :2], axis=1).max() * 1000.0)
    return {"seed": seed, "level": level, "pos": pos, "push_mm": round(push_mm, 2), "whole_mm": round(whole_mm, 2),
            "put_back_mm": round(max(0.0, whole_mm - push_mm), 2), "left_out_mm": round(left_mm, 2), "fell": bool(result.verdict.collapsed),
            "taken": bool(result.taken)}


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", choices=sorted(TOWERS), default="classic")
    p.add_argument("--seeds", type=seeds_arg(), default=[0, 1], help="tower seeds, A-B or A (default 0-1)")
    p.add_argument("--depth", type=real_arg(1.0, 35.0, " mm"), default=25.0,
                   help="how far the block is pushed out before the let go, mm (under half its length; default 25)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    spec = load_spec(a.variant)
    t0, cpu0 = time.perf_counter(), time.process_time()
    rows = []
    for seed in a.seeds:
        levels = Tower(spec, seed).num_levels
        for level in range(levels - 1):
            for pos in range(3):
                rows.append(put_back(spec, seed, level, pos, a.depth / 1000.0))
    extra = np.array([r["put_back_mm"] for r in rows])
    summary = {"variant": a.variant, "seeds": a.seeds, "depth_mm": a.depth, "blocks": len(rows),
               "fell": sum(r["fell"] for r in rows), "put_back_over_2mm": int((extra > 2).sum()),
               "put_back_over_5mm": int((extra > 5).sum()), "put_back_over_10mm": int((extra > 10).sum()),
               "put_back_max_mm": float(extra.max()), "put_back_total_mm": round(float(extra.sum()), 1),
               "left_out_over_3mm": sum(r["left_out_mm"] > 3 and not r["fell"] for r in rows),
               "wall_s": round(time.perf_counter() - t0, 1), "cpu_s": round(time.process_time() - cpu0, 1),
               "worst": sorted(rows, key=lambda r: -r["put_back_mm"])[:8]}
    if a.json:
        print(json.dumps(summary))
    else:
        print(f"{summary['blocks']} blocks pushed out {a.depth:g} mm and let go ({a.variant}, seeds {a.seeds[0]} to "
              f"{a.seeds[-1]}): the tower fell {summary['fell']} times; the put back moved the tower more than 2 mm "
              f"{summary['put_back_over_2mm']} times, 5 mm {summary['put_back_over_5mm']}, 10 mm "
              f"{summary['put_back_over_10mm']} (at most {summary['put_back_max_mm']:.1f} mm, "
              f"{summary['put_back_total_mm']:.1f} mm in all); {summary['left_out_over_3mm']} blocks stayed more than "
              f"3 mm out; {summary['wall_s']} s")
        for r in summary["worst"]:
            print(f"  seed {r['seed']} {r['level']}:{r['pos']}: the push moved the tower {r['push_mm']:.1f} mm, "
                  f"push and put back {r['whole_mm']:.1f} mm, the block left {r['left_out_mm']:.1f} mm out"
                  f"{' (fell)' if r['fell'] else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
