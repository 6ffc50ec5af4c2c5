"""Stumbles a play-tester met on the Jenga screens (fourth audit), each driven by synthetic events on the real
game (no display), with the real physics where a move needs it:

A. a block offers and plays only the hole in its end face turned to the eye, never one on its hidden far end;
B. under the result of a finished game, the bar's Load button and Ctrl+O open the saved matches;
C. a block pushed all the way out is taken with the button still down, and the words say so before it is;
D. a tight block whose pulls drag the tower has that said in its tooltip, beside its 0 % chance;
E. a touch's own reading and the risk map's figure read as two things.
"""

from __future__ import annotations

import json
import sys

import numpy as np
import pygame
import pytest

from games import registry
from games.core import Seat
from games.jenga.layout import parse_hole
from games.jenga.risk_worker import RiskMap, RiskWorker
from games.match import Match
from render.screens.jenga.risk import DRAG_SAID_MM
from render.screens.registry import screen_for
from render.tower.geometry import rotation_matrices
from render.tower.live_drag import NEARLY_OUT, touch_feel

from .test_live_push import _frames
from .test_tower_screen import DT, SIZE, end_point, new_screen, run, send

SILENT_WORKER = [sys.executable, "-c", "import sys; sys.stdin.read()"]
"""A risk worker that never answers: the maps are given as data."""

HOLE_WORDS = ("mario", "peg", "climb", "drop", "leap")


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


def _key(screen, key, mod=0):
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def _settled(screen, surface):
    """Frames until a person is to move, nothing is being worked out and the view stands still."""
    match = screen.match
    spinner = screen.spinner
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None
               and (spinner is None or not spinner.spinning) and screen.camera.goal_yaw is None
               and screen._camera_goal is None)
    screen.draw(surface)


# ---- A. the hole a click plays is the one in view ---------------------------------------------------------
def _face_turned_to_eye(screen, block: int, sign: int) -> bool:
    """Whether the end face of `block` at its +x (sign 1) or -x (-1) end is turned to the eye: the face, and
    its hole, is drawn only then (the eye in front of the face's plane)."""
    q = screen._scene.poses[block]
    out = rotation_matrices(q[None, 3:])[0][:, 0] * sign
    face = q[:3] + out * screen._scene.sizes[block, 0] / 2
    return float((np.asarray(screen.camera.eye) - face) @ out) > 0


def _end_in_view_point(screen, block: int, sign: int):
    """A point on the end face of `block` at its `sign` end, a little inside it (on screen)."""
    q = screen._scene.poses[block]
    axis = rotation_matrices(q[None, 3:])[0][:, 0]
    end = q[:3] + axis * sign * (screen._scene.sizes[block, 0] / 2 - 0.002)
    (pt,), _ = screen.camera.project(end[None])
    return tuple(pt)


def _sign_of(action: str) -> tuple[int, int, int]:
    level, slot, end = parse_hole(action.partition(" ")[2])
    return int(level), int(slot), 1 if end.startswith("+") else -1


def _offered_holes_are_in_view(screen) -> int:
    """Hover every few pixels over every block that has a hole to go into: a hole offered (the tooltip's
    "click: ...", the action a click plays) is always in the end face turned to the eye. Returns how many
    points offered one."""
    state = screen.match.state
    blocks = {state.layout[level][slot] for _, level, slot, _ in screen._legal_holes()}
    offered = 0
    for block in blocks:
        rect = screen.view.screen_rects.get(block)
        if rect is None:
            continue
        for x in range(rect.left, rect.right, 3):
            for y in range(rect.top, rect.bottom, 3):
                send(screen, pygame.MOUSEMOTION, (x, y))
                holes = [a for a in screen.board_hover if a.partition(" ")[0] in HOLE_WORDS]
                if not holes:
                    assert "click: " not in screen.tooltip_text()
                    continue
                level, slot, sign = _sign_of(holes[0])
                hovered = state.layout[level][slot]
                if screen.view.ring_at((x, y)) is None:  # (on a ring, the ring's hole, whatever block is under it)
                    assert hovered == screen.hover_block, (holes, (x, y))
                assert _face_turned_to_eye(screen, hovered, sign), (holes, (x, y), screen.tooltip_text())
                offered += 1
    return offered


