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

import math

import numpy as np

from . import portable
from .motion import axes
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
    # Python floats: the same IEEE sums as numpy's arrays, without a numpy call each for six corners.
    across, widths, tops = ([float(x) for x in v] if isinstance(v, list) else np.asarray(v, dtype=float).tolist()
                            for v in (across, widths, tops))
    s = [a - w / 2.0 for a, w in zip(across, widths)] + [a + w / 2.0 for a, w in zip(across, widths)]
    z = tops + tops
    order = sorted(range(len(s)), key=lambda i: (s[i], -z[i]))     # by place, the higher first (stable)
    hull: list[tuple[float, float]] = []
    for i in order:
        p = (s[i], z[i])
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


def _rotation(axis: int, angle: float) -> list:
    """The turn by `angle` about the x axis (0) or the y axis (1), as rows of Python floats."""
    c, s = math.cos(angle), math.sin(angle)     # sim.portable's cos and sin of one number
    if axis == 0:
        return [[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]]
    return [[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]]


def _quats_of(m: np.ndarray) -> np.ndarray:
    """Unit quaternions (M, 4) of rotation matrices (M, 3, 3), row by row as _quat_of does each (the same
    operations in the same order, so the same bits)."""
    m00, m11, m22 = m[:, 0, 0], m[:, 1, 1], m[:, 2, 2]
    w = np.sqrt(np.maximum(0.0, 1.0 + m00 + m11 + m22)) / 2.0
    out = np.empty((len(m), 4))
    big = w > 1e-6
    if big.all():
        out[:, 0] = (m[:, 2, 1] - m[:, 1, 2]) / (4 * w)
        out[:, 1] = (m[:, 0, 2] - m[:, 2, 0]) / (4 * w)
        out[:, 2] = (m[:, 1, 0] - m[:, 0, 1]) / (4 * w)
        out[:, 3] = w
        return out
    return np.array([_quat_of(r) for r in m])


def _quat_of(m: np.ndarray) -> np.ndarray:
    """Unit quaternion (x, y, z, w) of a rotation matrix (close to a pure turn about z here)."""
    w = np.sqrt(max(0.0, 1.0 + m[0, 0] + m[1, 1] + m[2, 2])) / 2.0
    if w > 1e-6:
        return np.array([(m[2, 1] - m[1, 2]) / (4 * w), (m[0, 2] - m[2, 0]) / (4 * w), (m[1, 0] - m[0, 1]) / (4 * w), w])
    z = np.sqrt(max(0.0, 1.0 - m[0, 0] - m[1, 1] + m[2, 2])) / 2.0
    return np.array([(m[0, 2] + m[2, 0]) / (4 * z), (m[1, 2] + m[2, 1]) / (4 * z), z, (m[1, 0] - m[0, 1]) / (4 * z)])


