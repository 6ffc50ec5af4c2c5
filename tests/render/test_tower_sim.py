"""Pictures of real simulator towers from fixed seeds (fresh, after removals, mid-collapse) with checks
on the pixels, and the risk map computed in its worker process."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from render.tower.camera import Camera
from render.tower.geometry import Boxes
from render.tower.jenga_scene import block_colours
from games.jenga.risk_worker import RiskWorker
from render.tower.view import TowerScene, TowerView
from sim import Tower, load_spec

from .test_tower import SHOTS

W, H = 800, 600
BG = (24, 27, 34)


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface((W, H))


@pytest.fixture(scope="module")
def spec():
    return load_spec("classic")


def picture(surface, tower, poses=None, yaw=-60.0):
    poses = tower.poses() if poses is None else poses
    sizes = np.array([tower.block_size(b) for b in range(len(poses))])
    where = [tower.where(b) for b in range(len(poses))]
    scene = TowerScene(poses, sizes, block_colours("classic", len(poses)),
                       hidden=np.array([w in ("hand", "aside") for w in where]))
    cam = Camera(viewport=(0, 0, W, H), yaw=math.radians(yaw))
    cam.frame_tower(0.3)
    view = TowerView(cam)
    surface.fill(BG)
    view.draw(surface, scene, floor=False)
    img = pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)
    return view, cam, scene, img


def silhouette(img):
    return np.any(np.abs(img - np.array(BG)) > 12, axis=2)


def test_fresh_tower_fills_the_outline_of_its_blocks(surface, spec):
    tower = Tower(spec, seed=0)
    view, cam, scene, img = picture(surface, tower)
    pygame.image.save(surface, str(SHOTS / "sim_fresh.png"))
    mask = silhouette(img)
    rows, cols = np.nonzero(mask)
    corners, _ = cam.project(Boxes(scene.poses, scene.sizes).corners.reshape(-1, 3))
    assert abs(rows.min() - corners[:, 1].min()) < 3 and abs(rows.max() - corners[:, 1].max()) < 3
    assert abs(cols.min() - corners[:, 0].min()) < 3 and abs(cols.max() - corners[:, 0].max()) < 3
    assert mask.mean() > 0.05
    assert len(view.last_order) == spec.num_blocks


@pytest.mark.physics
def test_after_removals_the_gaps_show_darker_and_pick_deeper_blocks(surface, spec):
    fresh = Tower(spec, seed=1)  # (seed 0's measured tower falls when 6:1 goes back on top)
    _, cam, _, before = picture(surface, fresh, yaw=-90)
    tower = Tower(spec, seed=1)
    gone = [(3, 0), (6, 1)]  # level 3 lies along y: slot 0 has its end toward the eye at yaw -90
    for (level, pos), slot in zip(gone, (0, 2)):
        verdict = tower.remove(level, pos)
        assert not verdict.collapsed
        tower.stack(slot)  # back on top, so the tower keeps its 54 blocks
    view, cam, scene, after = picture(surface, tower, yaw=-90)
    pygame.image.save(surface, str(SHOTS / "sim_removed.png"))
    removed = fresh.block_id(3, 0)
    face = fresh.poses()[removed, :3] + np.array([0.0, -0.0375 + 0.003, 0.0])  # on its end face
    (p,), _ = cam.project(face[None])
    x, y = int(p[0]), int(p[1])
    assert after[y, x].sum() < 0.8 * before[y, x].sum()  # the hole is darker than the block was
    assert view.pick((x, y)) not in (None, removed)
    # Both blocks now lie on top: the silhouette reaches higher than before.
    assert np.nonzero(silhouette(after))[0].min() < np.nonzero(silhouette(before))[0].min()


@pytest.mark.physics
def test_mid_collapse_frame_leaves_the_fresh_outline(surface, spec):
    tower = Tower(spec, seed=3)
    fresh_poses = tower.poses()
    tower.remove(4, 1)
    verdict = tower.remove(4, 0, record=True)  # one side block left under the whole upper tower
    assert verdict.collapsed and verdict.trajectory is not None and len(verdict.trajectory) >= 2
    frames = np.asarray(verdict.trajectory)
    _, _, _, start = picture(surface, tower, frames[0])
    _, _, _, end = picture(surface, tower, frames[-1])
    pygame.image.save(surface, str(SHOTS / "sim_collapse_end.png"))
    _, cam, _, mid = picture(surface, tower, frames[len(frames) // 2])
    pygame.image.save(surface, str(SHOTS / "sim_collapse_mid.png"))
    moved = np.linalg.norm(frames[-1, :, :3] - fresh_poses[:, :3], axis=1)
    assert moved.max() > 0.005
    a, b = silhouette(start), silhouette(end)
    assert np.mean(a != b) > 0.002  # the fallen tower's outline is not the standing one's
    assert np.abs(mid - start).sum() > 0


@pytest.mark.physics
def test_risk_map_arrives_from_the_worker_process_block_by_block():
    worker = RiskWorker(samples=1, seed=0)  # one push a block, one block an answer
    blocks = [(0, 2), (0, 0), (0, 1)]
    try:
        state = Tower(load_spec("classic"), seed=0).get_state()
        worker.request("old", "classic", state, blocks=blocks)
        assert worker.busy and worker.poll() is None  # asked, not waited for
        pid = worker._proc.pid
        worker.request("fresh", "classic", state, blocks=blocks)  # the position changed: the old map is abandoned
        assert worker._proc.pid == pid  # in the same process: the simulator is not loaded again
        first = worker.wait(timeout=240, answers=1)
        assert worker.error is None and first is not None and first.key == "fresh"
        assert set(first.by_block) == {(0, 2)} and first.total == 3 and not first.complete  # in the order asked
        assert worker.busy  # still mapping the rest
        latest = worker.wait(timeout=240)
        assert latest.complete and set(latest.by_block) == set(blocks)
        assert latest.by_block[(0, 2)] == first.by_block[(0, 2)]
        assert all(0.0 <= p <= 1.0 and f >= 0.0 for p, f in latest.by_block.values())
        assert worker._proc.pid == pid and latest.pushes == 3
        worker.request("fresh", "classic", state, blocks=blocks)
        assert not worker.busy  # the same position is not mapped twice
        worker.request("gone", "classic", state, blocks=blocks)
        worker.cancel()  # no map wanted: the worker stops
        assert not worker.busy and worker.wait(timeout=1) is latest
    finally:
        worker.close()


@pytest.mark.physics
def test_the_maps_test_gives_the_same_figures_whatever_order_its_pushes_come_back_in():
    """The app's worker runs sim's sequential test push by push on its own pool, in the order the screen
    asks, and takes the pushes back in whatever order they finish: every block's pushes depend on its own
    outcomes only, so the figures and push counts are those of one whole map. Here the pushes of three
    blocks are all handed out first and taken back last first."""
    from games.jenga import physics

    state = Tower(load_spec("classic"), seed=1).get_state()
    blocks = [(5, 0), (0, 1), (0, 0)]
    test = physics.risk_test("classic", state, blocks, samples=4, seed=3)
    rows = {}
    while not test.finished:
        due = []
        while (d := test.due()) is not None:
            due.append(d)
        assert [b for b, _, _ in due] == sorted((b for b, _, _ in due), key=blocks.index)  # in the order asked
        for b, i, task in reversed(due):
            row = test.record(b, i, physics.risk_push(task))
            if row is not None:
                rows[b] = row
    whole = physics.risk("classic", state, blocks, samples=4, seed=3, workers=1)
    assert [rows[(r["level"], r["pos"])] for r in whole] == whole
    assert any(r["samples_run"] > 1 for r in whole)  # a block ran more than one round of the test


@pytest.mark.physics
def test_the_worker_pool_gives_the_figures_of_one_whole_map():
    """Two pool processes, one block a task, run the pushes of sim's one whole map and give its figures."""
    from games.jenga import physics

    state = Tower(load_spec("classic"), seed=1).get_state()
    blocks = [(0, 0), (0, 1), (0, 2), (1, 1)]
    worker = RiskWorker(samples=2, seed=3, workers=2)
    try:
        worker.request("fresh", "classic", state, blocks=blocks)
        latest = worker.wait(timeout=240)
        assert worker.error is None and latest.complete
    finally:
        worker.close()
    whole = physics.risk("classic", state, blocks, samples=2, seed=3, workers=1)
    assert latest.by_block == {(r["level"], r["pos"]): (r["p_collapse"], r["give_force_n"]) for r in whole}
    assert latest.pushes == sum(r["samples_run"] for r in whole)


