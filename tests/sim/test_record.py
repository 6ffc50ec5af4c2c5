"""Recording a move only samples poses: the game's state after a collapse is the same headless or in the app.

The Jenga games play every collapse on to the floor (games.jenga.physics.FOLLOW_S) whether or not the
tower view asked for frames; the recorded trajectory then covers the whole fall, ending on the final poses.
"""

from __future__ import annotations

import numpy as np
import pytest

from games.jenga import physics

pytestmark = pytest.mark.physics  # every test here steps PyBullet


def _collapse(record: bool):
    state, _ = physics.build("classic", 0)
    state, _, _, _ = physics.remove("classic", state, 12, 2)
    return physics.remove("classic", state, 12, 1, record=record)


def test_recording_a_collapse_does_not_change_the_game_state():
    plain_state, plain_layout, plain_verdict, plain_frames = _collapse(record=False)
    state, layout, verdict, frames = _collapse(record=True)
    assert plain_frames is None and frames is not None
    assert verdict["collapsed"] and plain_verdict == verdict
    assert state == plain_state and layout == plain_layout      # every pose bit-identical, the same fallen blocks


def test_the_recorded_collapse_plays_the_fall_to_the_floor():
    state, _, verdict, frames = _collapse(record=True)
    spec = physics.tower_spec("classic")
    final = np.asarray(state["poses"])
    assert np.array_equal(frames[-1], final)                      # the replay ends where the game's state is
    assert len(frames) / spec.physics.frame_hz >= physics.FOLLOW_S  # the fall is in the frames, not cut at the verdict
    fallen = [b for b, w in enumerate(state["where"]) if w == "floor"]
    assert len(fallen) >= 6 and frames[0][fallen, 2].min() > 0.18          # the levels above 12 came down
    # They came down: with rigid contacts and the measured sizes the five levels above tip over the
    # edge block left in 12 and come to rest slumped on it, most of them a centimetre lower.
    assert frames[0][fallen, 2].max() > 0.25 and np.median(frames[0][fallen, 2] - final[fallen, 2]) > 0.005
