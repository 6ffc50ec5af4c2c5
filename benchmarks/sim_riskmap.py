"""The risk map against a brute-force map, and its time on every fresh tower.

- time: `risk_map(spec, Tower(spec, seed), samples=8, workers=2)` for every fresh tower of the seeds
  (wall seconds, the load average beside them);
- graded: on the first `--graded` towers, every removable block pushed `--brute` times (the map's own
  perturbed pushes, prune=False) against the sequential map; the largest |difference| of p_collapse.
  The brute-force maps come from benchmarks/results/riskmap_brute.json (made by
  benchmarks/sim_riskmap_brute.py, ~10,000 pushes for 3 towers: run it first, under nice; also
  riskmap_brute_*.json); a tower missing from them is brute-forced here and not cached.
  benchmarks/sim_riskmap_grade.py grades from the cache alone, block by block, without physics.

    python benchmarks/sim_riskmap.py [--variant classic] [--seeds 0-9] [--graded 3] [--brute 64] [--json]
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assets.reader import AssetError  # noqa: E402
from sim import SimError, Tower, load_spec, risk_map  # noqa: E402
from sim.arguments import Parser, count_arg, seeds_arg, workers_arg  # noqa: E402

import sim_riskmap_brute  # noqa: E402


def _seeds(text: str) -> list[int]:
    """--seeds as python -m sim takes them (sim.arguments.seeds_arg: A-B, one seed or a comma list)."""
    return seeds_arg()(text)


def main(argv=None) -> int:
    p = Parser(description="Time the risk map on fresh towers and grade it against a brute-force map.")
    p.add_argument("--variant", default="classic", help="a tower (classic, dk, mario) or a spec file")
    p.add_argument("--seeds", default="0-9", type=seeds_arg(),
                   help="tolerance seeds: A-B, one seed or a comma list, each once (default 0-9)")
    p.add_argument("--graded", type=count_arg(0), default=3, help="how many of the towers to grade (0: none)")
    p.add_argument("--brute", type=count_arg(1, 10_000), default=64, help="pushes per block of the brute-force map")
    p.add_argument("--workers", type=workers_arg, default=2)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    try:
        spec = load_spec(a.variant)
    except (SimError, AssetError) as exc:
        p.error(f"--variant: {exc}")
    out = {"variant": a.variant, "workers": a.workers, "load_average_start": [round(x, 2) for x in os.getloadavg()],
           "towers": []}
    cache = {}
    for path in sorted(sim_riskmap_brute.DEFAULT_OUT.parent.glob("riskmap_brute*.json")):
        cache.update({k: t for k, t in sim_riskmap_brute.load(path)["towers"].items() if t.get("complete", True)})
    for k, seed in enumerate(a.seeds):
        tower = Tower(spec, seed)
        t0, c0 = time.perf_counter(), os.times()
        rows = risk_map(spec, tower, samples=8, seed=0, workers=a.workers)
        c1 = os.times()
        cpu = (c1.user + c1.system + c1.children_user + c1.children_system
               - c0.user - c0.system - c0.children_user - c0.children_system)
        row = {"seed": seed, "riskmap_s": time.perf_counter() - t0, "cpu_s": cpu,
               "pushes": sum(r["samples_run"] for r in rows), "risky_blocks": sum(r["p_collapse"] > 0 for r in rows),
               "load_average": round(os.getloadavg()[0], 2)}
        if k < a.graded:
            t0 = time.perf_counter()
            cached = cache.get(f"{a.variant}/{seed}/{a.brute}/0.1")
            if cached:
                brute = cached["blocks"]
                assert [(b["level"], b["pos"]) for b in brute] == [(r["level"], r["pos"]) for r in rows]
            else:
                brute = risk_map(spec, tower, samples=a.brute, seed=0, workers=a.workers, prune=False)
            diffs = [abs(r["p_collapse"] - b["p_collapse"]) for r, b in zip(rows, brute)]
            row.update({"brute_s": time.perf_counter() - t0, "brute_pushes": a.brute,
                        "largest_difference": max(diffs), "blocks_within_0_15": sum(d <= 0.15 for d in diffs),
                        "blocks": len(diffs),
                        "worst": [{"level": r["level"], "pos": r["pos"], "map": r["p_collapse"], "brute": b["p_collapse"]}
                                  for r, b, d in zip(rows, brute, diffs) if d > 0.15]})
        out["towers"].append(row)
        if not a.json:
            extra = "" if k >= a.graded else (f"; brute force {a.brute} pushes: largest difference "
                                              f"{row['largest_difference']:.3f}, {row['blocks_within_0_15']}/{row['blocks']} within 0.15")
            print(f"seed {seed}: risk map {row['riskmap_s']:.1f} s, {row['cpu_s']:.1f} s CPU ({row['pushes']} pushes, "
                  f"load {row['load_average']}){extra}", flush=True)
    out["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    out["riskmap_s_max"] = max(t["riskmap_s"] for t in out["towers"])
    if a.json:
        print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
