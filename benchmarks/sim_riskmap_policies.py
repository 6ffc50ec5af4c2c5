"""Other stopping rules for the risk map's sequential test, tried offline on the brute-force caches.

Each cached block (benchmarks/sim_riskmap_brute.py: 64 pushes in the map's own order, every outcome and
its CPU seconds kept) is mapped again under each candidate rule without physics: the rule decides after
each push, as sim.riskmap's test does, how many of the block's pushes the map would run and what it
would report. Against the 64-push figure it counts the blocks beyond 0.15 per map, and it sums the pushes
and the CPU they took. Twice: in the cached order (what the map of that tower gives) and averaged over
`--orders` reshuffles of each block's pushes, the sides still alternating as the map runs them (the
expected misses, since one order is one draw of eight).

    python benchmarks/sim_riskmap_policies.py [--cache PATH ...] [--orders 40] [--seed 1] [--json]

The rules (the first is sim.riskmap's own):
- "map": CALM_STEPS 7 / 20 / 30 / 40 mm after 1 to 4 calm pushes, FALL_FIRST four falls (read 0.9,
  sim.riskmap.fell_every_time), 8 samples;
- "four falls read 1": the same, four falls in four read as certain (the map before 5 Dec);
- "three falls", "five falls", "six falls", "eight falls": FALL_FIRST changed (all reading 1);
- "calm after 1 only": no calm decision after more than one push;
- "calm 60 mm after 4", "calm 15/25/30 mm": the near-miss distances changed;
- "6 samples", "10 samples", "12 samples", "16 samples": at most that many pushes a block;
- "map, mixed blocks on to 16 / 32 / 48": the map's rule, then every block whose pushes both fell and stood
  (or that stopped at four falls in four) pushed on to that many, read as the share that fell.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sim import SimError, Tower, load_spec  # noqa: E402
from sim.arguments import Parser, count_arg, seed_arg  # noqa: E402
from sim.riskmap import CALM_STEPS, FALL_FIRST, _decided, _next_stop, p_collapse, push_order, push_samples  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
DEFAULT_CACHES = [RESULTS / "riskmap_brute_0-2.json", RESULTS / "riskmap_brute_3-5.json"]


def rule(name: str, calm=CALM_STEPS, fall_first: int = FALL_FIRST, samples: int = 8, jeffreys: bool = False,
         refine: int = 0) -> dict:
    return {"name": name, "calm": tuple(calm), "fall_first": fall_first, "samples": samples, "jeffreys": jeffreys,
            "refine": refine}


RULES = [
    rule("map", jeffreys=True),
    rule("four falls read 1"),
    rule("three falls", fall_first=3),
    rule("five falls", fall_first=5),
    rule("six falls", fall_first=6),
    rule("eight falls", fall_first=8),
    rule("calm after 1 only", calm=CALM_STEPS[:1]),
    rule("calm 60 mm after 4", calm=CALM_STEPS[:3] + ((4, 60.0),)),
    rule("calm 15/25/30 mm", calm=((1, 7.0), (2, 15.0), (3, 25.0), (4, 30.0))),
    rule("6 samples", samples=6),
    rule("10 samples", samples=10),
    rule("12 samples", samples=12),
    rule("16 samples", samples=16),
    # the map's rule, then a block left undecided between falling and standing (both among its pushes, or
    # stopped at four falls in four) pushed on to this many: the map's figures sharpened where they are uncertain
    rule("map, mixed blocks on to 16", jeffreys=True, refine=16),
    rule("map, mixed blocks on to 32", jeffreys=True, refine=32),
    rule("map, mixed blocks on to 48", jeffreys=True, refine=48),
]


def mapped(pushes: np.ndarray, safe: bool, r: dict) -> tuple[int, float]:
    """(pushes run, p_collapse reported) for a block whose pushes come out as `pushes` (rows: fell, force,
    largest displacement mm, CPU s) under rule r."""
    rule_of = {"calm": r["calm"], "fall_first": r["fall_first"]}
    n = 0
    while n < r["samples"] and not (n and _decided(pushes[:n], safe, **rule_of)):
        n = _next_stop(pushes[:n], r["samples"], **rule_of)
    falls = int(pushes[:n, 0].sum())
    if r.get("refine") and (0 < falls < n or falls == n >= r["fall_first"]):
        n = min(r["refine"], len(pushes))  # undecided: on to `refine` pushes, read as the share that fell
        return n, float(pushes[:n, 0].mean())
    if r["jeffreys"]:  # the map's own reading (its fall_first is FALL_FIRST)
        return n, p_collapse(falls, n, r["samples"])
    return n, falls / n


def _orders(sides: np.ndarray, rng, k: int) -> list[np.ndarray]:
    """The cached order, then k reshuffles within each side, the sides left in the map's running order."""
    plus, minus = np.flatnonzero(sides > 0), np.flatnonzero(sides < 0)
    out = [np.arange(len(sides))]
    for _ in range(k):
        pools = {1: list(rng.permutation(plus)), -1: list(rng.permutation(minus))}
        out.append(np.array([pools[int(s)].pop() for s in sides]))
    return out


