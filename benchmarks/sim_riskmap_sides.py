"""Drawn or alternating sides: how often a sequential risk map misses the brute-force map by more than 0.15.

A block's p_collapse can differ a lot between the tower's two ends (a block one end of the tower pushes
out cleanly and the other end jams). When each perturbed push drew its side, a map of 8 pushes could get
6 from one end and read that end's figure; sim.riskmap now alternates the sides, so every even number of
a block's pushes is split evenly. This bootstraps both ways from the pushes of a brute-force cache
(benchmarks/sim_riskmap_brute.py), without physics: in each round every block's map is made again, its
nominal push the cached one, each perturbed push drawn (with replacement) from the cached perturbed
pushes of the side that push would come from, and the test run on them with sim.riskmap's own rule
(sim_riskmap_grade.replay). Against the side-balanced figure of the cache (the mean of its two sides'
fall rates), it counts the blocks beyond 0.15 per map, the maps with every block within, and the pushes
and CPU the maps would spend.

    python benchmarks/sim_riskmap_sides.py [--cache PATH ...] [--rounds 300] [--seed 0] [--json]

The cache's own scheme is read from each tower's "sides" field ("alternating", written by the brute
script since the change) and is "drawn" without it; the sides of a drawn cache's pushes are drawn again
here from the same seeded generator as they were when it was made.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sim import SimError, Tower, load_spec  # noqa: E402
from sim.arguments import Parser, count_arg, seed_arg  # noqa: E402
from sim.riskmap import _side, p_collapse, push_order, push_samples  # noqa: E402

import sim_riskmap_grade  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
DEFAULT = [RESULTS / "drawn_sides" / "riskmap_brute_3-5.json", RESULTS / "riskmap_brute_3-5.json"]


def drawn_sides(seed: int, level: int, pos: int, samples: int) -> list[int]:
    """The sides push_samples drew (index order, the nominal push +1) before they alternated: its
    generator draws the side first and then four more numbers for each perturbed push."""
    rng = np.random.default_rng([int(seed), int(level), int(pos), 0x7269736B])
    sides = [1]
    for _ in range(samples - 1):
        sides.append(int(rng.choice([-1, 1])))
        rng.uniform(0.8, 1.25), rng.normal(0.0, 3.0), rng.uniform(0.8, 1.0), rng.integers(0, 2**31 - 1)
    return sides


def run_order_sides(scheme: str, seed: int, level: int, pos: int, samples: int) -> list[int]:
    """The sides of a block's pushes in the order the test runs them (push_order), under `scheme`."""
    if scheme == "drawn":
        return push_order(drawn_sides(seed, level, pos, samples))
    return [p["side"] for p in push_order(push_samples(seed, level, pos, samples, 0.1))]


