"""Tower poses laid out by rule, without physics: for previews, tests and benchmarks of the drawing.

Level 0 stands on the floor with its blocks along x, each level above turned a quarter, three blocks
per level side by side. Blocks are numbered level by level, position by position.
"""

from __future__ import annotations

import numpy as np

from .geometry import yaw_quaternion

CLASSIC_BLOCK = (0.075, 0.025, 0.015)  # length, width, height in metres


def stacked_poses(levels: int, block=CLASSIC_BLOCK, missing=(), per_level: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """(poses (N, 7), sizes (N, 3)) of a straight tower; `missing` lists (level, pos) left out."""
    length, width, height = block
    gone = set(missing)
    poses, sizes = [], []
    for level in range(levels):
        turned = level % 2 == 1
        quat = yaw_quaternion(np.pi / 2 if turned else 0.0)
        for pos in range(per_level):
            if (level, pos) in gone:
                continue
            across = (pos - (per_level - 1) / 2) * width
            x, y = (across, 0.0) if turned else (0.0, across)
            poses.append([x, y, height * (level + 0.5), *quat])
            sizes.append([length, width, height])
    return np.array(poses, dtype=float).reshape(-1, 7), np.array(sizes, dtype=float).reshape(-1, 3)
