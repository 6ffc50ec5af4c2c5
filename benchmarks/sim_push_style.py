"""Does the way a block is pushed matter in the direction players know? Careless pushes (fast, shaky)
should topple a tower more often than careful ones (slow to moderate, steady), and a careful push of a
loose block should practically never topple it.

Every removable block of a fresh classic tower is extracted from the fresh tower, for each tower seed,
push style and tremor seed. A block is tight when its touch test (sim's probe) needs more than the
gentle-touch force or moves another block 0.5 mm; loose otherwise.

    .venv/bin/python benchmarks/sim_push_style.py [--seeds 0 1] [--tremors 0 1 2] [--workers 2] [--json PATH]
        [--style NAME=SPEED,STEADINESS ...]   (default: careful=0.02,0.95 careless=0.08,0.3)
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.environ.get("SIM_ROOT") or os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from sim import Tower, load_spec  # noqa: E402

STYLES = {
    "careful": {"speed": 0.020, "steadiness": 0.95},
    "careless": {"speed": 0.080, "steadiness": 0.30},
}
SCREEN_MM = 0.5
SPEC = "classic"


def _touch(args):
    seed, level, pos = args
    spec = load_spec(SPEC)
    p = Tower(spec, seed).probe(level, pos)
    return (seed, level, pos), p.force_n > spec.hand.touch_force_n or p.tower_motion_mm >= SCREEN_MM


def _push(args):
    seed, level, pos, style, tremor = args
    v = Tower(load_spec(SPEC), seed).extract(level, pos, side=1 if tremor % 2 == 0 else -1,
                                                  tremor=tremor, **STYLES[style])
    return (seed, level, pos, style, tremor), v.collapsed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    ap.add_argument("--tremors", type=int, nargs="+", default=[0, 1, 2])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--spec", default="classic", help="a tower name (classic, dk, mario) or a spec JSON path")
    ap.add_argument("--json")
    ap.add_argument("--style", action="append", metavar="NAME=SPEED,STEADINESS",
                    help="a push style to try instead of the default two (repeatable)")
    a = ap.parse_args(argv)
    global SPEC
    SPEC = a.spec
    if a.style:
        STYLES.clear()
        for text in a.style:
            name, _, values = text.partition("=")
            speed, steadiness = (float(x) for x in values.split(","))
            STYLES[name] = {"speed": speed, "steadiness": steadiness}
    t0 = time.perf_counter()
    load = os.getloadavg()[0]
    blocks = [(s, l, p) for s in a.seeds for l, p in Tower(load_spec(SPEC), s).removable()]
    with multiprocessing.get_context("fork").Pool(a.workers) as pool:
        tight = dict(pool.map(_touch, blocks))
        jobs = [(s, l, p, style, tr) for s, l, p in blocks for style in STYLES for tr in a.tremors]
        fell = dict(pool.map(_push, jobs, chunksize=1))
    table = {}
    for (s, l, p, style, tr), f in fell.items():
        kind = "tight" if tight[(s, l, p)] else "loose"
        row = table.setdefault((kind, style), [0, 0])
        row[0] += f
        row[1] += 1
    n_tight = sum(tight.values())
    print(f"classic, seeds {a.seeds}, tremor seeds {a.tremors}: {len(blocks)} blocks, {n_tight} tight, "
          f"{len(blocks) - n_tight} loose; load {load:.2f}, {time.perf_counter() - t0:.0f} s")
    print("| blocks | push | toppled | rate |\n| --- | --- | --- | --- |")
    for kind in ("tight", "loose"):
        for style in STYLES:
            f, n = table.get((kind, style), (0, 0))
            st = STYLES[style]
            print(f"| {kind} | {style} ({st['speed']} m/s, steadiness {st['steadiness']}) | {f} of {n} | "
                  f"{100.0 * f / max(n, 1):.0f}% |")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"load": load, "styles": STYLES, "seeds": a.seeds, "tremors": a.tremors,
                       "tight": [list(k) for k, v in tight.items() if v],
                       "toppled": [list(k) for k, v in fell.items() if v],
                       "pushes": len(fell)}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
