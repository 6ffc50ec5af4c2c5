"""sim.layout.seat places every block of a level at once; the poses must be the very bits a block-by-block
loop gives, since stored towers, saved matches and the risk map's caches replay bit for bit."""

import numpy as np

from sim import Tower, load_spec, portable
from sim.layout import _quat_of, _rotation, seat, support_line
from sim.motion import axes, quat_mul


def _seat_block_by_block(dims, slots, poses, masses):
    """seat as it was written before it was vectorised: one block at a time (kept here to compare), with
    sim.portable's products and functions, as seat has used since they replaced numpy's."""
    out = poses.copy()
    rot, origin = np.eye(3), np.zeros(3)
    for level in range(slots.shape[0]):
        ids = slots[level][slots[level] >= 0]
        if not len(ids):
            break
        inv = portable.inverse2(rot[:2, :2])
        local = np.zeros((len(ids), 3))
        for i, b in enumerate(ids):
            h = dims[b, 2]
            local[i, :2] = portable.matmul(inv, poses[b, :2] - origin[:2] - rot[:2, 2] * h / 2.0)
            local[i, 2] = h / 2.0
            ax = axes(poses[b, 3:][None], 0)[0]
            yaw = portable.arctan2(ax[1], ax[0])
            c, s = portable.cos(yaw), portable.sin(yaw)
            turn = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
            out[b, :3] = origin + portable.matmul(rot, local[i])
            out[b, 3:] = _quat_of(portable.matmul(rot, turn))
        above = slots[level + 1:][slots[level + 1:] >= 0]
        if not len(above):
            break
        axis = 1 if level % 2 == 0 else 0
        com_xy = (masses[above, None] * poses[above, :2]).sum(axis=0) / masses[above].sum()
        centre = portable.matmul(inv, com_xy - origin[:2])[axis]
        height, slope = support_line(local[:, axis], dims[ids, 1], dims[ids, 2], centre)
        pivot = np.zeros(3)
        pivot[axis], pivot[2] = centre, height
        origin = origin + portable.matmul(rot, pivot)
        angle = portable.arctan(slope)
        rot = portable.matmul(rot, _rotation(0, angle) if axis == 1 else _rotation(1, -angle))
    return out


def test_seating_a_level_at_once_gives_the_same_bits_as_block_by_block():
    rng = np.random.default_rng(11)
    compared = 0
    for name in ("classic", "mario"):
        spec = load_spec(name)
        for seed in (0, 5):
            tower = Tower(spec, seed)
            for _ in range(15):
                poses = tower.poses()
                # A played tower: blocks nudged sideways, turned flat, some taken out.
                poses[:, :2] += rng.normal(0.0, 0.002, (len(poses), 2))
                turn = rng.normal(0.0, 0.05, len(poses))
                flat = np.stack([np.zeros_like(turn), np.zeros_like(turn), np.sin(turn / 2), np.cos(turn / 2)], axis=1)
                poses[:, 3:] = quat_mul(flat, poses[:, 3:])
                slots = tower.slots.copy()
                for _ in range(int(rng.integers(0, 8))):
                    slots[int(rng.integers(0, slots.shape[0] - 1)), int(rng.integers(0, spec.per_level))] = -1
                got = seat(spec, tower.dims, slots, poses, tower.masses)
                want = _seat_block_by_block(tower.dims, slots, poses, tower.masses)
                assert np.array_equal(got, want), "seat's poses differ from the block-by-block loop"
                assert not np.array_equal(got, poses)      # it did seat something
                compared += 1
    assert compared == 60