def bootstrap(tower: dict, safe: list, rounds: int, samples: int, rng) -> dict:
    """Both schemes' maps of one cached tower, `rounds` times: figures per map, averaged."""
    scheme = tower.get("sides", "drawn")
    blocks = []
    for b in tower["blocks"]:
        sides = run_order_sides(scheme, tower["map_seed"], b["level"], b["pos"], len(b["pushes"]))
        pool = {s: [r for k, (r, side) in enumerate(zip(b["pushes"], sides)) if k != 1 and side == s] for s in (-1, 1)}
        truth = float(np.mean([np.mean([r[0] for r in pool[s]]) for s in (-1, 1)]))
        blocks.append((b, pool, truth))
    alternating = [_side(i) for i in push_order(list(range(samples)))]    # the sides in running order
    out = {}
    for way in ("drawn", "alternating"):
        beyond, pushes, cpu, clean = [], [], [], 0
        for _ in range(rounds):
            miss = n_total = c_total = 0
            for (b, pool, truth), s in zip(blocks, safe):
                runs = []
                for k in range(samples):
                    if k == 1:
                        runs.append(b["pushes"][1])          # the nominal push: always the same
                        continue
                    side = int(rng.choice([-1, 1])) if way == "drawn" else alternating[k]
                    runs.append(pool[side][int(rng.integers(len(pool[side])))])
                n = sim_riskmap_grade.replay(runs, bool(s), samples)
                p = p_collapse(sum(bool(r[0]) for r in runs[:n]), n, samples)
                miss += abs(p - truth) > 0.15
                n_total += n
                c_total += sum(r[3] for r in runs[:n])
            beyond.append(miss)
            pushes.append(n_total)
            cpu.append(c_total)
            clean += miss == 0
        out[way] = {"beyond_0_15_per_map": round(float(np.mean(beyond)), 3), "maps_all_within": clean / rounds,
                    "pushes_per_map": round(float(np.mean(pushes)), 1), "cpu_s_per_map": round(float(np.mean(cpu)), 2)}
    lopsided = sum(abs(np.mean([r[0] for r in pool[-1]]) - np.mean([r[0] for r in pool[1]])) > 0.3
                   for _, pool, _ in blocks)
    return {"cache_sides": scheme, "blocks": len(blocks), "blocks_whose_sides_differ_by_over_0_3": int(lopsided), **out}


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cache", type=Path, nargs="+", default=DEFAULT)
    p.add_argument("--rounds", type=count_arg(), default=300, help="bootstrap rounds (default 300)")
    p.add_argument("--samples", type=count_arg(2, 1000), default=8, help="the map's pushes per block, at least 2 (default 8)")
    p.add_argument("--seed", type=seed_arg, default=0)
    p.add_argument("--json", action="store_true")
    p.add_argument("--calm-steps", default=None, metavar="N:MM,...",
                   help="try another safe rule than sim.riskmap.CALM_STEPS, e.g. 1:7,2:20,3:30,4:inf "
                        "(pushes:mm pairs, pushes rising; inf: decided whatever the drag)")
    a = p.parse_args(argv)
    if a.rounds < 1 or a.samples < 2:
        p.error("--rounds must be at least 1 and --samples at least 2")
    if a.calm_steps is not None:
        import sim.riskmap
        try:
            steps = tuple((int(n), float(mm)) for n, mm in (pair.split(":") for pair in a.calm_steps.split(",")))
        except ValueError:
            p.error(f"--calm-steps: write pushes:mm pairs separated by commas, e.g. 1:7,2:20,3:30,4:inf, "
                    f"not {a.calm_steps!r}")
        counts = [n for n, _ in steps]
        if counts != sorted(set(counts)) or counts[0] < 1 or counts[-1] > a.samples or any(mm != mm or mm <= 0 for _, mm in steps):
            p.error("--calm-steps: pushes must rise from 1 to at most --samples, distances be over 0 mm")
        sim.riskmap.CALM_STEPS = steps          # _decided and _next_stop read the module's rule
    missing = [str(c) for c in a.cache if not c.is_file()]
    if missing:   # named before the first cache's work, not after it
        p.error(f"no brute-force cache at {', '.join(missing)} (make one with benchmarks/sim_riskmap_brute.py)")
    rng = np.random.default_rng(a.seed)
    results = []
    caches = []
    for path in a.cache:  # every cache read and checked before the first one's work (an audit: tracebacks)
        try:
            towers = []
            for key, t in json.loads(path.read_text())["towers"].items():
                if not t.get("complete", True):
                    continue
                spec = load_spec(t["variant"])
                blocks = [(b["level"], b["pos"]) for b in t["blocks"]]
                safe = Tower(spec, t["seed"]).static_margins(blocks)[0] >= spec.verdict.near_critical_margin_mm
                towers.append((key, t, list(safe)))
        except (ValueError, KeyError, TypeError, AttributeError, IndexError, UnicodeDecodeError, OSError,
                SimError) as exc:
            p.error(f"--cache: {path} is not a brute-force cache ({type(exc).__name__}: {exc}); make one with "
                    "benchmarks/sim_riskmap_brute.py")
        caches.append((path, towers))
    if not any(towers for _, towers in caches):  # partial towers only: it printed nothing and exited 0 (an audit)
        p.error(f"--cache: {', '.join(map(str, a.cache))} holds no complete tower (a brute-force run still under way "
                "or stopped: finish it with benchmarks/sim_riskmap_brute.py and the same --out)")
    for path, towers in caches:
        for key, t, safe in towers:
            row = {"cache": path.name, "tower": key, **bootstrap(t, safe, a.rounds, a.samples, rng)}
            results.append(row)
            if not a.json:
                d, s = row["drawn"], row["alternating"]
                print(f"{path.name} {key} ({row['cache_sides']} sides; {row['blocks_whose_sides_differ_by_over_0_3']} "
                      f"of {row['blocks']} blocks fall over 0.3 more often from one end): blocks beyond 0.15 per map "
                      f"drawn {d['beyond_0_15_per_map']} -> alternating {s['beyond_0_15_per_map']}; maps all within "
                      f"{d['maps_all_within']:.0%} -> {s['maps_all_within']:.0%}; pushes {d['pushes_per_map']} -> "
                      f"{s['pushes_per_map']}, CPU {d['cpu_s_per_map']} -> {s['cpu_s_per_map']} s", flush=True)
    if a.json:
        print(json.dumps({"rounds": a.rounds, "samples": a.samples, "seed": a.seed, "towers": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
