"""The tower as built: per-block sizes and masses drawn from a seed, and the resting pose of every block.

Block ids are fixed at building time: id = level * 3 + pos, and follow the block wherever it goes.
Even levels lie along x, odd levels along y, so each level is turned 90 degrees from the one below.

Sizes and masses follow the measured real sets (PHYSICS.md, "The real tower, measured"; the spec's
`tolerance_mm` and `mass_*` fields). One fitted term sits on top of the measured ones: the middle bow.
A wooden block is seldom perfectly flat; a block that arches by b mm touches the middle block under it
b mm higher than it touches the two edge blocks under its ends. Three blocks lie across every middle
block, so the middle support of each level is offset from the edges by the bow of the level above.
Boxes cannot bow in PyBullet, so the offset is folded into the middle block's height (a middle block of
a level is built b mm lower than it measures). The bow was not measured: its mean and spread are fitted
so that the touch census of fresh towers (sim.census) meets the 188 labelled real levels, where the
middle block is the loose one in 54% of levels, far more than independent heights give (docs/sim.md).
"""

from __future__ import annotations

import numpy as np

from .spec import TowerSpec

QUAT_ALONG_X = np.array([0.0, 0.0, 0.0, 1.0])
QUAT_ALONG_Y = np.array([0.0, 0.0, np.sqrt(0.5), np.sqrt(0.5)])


def _clipped_normal(rng, mean: float, sd: float, lo: float, hi: float, n: int) -> np.ndarray:
    return np.clip(rng.normal(mean, sd, n), lo, hi)


def block_dims(spec: TowerSpec, seed: int) -> np.ndarray:
    """(N, 3) length, width, height of every block in metres, drawn from the seed.

    Heights follow the measured spread within the measured range; widths too, capped just under the
    25 mm pitch the tower is built on so that three blocks always fit side by side; middle blocks are
    lowered by the fitted bow of the level above (the module's docstring)."""
    rng = np.random.default_rng([int(seed), 0x6A656E6761, 2])
    n, per = spec.num_blocks, spec.per_level
    length = _clipped_normal(rng, spec.block_m[0], spec.length_sd_m, spec.block_m[0] - 3 * spec.length_sd_m,
                             spec.block_m[0] + 3 * spec.length_sd_m, n)
    width = _clipped_normal(rng, spec.width_mean_m, spec.width_sd_m, spec.width_mean_m - 3 * spec.width_sd_m,
                            spec.width_max_m, n)
    height = _clipped_normal(rng, spec.height_mean_m, spec.height_sd_m, spec.height_min_m, spec.height_max_m, n)
    bow = _clipped_normal(rng, spec.bow_mean_m, spec.bow_sd_m, -spec.bow_max_m, spec.bow_max_m, spec.levels)
    middle = np.arange(spec.levels) * per + per // 2
    height[middle] -= bow
    return np.column_stack([length, width, height])


def block_masses(spec: TowerSpec, seed: int) -> np.ndarray:
    """(N,) mass of every block in kg, drawn from the seed (the measured spread within the measured range)."""
    rng = np.random.default_rng([int(seed), 0x6A656E6761, 3])
    return _clipped_normal(rng, spec.mass_kg, spec.mass_sd_kg, spec.mass_min_kg, spec.mass_max_kg, spec.num_blocks)


def level_quat(level: int) -> np.ndarray:
    return QUAT_ALONG_X if level % 2 == 0 else QUAT_ALONG_Y


def slot_xy(spec: TowerSpec, level: int, pos: int, centre=(0.0, 0.0)) -> np.ndarray:
    """Where the centre of slot `pos` of a level lies in the ground plane."""
    offset = (pos - (spec.per_level - 1) / 2.0) * spec.block_m[1]
    if level % 2 == 0:
        return np.array([centre[0], centre[1] + offset])
    return np.array([centre[0] + offset, centre[1]])