@pytest.mark.physics
def test_a_taken_hole_in_view_never_offers_or_plays_the_hidden_hole_behind_it(surface):
    """Seen (Donkey Kong Jenga, three people, seed 11): Player 1's Mario took the +x hole of block 0:0; hovering
    that hole, occupied and in view, said "click: stand Mario in the -x hole of block 0:0", and the click put
    Player 2's Mario in the hole on the hidden far side. The pointer offered the nearest end on screen, and
    when that hole was not free, the block's first free hole, wherever it was."""
    screen = new_screen("jenga_dk", seed=11, players=3)
    match = screen.match
    try:
        _settled(screen, surface)
        block = match.state.layout[0][0]
        sign = 1 if _face_turned_to_eye(screen, block, 1) else -1
        assert _face_turned_to_eye(screen, block, sign) and not _face_turned_to_eye(screen, block, -sign)
        near = f"mario 0:0{'+' if sign > 0 else '-'}x"
        far = f"mario 0:0{'-' if sign > 0 else '+'}x"
        point = _end_in_view_point(screen, block, sign)
        send(screen, pygame.MOUSEMOTION, point)
        assert screen.hover_block == block and screen.board_hover == [near]
        send(screen, pygame.MOUSEBUTTONDOWN, point)
        send(screen, pygame.MOUSEBUTTONUP, point)
        assert match.history[-1].action == near and match.state.marios[0] == [0, 0, near[-2:]]
        _settled(screen, surface)

        # Player 2 over the same hole, now Player 1's: no hole is offered, the words say where the free one is,
        # and a click plays nothing.
        assert far in screen.legal and near not in screen.legal
        steps = len(match.history)
        send(screen, pygame.MOUSEMOTION, point)
        assert screen.hover_block == block and screen.board_hover == []
        tip = screen.tooltip_text()
        assert "click: " not in tip and "the hole you may use in this block faces away" in tip, tip
        send(screen, pygame.MOUSEBUTTONDOWN, point)
        send(screen, pygame.MOUSEBUTTONUP, point)
        assert len(match.history) == steps and match.state.marios[1] is None
        assert "faces away, so this click plays nothing: [ or ] turns the view." in screen.message

        # Half a turn round the tower: the other end is in view, and a click there plays it.
        _key(screen, pygame.K_RIGHT)
        _key(screen, pygame.K_RIGHT)
        _settled(screen, surface)
        assert _face_turned_to_eye(screen, block, -sign)
        point = _end_in_view_point(screen, block, -sign)
        send(screen, pygame.MOUSEMOTION, point)
        assert screen.hover_block == block and screen.board_hover == [far]
        assert f"click: {screen.action_label(far)}" in screen.tooltip_text()
        send(screen, pygame.MOUSEBUTTONDOWN, point)
        send(screen, pygame.MOUSEBUTTONUP, point)
        assert match.history[-1].action == far and match.state.marios[1] == [0, 0, far[-2:]]
    finally:
        screen.close()


@pytest.mark.physics
def test_dk_no_hole_out_of_sight_is_offered_from_any_side(surface):
    """All round the tower, every point over a block with a hole to go into offers only a hole in view."""
    screen = new_screen("jenga_dk", seed=11, players=3)
    match = screen.match
    try:
        _settled(screen, surface)
        assert screen.play("mario 0:0+x")
        _settled(screen, surface)
        steps = len(match.history)
        offered = 0
        for _ in range(4):  # a quarter turn at a time
            offered += _offered_holes_are_in_view(screen)
            _key(screen, pygame.K_RIGHT)
            _settled(screen, surface)
        assert offered > 0
        assert len(match.history) == steps  # hovering played nothing
    finally:
        screen.close()


@pytest.mark.physics
def test_super_mario_no_climb_out_of_sight_is_offered_over_the_pegs(surface):
    """Seen (Super Mario Jenga, four people, seed 5): over Player 1's peg the tooltip offered "climb to the +y
    hole of block 5:0", a hole on the hidden side. Every point over a block with a climb, from every side,
    offers only a hole in view."""
    screen = new_screen("jenga_mario", seed=5, players=4)
    match = screen.match
    try:
        _settled(screen, surface)
        while match.state.phase == "character":
            assert screen.play(next(a for a in screen.legal if a.startswith("character ")))
            _settled(screen, surface)
        while match.state.phase == "peg":
            assert screen.play(screen.legal[0])
            _settled(screen, surface)
        assert any(a.startswith("climb ") for a in screen.legal)
        offered = 0
        for _ in range(4):
            offered += _offered_holes_are_in_view(screen)
            for _kind, rect in screen.view.figure_rects:  # over the pegs themselves too
                send(screen, pygame.MOUSEMOTION, rect.center)
                for action in screen.board_hover:
                    level, slot, sign = _sign_of(action)
                    assert _face_turned_to_eye(screen, match.state.layout[level][slot], sign), action
            _key(screen, pygame.K_RIGHT)
            _settled(screen, surface)
        assert offered > 0
    finally:
        screen.close()


