"""The risk map: for every removable block, the chance that extracting it topples the tower.

Each block is extracted `samples` times from the same tower, with the push perturbed a little each time
(speed, direction, side, steadiness and tremor), and p_collapse is the fraction of those extractions that
fell. The perturbations of a block are drawn from numpy's generator seeded with (seed, level, pos), so
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


def push_samples(seed: int, level: int, pos: int, samples: int, speed: float) -> list[dict]:
    """The perturbed pushes tried on one block."""
    rng = np.random.default_rng([int(seed), int(level), int(pos), 0x7269736B])
    return [
        {
            "side": int(rng.choice([-1, 1])),
            "speed": float(speed * rng.uniform(0.8, 1.25)),
            "angle_deg": float(rng.normal(0.0, 3.0)),
            "steadiness": float(rng.uniform(0.6, 1.0)),
            "tremor": int(rng.integers(0, 2**31 - 1)),
        }
        for _ in range(samples)
    ]


def _score_block(args) -> dict:
    spec, state, level, pos, samples, seed, speed = args
    falls, forces = 0, []
    for push in push_samples(seed, level, pos, samples, speed):
        tower = Tower.from_state(spec, state)
        verdict = tower.extract(level, pos, **push)
        falls += verdict.collapsed
        forces.append(verdict.push_force_n)
    return {"level": level, "pos": pos, "p_collapse": falls / samples,
            "push_force_n": float(np.median(forces))}


def risk_map(spec: TowerSpec, state_or_tower, samples: int = 8, seed: int = 0, workers: int | None = None,
             speed: float = 0.05, below_level: int | None = None) -> list[dict]:
    """[{level, pos, p_collapse, push_force_n}] for every removable block, in (level, pos) order."""
    tower = state_or_tower if isinstance(state_or_tower, Tower) else Tower.from_state(spec, state_or_tower)
    state = tower.get_state()
    jobs = [(spec, state, l, p, samples, seed, speed) for l, p in tower.removable(below_level)]
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or len(jobs) <= 1:
        return [_score_block(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(_score_block, jobs, chunksize=max(1, len(jobs) // (4 * workers))))