def load(paths) -> list[tuple[str, list[dict]]]:
    """Every complete tower of the caches. A file that is not such a cache (not JSON, another shape) raises
    ValueError naming it (an audit: each gave a traceback)."""
    towers = []
    for path in paths:
        try:
            towers += _load_one(path)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError, UnicodeDecodeError, OSError,
                SimError) as exc:
            raise ValueError(f"{path} is not a brute-force cache ({type(exc).__name__}: {exc}); make one with "
                             "benchmarks/sim_riskmap_brute.py") from None
    return towers


def _load_one(path) -> list[tuple[str, list[dict]]]:
    towers = []
    for key, t in json.loads(Path(path).read_text())["towers"].items():
        if not t.get("complete", True):
            continue
        spec = load_spec(t["variant"])
        blocks = [(b["level"], b["pos"]) for b in t["blocks"]]
        margins = Tower(spec, t["seed"]).static_margins(blocks)[0]
        rows = []
        for b, m in zip(t["blocks"], margins):
            order = push_order(push_samples(t["map_seed"], b["level"], b["pos"], t["brute"], t["speed"]))
            rows.append({"safe": bool(m >= spec.verdict.near_critical_margin_mm),
                         "pushes": np.array(b["pushes"], dtype=float),
                         "sides": np.array([q["side"] for q in order]), "p": float(b["p_collapse"])})
        towers.append((key, rows))
    return towers


def grade(towers, r: dict, orders: int, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    per = []
    for key, rows in towers:
        miss, pushes, cpu = np.zeros(orders + 1), np.zeros(orders + 1), np.zeros(orders + 1)
        for row in rows:
            for j, o in enumerate(_orders(row["sides"], rng, orders)):
                runs = row["pushes"][o]
                n, p = mapped(runs, row["safe"], r)
                miss[j] += abs(p - row["p"]) > 0.15 + 1e-9
                pushes[j] += n
                cpu[j] += runs[:n, 3].sum()
        per.append({"tower": key, "beyond_0_15": int(miss[0]), "beyond_0_15_expected": round(float(miss[1:].mean()), 2),
                    "pushes": int(pushes[0]), "pushes_expected": round(float(pushes[1:].mean()), 1),
                    "cpu_s_expected": round(float(cpu[1:].mean()), 2)})
    return {"rule": r["name"], "towers": per,
            "beyond_0_15_expected_per_map": round(float(np.mean([t["beyond_0_15_expected"] for t in per])), 2),
            "pushes_expected_per_map": round(float(np.mean([t["pushes_expected"] for t in per])), 1),
            "cpu_s_expected_per_map": round(float(np.mean([t["cpu_s_expected"] for t in per])), 2)}


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cache", nargs="+", type=Path, default=DEFAULT_CACHES)
    p.add_argument("--orders", type=count_arg(), default=40, help="reshuffles of each block's pushes (default 40)")
    p.add_argument("--seed", type=seed_arg, default=1)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    missing = [str(c) for c in a.cache if not c.is_file()]
    if missing:
        p.error(f"no brute-force cache at {', '.join(missing)} (make one with benchmarks/sim_riskmap_brute.py)")
    try:
        towers = load(a.cache)
    except ValueError as exc:
        p.error(f"--cache: {exc}")
    if not towers:  # a run cut short holds partial towers only: a table of nan, exit 0, had been the answer
        p.error(f"--cache: {', '.join(map(str, a.cache))} holds no complete tower (a brute-force run still under way "
                "or stopped: finish it with benchmarks/sim_riskmap_brute.py and the same --out)")
    results = [grade(towers, r, a.orders, a.seed) for r in RULES]
    if a.json:
        print(json.dumps({"caches": [str(c) for c in a.cache], "orders": a.orders, "seed": a.seed, "rules": results}))
        return 0
    print(f"{len(towers)} towers; expected figures over {a.orders} reshuffles of each block's pushes")
    print("| rule | blocks beyond 0.15 a map (expected) | beyond 0.15, cached order, per tower | pushes a map | CPU s a map |")
    print("| --- | --- | --- | --- | --- |")
    for r in results:
        fixed = ", ".join(str(t["beyond_0_15"]) for t in r["towers"])
        print(f"| {r['rule']} | {r['beyond_0_15_expected_per_map']} | {fixed} | {r['pushes_expected_per_map']} "
              f"| {r['cpu_s_expected_per_map']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
