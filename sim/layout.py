"""The tower as built: per-block tolerances drawn from a seed, and the starting pose of every block.

Block ids are fixed at building time: id = level * 3 + pos, and follow the block wherever it goes.
Even levels lie along x, odd levels along y, so each level is turned 90 degrees from the one below.
"""

from __future__ import annotations

import numpy as np

from .spec import TowerSpec

QUAT_ALONG_X = np.array([0.0, 0.0, 0.0, 1.0])
QUAT_ALONG_Y = np.array([0.0, 0.0, np.sqrt(0.5), np.sqrt(0.5)])


def block_dims(spec: TowerSpec, seed: int) -> np.ndarray:
    """(N, 3) length, width, height of every block in metres, drawn from the tolerance seed.

    Heights scatter both ways (a tall block in a level carries the load, a short one is loose); widths
    only shrink from nominal so that three blocks always fit side by side without overlapping.
    """
    rng = np.random.default_rng([int(seed), 0x6A656E6761])
    n = spec.num_blocks
    length, width, height = spec.block_m
    dh = np.clip(rng.normal(0.0, spec.height_sd_m, n), -spec.height_max_m, spec.height_max_m)
    dw = np.minimum(np.abs(rng.normal(0.0, spec.width_sd_m, n)), spec.width_max_m)
    return np.column_stack([np.full(n, length), width - dw, height + dh])


def level_quat(level: int) -> np.ndarray:
    return QUAT_ALONG_X if level % 2 == 0 else QUAT_ALONG_Y


def slot_xy(spec: TowerSpec, level: int, pos: int, centre=(0.0, 0.0)) -> np.ndarray:
    """Where the centre of slot `pos` of a level lies in the ground plane."""
    offset = (pos - (spec.per_level - 1) / 2.0) * spec.block_m[1]
    if level % 2 == 0:
        return np.array([centre[0], centre[1] + offset])
    return np.array([centre[0] + offset, centre[1]])


def built_poses(spec: TowerSpec, dims: np.ndarray) -> np.ndarray:
    """(N, 7) poses of a freshly built tower: each level rests on the tallest blocks of the one below."""
    per = spec.per_level
    heights = dims[:, 2].reshape(spec.levels, per)
    bases = np.concatenate([[0.0], np.cumsum(heights.max(axis=1))[:-1]])
    poses = np.zeros((spec.num_blocks, 7))
    for level in range(spec.levels):
        for pos in range(per):
            b = level * per + pos
            poses[b, :2] = slot_xy(spec, level, pos)
            poses[b, 2] = bases[level] + dims[b, 2] / 2.0
            poses[b, 3:] = level_quat(level)
    return poses