# ---- B. Load from the result ------------------------------------------------------------------------------
@pytest.fixture
def finished_app(tmp_path, monkeypatch):
    """The app on a finished toy game, its result up."""
    from render.app import App
    from tests import toy_race

    monkeypatch.setenv("KONG_TABLETOP_HOME", str(tmp_path / "home"))
    was_registered = "toy_race" in registry.games()
    registry.register(toy_race.SPEC)
    spec = registry.get("toy_race")
    app = App(match=Match(spec.make_config([Seat("Rando", "random"), Seat("Rando 2", "random")]), 33))
    app.screen.match.advance()
    for _ in range(100):
        if app.screen.show_result:
            break
        app.tick(0.1)
    assert app.screen.show_result
    app.draw()
    yield app
    app.close()  # it quits pygame: the other tests of this module draw on
    pygame.init()
    if not was_registered:
        registry.unregister("toy_race")


def test_ctrl_o_under_the_result_opens_the_saved_matches(finished_app):
    """Seen (traditional Jenga, seed 7, after the fall): with the result up, Ctrl+O did nothing and said
    nothing; it worked only after V had put the result away."""
    from render.launcher import LauncherScreen

    screen = finished_app.screen
    finished_app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_LCTRL, unicode="",
                                           scancode=0))
    assert isinstance(finished_app.screen, LauncherScreen) and finished_app.screen is not screen
    assert "Choose a saved match" in finished_app.screen.message


def test_a_click_on_load_under_the_result_opens_the_saved_matches(finished_app):
    """Seen: a click on the bar's "Load [Ctrl+O]" under the result only lit its edge. The result's own buttons
    still come first where they stand."""
    from render.launcher import LauncherScreen

    screen = finished_app.screen
    view = next(b for b in screen.result_buttons if b.label == "View board")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        finished_app.handle(pygame.event.Event(kind, pos=view.rect.center, button=1))
    assert not screen.show_result and screen.result_hidden  # View board still works
    _key(screen, pygame.K_v)
    assert screen.show_result
    finished_app.draw()
    load = next(b for b in screen.buttons if b.label == "Load")
    assert not any(b.rect.colliderect(load.rect) for b in screen.result_buttons)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        finished_app.handle(pygame.event.Event(kind, pos=load.rect.center, button=1))
    assert isinstance(finished_app.screen, LauncherScreen)


def test_the_jenga_screen_hands_load_to_the_app_under_its_result():
    """The Jenga screen's own handling of events (the mouse on the tower, the block picker's keys) leaves the
    bar under its result to GameScreen: Ctrl+O and a click on Load reach the app."""
    from render.screens.host import Host

    class Spy(Host):
        loads = 0

        def open_load(self):
            Spy.loads += 1

    spec = registry.get("jenga_classic")
    screen = screen_for("jenga_classic")(Match(spec.make_config(seats=[Seat("P1"), Seat("P2")]), seed=7), Spy())
    try:
        screen.layout(SIZE)
        screen.show_result = True  # as after a fall: the result beside the tower
        _key(screen, pygame.K_o, pygame.KMOD_LCTRL)
        assert Spy.loads == 1 and screen.show_result
        load = next(b for b in screen.buttons if b.label == "Load")
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            screen.handle_event(pygame.event.Event(kind, pos=load.rect.center, button=1))
        assert Spy.loads == 2
        _key(screen, pygame.K_v)  # the result's own keys are still its own
        assert not screen.show_result and screen.result_hidden
    finally:
        screen.close()