def seat(spec: TowerSpec, dims: np.ndarray, slots: np.ndarray, poses: np.ndarray,
         masses: np.ndarray | None = None) -> np.ndarray:
    """Poses of the blocks in `slots` (levels x per_level, block ids, -1 empty) at rest, level on level.

    Each block keeps its x, y and heading (yaw) from `poses`; its height and tilt are computed from the
    bottom up. Every block of a level crosses the same blocks of the level below, so a level lies as one
    slab on the top faces of the present blocks under it (support_line), with the weight of everything
    above acting at that load's centre of mass: flat on the tallest block when it is under the centre,
    tilted onto the two highest supports on either side of the centre otherwise. The tilts compose up
    the tower. Blocks not in `slots` keep their pose. A tower seated this way does not move when an
    operation starts (what a built tower and a stored standing tower need)."""
    out = poses.copy()
    n_levels = slots.shape[0]
    weight = np.ones(len(dims)) if masses is None else masses
    # What does not depend on the frame of the level below is worked out for every block at once, before
    # the climb up the levels: elementwise, so each block's figures are the bits its own level's would be.
    present = slots >= 0
    seated = slots[present]
    ax = axes(poses[seated, 3:], 0)
    yaw = portable.arctan2(ax[:, 1], ax[:, 0])
    cos, sin = portable.cos(yaw), portable.sin(yaw)
    turns = np.zeros((len(seated), 3, 3))
    turns[:, 0, 0], turns[:, 0, 1], turns[:, 1, 0], turns[:, 1, 1], turns[:, 2, 2] = cos, -sin, sin, cos, 1.0
    counts = present.sum(axis=1)
    starts = np.concatenate([[0], np.cumsum(counts)]).tolist()
    # The climb itself works on Python floats: a level's frame is a 3 x 3 rotation and an origin, and
    # numpy's call overhead on arrays of three blocks was most of a seat. Each product is written out
    # entry by entry and summed in order, term 0 + term 1 + term 2, as sim.portable.matmul sums it, and
    # every other operation is the one numpy did elementwise, in the same order: IEEE arithmetic gives
    # the same bits either way (tests/sim/test_layout.py compares with a block-by-block loop).
    rot = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]  # the frame of the level being placed
    origin = [0.0, 0.0, 0.0]                                     # and its underside's origin
    frames = np.empty((len(seated), 3, 3))             # each placed block's level frame, for its turn below
    dims_l = dims.tolist()
    poses_l = poses.tolist()
    seated_l = seated.tolist()
    placed = 0
    for level in range(n_levels):
        first, last = starts[level], starts[level + 1]
        ids = seated_l[first:last]
        if not ids:
            break
        frames[first:last] = rot
        placed = last
        (r00, r01, r02), (r10, r11, r12), (r20, r21, r22) = rot
        o0, o1, o2 = origin
        det = r00 * r11 - r01 * r10                      # sim.portable.inverse2, written out
        inv = ((r11 / det, -r01 / det), (-r10 / det, r00 / det))
        (i00, i01), (i10, i11) = inv
        local = []
        for b in ids:
            h = dims_l[b][2]
            g0 = poses_l[b][0] - o0 - r02 * h / 2.0
            g1 = poses_l[b][1] - o1 - r12 * h / 2.0
            l0, l1, l2 = i00 * g0 + i01 * g1, i10 * g0 + i11 * g1, h / 2.0
            local.append((l0, l1, l2))
            out[b, :3] = (o0 + (r00 * l0 + r01 * l1 + r02 * l2), o1 + (r10 * l0 + r11 * l1 + r12 * l2),
                          o2 + (r20 * l0 + r21 * l1 + r22 * l2))
        above = seated[last:]
        if not len(above):
            break
        axis = 1 if level % 2 == 0 else 0              # across a level along x is y, and x across one along y
        com_xy = ((weight[above, None] * poses[above, :2]).sum(axis=0) / weight[above].sum()).tolist()
        v0, v1 = com_xy[0] - o0, com_xy[1] - o1
        centre = inv[axis][0] * v0 + inv[axis][1] * v1
        height, slope = support_line([q[axis] for q in local], [dims_l[b][1] for b in ids],
                                     [dims_l[b][2] for b in ids], centre)
        pivot = [0.0, 0.0, height]
        pivot[axis] = centre
        p0, p1, p2 = pivot
        origin = [o0 + (r00 * p0 + r01 * p1 + r02 * p2), o1 + (r10 * p0 + r11 * p1 + r12 * p2),
                  o2 + (r20 * p0 + r21 * p1 + r22 * p2)]
        # Tilting about the blocks' long axis (x for a level along x, y otherwise): z rises along `across`.
        angle = math.atan(slope)                         # sim.portable.arctan of one number
        turn = _rotation(0, angle) if axis == 1 else _rotation(1, -angle)
        rot = [[row[0] * turn[0][j] + row[1] * turn[1][j] + row[2] * turn[2][j] for j in range(3)] for row in rot]
    # The blocks' turns, all levels at once: the same stacked products, row for row, as level by level.
    out[seated[:placed], 3:] = _quats_of(portable.matmul(frames[:placed], turns[:placed]))
    return out


def built_poses(spec: TowerSpec, dims: np.ndarray, masses: np.ndarray | None = None) -> np.ndarray:
    """(N, 7) poses of a freshly built tower: every block in its slot, every level at rest on the one
    below (seat)."""
    per = spec.per_level
    poses = np.zeros((spec.num_blocks, 7))
    for level in range(spec.levels):
        for pos in range(per):
            b = level * per + pos
            poses[b, :2] = slot_xy(spec, level, pos)
            poses[b, 3:] = level_quat(level)
    slots = np.arange(spec.num_blocks).reshape(spec.levels, per)
    return seat(spec, dims, slots, poses, masses)
