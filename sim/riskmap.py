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


def _score_block(args) -> dict:
    spec, state, level, pos, samples, seed, speed, prune = args
    falls, forces, runs = 0, [], 0
    for push in push_samples(seed, level, pos, samples, speed):
        tower = Tower.from_state(spec, state)
        if runs == 0:
            margin = float(tower.static_margins([(level, pos)])[0][0])
        verdict = tower.extract(level, pos, **push)
        runs += 1
        falls += verdict.collapsed
        forces.append(verdict.push_force_n)
        if (prune and runs == 1 and not verdict.collapsed and verdict.max_displacement_mm < PRUNE_MM
                and margin >= spec.verdict.near_critical_margin_mm):
            break
    return {"level": level, "pos": pos, "p_collapse": falls / runs, "push_force_n": float(np.median(forces)),
            "samples_run": runs}


def risk_map(spec: TowerSpec, state_or_tower, samples: int = 8, seed: int = 0, workers: int | None = None,
             speed: float = 0.1, below_level: int | None = None, prune: bool = True) -> list[dict]:
    """[{level, pos, p_collapse, push_force_n, samples_run}] for every removable block, in (level, pos) order.

    speed is the nominal push speed (m/s); Coulomb friction does not depend on speed, so a brisk push
    gives the same outcome as a slow one for a fraction of the simulated time. prune=False runs every
    sample of every block.
    """
    tower = state_or_tower if isinstance(state_or_tower, Tower) else Tower.from_state(spec, state_or_tower)
    state = tower.get_state()
    jobs = [(spec, state, l, p, samples, seed, speed, prune) for l, p in tower.removable(below_level)]
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or len(jobs) <= 1:
        return [_score_block(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(_score_block, jobs, chunksize=max(1, len(jobs) // (4 * workers))))
