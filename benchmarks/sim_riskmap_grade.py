"""Grade the sequential risk map against the cached brute-force maps, block by block, offline.

The brute-force map (benchmarks/sim_riskmap_brute.py) runs each block's pushes in the map's own order,
so the sequential map of a block is the outcome of its first pushes: the test is replayed here on the
cached outcomes with sim.riskmap's own decision rule (no physics runs), giving for every cached block
the map's p_collapse, the pushes it would run and their CPU seconds, against the 64-push p_collapse.

    python benchmarks/sim_riskmap_grade.py [--samples 8] [--json] [--verify N]

--verify N (default 1) first re-runs the first push of N blocks of every cached tower (spread over its
levels) on the code as it is and checks that each comes out as cached, bit for bit (fall, force,
displacement): a cache made on other physics is reported and not graded (--verify 0 grades every cache
unchecked).
"""

from __future__ import annotations

import glob
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sim import Tower, load_spec  # noqa: E402
from sim.arguments import Parser, count_arg  # noqa: E402
from sim.riskmap import _decided, _next_stop, p_collapse, push_order, push_outcome, push_samples  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def replay(runs: list, safe: bool, samples: int) -> int:
    """How many pushes the sequential test runs on a block whose pushes come out as `runs`."""
    n = 0
    while n < samples and not (n and _decided(runs[:n], safe)):
        n = _next_stop(runs[:n], samples)
    return n


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--samples", type=count_arg(1, 1000), default=8, help="the map's pushes per block (default 8)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--verify", type=count_arg(0), default=1, metavar="N",
                   help="re-run the first push of N cached blocks per tower and check it matches the cache "
                        "(a tower whose cache does not match is not graded; 0: no check)")
    a = p.parse_args(argv)
    out = []
    mismatches = 0
    for path in sorted(glob.glob(str(RESULTS / "riskmap_brute*.json"))):
        for key, t in json.loads(Path(path).read_text())["towers"].items():
            spec = load_spec(t["variant"])
            blocks = [(b["level"], b["pos"]) for b in t["blocks"]]
            if not blocks:
                continue
            safe = Tower(spec, t["seed"]).static_margins(blocks)[0] >= spec.verdict.near_critical_margin_mm
            stale = False
            if a.verify:
                state = Tower(spec, t["seed"]).get_state()
                picks = t["blocks"][:: max(1, len(t["blocks"]) // a.verify)][: a.verify]
                for b in picks:
                    push = push_order(push_samples(t["map_seed"], b["level"], b["pos"], t["brute"], t["speed"]))[0]
                    v = push_outcome(spec, state, b["level"], b["pos"], push)
                    cached = b["pushes"][0]
                    same = [bool(v.collapsed), float(v.push_force_n), float(v.max_displacement_mm)] == cached[:3]
                    mismatches += not same
                    stale = stale or not same
                    if not same or not a.json:
                        print(f"{key} {b['level']}:{b['pos']} first push {'as cached' if same else 'DIFFERS from the cache'}",
                              file=sys.stderr if a.json else sys.stdout, flush=True)
            if stale:
                print(f"{key}: made on other physics (its pushes no longer come out as cached): not graded",
                      file=sys.stderr if a.json else sys.stdout, flush=True)
                continue
            rows = []
            for b, s in zip(t["blocks"], safe):
                n = replay(b["pushes"], bool(s), a.samples)
                p_map = p_collapse(sum(bool(r[0]) for r in b["pushes"][:n]), n, a.samples)
                rows.append({"level": b["level"], "pos": b["pos"], "pushes": n, "map": p_map,
                             "brute": b["p_collapse"], "difference": abs(p_map - b["p_collapse"]),
                             "cpu_s": sum(r[3] for r in b["pushes"][:n])})
            out.append({"tower": key, "complete": t.get("complete", True), "blocks": len(rows),
                        "pushes": sum(r["pushes"] for r in rows), "cpu_s": sum(r["cpu_s"] for r in rows),
                        "largest_difference": max(r["difference"] for r in rows),
                        "within_0_15": sum(r["difference"] <= 0.15 for r in rows),
                        "worst": [r for r in rows if r["difference"] > 0.15]})
            if not a.json:
                o = out[-1]
                print(f"{key}{'' if o['complete'] else ' (partial)'}: {o['within_0_15']}/{o['blocks']} blocks within 0.15 "
                      f"(largest difference {o['largest_difference']:.3f}); the map would run {o['pushes']} pushes, "
                      f"{o['cpu_s']:.1f} s CPU; beyond 0.15: {[(r['level'], r['pos'], r['map'], r['brute']) for r in o['worst']]}")
    if a.json:
        print(json.dumps(out, indent=1))
    if mismatches:
        print(f"{mismatches} re-run pushes differ from their cache: those towers were made on other physics "
              "and were not graded (re-make them with benchmarks/sim_riskmap_brute.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
