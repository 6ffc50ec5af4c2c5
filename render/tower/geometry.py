"""Box geometry of the tower blocks, for all blocks at once: corners, faces, normals, bounding boxes.

Poses come from the simulator as an (N, 7) array (centre xyz in metres, quaternion xyzw) and sizes as
(N, 3) full extents along each block's own x (length), y (width) and z (height). Everything here is
numpy over the whole tower; nothing draws.
"""

from __future__ import annotations

import numpy as np

# Corner k of a box has the signs of bits (x, y, z) of k: bit set means the + side.
CORNER_SIGNS = np.array([[1 if k & 1 else -1, 1 if k & 2 else -1, 1 if k & 4 else -1]
                         for k in range(8)], dtype=float)

# The six faces, each as four corners in order around it, and its outward local axis.
FACE_CORNERS = np.array([
    [1, 3, 7, 5],  # +x: an end of the block
    [0, 4, 6, 2],  # -x: the other end
    [2, 6, 7, 3],  # +y: a long side
    [0, 1, 5, 4],  # -y: the other long side
    [4, 5, 7, 6],  # +z: the top
    [0, 2, 3, 1],  # -z: the bottom
])
FACE_AXIS = np.array([0, 0, 1, 1, 2, 2])
FACE_SIGN = np.array([1.0, -1.0, 1.0, -1.0, 1.0, -1.0])
END_FACES = (0, 1)
SIDE_FACES = (2, 3)
TOP_FACE = 4


def rotation_matrices(quats: np.ndarray) -> np.ndarray:
    """(N, 4) quaternions xyzw -> (N, 3, 3) rotation matrices (columns are the block's own axes)."""
    q = np.asarray(quats, dtype=float)
    q = q / np.linalg.norm(q, axis=1, keepdims=True)
    x, y, z, w = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    r = np.empty((len(q), 3, 3))
    r[:, 0, 0] = 1 - 2 * (y * y + z * z)
    r[:, 0, 1] = 2 * (x * y - z * w)
    r[:, 0, 2] = 2 * (x * z + y * w)
    r[:, 1, 0] = 2 * (x * y + z * w)
    r[:, 1, 1] = 1 - 2 * (x * x + z * z)
    r[:, 1, 2] = 2 * (y * z - x * w)
    r[:, 2, 0] = 2 * (x * z - y * w)
    r[:, 2, 1] = 2 * (y * z + x * w)
    r[:, 2, 2] = 1 - 2 * (x * x + y * y)
    return r


def yaw_quaternion(angle: float) -> np.ndarray:
    """The quaternion xyzw of a turn by `angle` radians about the vertical."""
    return np.array([0.0, 0.0, np.sin(angle / 2), np.cos(angle / 2)])


class Boxes:
    """The world-space geometry of N boxes at given poses."""

    def __init__(self, poses: np.ndarray, sizes: np.ndarray):
        poses = np.asarray(poses, dtype=float)
        sizes = np.asarray(sizes, dtype=float)
        if poses.ndim != 2 or poses.shape[1] != 7:
            raise ValueError(f"poses must be an (N, 7) array of xyz + quaternion xyzw, got shape {poses.shape}")
        if sizes.shape != (len(poses), 3):
            raise ValueError(f"sizes must be an ({len(poses)}, 3) array of box extents, got shape {sizes.shape}")
        self.centres = poses[:, :3]
        self.rotations = rotation_matrices(poses[:, 3:])
        self.half = sizes / 2
        local = CORNER_SIGNS[None, :, :] * self.half[:, None, :]  # (N, 8, 3)
        self.corners = self.centres[:, None, :] + np.einsum("nij,nkj->nki", self.rotations, local)
        axes = np.transpose(self.rotations, (0, 2, 1))  # (N, 3 axes, 3 xyz)
        self.normals = axes[:, FACE_AXIS, :] * FACE_SIGN[None, :, None]  # (N, 6, 3)
        self.face_centres = self.corners[:, FACE_CORNERS, :].mean(axis=2)  # (N, 6, 3)
        self.lower = self.corners.min(axis=1)
        self.upper = self.corners.max(axis=1)

    def __len__(self) -> int:
        return len(self.centres)

    def local_to_world(self, index: int, point: np.ndarray) -> np.ndarray:
        """A point given in box `index`'s own frame (metres from its centre) in world coordinates."""
        return self.centres[index] + self.rotations[index] @ np.asarray(point, dtype=float)
