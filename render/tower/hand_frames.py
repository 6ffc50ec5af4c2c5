"""The block in hand in a move's recorded frames.

The simulator takes a block out of its world once the hand has carried it clear of the tower; from
that step on its recorded pose is the one it had when the world was built (sim.world.World.poses), so a
replay drew the taken block back in its slot, whole, for the rest of the settle, and it then vanished
(a play-tester saw block 3:1 back in the tower 0.3 s after letting go of it at 98 % out). A block still
in the world when the tower fell lies where the fall left it, while the game's state puts it in the
player's hand: the replay showed it lying across the stub and the final picture dropped it.
"""

from __future__ import annotations

import numpy as np

HOME_TOLERANCE = 1e-9
"""How close (metres, and quaternion parts) a recorded pose must come to the first frame's to be the pose
the world reports for a body it no longer holds: the two are built by different arithmetic and differ
in the last bits; a block that moves never comes back within a nanometre."""


def hand_frames(frames: np.ndarray, block: int | None) -> tuple[np.ndarray, bool]:
    """(frames to replay, whether the block lay in the world to the end) for the block in hand after a
    move (None: no block in hand). From the frame where the block left the world (its pose back to the
    first frame's, within HOME_TOLERANCE, after it had moved) it is shown where the hand held it then; the frames
    are not changed otherwise. The second value is True when it never left the world though it moved:
    it lies where the simulation left it, and the final picture should draw it there."""
    frames = np.asarray(frames)
    if block is None or frames.ndim != 3 or len(frames) < 2 or not 0 <= block < frames.shape[1]:
        return frames, False
    track = frames[:, block]
    home = np.all(np.abs(track - track[0]) <= HOME_TOLERANCE, axis=1)
    moved = np.flatnonzero(~home)
    if not len(moved):
        return frames, False
    back = np.flatnonzero(home[moved[0]:])
    if not len(back):
        return frames, True
    k = int(moved[0] + back[0])
    out = frames.copy()
    out[k:, block] = frames[k - 1, block]
    return out, False
