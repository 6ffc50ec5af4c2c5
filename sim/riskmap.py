"""The risk map: for every removable block, the chance that extracting it topples the tower.

Each block is extracted up to `samples` times from the same tower: first with the nominal push, then
with the push perturbed a little each time (speed, direction, side, steadiness and tremor); p_collapse
is the fraction of those extractions that fell. When the nominal extraction left the rest of the tower
still (no block moved 3 mm) and the static analyser gives the removal a safe margin, the block's other
samples are skipped (pruned) and its p_collapse is 0. The perturbations of a block are drawn from numpy's generator seeded with (seed, level, pos), so
the map does not depend on how the work is split. Blocks are spread over worker processes, each with its
own PyBullet DIRECT client (the maintainers' advice: one client per process, not threads).
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
import multiprocessing

import numpy as np

from .spec import TowerSpec
from .tower import Tower


PRUNE_MM = 3.0
"""A nominal extraction that moved no other block this far (the rocking of a standing tower) (and left a safe static margin) ends the
sampling of that block: perturbing a push that the tower did not feel cannot topple it."""


def push_samples(seed: int, level: int, pos: int, samples: int, speed: float) -> list[dict]:
    """The pushes tried on one block: first the nominal push, then perturbed ones."""
    rng = np.random.default_rng([int(seed), int(level), int(pos), 0x7269736B])
    pushes = [{"side": 1, "speed": speed, "angle_deg": 0.0, "steadiness": 1.0, "tremor": 0}]
    for _ in range(samples - 1):
        pushes.append({
            "side": int(rng.choice([-1, 1])),
            "speed": float(speed * rng.uniform(0.8, 1.25)),
            "angle_deg": float(rng.normal(0.0, 3.0)),
            "steadiness": float(rng.uniform(0.6, 1.0)),
            "tremor": int(rng.integers(0, 2**31 - 1)),
        })
    return pushes


def _extract(args) -> tuple[bool, float, float]:
    """One extraction from the tower's state: (collapsed, median push force, largest displacement)."""
    spec, state, level, pos, push = args
    verdict = Tower.from_state(spec, state).extract(level, pos, **push)
    return verdict.collapsed, verdict.push_force_n, verdict.max_displacement_mm


def risk_map(spec: TowerSpec, state_or_tower, samples: int = 8, seed: int = 0, workers: int | None = None,
             speed: float = 0.1, below_level: int | None = None, prune: bool = True,
             blocks: list[tuple[int, int]] | None = None) -> list[dict]:
    """[{level, pos, p_collapse, push_force_n, displacement_mm, samples_run}] for every removable block (or
    for `blocks` only), in (level, pos) order. push_force_n is the median over the samples run of the
    push's median force; displacement_mm the mean of the largest displacement of any other block (how
    near the pushes came to a fall).

    speed is the nominal push speed (m/s); Coulomb friction does not depend on speed, so a brisk push
    gives the same outcome as a slow one for a fraction of the simulated time. prune=False runs every
    sample of every block.
    """
    tower = state_or_tower if isinstance(state_or_tower, Tower) else Tower.from_state(spec, state_or_tower)
    state = tower.get_state()
    if blocks is None:
        blocks = tower.removable(below_level)
    else:
        blocks = sorted({(int(l), int(p)) for l, p in blocks})
        for level, pos in blocks:
            tower.block_id(level, pos)                  # BlockError when it is not in the tower
    pushes = {b: push_samples(seed, b[0], b[1], samples, speed) for b in blocks}
    margin = dict(zip(blocks, tower.static_margins(blocks)[0])) if blocks else {}
    workers = workers or os.cpu_count() or 1
    pool = None
    if workers > 1 and len(blocks) > 1:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"))
    run = (lambda jobs: list(pool.map(_extract, jobs))) if pool else (lambda jobs: [_extract(j) for j in jobs])
    try:
        # Two rounds, each spread task by task over the workers: the nominal push of every block, then the
        # perturbed pushes of the blocks that the nominal push did not clear.
        first = run([(spec, state, l, p, pushes[(l, p)][0]) for l, p in blocks])
        results = {b: [r] for b, r in zip(blocks, first)}
        more = [b for b, (fell, _, moved) in zip(blocks, first)
                if not (prune and not fell and moved < PRUNE_MM and margin[b] >= spec.verdict.near_critical_margin_mm)]
        jobs = [(spec, state, l, p, push) for l, p in more for push in pushes[(l, p)][1:]]
        for job, r in zip(jobs, run(jobs)):
            results[(job[2], job[3])].append(r)
    finally:
        if pool:
            pool.shutdown()
    return [{"level": l, "pos": p, "p_collapse": sum(r[0] for r in results[(l, p)]) / len(results[(l, p)]),
             "push_force_n": float(np.median([r[1] for r in results[(l, p)]])),
             "displacement_mm": float(np.mean([r[2] for r in results[(l, p)]])),
             "samples_run": len(results[(l, p)])} for l, p in blocks]
