"""The risk map: for every removable block, the chance that extracting it topples the tower.

Each block is extracted up to `samples` times from the same tower: first with the nominal push, then
with the push perturbed a little each time (speed, direction, side, steadiness and tremor); p_collapse
is the fraction of those extractions that fell. The perturbations of a block are drawn from numpy's
generator seeded with (seed, level, pos), so the map does not depend on how the work is split.

Work is pruned in three rounds, each spread task by task over worker processes (one PyBullet DIRECT
client per process, the maintainers' advice, never threads):

1. touch test: every block is probed (pushed 2 mm, a quarter of the cost of an extraction). A block
   whose touch moved no other block SCREEN_MM, and whose removal the static analyser finds safe, cannot
   drag the tower: it is loose, p_collapse 0, no extraction run (samples_run 0);
2. nominal push: the others are extracted once, unperturbed. If that moved no other block PRUNE_MM
   (a standing tower's rocking) and the statics are safe, perturbing it cannot topple the tower either;
3. perturbed pushes, as a sequential test: after SEQUENTIAL_FIRST pushes in all, a block whose pushes
   all toppled the tower, or all left it standing without a near miss (DECIDED_MM), is decided; the
   others go on to their full number of samples.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from .spec import TowerSpec
from .tower import Tower

SCREEN_MM = 0.5
"""A touch test that moved no other block this far marks a loose block (checked on seed 0 against the full
map, every block pushed 8 times: every block so screened had p_collapse 0 there)."""
SCREEN_SPEED = 0.03
"""The touch test's speed in the map (m/s): three times the game's touch, a third of its simulated time."""
PRUNE_MM = 3.0
"""A nominal extraction that moved no other block this far ends the sampling of that block."""


SEQUENTIAL_FIRST = 3
"""The sequential test: after this many pushes in all (the nominal one and the first perturbed ones), a
block whose pushes all agree is decided and its remaining samples are not run. (A later second stop
would decide nothing more: pushes that disagreed once, or came near a fall once, stay so.)"""
DECIDED_MM = 10.0
"""Pushes that all stood count as agreeing only when none moved another block this far (a near miss leaves
the block undecided): the threshold of the collapse rule's drop, well above a standing tower's rocking."""


def _decided(runs: list) -> bool:
    """True when every push so far toppled the tower, or every push left it standing with no near miss."""
    falls = [r[0] for r in runs]
    return all(falls) or (not any(falls) and max(r[2] for r in runs) < DECIDED_MM)


def push_samples(seed: int, level: int, pos: int, samples: int, speed: float) -> list[dict]:
    """The pushes tried on one block: first the nominal push, then perturbed ones."""
    rng = np.random.default_rng([int(seed), int(level), int(pos), 0x7269736B])
    pushes = [{"side": 1, "speed": speed, "angle_deg": 0.0, "steadiness": 1.0, "tremor": 0}]
    for _ in range(samples - 1):
        pushes.append({
            "side": int(rng.choice([-1, 1])),
            "speed": float(speed * rng.uniform(0.8, 1.25)),
            "angle_deg": float(rng.normal(0.0, 3.0)),
            "steadiness": float(rng.uniform(0.8, 1.0)),
            "tremor": int(rng.integers(0, 2**31 - 1)),
        })
    return pushes


def _probe(args) -> tuple[float, float]:
    """One touch test from the tower's state: (force, largest displacement of another block)."""
    spec, state, level, pos = args
    probe = Tower.from_state(spec, state).probe(level, pos, speed=SCREEN_SPEED)
    return probe.force_n, probe.tower_motion_mm


def _extract(args) -> tuple[bool, float, float]:
    """One extraction from the tower's state: (collapsed, median push force, largest displacement)."""
    spec, state, level, pos, push = args
    verdict = Tower.from_state(spec, state).extract(level, pos, **push)
    return verdict.collapsed, verdict.push_force_n, verdict.max_displacement_mm


def risk_map(spec: TowerSpec, state_or_tower, samples: int = 8, seed: int = 0, workers: int | None = None,
             speed: float = 0.1, below_level: int | None = None, prune: bool = True,
             blocks: list[tuple[int, int]] | None = None) -> list[dict]:
    """[{level, pos, p_collapse, push_force_n, displacement_mm, samples_run}] for every removable block (or
    for `blocks` only), in (level, pos) order.

    push_force_n is the median over the extractions run of each push's median force (the touch test's
    force for a block screened out); displacement_mm the mean of the largest displacement of any other
    block (how near the pushes came to a fall). speed is the nominal push speed in m/s: Coulomb friction
    does not depend on speed, so a brisk push gives the outcome of a slow one for less simulated time.
    prune=False runs every sample of every block.
    """
    tower = state_or_tower if isinstance(state_or_tower, Tower) else Tower.from_state(spec, state_or_tower)
    state = tower.get_state()
    if blocks is None:
        blocks = tower.removable(below_level)
    else:
        blocks = sorted({(int(l), int(p)) for l, p in blocks})
        for level, pos in blocks:
            tower.block_id(level, pos)                  # BlockError when it is not in the tower
    if not blocks:
        return []
    pushes = {b: push_samples(seed, b[0], b[1], samples, speed) for b in blocks}
    safe = {b: m >= spec.verdict.near_critical_margin_mm for b, m in zip(blocks, tower.static_margins(blocks)[0])}
    workers = workers or os.cpu_count() or 1
    pool = None
    if workers > 1 and len(blocks) > 1:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"))

    def run(fn, jobs):
        return list(pool.map(fn, jobs)) if pool else [fn(job) for job in jobs]

    touched: dict = {}
    results: dict = {b: [] for b in blocks}
    try:
        todo = blocks
        if prune:
            touch = run(_probe, [(spec, state, l, p) for l, p in blocks])
            touched = {b: t for b, t in zip(blocks, touch) if t[1] < SCREEN_MM and safe[b]}
            todo = [b for b in blocks if b not in touched]
        first = run(_extract, [(spec, state, l, p, pushes[(l, p)][0]) for l, p in todo])
        for b, r in zip(todo, first):
            results[b].append(r)
        more = [b for b, (fell, _, moved) in zip(todo, first)
                if not (prune and not fell and moved < PRUNE_MM and safe[b])]
        # Sequential test: a few perturbed pushes first; a block whose pushes so far all agree, each far
        # from the other outcome, is decided, and only the undecided ones get the rest of their samples.
        stops = [SEQUENTIAL_FIRST] if prune and SEQUENTIAL_FIRST < samples else []
        for lo, hi in zip([1] + stops, stops + [samples]):
            jobs = [(spec, state, l, p, push) for l, p in more for push in pushes[(l, p)][lo:hi]]
            for job, r in zip(jobs, run(_extract, jobs)):
                results[(job[2], job[3])].append(r)
            more = [b for b in more if not _decided(results[b])]
    finally:
        if pool:
            pool.shutdown()

    rows = []
    for b in blocks:
        runs = results[b]
        if runs:
            row = {"p_collapse": sum(r[0] for r in runs) / len(runs),
                   "push_force_n": float(np.median([r[1] for r in runs])),
                   "displacement_mm": float(np.mean([r[2] for r in runs]))}
        else:
            row = {"p_collapse": 0.0, "push_force_n": float(touched[b][0]), "displacement_mm": float(touched[b][1])}
        rows.append({"level": b[0], "pos": b[1], **row, "samples_run": len(runs)})
    return rows
