"""The brute-force risk map the sequential map is graded against: every removable block of a fresh
tower pushed `--brute` times (the map's own pushes, in the map's order), every push's outcome kept.

The result is cached in a JSON file (one entry per tower, written as each tower finishes), so the
10,000-odd pushes are not run again: a tower already in the file is skipped. Run it under nice:

    nice -n 19 python benchmarks/sim_riskmap_brute.py [--variant classic] [--seeds 0-2] [--brute 64]
        [--out benchmarks/results/riskmap_brute.json]

Each push is [collapsed, median push force N, largest displacement of another block mm, CPU s]. A tower
made since the pushes' sides alternate (sim.riskmap._side) says "sides": "alternating"; the older ones,
whose sides were drawn, are in benchmarks/results/drawn_sides/ (benchmarks/sim_riskmap_sides.py).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sim import Tower, load_spec  # noqa: E402
from sim.riskmap import push_order, push_outcome, push_samples  # noqa: E402

DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "riskmap_brute.json"


def _push(job):
    spec, state, level, pos, push = job
    t0 = time.process_time()
    v = push_outcome(spec, state, level, pos, push)
    return [bool(v.collapsed), float(v.push_force_n), float(v.max_displacement_mm), time.process_time() - t0]


def load(path: Path = DEFAULT_OUT) -> dict:
    return json.loads(path.read_text()) if path.exists() else {"towers": {}}


def main(argv=None) -> int:
    import argparse
    p = argparse.ArgumentParser(description="Brute-force risk maps of fresh towers, cached as JSON.")
    p.add_argument("--variant", default="classic")
    p.add_argument("--seeds", default="0-2")
    p.add_argument("--brute", type=int, default=64)
    p.add_argument("--speed", type=float, default=0.1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", type=Path, default=DEFAULT_OUT)
    p.add_argument("--redo-level", type=int, default=None, metavar="L",
                   help="re-run the cached blocks of level L of every tower of --seeds in --out (after a change "
                        "to the pushes of that level; sim_riskmap_grade.py --verify finds such changes)")
    a = p.parse_args(argv)
    a_, b_ = (a.seeds.split("-") + [a.seeds])[:2]
    seeds = range(int(a_), int(b_) + 1)
    spec = load_spec(a.variant)
    data = load(a.out)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parent).stdout.strip()
    ctx = multiprocessing.get_context("fork")
    if a.redo_level is not None:
        with ProcessPoolExecutor(max_workers=a.workers, mp_context=ctx) as pool:
            for seed in seeds:
                entry = data["towers"].get(f"{a.variant}/{seed}/{a.brute}/{a.speed}")
                if not entry:
                    continue
                state = Tower(spec, seed).get_state()
                for block in entry["blocks"]:
                    if block["level"] != a.redo_level:
                        continue
                    l, q = block["level"], block["pos"]
                    jobs = [(spec, state, l, q, push) for push in push_order(push_samples(0, l, q, a.brute, a.speed))]
                    block["pushes"] = list(pool.map(_push, jobs, chunksize=4))
                    block["p_collapse"] = sum(r[0] for r in block["pushes"]) / len(block["pushes"])
                    block["commit"] = commit
                    a.out.write_text(json.dumps(data, indent=0))
                    print(f"{a.variant}/{seed} {l}:{q}: redone, p_collapse {block['p_collapse']:.3f}", flush=True)
        return 0
    with ProcessPoolExecutor(max_workers=a.workers, mp_context=ctx) as pool:
        for seed in seeds:
            key = f"{a.variant}/{seed}/{a.brute}/{a.speed}"
            entry = data["towers"].get(key)
            if entry and entry.get("complete", True):
                print(f"{key}: cached", flush=True)
                continue
            tower = Tower(spec, seed)
            state = tower.get_state()
            blocks = tower.removable()
            t0, load0 = time.perf_counter(), os.getloadavg()[0]
            if not entry:
                entry = {"variant": a.variant, "seed": seed, "map_seed": 0, "brute": a.brute, "speed": a.speed,
                         "sides": "alternating", "commit": commit, "wall_s": 0.0, "load_average": [load0], "complete": False, "blocks": []}
                data["towers"][key] = entry
            # A tower cut short (the file is written after every block) goes on from its next block.
            todo = blocks[len(entry["blocks"]):]
            jobs = [(spec, state, l, q, push) for l, q in todo
                    for push in push_order(push_samples(0, l, q, a.brute, a.speed))]
            runs = []
            for out in pool.map(_push, jobs, chunksize=4):
                runs.append(out)
                if len(runs) == a.brute:
                    l, q = todo[len(entry["blocks"]) - (len(blocks) - len(todo))]
                    entry["blocks"].append({"level": l, "pos": q, "pushes": runs,
                                            "p_collapse": sum(r[0] for r in runs) / len(runs)})
                    runs = []
                    entry["wall_s"] += time.perf_counter() - t0
                    t0 = time.perf_counter()
                    entry["complete"] = len(entry["blocks"]) == len(blocks)
                    a.out.write_text(json.dumps(data, indent=0))
            entry["load_average"].append(os.getloadavg()[0])
            a.out.write_text(json.dumps(data, indent=0))
            print(f"{key}: {len(jobs)} pushes", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
