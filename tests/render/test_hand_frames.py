"""The block in hand in a move's recorded frames (render.tower.hand_frames), on real live pushes of the
simulator: a block taken out was drawn back in its slot for the rest of the replay (the world reports a
removed body at its starting pose), and a block that fell with the tower was dropped from the final
picture although the replay showed it lying in the debris."""

from __future__ import annotations

import numpy as np
import pytest

from render.tower.hand_frames import hand_frames
from sim import Tower, load_spec
from sim.live import LivePush

pytestmark = pytest.mark.physics


def _pushed(level: int, pos: int, side: int, speed_m_s: float):
    """A live push on classic seed 4 whose finger goes on to 80 mm at speed_m_s, recorded."""
    spec = load_spec("classic")
    live = LivePush(spec, Tower(spec, seed=4), level, pos, side, record=True)
    live.feed(live.sample_at(0.0, 0.0, 0.0))
    for i in range(1, 200):
        t = i / 30
        sample = live.sample_at(t, live.clamp(min(speed_m_s * t, 0.08)), 0.0)
        if sample is not None:
            live.feed(sample)
    return live, live.finish(follow_s=2.0)


def _digest(frames) -> str:
    import hashlib

    return hashlib.sha256(np.ascontiguousarray(frames).tobytes()).hexdigest()[:12]


def _what_differed(result, home, b) -> str:
    """The message when the recording is not as it always is alone: what it held, whether the same push
    again in this process and in a new process gives the same frames, and which threads were running (a
    nondeterminism that comes and goes with what ran before is then told apart from one in the process)."""
    import subprocess
    import sys
    import threading
    from pathlib import Path

    frames = result.frames
    again = _pushed(6, 1, 1, 0.06)[1].frames
    code = ("import hashlib, numpy as np; from tests.render.test_hand_frames import _pushed; "
            "f = _pushed(6, 1, 1, 0.06)[1].frames; "
            "print(hashlib.sha256(np.ascontiguousarray(f).tobytes()).hexdigest()[:12])")
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                           cwd=Path(__file__).resolve().parents[2])
    threads = sorted(t.name for t in threading.enumerate())
    return (f"outcome {result.verdict.outcome!r}, {result.verdict.sim_s} s simulated, {len(frames)} frames, "
            f"{int(home.sum())} at home, last pose off by {(frames[-1, b] - frames[0, b]).tolist()}; frames "
            f"{_digest(frames)}, again in this process {_digest(again)}, in a new process "
            f"{fresh.stdout.strip() or fresh.stderr.strip()[-300:]}; threads {threads}")


def test_a_block_taken_out_stays_where_the_hand_held_it_in_the_replay():
    live, result = _pushed(6, 1, 1, 0.06)  # a loose middle block: out and taken, the tower stands
    assert result.taken and not result.verdict.collapsed
    frames = result.frames
    b = live.b
    start = frames[0, b]
    home = np.all(np.abs(frames[:, b] - start) <= 1e-9, axis=1)
    # as recorded: back in its slot at the end (the stumble). This failed in 2 of 9 fresh-clone runs of the whole
    # suite (6 Dec) and never alone, most likely a move left running by an earlier test stepping this world on
    # a shared PyBullet client (fixed: tests/sim/test_threads.py); should it fail again, the message says more.
    assert home[-1] and not home.all(), _what_differed(result, home, b)
    shown, lies = hand_frames(frames, b)
    assert not lies
    assert not np.allclose(shown[-1, b], start)
    out_along = np.linalg.norm(shown[-1, b, :2] - start[:2])
    assert out_along > 0.07  # held clear of the tower, where the hand had carried it
    others = np.ones(frames.shape[1], dtype=bool)
    others[b] = False
    assert np.array_equal(shown[:, others], frames[:, others])  # nothing else changed


def test_a_block_that_fell_with_the_tower_is_said_to_lie_in_the_debris():
    live, result = _pushed(6, 0, -1, 0.06)  # a tight edge block: the top comes with it and falls
    assert result.verdict.collapsed
    shown, lies = hand_frames(result.frames, live.b)
    assert lies and np.array_equal(shown, result.frames)
    # its last recorded pose is the one the tower's state keeps for it
    assert np.allclose(result.frames[-1, live.b], np.asarray(result.state["poses"], dtype=float)[live.b])


def test_no_block_in_hand_or_one_that_never_moved_leaves_the_frames_as_they_are():
    frames = np.zeros((5, 3, 7))
    frames[:, :, 6] = 1.0
    for block in (None, 1, 7):
        shown, lies = hand_frames(frames, block)
        assert shown is frames and not lies


def _drag_fast(screen, surface, level: int, slot: int):
    """Press the near end of block level:slot and drag it 12 cm along in a quarter of a second; returns
    the block id once the move is played and its replay is over."""
    import pygame

    from .test_live_push import _frames
    from .test_tower_screen import end_point, run, send

    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    block = match.state.layout[level][slot]
    start, px_per_m = end_point(screen, block)
    assert screen.view.pick(start) == block
    send(screen, pygame.MOUSEMOTION, tuple(start))
    send(screen, pygame.MOUSEBUTTONDOWN, tuple(start))
    target = np.asarray(start) - px_per_m * 0.12
    for k in range(1, 300):
        send(screen, pygame.MOUSEMOTION, tuple(np.asarray(start) + (target - start) * min(1.0, k / 8)))
        _frames(screen, surface, 1)
        if screen.live is None:
            break
    send(screen, pygame.MOUSEBUTTONUP, tuple(target))
    assert run(screen, surface, lambda: screen.job is not None or len(match.history) > 1)
    assert run(screen, surface, lambda: screen.job is None and screen.playback is not None)
    return block


def test_on_the_screen_a_block_taken_out_is_not_drawn_back_in_its_slot_and_one_that_fell_stays_in_sight():
    import pygame

    from .test_tower_screen import SIZE, new_screen, run

    pygame.init()
    surface = pygame.Surface(SIZE)
    screen = new_screen("jenga_classic", seed=4)
    try:  # 6:1, loose: taken
        block = _drag_fast(screen, surface, 6, 1)
        state = screen.match.state
        assert state.hand == block and not state.last_verdict["collapsed"]
        frames = screen.playback.frames
        home = frames[0, block]
        assert not np.allclose(frames[-1, block], home, atol=1e-6)  # held out, not back in its slot
        assert screen.hand_lies is None
    finally:
        screen.close()
    screen = new_screen("jenga_classic", seed=4)
    try:  # 7:1, load-bearing: the tower falls during the drag
        block = _drag_fast(screen, surface, 7, 1)
        state = screen.match.state
        assert state.last_verdict["collapsed"] and state.hand == block
        assert run(screen, surface, lambda: screen.playback is None)
        screen.draw(surface)
        assert not screen._scene.hidden[block]  # drawn where the fall left it, as its replay showed it
        assert np.allclose(screen._scene.poses[block], np.asarray(state.tower["poses"], dtype=float)[block])
    finally:
        screen.close()
