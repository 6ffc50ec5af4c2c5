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

from assets.reader import AssetError  # noqa: E402
from sim import SimError, Tower, load_spec  # noqa: E402
from sim.arguments import MIN_SPEED_M_S, Parser, count_arg, output_file, real_arg, seeds_arg, whole_arg, workers_arg  # noqa: E402
from sim.riskmap import MAX_NOMINAL_SPEED_M_S, push_order, push_outcome, push_samples  # noqa: E402

DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "riskmap_brute.json"


def _push(job):
    spec, state, level, pos, push = job
    t0 = time.process_time()
    v = push_outcome(spec, state, level, pos, push)
    return [bool(v.collapsed), float(v.push_force_n), float(v.max_displacement_mm), time.process_time() - t0]


def load(path: Path = DEFAULT_OUT) -> dict:
    return json.loads(path.read_text()) if path.exists() else {"towers": {}}


def main(argv=None) -> int:
    p = Parser(description="Brute-force risk maps of fresh towers, cached as JSON.")
    p.add_argument("--variant", default="classic", help="a tower (classic, dk, mario) or a spec file")
    p.add_argument("--seeds", default="0-2", type=seeds_arg(),
                   help="tolerance seeds: A-B, one seed or a comma list, each once (default 0-2)")
    p.add_argument("--brute", type=count_arg(1, 10_000), default=64, help="pushes per block (default 64)")
    p.add_argument("--speed", type=real_arg(MIN_SPEED_M_S, MAX_NOMINAL_SPEED_M_S, " m/s"), default=0.1,
                   help=f"the nominal push speed, {MIN_SPEED_M_S:g} to {MAX_NOMINAL_SPEED_M_S:g} m/s (default 0.1)")
    p.add_argument("--workers", type=workers_arg, default=2)
    p.add_argument("--out", type=output_file, default=DEFAULT_OUT,
                   help="the cache file, read and rewritten (its folder must exist)")
    p.add_argument("--redo-level", type=whole_arg(0, 10_000), default=None, metavar="L",
                   help="re-run the cached blocks of level L of every tower of --seeds in --out (after a change "
                        "to the pushes of that level; sim_riskmap_grade.py --verify finds such changes)")
    a = p.parse_args(argv)
    a.out = Path(a.out)
    seeds = a.seeds
    try:
        spec = load_spec(a.variant)
    except (SimError, AssetError) as exc:
        p.error(f"--variant: {exc}")
    try:   # a file that is not such a cache is named now, and left as it is
        data = load(a.out)
        if not isinstance(data, dict) or not isinstance(data.get("towers"), dict):
            raise ValueError("it has no towers")
    except (ValueError, UnicodeDecodeError, OSError) as exc:
        p.error(f"--out: {a.out} is not a brute-force cache ({exc}); it is left as it is")
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