@pytest.mark.physics
def test_the_first_pass_runs_every_blocks_first_pushes_first_and_changes_no_figure():
    """The screen's map runs every block's first four pushes before any block's last four
    (RISK_FIRST_PASS): a block those leave unsettled gives an interim row from them, and its final row,
    like every other block's, is the one the map gives without a first pass. On classic seed 3, the first
    four pushes of 7:2 leave it unsettled: three of them topple the tower (found by running the sequential
    test's pushes with games.jenga.physics.risk_push; two did with the hand's chattering squaring spring
    before sim.tower.YAW_SPRING), 15:1 stands calm."""
    from games.jenga import physics

    state = Tower(load_spec("classic"), seed=3).get_state()
    blocks = [(15, 1), (7, 2)]
    test = physics.risk_test("classic", state, blocks, samples=8, seed=0, first_pass=4)
    interim, final = {}, {}
    while not test.finished:
        due = []
        while (d := test.due()) is not None:
            b, i, task = d
            if i >= 4:  # a late push goes out only when no block has an early one waiting
                assert all(q[2] >= 4 for q in test.queue)
            due.append(d)
        for b, i, task in due:
            row = test.record(b, i, physics.risk_push(task))
            if row is not None:
                final[b] = row
            elif (early := test.interim(b)) is not None:
                assert b not in interim  # given once
                interim[b] = early
    whole = physics.risk("classic", state, blocks, samples=8, seed=0, workers=1)
    assert [final[(r["level"], r["pos"])] for r in whole] == whole
    assert set(interim) == {(7, 2)} and interim[(7, 2)]["interim"] is True
    assert interim[(7, 2)]["samples_run"] == 4 and interim[(7, 2)]["p_collapse"] == 0.75
    assert final[(7, 2)]["samples_run"] == 8 and final[(15, 1)]["samples_run"] < 4


