"""The touch census window by window: how far its figures stray between groups of seeds.

Issue 12's census targets are set on classic seeds 0 to 9. This runs the same census (sim.census) on many
more fresh towers, cut into windows of consecutive seeds (10 by default, the size of the target's
window), and prints each window's figures beside the real towers' (PHYSICS.md), then the spread over the
windows. With --bow-mean it does so for other values of the fitted middle bow (sim/layout.py) as well,
to see what a refit would do before anyone changes the tower.

    .venv/bin/python benchmarks/sim_census_windows.py [--variant classic] [--seeds 0-99] [--window 10]
        [--bow-mean MM ...] [--workers 2] [--json]
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import time

sys.path.insert(0, os.environ.get("SIM_ROOT") or os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from sim import load_spec  # noqa: E402
from sim.census import census  # noqa: E402
from sim.arguments import Parser, count_arg, real_arg, seeds_arg, workers_arg  # noqa: E402
from sim.cli import CENSUS_SEEDS  # noqa: E402
from sim.spec import TOWERS  # noqa: E402

FIGURES = ("loose_per_level", "middle", "both edges", "one edge", "none", "all three", "force_ratio_lower_half")


def _figures(summary: dict) -> dict:
    shares = summary["shares"]
    return {"loose_per_level": summary["loose_per_level"], "middle": shares["middle"],
            "both edges": shares["both edges"], "one edge": shares["one edge"], "none": shares["none"],
            "all three": shares["all three"], "force_ratio_lower_half": summary["force_ratio_lower_half"]}


def run(variant: str, seeds: list[int], window: int, bow_means_mm: list[float | None], workers: int) -> dict:
    base = load_spec(variant)
    out = {"variant": variant, "seeds": [seeds[0], seeds[-1]], "window": window, "runs": []}
    for bow in bow_means_mm:
        spec = base if bow is None else dataclasses.replace(base, bow_mean_m=bow / 1000.0)
        t0 = time.perf_counter()
        windows = []
        for i in range(0, len(seeds), window):
            group = seeds[i:i + window]
            summary, _ = census(spec, group, workers=workers)
            windows.append({"seeds": [group[0], group[-1]], **_figures(summary)})
        spread = {f: [min(w[f] for w in windows), max(w[f] for w in windows),
                      round(sum(w[f] for w in windows) / len(windows), 4)] for f in FIGURES}
        out["runs"].append({"bow_mean_mm": round(spec.bow_mean_m * 1000.0, 4), "windows": windows,
                            "min_max_mean": spread, "wall_s": round(time.perf_counter() - t0, 1),
                            "real": {"loose_per_level": summary["real_loose_per_level"], **summary["real_shares"]}})
    return out


def main(argv=None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", choices=TOWERS, default="classic")
    p.add_argument("--seeds", default="0-99", type=seeds_arg(CENSUS_SEEDS),
                   help=f"tolerance seeds A-B, one seed or a comma list, each once, at most {CENSUS_SEEDS} (default 0-99)")
    p.add_argument("--window", type=count_arg(), default=10, help="seeds a window (default 10)")
    p.add_argument("--bow-mean", type=real_arg(-0.5, 0.5, " mm"), action="append", default=None, metavar="MM",
                   help="the middle bow's mean in mm instead of the tower's own, -0.5 to 0.5 (repeatable)")
    p.add_argument("--workers", type=workers_arg, default=2)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    a = p.parse_args(argv)
    seeds = a.seeds
    if not 1 <= a.window <= len(seeds):
        p.error(f"--window must be from 1 to the number of seeds ({len(seeds)}), got {a.window}")
    bows = [None, *(a.bow_mean or [])]
    result = run(a.variant, seeds, a.window, bows, a.workers)
    if a.json:
        print(json.dumps(result, indent=1))
        return 0
    for r in result["runs"]:
        print(f"{a.variant}, middle bow mean {r['bow_mean_mm']} mm ({r['wall_s']} s):")
        print(f"  {'seeds':>9}  {'loose/level':>11}  {'middle':>7}  {'both edges':>10}  {'all three':>9}  {'force ratio':>11}")
        for w in r["windows"]:
            print(f"  {w['seeds'][0]:>4}-{w['seeds'][1]:<4}  {w['loose_per_level']:>11.3f}  {w['middle']:>7.1%}  "
                  f"{w['both edges']:>10.1%}  {w['all three']:>9.1%}  {w['force_ratio_lower_half']:>10.1f}x")
        s, real = r["min_max_mean"], r["real"]
        print(f"  {'min..max':>9}  {s['loose_per_level'][0]:.2f}..{s['loose_per_level'][1]:.2f}  "
              f"{s['middle'][0]:.0%}..{s['middle'][1]:.0%}  {s['both edges'][0]:.0%}..{s['both edges'][1]:.0%}")
        print(f"  {'mean':>9}  {s['loose_per_level'][2]:>11.3f}  {s['middle'][2]:>7.1%}  {s['both edges'][2]:>10.1%}  "
              f"{s['all three'][2]:>9.1%}  {s['force_ratio_lower_half'][2]:>10.1f}x")
        print(f"  {'real':>9}  {real['loose_per_level']:>11.3f}  {real['middle']:>7.1%}  {real['both edges']:>10.1%}  "
              f"{real['all three']:>9.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
