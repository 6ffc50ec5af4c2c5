"""The touch census: which blocks of fresh towers are loose, level by level, beside the real towers.

Every removable block of a fresh tower is touched with `Tower.probe` (a 2 mm push at 1 cm/s). A block
is loose when it gives under the gentle touch (the spec's `hand.touch_force_n`) while the rest of the
tower moves less than `STILL_MM`; otherwise it bears load. Each level whose three blocks are all
removable then falls in one configuration: no block loose, one edge, the middle, both edges, the
middle and one edge, all three. The real figures are the 188 labelled levels of real wooden towers
in PHYSICS.md ("The real tower, measured").
"""

from __future__ import annotations

import numpy as np

from .spec import load_spec
from .tower import Tower

STILL_MM = 0.5
"""A block is loose only if the rest of the tower moved less than this under its touch."""

CONFIGS = ("none", "one edge", "middle", "both edges", "middle and edge", "all three")
REAL = {"none": 0.11, "one edge": 0.08, "middle": 0.54, "both edges": 0.28, "middle and edge": 0.0,
        "all three": 0.0}
"""Shares of the 188 labelled levels of real towers (PHYSICS.md); the last two were never seen."""
REAL_LOOSE_PER_LEVEL = 1.17


def configuration(loose: tuple[bool, bool, bool]) -> str:
    """The name of a level's configuration from which of its blocks (pos 0, 1, 2) are loose."""
    edges = int(loose[0]) + int(loose[2])
    if loose[1]:
        return ("middle", "middle and edge", "all three")[edges]
    return ("none", "one edge", "both edges")[edges]


def touch_tower(variant: str, seed: int) -> list[dict]:
    """Touch every removable block of the fresh tower of `variant` and `seed`, each from the fresh tower
    (a probe does not change the tower). One row per block."""
    spec = load_spec(variant)
    tower = Tower(spec, seed)
    rows = []
    for level, pos in tower.removable():
        probe = tower.probe(level, pos, side=+1 if (level + pos + seed) % 2 == 0 else -1)
        loose = probe.moves and probe.tower_motion_mm < STILL_MM
        rows.append({"seed": seed, "level": level, "pos": pos, "force_n": round(probe.force_n, 4),
                     "tower_motion_mm": round(probe.tower_motion_mm, 4), "loose": bool(loose),
                     "height_mm": round(1000.0 * tower.dims[tower.block_id(level, pos), 2], 4)})
    return rows


def _touch_job(job):
    return touch_tower(*job)


def summarise(variant: str, rows: list[dict]) -> dict:
    """The census figures from the per-block rows of one or more towers."""
    spec = load_spec(variant)
    per = spec.per_level
    by_level: dict[tuple[int, int], dict[int, dict]] = {}
    for row in rows:
        by_level.setdefault((row["seed"], row["level"]), {})[row["pos"]] = row
    counts = dict.fromkeys(CONFIGS, 0)
    loose_blocks = 0
    full = [blocks for blocks in by_level.values() if len(blocks) == per]
    for blocks in full:
        loose = tuple(blocks[p]["loose"] for p in range(per))
        counts[configuration(loose)] += 1
        loose_blocks += sum(loose)
    n_levels = len(full)
    lower = [r for r in rows if r["level"] < spec.levels // 2]
    bearing = [r["force_n"] for r in lower if not r["loose"]]
    free = [r["force_n"] for r in rows if r["loose"]]
    med_bearing = float(np.median(bearing)) if bearing else float("nan")
    med_loose = float(np.median(free)) if free else float("nan")
    return {
        "variant": variant,
        "seeds": sorted({r["seed"] for r in rows}),
        "levels": n_levels,
        "blocks": len(rows),
        "loose_per_level": round(loose_blocks / n_levels, 3) if n_levels else None,
        "shares": {c: round(counts[c] / n_levels, 4) if n_levels else None for c in CONFIGS},
        "counts": counts,
        "real_shares": REAL,
        "real_loose_per_level": REAL_LOOSE_PER_LEVEL,
        "median_force_loose_n": round(med_loose, 4),
        "median_force_bearing_lower_half_n": round(med_bearing, 4),
        "force_ratio_lower_half": round(med_bearing / med_loose, 2) if free and bearing else None,
        "touch_force_n": spec.hand.touch_force_n,
    }


def census(variant: str, seeds: list[int], workers: int | None = None) -> tuple[dict, list[dict]]:
    """Touch every removable block of the fresh towers of `seeds`: (the figures, the per-block rows).
    With workers > 1 the towers are spread over that many processes (one DIRECT client each)."""
    load_spec(variant)                         # a bad variant fails here, before any worker starts
    jobs = [(variant, s) for s in seeds]
    if workers and workers > 1 and len(jobs) > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(min(workers, len(jobs))) as pool:
            parts = pool.map(_touch_job, jobs, chunksize=1)
    else:
        parts = [_touch_job(j) for j in jobs]
    rows = [r for part in parts for r in part]
    return summarise(variant, rows), rows


def format_table(summary: dict) -> str:
    """The census as a text table, ours beside the real towers'."""
    seeds = summary["seeds"]
    span = f"{seeds[0]}-{seeds[-1]}" if len(seeds) > 1 else str(seeds[0])
    lines = [f"{summary['variant']} towers, seeds {span}: {summary['levels']} levels, {summary['blocks']} blocks touched",
             f"{'level configuration':<28}{'ours':>8}{'real':>8}"]
    for c in CONFIGS:
        lines.append(f"{'loose: ' + c:<28}{100 * summary['shares'][c]:>7.0f}%{100 * REAL[c]:>7.0f}%")
    lines.append(f"{'loose blocks per level':<28}{summary['loose_per_level']:>8.2f}{REAL_LOOSE_PER_LEVEL:>8.2f}")
    lines.append(f"median touch force: loose {summary['median_force_loose_n']:.3f} N, load-bearing in the lower "
                 f"half {summary['median_force_bearing_lower_half_n']:.3f} N (ratio "
                 f"{summary['force_ratio_lower_half'] if summary['force_ratio_lower_half'] is not None else 'n/a'}; "
                 f"real: under 0.2 N against several N)")
    return "\n".join(lines)
