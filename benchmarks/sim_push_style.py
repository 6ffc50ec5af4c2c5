"""Safe pulls stand, careless ones don't: does the way a block is pushed matter as players know?

Every removable block of fresh towers is first touched (sim.census: loose when it gives under the
gentle touch while the rest of the tower moves less than 0.5 mm; load-bearing otherwise), then pulled
out of the fresh tower in each push style and tremor seed. The claims (issue 12, item 5): a careful pull
of a loose block never topples the tower; careless pulls of load-bearing blocks topple it often.

    .venv/bin/python benchmarks/sim_push_style.py [--seeds 0-9] [--tremors 0] [--workers 2] [--json PATH]
        [--style NAME=SPEED,STEADINESS ...]   (default: careful=0.02,0.95 careless=0.08,0.3)
        [--all]   (also careless pulls of loose blocks and careful pulls of load-bearing ones)

By default only the two pairs the claims are about run (careful x loose, careless x load-bearing).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.environ.get("SIM_ROOT") or os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from assets.reader import AssetError  # noqa: E402
from sim import SimError, Tower, load_spec  # noqa: E402
from sim.census import seed_text, touch_tower  # noqa: E402
from sim.arguments import (MAX_SEED, MAX_SPEED_M_S, MIN_SPEED_M_S, Parser, output_file,  # noqa: E402
                           seeds_arg, whole_arg, workers_arg)

STYLES = {
    "careful": {"speed": 0.020, "steadiness": 0.95},
    "careless": {"speed": 0.080, "steadiness": 0.30},
}
CLAIMS = {("loose", "careful"), ("load-bearing", "careless")}
SPEC = "classic"


def _touch(seed):
    return touch_tower(load_spec(SPEC), seed)


def _push(args):
    seed, level, pos, style, tremor = args
    v = Tower(load_spec(SPEC), seed).extract(level, pos, side=1 if (tremor + level + pos) % 2 == 0 else -1,
                                             tremor=tremor, **STYLES[style])
    return (seed, level, pos, style, tremor), v.collapsed


def parse_seeds(text: str) -> list[int]:
    """--seeds as python -m sim takes them (sim.arguments.seeds_arg: A-B, one seed or a comma list)."""
    return seeds_arg()(text)


def run(seeds, tremors, workers=2, everything=False, spec=SPEC):
    """The pulls and their outcomes: {"kinds": {(seed, level, pos): kind}, "fell": {job: bool}, ...}."""
    global SPEC
    SPEC = spec
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        rows = [r for part in pool.map(_touch, seeds, chunksize=1) for r in part]
        kinds = {(r["seed"], r["level"], r["pos"]): "loose" if r["loose"] else "load-bearing" for r in rows}
        jobs = [(s, l, p, style, tr) for (s, l, p), kind in kinds.items() for style in STYLES for tr in tremors
                if everything or (kind, style) in CLAIMS or style not in ("careful", "careless")]
        fell = dict(pool.map(_push, jobs, chunksize=1))
    table = {}
    for (s, l, p, style, tr), f in fell.items():
        row = table.setdefault((kinds[(s, l, p)], style), [0, 0])
        row[0] += int(f)
        row[1] += 1
    return {"kinds": kinds, "fell": fell, "table": table}


def main(argv=None) -> int:
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="0-9", type=seeds_arg(),
                    help="tower seeds: A-B, one seed or a comma list, each once (default 0-9)")
    ap.add_argument("--tremors", type=whole_arg(0, MAX_SEED), nargs="+", default=[0])
    ap.add_argument("--workers", type=workers_arg, default=2)
    ap.add_argument("--spec", default="classic", help="a tower name (classic, dk, mario) or a spec JSON path")
    ap.add_argument("--json", type=output_file, help="also write the figures here (its folder must exist)")
    ap.add_argument("--all", action="store_true", help="every style on every block, not only the claims")
    ap.add_argument("--style", action="append", metavar="NAME=SPEED,STEADINESS",
                    help="a push style to try instead of the default two (repeatable)")
    a = ap.parse_args(argv)
    try:
        load_spec(a.spec)
    except (SimError, AssetError) as exc:
        ap.error(f"--spec: {exc}")
    if a.style:
        styles = {}
        for text in a.style:
            name, _, values = text.partition("=")
            try:
                speed, steadiness = (float(x) for x in values.split(","))
            except ValueError:
                ap.error(f"--style {text!r}: write NAME=SPEED,STEADINESS, e.g. gentle=0.02,0.9")
            if not name.strip() or name in styles:
                ap.error(f"--style {text!r}: each style needs a name of its own")
            if not MIN_SPEED_M_S <= speed <= MAX_SPEED_M_S or not 0.0 <= steadiness <= 1.0:
                ap.error(f"--style {text!r}: the speed is {MIN_SPEED_M_S:g} to {MAX_SPEED_M_S:g} m/s and the "
                         "steadiness 0 to 1")
            styles[name] = {"speed": speed, "steadiness": steadiness}
        STYLES.clear()
        STYLES.update(styles)
    seeds = a.seeds
    t0 = time.perf_counter()
    load = os.getloadavg()[0]
    out = run(seeds, a.tremors, a.workers, a.all, a.spec)
    kinds, fell, table = out["kinds"], out["fell"], out["table"]
    n_loose = sum(k == "loose" for k in kinds.values())
    print(f"{a.spec}, seeds {seed_text(seeds)}, tremor seeds {a.tremors}: {len(kinds)} blocks, {n_loose} loose, "
          f"{len(kinds) - n_loose} load-bearing; load {load:.2f} at the start, {time.perf_counter() - t0:.0f} s")
    print("| blocks | pull | toppled | rate |\n| --- | --- | --- | --- |")
    for kind in ("loose", "load-bearing"):
        for style in STYLES:
            if (kind, style) not in table:
                continue
            f, n = table[(kind, style)]
            st = STYLES[style]
            print(f"| {kind} | {style} ({st['speed']} m/s, steadiness {st['steadiness']}) | {f} of {n} | "
                  f"{100.0 * f / max(n, 1):.0f}% |")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"load": load, "styles": STYLES, "seeds": seeds, "tremors": a.tremors,
                       "loose": [list(k) for k, v in kinds.items() if v == "loose"],
                       "table": {f"{k}|{s}": v for (k, s), v in table.items()},
                       "toppled": [list(k) for k, v in fell.items() if v],
                       "pulls": len(fell)}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