def support_line(across: np.ndarray, widths: np.ndarray, tops: np.ndarray, centre: float = 0.0):
    """How a flat load rests on the top faces of one level: (height at `centre`, slope).

    The faces are the blocks' tops, at `across` (their centres across the level) with their widths. The
    load, whose weight acts at `centre`, sinks until it is held: it lies on the upper convex hull of the
    face corners, on the hull segment under its centre of mass (a face: flat on that block; otherwise a
    tilt onto the two blocks on either side of the centre)."""
    s = np.concatenate([across - widths / 2.0, across + widths / 2.0])
    z = np.concatenate([tops, tops])
    order = np.lexsort((-z, s))
    hull: list[tuple[float, float]] = []
    for i in order:
        p = (float(s[i]), float(z[i]))
        if hull and abs(hull[-1][0] - p[0]) < 1e-12:
            continue                                          # same abscissa: the higher one came first
        while len(hull) >= 2:
            (x1, z1), (x2, z2) = hull[-2], hull[-1]
            if (x2 - x1) * (p[1] - z1) - (z2 - z1) * (p[0] - x1) >= 0.0:
                hull.pop()                                    # hull[-1] is under the chord: not on the upper hull
            else:
                break
        hull.append(p)
    for (x1, z1), (x2, z2) in zip(hull, hull[1:]):
        if x1 <= centre <= x2:
            slope = (z2 - z1) / (x2 - x1)
            return z1 + slope * (centre - x1), slope
    x, zz = max(hull, key=lambda q: q[1])
    return zz, 0.0


def _rotation(axis: int, angle: float) -> np.ndarray:
    c, s = np.cos(angle), np.sin(angle)
    if axis == 0:
        return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])
    return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])


def _quat_of(m: np.ndarray) -> np.ndarray:
    """Unit quaternion (x, y, z, w) of a rotation matrix (close to a pure turn about z here)."""
    w = np.sqrt(max(0.0, 1.0 + m[0, 0] + m[1, 1] + m[2, 2])) / 2.0
    if w > 1e-6:
        return np.array([(m[2, 1] - m[1, 2]) / (4 * w), (m[0, 2] - m[2, 0]) / (4 * w), (m[1, 0] - m[0, 1]) / (4 * w), w])
    z = np.sqrt(max(0.0, 1.0 - m[0, 0] - m[1, 1] + m[2, 2])) / 2.0
    return np.array([(m[0, 2] + m[2, 0]) / (4 * z), (m[1, 2] + m[2, 1]) / (4 * z), z, (m[1, 0] - m[0, 1]) / (4 * z)])


def built_poses(spec: TowerSpec, dims: np.ndarray) -> np.ndarray:
    """(N, 7) poses of a freshly built tower, every level at rest on the one below.

    All blocks of a level cross the same three blocks of the level below, so a level lies as one flat
    slab on the top faces under it (support_line): flat on the tallest block when that one is the middle
    or carries the centre, tilted onto the two highest supports on either side of the centre otherwise.
    The tilts compose up the tower, so the blocks' poses are the ones the tower comes to rest in and a
    fresh tower does not move on its first operation."""
    per = spec.per_level
    rot, origin = np.eye(3), np.zeros(3)               # the frame of the level being placed: its underside
    poses = np.zeros((spec.num_blocks, 7))
    for level in range(spec.levels):
        ids = np.arange(level * per, (level + 1) * per)
        base_quat = level_quat(level)
        turn = np.array([[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]]) if level % 2 == 0 else \
            np.array([[0.0, -1, 0], [1.0, 0, 0], [0, 0, 1.0]])
        quat = _quat_of(rot @ turn)
        for pos, b in enumerate(ids):
            local = np.array([*slot_xy(spec, level, pos), dims[b, 2] / 2.0])
            poses[b, :3] = origin + rot @ local
            poses[b, 3:] = quat if level else base_quat
        # The next level rests on this one's top faces: across = y for a level along x, x otherwise.
        axis = 1 if level % 2 == 0 else 0
        across = np.array([slot_xy(spec, level, p)[axis] for p in range(per)])
        height, slope = support_line(across, dims[ids, 1], dims[ids, 2])
        angle = np.arctan(slope)
        # Tilting about the blocks' long axis (x for a level along x, y otherwise): z rises along `across`.
        step = _rotation(0, angle) if axis == 1 else _rotation(1, -angle)
        origin = origin + rot @ np.array([0.0, 0.0, height])
        rot = rot @ step
    return poses
