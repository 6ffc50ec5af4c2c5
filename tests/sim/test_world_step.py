"""World.step hands several physics steps to PyBullet in one call (its sub-steps) only when that is the
very same n steps of the very same time step: the poses must be the bits of one call a step, since
verdicts, stored towers and saved matches replay bit for bit."""

import numpy as np
import pybullet as pb
import pytest

from sim import Tower, load_spec
from sim.world import _whole_substeps


def _run(tower, focus, chunks, single):
    """Poses after stepping a world cut at `focus` in `chunks` (one call a step when `single`)."""
    with tower._world(focus) as world:
        for n in chunks:
            if single:
                for _ in range(n):
                    pb.stepSimulation(physicsClientId=world.client)
            else:
                world.step(n)
        return world.poses()


@pytest.mark.physics
def test_steps_in_one_call_give_the_bits_of_one_call_a_step():
    spec = load_spec("classic")
    tower = Tower(spec, 2)
    tower._take(0, 0)                       # a tower whose bottom edge is gone: the blocks above move
    spf = spec.physics.steps_per_frame
    for focus in (0, 9):
        chunks = [spf] * 20 + [1, 3, 23, spf, 27, 2]  # frames, single steps between, splits Bullet cannot do exactly
        single = _run(tower, focus, chunks, single=True)
        batched = _run(tower, focus, chunks, single=False)
        assert single.tobytes() == batched.tobytes()
        assert not np.array_equal(single, tower.poses())        # the steps did move the blocks


def test_a_split_that_bullet_would_not_make_exactly_is_refused():
    dt = load_spec("classic").physics.time_step_s
    assert _whole_substeps(24, dt) and _whole_substeps(2, dt)      # a frame (24 steps of 1/720 s), two steps
    # 27 x (1/720 s) is 0.0375, and 0.0375 over 1/720 s truncates to 26 sub-steps, not 27; 23 x (1/720 s)
    # divided by 23 is not 1/720 s to the bit. Those steps go one call each. (Found by trying n = 1..79
    # with _whole_substeps at this time step: 23, 27, 46, 49, 54 and 57 are the inexact ones.)
    assert not _whole_substeps(27, dt)
    assert not _whole_substeps(23, dt)
    assert not _whole_substeps(3, 0.1)           # 3 x 0.1 is 0.30000000000000004; a third of it is not 0.1