# ---- C. a block pushed all the way out is taken, held ----------------------------------------------------
@pytest.mark.physics
def test_a_block_pushed_all_the_way_out_is_taken_held_and_the_words_say_so_first(surface):
    """Seen (traditional Jenga, seed 7): a fast drag on 5:1 read "94 % out ... let go to take it", and the move
    was played and the stack phase began with the button still down. By design: a block that has cleared the
    tower cannot be pushed further, so the push ends by itself (LiveDrag.clear) and is played. The words say
    so from half its length on, and that it is about to be taken once it is nearly out; the status line says
    it was; the side panel's steps say it too."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    try:
        _settled(screen, surface)
        assert any("Pushed all the way out, it is taken at once" in step for step in screen.take_block_steps())
        block = match.state.layout[5][1]
        start, px_per_m = end_point(screen, block)
        assert screen.view.pick(start) == block
        steps = len(match.history)
        send(screen, pygame.MOUSEMOTION, tuple(start))
        send(screen, pygame.MOUSEBUTTONDOWN, tuple(start))
        target = tuple(start - px_per_m * 0.12)  # 12 cm along it in a quarter of a second: fast
        said = []
        for k in range(1, 300):
            send(screen, pygame.MOUSEMOTION, tuple(np.asarray(start) + (np.asarray(target) - start) * min(1.0, k / 8)))
            live = screen.live
            if live is not None:
                said.append((live.share_out, live.words()))
            _frames(screen, surface, 1)
            if screen.live is None:
                break
        assert screen.live is None and screen.press is not None  # the button is still down
        assert screen.job is not None and screen.job.action.startswith("push 5:1 ")
        assert screen.message == "Block 5:1 came all the way out, so it is taken (you may let go of the button)."
        halfway = [w for share, w in said if 0.5 <= share < NEARLY_OUT]
        nearly = [w for share, w in said if share >= NEARLY_OUT]
        assert halfway and all("let go to take it (pushed all the way out, it is taken at once)" in w
                               for w in halfway), said
        assert nearly and all(w.endswith("% out: it is taken as soon as it clears the tower, even if you hold on")
                              for w in nearly), said
        assert run(screen, surface, lambda: screen.job is None)
        assert match.state.last_verdict["taken"] and match.state.phase == "stack"
        assert len(match.history) == steps + 1
        send(screen, pygame.MOUSEBUTTONUP, target)  # the button comes up at last: nothing more is played
        _frames(screen, surface, 2)
        assert len(match.history) == steps + 1 and screen.job is None and match.state.phase == "stack"
    finally:
        screen.close()


def test_the_help_says_a_block_all_the_way_out_is_taken():
    screen = new_screen("jenga_classic", seed=1)
    try:
        assert "pushed all the way out, it is taken at once, held or not" in screen.help_text()
    finally:
        screen.close()


# ---- D. a tight block that drags the tower ----------------------------------------------------------------
def _hover(screen, surface, level, slot) -> str:
    block = screen.match.state.layout[level][slot]
    screen.draw(surface)
    start, _ = end_point(screen, block)
    send(screen, pygame.MOUSEMOTION, tuple(start))
    if screen.hover_block != block:  # hidden by another block from here: the keyboard's picked line says it
        screen.picked = (level, slot)
        return screen.picked_text()
    return screen.tooltip_text()


@pytest.mark.physics
def test_a_block_whose_pulls_drag_the_tower_says_so_beside_its_chance(surface):
    """Seen (traditional, a person against the pro bot, seed 21): block 3:1's tooltip read "0 % collapse risk
    ... its pulls took about 2.24 N", and pushing it slid every level above it 20 mm. The map's figure of how
    far the pulls moved the tower is said from DRAG_SAID_MM on; the tint's colour stays the chance."""
    screen = new_screen("jenga_classic", seed=5)
    screen.risk.command = SILENT_WORKER
    match = screen.match
    try:
        _settled(screen, surface)
        screen.show_risk = True
        level, slot = sorted(match.state.legal_blocks())[len(match.state.legal_blocks()) // 2]
        key = screen.position_key()
        screen.risk.latest = RiskMap(key, {(level, slot): (0.0, 2.24)}, dragged_mm={(level, slot): 20.4})
        screen.update(DT)
        words = _hover(screen, surface, level, slot)
        assert "0 % collapse risk" in words and ("its pulls took about 2.24 N and dragged the tower about 20 mm "
                                                 "without toppling it") in words, words
        block = match.state.layout[level][slot]
        assert screen._risk_array(match.state, len(match.state.tower["poses"]))[block] == 0.0  # the tint: 0 %

        # Under the threshold, or with no such figure (an older map), the words are as they were.
        for dragged in ({(level, slot): DRAG_SAID_MM - 0.1}, {}):
            screen.risk.latest = RiskMap(key, {(level, slot): (0.0, 2.24)}, dragged_mm=dragged)
            words = _hover(screen, surface, level, slot)
            assert "its pulls took about 2.24 N" in words and "dragged" not in words, words
        screen.risk.latest = RiskMap(key, {(level, slot): (0.25, 0.4)}, dragged_mm={(level, slot): 12.4})
        words = _hover(screen, surface, level, slot)
        assert "25 % collapse risk" in words and "its pulls took about 0.40 N and dragged the tower about 12 mm" in words
        assert "without toppling" not in words  # a chance of a fall: not said to leave it standing
    finally:
        screen.close()


def test_the_worker_passes_on_how_far_each_blocks_pulls_moved_the_tower():
    """The risk worker's answers carry sim's displacement_mm, and RiskMap keeps it beside the figure."""
    worker = RiskWorker(command=SILENT_WORKER)
    worker._job, worker._running = 1, "here"
    rows = [{"level": 3, "pos": 1, "p_collapse": 0.0, "give_force_n": 2.24, "displacement_mm": 20.65, "samples_run": 3},
            {"level": 5, "pos": 0, "p_collapse": 0.25, "give_force_n": 0.4, "samples_run": 8}]
    assert worker._take(worker._generation, json.dumps({"id": 1, "rows": rows, "total": 2, "final": True}))
    latest = worker.latest
    assert latest.get(3, 1) == (0.0, 2.24) and latest.dragged(3, 1) == 20.65
    assert latest.get(5, 0) == (0.25, 0.4) and latest.dragged(5, 0) is None


@pytest.mark.physics  # the risk map runs in the worker's own processes
def test_the_real_map_of_block_3_1_says_it_drags_the_tower(surface):
    """The real map of the tester's block: traditional, a person against the pro bot, seed 21, block 3:1."""
    spec = registry.get("jenga_classic")
    match = Match(spec.make_config(seats=[Seat("P1"), Seat("P2", bot="pro")]), seed=21)
    screen = screen_for("jenga_classic")(match)
    try:
        screen.show_risk = False
        _settled(screen, surface)
        assert (3, 1) in {tuple(b) for b in match.state.legal_blocks()}
        key = screen.position_key()
        screen.risk.request(key, match.state.TOWER, match.state.tower, blocks=[(3, 1)])
        latest = screen.risk.wait(timeout=240)
        assert screen.risk.error is None and latest is not None and latest.key == key and latest.complete
        p, force = latest.get(3, 1)
        assert p == 0.0 and latest.dragged(3, 1) >= DRAG_SAID_MM
        screen.show_risk = True
        screen.update(DT)
        words = _hover(screen, surface, 3, 1)
        assert (f"0 % collapse risk (the chance that a brisk, fairly steady pull topples the tower); its pulls took "
                f"about {force:.2f} N and dragged the tower about {latest.dragged(3, 1):.0f} mm") in words, words
    finally:
        screen.close()


# ---- E. the touch's reading and the map's figure ----------------------------------------------------------
def test_the_touch_and_the_maps_pulls_read_as_two_things():
    """Seen: "touching: 0.05 N, it gives: loose; brisk pulls (0.58 N) found no fall" read as two forces of one
    block that disagreed."""
    assert touch_feel(True, (0.0, 0.58, True)) == "it gives (loose); the risk map's brisk pulls took 0.58 N and found no fall"
    assert touch_feel(False, (0.0, 1.2, True), past=True) == (
        "it was held tight, yet the risk map's brisk pulls took 1.20 N and got it out without a fall")
    assert touch_feel(True, (0.6, 0.05, True)) == (
        "it gives, but the tower rides on it: the risk map's brisk pulls took 0.05 N and toppled the tower 60 % "
        "of the time")
    assert touch_feel(False, (0.25, 1.69, False)) == (
        "it is held tight: it carries the tower; the risk map's brisk pulls took 1.69 N and toppled the tower 25 % "
        "of the time (figures from before the last touch moved the tower; being redone)")
    assert touch_feel(True) == "it gives" and touch_feel(False) == "it is held tight"


@pytest.mark.physics
def test_a_held_press_reads_the_touch_then_the_maps_pulls(surface):
    """The live words of a held press: the touch's force, then the map's pulls as the map's."""
    from .test_live_push import _grab

    screen = new_screen("jenga_classic", seed=7)
    screen.risk.command = SILENT_WORKER
    match = screen.match
    try:
        _settled(screen, surface)
        level, slot, block, start, _ = _grab(screen)
        screen.risk.latest = RiskMap(screen.position_key(), {(level, slot): (0.0, 0.58)})
        screen.show_risk = True
        screen.update(DT)
        send(screen, pygame.MOUSEMOTION, tuple(start))
        send(screen, pygame.MOUSEBUTTONDOWN, tuple(start))
        assert run(screen, surface, lambda: screen.live is not None and screen.live.pushed, frames=60)
        words = screen.tooltip_text()
        assert words.startswith("touching: the block takes ") and " N to slide, it " in words, words
        assert "; the risk map's brisk pulls took 0.58 N and " in words, words
        send(screen, pygame.MOUSEBUTTONUP, tuple(start))
        assert run(screen, surface, lambda: screen.job is None)
    finally:
        screen.close()
