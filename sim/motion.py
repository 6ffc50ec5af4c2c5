"""Whole-tower pose arithmetic on numpy arrays: rotating vectors, tilts, displacements, speeds."""

from __future__ import annotations

import numpy as np

from . import portable


def rotate(quats: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    """Rotate vectors (N, 3) by unit quaternions (N, 4, or one (4,) for all) in x, y, z, w order."""
    qx, qy, qz, qw = (quats[..., i] for i in range(4))
    vx, vy, vz = (vectors[..., i] for i in range(3))
    tx, ty, tz = 2.0 * (qy * vz - qz * vy), 2.0 * (qz * vx - qx * vz), 2.0 * (qx * vy - qy * vx)
    return np.stack([vx + qw * tx + (qy * tz - qz * ty),
                     vy + qw * ty + (qz * tx - qx * tz),
                     vz + qw * tz + (qx * ty - qy * tx)], axis=-1)


def axes(quats: np.ndarray, which: int) -> np.ndarray:
    """The body's x (0), y (1) or z (2) axis in the world for each quaternion (x, y, z, w)."""
    x, y, z, w = quats[..., 0], quats[..., 1], quats[..., 2], quats[..., 3]
    if which == 0:
        cols = (1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y))
    elif which == 1:
        cols = (2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x))
    else:
        cols = (2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y))
    return np.stack(cols, axis=-1)


def angle_between(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Angle in degrees between unit vectors, row by row (robust near 0 and 180 degrees)."""
    cx = u[..., 1] * v[..., 2] - u[..., 2] * v[..., 1]
    cy = u[..., 2] * v[..., 0] - u[..., 0] * v[..., 2]
    cz = u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]
    dot = (u * v).sum(axis=-1)
    return np.degrees(portable.arctan2(np.sqrt(cx * cx + cy * cy + cz * cz), dot))


def tilt_deg(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """How far each block tipped, in degrees: the turn of its up axis (a spin flat on its level is not a tilt)."""
    return angle_between(axes(before[..., 3:], 2), axes(after[..., 3:], 2))


def turn_deg(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The larger of the turn of the up axis and of the long axis, in degrees (catches spins as well)."""
    up = angle_between(axes(before[..., 3:], 2), axes(after[..., 3:], 2))
    long = angle_between(axes(before[..., 3:], 0), axes(after[..., 3:], 0))
    return np.maximum(up, long)


def displacement_mm(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    return 1000.0 * np.linalg.norm(after[..., :3] - before[..., :3], axis=-1)


def drop_mm(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """How far each block went down, in mm (negative when it rose)."""
    return 1000.0 * (before[..., 2] - after[..., 2])


def compose(pose: np.ndarray, local: np.ndarray) -> np.ndarray:
    """World poses (M, 7) of parts at local poses (M, 7) inside a body at `pose` (7,)."""
    out = np.empty_like(local)
    out[:, :3] = pose[:3] + rotate(pose[3:], local[:, :3])
    out[:, 3:] = quat_mul(pose[3:], local[:, 3:])
    return out


def quat_mul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Quaternion products a * b (x, y, z, w order), row by row; a or b may be one (4,) quaternion."""
    ax, ay, az, aw = (a[..., i] for i in range(4))
    bx, by, bz, bw = (b[..., i] for i in range(4))
    return np.stack([
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
        aw * bw - ax * bx - ay * by - az * bz,
    ], axis=-1)
