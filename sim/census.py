"""The touch census: which blocks of fresh towers are loose, level by level, beside the real towers.

Every removable block of a fresh tower is touched with `Tower.probe` (a 2 mm push at 1 cm/s). A block
is loose when it gives under the gentle touch (the spec's `hand.touch_force_n`) while the rest of the
tower moves less than `STILL_MM`; otherwise it bears load. Each level whose three blocks are all
removable then falls in one configuration: no block loose, one edge, the middle, both edges, the
middle and one edge, all three. The real figures are the 188 labelled levels of real wooden towers
in PHYSICS.md ("The real tower, measured").
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from . import arguments
from .spec import TowerSpec
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


def touch_tower(spec: TowerSpec, seed: int) -> list[dict]:
    """Touch every removable block of the fresh tower of `spec` and `seed`, each from the fresh tower
    (a probe does not change the tower). One row per block."""
    tower = Tower(spec, seed)
    rows = []
    for level, pos in tower.removable():
        probe = tower.probe(level, pos, side=+1 if (level + pos + seed) % 2 == 0 else -1)
        loose = probe.moves and probe.tower_motion_mm < STILL_MM
        rows.append({"seed": int(seed), "level": level, "pos": pos, "force_n": round(probe.force_n, 4),
                     "tower_motion_mm": round(probe.tower_motion_mm, 4), "loose": bool(loose),
                     "height_mm": round(1000.0 * float(tower.dims[tower.block_id(level, pos), 2]), 4)})
    return rows


def summarise(spec: TowerSpec, rows: list[dict]) -> dict:
    """The census figures (plain JSON data) from the per-block rows of one or more towers of `spec`."""
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
    med_bearing = float(np.median(bearing)) if bearing else None
    med_loose = float(np.median(free)) if free else None
    return {
        "tower": spec.name,  # the flag's name (--tower)
        "variant": spec.name,  # the same, under the name it had first (older readers of the JSON)
        "seeds": sorted({r["seed"] for r in rows}),
        "levels": n_levels,
        "blocks": len(rows),
        "loose_blocks": loose_blocks,
        "loose_per_level": round(loose_blocks / n_levels, 3) if n_levels else None,
        "shares": {c: round(counts[c] / n_levels, 4) if n_levels else None for c in CONFIGS},
        "counts": counts,
        "real_shares": REAL,
        "real_loose_per_level": REAL_LOOSE_PER_LEVEL,
        "median_force_loose_n": None if med_loose is None else round(med_loose, 4),
        "median_force_bearing_lower_half_n": None if med_bearing is None else round(med_bearing, 4),
        "force_ratio_lower_half": round(med_bearing / med_loose, 2) if med_loose and med_bearing else None,
        "touch_force_n": spec.hand.touch_force_n,
    }


def census_tower(spec: TowerSpec, seed: int) -> dict:
    """The census of one fresh tower as plain data: its figures (summarise) and its per-block rows."""
    rows = touch_tower(spec, seed)
    return {**summarise(spec, rows), "rows": rows}


def _census_job(job):
    return census_tower(*job)["rows"]


def census(spec: TowerSpec, seeds: list[int], workers: int | None = None, progress=None) -> tuple[dict, list[dict]]:
    """Touch every removable block of the fresh towers of `seeds`: (the figures, the per-block rows).
    With workers > 1 the towers are spread over that many processes (one DIRECT client each). `seeds` is a
    list of whole numbers (the command line's "0-9" is sim.arguments' seeds_arg); anything else, and workers
    that are not a whole number of at least 1, raise BlockError naming them. progress(done, total), if
    given, is called as each tower is done."""
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
        raise arguments.BlockError(f"seeds is a list of whole numbers, e.g. [0, 1, 2], not {arguments.shown(seeds)} "
                                   f"(the command line's '0-9' form is python -m sim census --seeds)")
    jobs = [(spec, arguments.check_seed(s)) for s in seeds]
    if workers is not None:
        arguments.whole("workers", workers, 1, arguments.MAX_WORKERS)
    if workers and workers > 1 and len(jobs) > 1:
        import multiprocessing
        import os

        from .lifetime import held_sigint, pool_worker

        # The workers leave Ctrl-C to this process (the pool's exit then ends them), so no worker's traceback.
        with held_sigint():  # forked with Ctrl-C held back until each ignores it
            pool = multiprocessing.get_context("fork").Pool(min(workers, len(jobs)), initializer=pool_worker,
                                                            initargs=(os.getpid(),))
        with pool:
            parts = []
            for part in pool.imap(_census_job, jobs, chunksize=1):  # in the seeds' order, as map gave them
                parts.append(part)
                if progress:
                    progress(len(parts), len(jobs))
    else:
        parts = []
        for j in jobs:
            parts.append(_census_job(j))
            if progress:
                progress(len(parts), len(jobs))
    # in the order of the seeds (the figures' `seeds` are sorted too), however they were typed: `--seeds 3,2`
    # and `--seeds 2-3` give the same file (a determinism audit)
    rows = sorted((r for part in parts for r in part), key=lambda r: r["seed"])
    return summarise(spec, rows), rows


def seed_text(seeds: list[int]) -> str:
    """Seeds as a person writes them: runs of consecutive seeds as A-B, the rest by commas ("0-9,20")."""
    parts, start = [], None
    for k, seed in enumerate(seeds):
        start = seed if start is None else start
        if k + 1 == len(seeds) or seeds[k + 1] != seed + 1:
            parts.append(str(seed) if seed == start else f"{start}-{seed}")
            start = None
    return ",".join(parts)


def format_table(summary: dict) -> str:
    """The census as a text table, ours beside the real towers'."""
    span = seed_text(summary["seeds"])
    seeds = "seed" if len(summary["seeds"]) == 1 else "seeds"
    lines = [f"{summary['variant']} towers, {seeds} {span}: {summary['levels']} levels, {summary['blocks']} blocks touched",
             f"{'level configuration':<28}{'ours':>8}{'real':>8}"
             + ("   (real: wooden towers; none were measured for Super Mario's plastic blocks)"
                if summary["variant"] == "mario" else "")]
    for c in CONFIGS:
        lines.append(f"{'loose: ' + c:<28}{100 * summary['shares'][c]:>7.0f}%{100 * REAL[c]:>7.0f}%")
    lines.append(f"{'loose blocks per level':<28}{summary['loose_per_level']:>8.2f}{REAL_LOOSE_PER_LEVEL:>8.2f}")
    def newtons(v):
        return "n/a" if v is None else f"{v:.3f} N"
    ratio = summary["force_ratio_lower_half"]
    lines.append(f"median touch force: loose {newtons(summary['median_force_loose_n'])}, load-bearing in the lower "
                 f"half {newtons(summary['median_force_bearing_lower_half_n'])} (ratio "
                 f"{'n/a' if ratio is None else f'{ratio:.1f}x'}; real: under 0.2 N against several N)")
    return "\n".join(lines)