@pytest.mark.physics
def test_the_worker_answers_interim_figures_then_the_final_ones():
    """With a first pass the worker answers a block its pushes leave unsettled twice: an interim figure
    (the map is covered, not complete) and then the final one, equal to one whole map's."""
    from games.jenga import physics

    state = Tower(load_spec("classic"), seed=3).get_state()
    blocks = [(15, 1), (7, 2)]
    worker = RiskWorker(samples=8, seed=0, workers=2, first_pass=4)
    seen = []
    try:
        worker.request("fresh", "classic", state, blocks=blocks)
        while worker.busy:
            latest = worker.wait(timeout=240, answers=1)
            seen.append((latest.covered, latest.complete, set(latest.interim)))
        assert worker.error is None and latest.complete and not latest.interim
    finally:
        worker.close()
    assert (True, False, {(7, 2)}) in seen  # covered, with 7:2's figure interim
    whole = physics.risk("classic", state, blocks, samples=8, seed=0, workers=1)
    assert latest.by_block == {(r["level"], r["pos"]): (r["p_collapse"], r["give_force_n"]) for r in whole}
    assert latest.pushes == sum(r["samples_run"] for r in whole)


@pytest.mark.physics
def test_once_a_map_is_complete_its_blocks_touches_come_and_tell_loose_from_tight():
    """A feel audit: the tooltip's "its pulls took about X N" did not tell loose blocks from tight ones (a loose
    block's brisk, slightly angled pulls rubbed against its neighbours: 1.55 N, a tight one's 0.80 N). Once the
    map is complete the worker touches each of its blocks gently on a copy of the tower, as a person's touch
    test does, and the tooltip gives that force: the touch separates them (PHYSICS.md, sim's census)."""
    from games.jenga import physics
    from render.screens.jenga.risk import risk_words
    from sim.census import STILL_MM

    from tests.conftest import wait_until

    spec = load_spec("classic")
    tower = Tower(spec, seed=3)
    state = tower.get_state()
    blocks = [(6, 1), (7, 1), (8, 0), (14, 2)]  # on this tower: two loose middles, two tight blocks
    loose = {}
    for b in blocks:
        probe = Tower.from_state(spec, state).probe(*b)
        loose[b] = probe.moves and probe.tower_motion_mm < STILL_MM
    assert sorted(loose.values()) == [False, False, True, True]
    worker = RiskWorker(samples=1, seed=0, workers=2)
    try:
        worker.request("fresh", "classic", state, blocks=blocks)
        latest = worker.wait(timeout=240)
        assert latest.complete
        assert wait_until(lambda: len(worker.poll().touch) == len(blocks), 120), worker.poll().touch
        touch = worker.latest.touch
        for b in blocks:
            assert touch[b] == physics.touch_reading("classic", state, *b)  # the same touch, bit for bit
        assert max(touch[b][0] for b in blocks if loose[b]) < min(touch[b][0] for b in blocks if not loose[b])
        words = risk_words((*worker.latest.get(6, 1), True), touch=worker.latest.touched(6, 1))
        assert f"a touch takes about {touch[(6, 1)][0]:.2f} N (it gives)" in words and "pulls" not in words
        assert worker._complete["fresh"].touch == touch  # a position met again shows them at once
        # the pulls' drag is still theirs, not the touch's
        words = risk_words((0.1, 0.9, True), dragged_mm=40.0, touch=(0.94, False))
        assert words.endswith("a touch takes about 0.94 N (held tight); its pulls dragged the tower about 40 mm")
    finally:
        worker.close()
