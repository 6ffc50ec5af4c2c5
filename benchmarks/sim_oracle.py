"""Run the oracle suite of sim/oracle.py: whole-game scenarios labelled by statics, played on the tower.

    python benchmarks/sim_oracle.py [--mode remove|extract] [--seeds 0-3] [--families ...] [--more] [--json PATH]

--more runs the families beyond the suite instead (sim.oracle.MORE_FAMILIES: middle-only runs from every
start level and up to 15 long, mixes from another random stream, the pro pattern to 40 levels), cases the
suite was never tuned on. Prints the accuracy (scenarios where the tower stood exactly where statics says it stands and fell at
the operation statics says it falls), by family, and the CPU time of every decision (median, p95, p99).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assets.reader import AssetError  # noqa: E402
from sim import SimError, load_spec  # noqa: E402
from sim.arguments import Parser, count_arg, output_file, seeds_arg  # noqa: E402
from sim.oracle import CAREFUL, FAMILIES, MARGIN_MM, MORE_FAMILIES, override, pro_ops, run_scenario, scenarios  # noqa: E402,F401


def _seeds(text: str) -> list[int]:
    """--seeds as python -m sim takes them (sim.arguments.seeds_arg: A-B, one seed or a comma list)."""
    return seeds_arg()(text)


def main(argv=None) -> int:
    p = Parser(description="Run the oracle suite (whole-game scenarios labelled by statics).")
    p.add_argument("--variant", default="classic", help="a tower (classic, dk, mario) or a spec file")
    p.add_argument("--mode", choices=["remove", "extract"], default="remove")
    p.add_argument("--seeds", default="0-3", type=seeds_arg(),
                   help="tolerance seeds: A-B, one seed or a comma list, each once (default 0-3)")
    p.add_argument("--families", nargs="*", default=None, choices=list(FAMILIES) + list(MORE_FAMILIES))
    p.add_argument("--more", action="store_true", help="run the families beyond the suite (MORE_FAMILIES)")
    p.add_argument("--limit", type=count_arg(), default=None, help="run only every n-th scenario")
    p.add_argument("--json", default=None, type=output_file,
                   help="write the per-scenario results here (its folder must exist)")
    p.add_argument("--physics", nargs="*", default=[], metavar="FIELD=VALUE",
                   help="override fields of the spec or of its physics section (to compare settings), "
                        "e.g. solver_iterations=100 or bow_sd_m=0")
    a = p.parse_args(argv)
    try:
        spec = load_spec(a.variant)
    except (SimError, AssetError) as exc:
        p.error(f"--variant: {exc}")
    try:
        spec = override(spec, a.physics)
    except (ValueError, TypeError, SimError) as exc:
        p.error(f"--physics {' '.join(a.physics)}: {exc} (write FIELD=VALUE)")
    except SystemExit as exc:   # override's own refusal of a field the spec does not have
        p.error(f"--physics: {exc}")
    if a.more and a.families:
        p.error("give --more or --families, not both")
    families = list(MORE_FAMILIES) if a.more else a.families
    suite = scenarios(spec, a.seeds, families, a.mode)
    if not suite:
        p.error("no scenarios to run for these --families and --seeds")
    if a.limit:
        suite = suite[::a.limit]
    results = []
    t0 = time.perf_counter()
    for k, s in enumerate(suite):
        r = run_scenario(spec, s, a.mode)
        results.append({**s, **r})
        if not r["right"]:
            print(f"WRONG seed {s['seed']} {s['family']}: {s['name']} (statics falls at {s['falls_at']}, "
                  f"sim at {r['collapsed_at']}, {len(s['ops'])} ops)", flush=True)
        done, total = k + 1, len(suite)
        if sys.stderr.isatty():
            sys.stderr.write(f"\r{done}/{total} {time.perf_counter() - t0:.0f}s")
        elif done == total or done * 10 // total != (done - 1) * 10 // total:  # a log: a line each tenth
            sys.stderr.write(f"{done}/{total} {time.perf_counter() - t0:.0f}s\n")
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    cpu = np.array([d for r in results for d in r["cpu_ms"]])
    summary = {"variant": a.variant, "mode": a.mode, "scenarios": len(results),
               "right": int(sum(r["right"] for r in results)),
               "by_family": {f: [int(sum(r["right"] for r in results if r["family"] == f)),
                                 sum(1 for r in results if r["family"] == f)]
                             for f in (families or FAMILIES)},
               "decisions": int(len(cpu)), "cpu_ms_median": float(np.median(cpu)),
               "cpu_ms_p95": float(np.percentile(cpu, 95)), "cpu_ms_p99": float(np.percentile(cpu, 99)),
               "cpu_ms_max": float(cpu.max()), "wall_s": time.perf_counter() - t0}
    print(json.dumps(summary, indent=1))
    if a.json:
        Path(a.json).write_text(json.dumps({"summary": summary, "results": results}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
