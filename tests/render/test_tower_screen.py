"""The Jenga screen driven by synthetic mouse events on the real simulator, with no display: a scripted
game of traditional Jenga played to the end, touch to test, the settle countdown, the collapse
animation and the Donkey Kong spinner. The physics runs in the screen's worker thread; the test waits
for it by joining that thread, never by sleeping."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from games import registry
from games.core import Seat
from games.jenga import data
from games.match import Match
from render import palette
from render.screens.registry import screen_for
from render.screens.jenga import JengaScreen
from render.tower.fall import last_moving_frame
from render.tower.geometry import rotation_matrices
from games.jenga.risk_worker import RiskMap, RiskWorker
from sim import load_spec

from .test_tower import SHOTS
from .conftest import lines_drawn  # noqa: F401  (the shared text.draw spy)

DT = 1 / 30
SIZE = (1280, 800)


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


def new_screen(game: str, seed: int, players: int = 2) -> JengaScreen:
    spec = registry.get(game)
    match = Match(spec.make_config(seats=[Seat(f"P{i + 1}") for i in range(players)]), seed=seed)
    screen = screen_for(game)(match)
    assert isinstance(screen, JengaScreen)
    screen.show_risk = False  # the risk map has its own test; here it would only slow the physics down
    return screen


def run(screen, surface, until, frames=3000, spin=True) -> bool:
    """Step frames (joining the physics thread whenever it runs) until `until()` holds. A person's spin
    the screen waits for is spun with Space, as that person would (spin=False leaves it waiting)."""
    for _ in range(frames):
        if until():
            return True
        if spin and screen.chance_waits():
            screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
        if screen.job is not None:
            screen.job.thread.join()
        screen.update(DT)
        screen.draw(surface)
    return until()


def press_end(screen, block):
    """Point at the near end of `block` and press there (a live push starts): (that point, the pixels a
    metre along the push, as end_point gives them)."""
    start, px_per_m = end_point(screen, block)
    assert screen.view.pick(start) == block
    send(screen, pygame.MOUSEMOTION, tuple(start))
    send(screen, pygame.MOUSEBUTTONDOWN, tuple(start))
    return start, px_per_m


def grabbable(screen, blocks):
    """The first of `blocks` ((level, slot) in the order given) whose near end is under its own end point
    on the screen: (level, slot, block id)."""
    layout = screen.match.state.layout
    for level, slot in blocks:
        block = layout[level][slot]
        if screen.view.pick(end_point(screen, block)[0]) == block:
            return level, slot, block
    raise AssertionError("no block could be grabbed by its end")


def send(screen, kind, pos, button=1):
    if kind == pygame.MOUSEMOTION:
        screen.handle_event(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    else:
        screen.handle_event(pygame.event.Event(kind, pos=pos, button=button))


def end_point(screen, block):
    """A point on the end face of `block` that faces the eye, and the block's axis on screen (px per m)."""
    scene = screen._scene
    q = scene.poses[block]
    axis = rotation_matrices(q[None, 3:])[0][:, 0]
    sign = 1.0 if float((screen.camera.eye - q[:3]) @ axis) >= 0 else -1.0
    near_end = q[:3] + axis * sign * (scene.sizes[block, 0] / 2 - 0.002)
    pts, _ = screen.camera.project(np.array([near_end, near_end + axis * sign * 0.01]))
    return pts[0], (pts[1] - pts[0]) / 0.01


def press_if_under(screen, block):
    """Press at the near end of `block` when that end is under its own end point on the screen (no other block
    in front of it): (that point, the pixels a metre along the push), else None and nothing pressed."""
    start, px_per_m = end_point(screen, block)
    if screen.view.pick(start) != block:
        return None
    send(screen, pygame.MOUSEMOTION, tuple(start))
    send(screen, pygame.MOUSEBUTTONDOWN, tuple(start))
    return start, px_per_m


def drag_out(screen, surface, frames=40, wobble=0.0):
    """Push out, live, the highest legal block that is under its own end point: press on its end, drag
    90 mm along it over `frames` frames (the physics steps each frame), let go; returns its (level, slot)."""
    state = screen.match.state
    # side blocks of the middle levels first: pushed at a brisk pace they come out without a fall
    for level, slot in sorted(state.legal_blocks(), key=lambda b: (abs(b[0] - 8), b[1] == 1, b)):
        block = state.layout[level][slot]
        pressed = press_if_under(screen, block)
        if pressed is None:
            continue
        start, px_per_m = pressed
        assert screen.live is not None and screen.live.block == block
        pull = -px_per_m * 0.09  # away from the eye, past the block's far end
        for k in range(1, frames + 1):
            side = np.array([-px_per_m[1], px_per_m[0]]) / np.linalg.norm(px_per_m) * wobble * (-1) ** k
            send(screen, pygame.MOUSEMOTION, tuple(start + pull * k / frames + side))
            screen.update(DT)
            screen.draw(surface)
            if screen.live is None:  # all the way out (or the tower fell): the push ended by itself
                return level, slot
        assert screen.live.will_take(), screen.live.words()
        send(screen, pygame.MOUSEBUTTONUP, tuple(start + pull))
        return level, slot
    raise AssertionError("no legal block could be grabbed by its end")


def click_ghost(screen):
    polys = screen.view._ghost_polys
    assert len(polys) > 0, "no slot is offered on top"
    point = tuple(polys[-1].mean(axis=0))
    send(screen, pygame.MOUSEMOTION, point)
    slot = screen.ghost_slots[screen.view._ghost_owner[-1]]
    assert screen.board_hover == [f"stack {slot}"]  # the slot under the pointer is the one played
    send(screen, pygame.MOUSEBUTTONDOWN, point)
    send(screen, pygame.MOUSEBUTTONUP, point)
    assert screen.job is not None and screen.job.action == f"stack {slot}"


@pytest.mark.physics
def test_scripted_classic_game_to_the_end(surface):
    """'Keep removing and stacking blocks until someone makes the tower fall': pushes are mouse drags,
    stacks are clicks on a slot, and the game ends when the simulator says the tower fell."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    pygame.image.save(surface, str(SHOTS / "screen_fresh.png"))

    # Touch to test: a right click on a block runs the probe and shows what it felt.
    level, slot = sorted(match.state.legal_blocks())[-1]
    start, _ = end_point(screen, match.state.layout[level][slot])
    send(screen, pygame.MOUSEMOTION, tuple(start))
    touches = match.state.touches
    send(screen, pygame.MOUSEBUTTONDOWN, tuple(start), button=3)
    assert run(screen, surface, lambda: screen.job is None and screen.probe_note)
    assert match.state.touches == touches + 1 and "N" in screen.probe_note

    pushes = []
    for turn in range(8):
        if match.is_over():
            break
        before = len(match.history)
        level, slot = drag_out(screen, surface, wobble=3.0 * turn)
        pushes.append((level, slot))
        block = match.state.layout[level][slot]
        # the drag was the push, live: the finger's path is the move, and while the simulator lets go
        # of the block the window shows it where the finger left it
        assert screen.job is not None and screen.job.action.startswith(f"push {level}:{slot} ")
        held = screen.live_hold
        assert held is not None and np.linalg.norm(held[block, :3] - match.state.tower["poses"][block][:3]) > 0.03
        assert run(screen, surface, lambda: screen.job is None)
        action = match.history[before].action
        across = np.array([int(x.split("/")[2]) for x in action.partition("path=")[2].split(",")], dtype=float)
        assert len(across) > 10 and not across.any()  # the pointer's wobble moves the finger along the block only
        if screen.playback is not None and not match.is_over():  # the playback goes on from where the finger let go
            drag = match.state.last_verdict["drag_frames"]
            assert screen.playback.t > 0 and np.allclose(screen.playback.frames[drag - 1], held)
        assert run(screen, surface, lambda: screen.job is None and (match.is_over() or match.state.phase == "stack")
                   and match.waiting_for_human() or match.is_over())
        if match.is_over():
            break
        run(screen, surface, lambda: screen.playback is None)
        click_ghost(screen)
        assert screen.countdown.active and screen.countdown.verdict is None  # counting while the sim decides
        screen.job.thread.join()
        screen.update(DT)
        assert screen.countdown.verdict is not None and screen.countdown.left > 9.0  # ended early
        assert screen.countdown.reason()  # and says why (when the tower came to rest, or that it fell)
        assert run(screen, surface, lambda: screen.job is None and not screen.animating()
                   and (match.is_over() or match.waiting_for_human()))
    assert match.is_over(), f"no fall after pushes {pushes}"
    state = match.state
    assert state.last_verdict["collapsed"] and state.ended == "fall"
    # The collapse replays the simulator's trajectory at real speed: one recorded frame every
    # steps_per_frame physics steps, and one second of the window is one second of the fall.
    assert screen.playback is not None
    phy = load_spec(state.TOWER).physics
    assert screen.playback.rate == pytest.approx(1.0 / (phy.steps_per_frame * phy.time_step_s))
    # ... up to the frame its last block came to rest (the rest after it, slowed, stood still under "the tower
    # is falling": render.tower.fall.last_moving_frame)
    frames = state.last_trajectory()
    assert np.array_equal(screen.playback.frames, frames[:last_moving_frame(frames, screen.playback.rate) + 1])
    t0 = screen.playback.t
    screen.update(DT)
    assert screen.playback.speed < 1.0  # the fall is replayed in slow motion
    assert screen.playback.t == pytest.approx(min(t0 + DT * screen.playback.speed, screen.playback.duration))
    story = screen.fall_story  # its first movers are marked and one sentence says why it fell
    assert story.first_movers and story.sentence.endswith(".") and "largest shift" not in story.sentence
    assert f"The tower fell. {story.sentence}" in [line for line, _ in screen._info_lines(state, None)]
    assert "fall" in " ".join(line for line, _ in screen._info_lines(state, None))
    screen.playback.t = screen.playback.duration / 2
    screen.draw(surface)
    pygame.image.save(surface, str(SHOTS / "screen_collapse.png"))
    mid = screen.playback.poses()
    start_poses = screen.playback.frames[0]
    assert np.max(np.linalg.norm(mid[:, :3] - start_poses[:, :3], axis=1)) > 0.005
    # The last frame is held a moment (the result waits), then the result shows.
    assert run(screen, surface, lambda: screen.playback.done)
    screen.update(DT)
    assert screen.playback is not None and not screen.show_result
    assert np.allclose(screen._poses_now(state), screen.playback.frames[-1])
    assert run(screen, surface, lambda: screen.show_result)
    pygame.image.save(surface, str(SHOTS / "screen_result.png"))
    assert state.winners() and state.toppler not in state.winners()


def test_donkey_kong_spinner_stops_on_the_drawn_section(surface):
    """'The spinner icons show the number of girders Mario climbs': the wheel comes to rest on the
    section the engine drew, and Marios go in bottom girder holes by clicking a block's end."""
    screen = new_screen("jenga_dk", seed=3)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    # The holes a Mario may go into are ringed in yellow: the ends of the bottom girders.
    state = match.state
    marked, _ = screen._marked_holes(state)
    assert sorted(marked) == sorted((state.layout[0][s], e) for s in range(3) for e in (1, -1))
    screen.draw(surface)
    img = pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)
    rings = 0
    for block, end in marked:
        q = screen._scene.poses[block]
        axes = rotation_matrices(q[None, 3:])[0]
        if float((screen.camera.eye - q[:3]) @ (axes[:, 0] * end)) <= 0:
            continue  # that end faces away
        centre = q[:3] + axes[:, 0] * end * (screen._scene.sizes[block, 0] / 2)
        (p,), _ = screen.camera.project(centre[None])
        patch = img[int(p[1]) - 8:int(p[1]) + 9, int(p[0]) - 8:int(p[0]) + 9]
        rings += bool(np.any(np.all(patch == palette.HIGHLIGHT, axis=2)))
    assert rings >= 2
    for seat in range(2):  # each player clicks the end of a bottom girder to place their Mario
        assert match.state.phase == "place"
        state = match.state
        placed = False
        for slot in range(3):
            block = state.layout[0][slot]
            point, _ = end_point(screen, block)
            if screen.view.pick(point) != block:
                continue
            send(screen, pygame.MOUSEMOTION, tuple(point))
            if screen.board_hover and screen.board_hover[0].startswith("mario 0:"):
                send(screen, pygame.MOUSEBUTTONDOWN, tuple(point))
                send(screen, pygame.MOUSEBUTTONUP, tuple(point))
                placed = True
                break
        assert placed
        assert run(screen, surface, lambda: screen.job is None)
    assert all(h is not None and h[0] == 0 for h in match.state.marios)
    spun = run(screen, surface, lambda: screen.spinner.spinning, frames=200)
    assert spun
    drawn = int(match.history[-1].action.split()[1])
    run(screen, surface, lambda: not screen.spinner.spinning, frames=400)
    assert screen.spinner.result == drawn and screen.spinner.section_at_arrow() == drawn
    section = data.dk_spinner(match.config.variant)[drawn]
    girders = "girder" if section["remove"] == 1 else "girders"
    assert screen.spinner_said() == f"Spun: take out {section['remove']} {girders}, climb {section['climb']}"
    pygame.image.save(surface, str(SHOTS / "screen_dk.png"))
    # The pieces are on the picture: Donkey Kong above the tower's top.
    img = pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)
    top = max(screen._scene.poses[:, 2])
    (p,), _ = screen.camera.project(np.array([[0.0, 0.0, top + 0.03]]))
    patch = img[int(p[1]) - 10:int(p[1]) + 10, int(p[0]) - 30:int(p[0]) + 30]
    assert np.any((patch[..., 0] > 90) & (patch[..., 0] < 160) & (patch[..., 2] < 60))  # brown fur


def test_risk_figures_tint_their_blocks_and_show_on_hover(surface):
    """The tint and the tooltip read the risk map of the position on screen (here a map given as data,
    so that no minute-long physics run is needed; the worker itself is tested in test_render_tower_sim)."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    layout = match.state.layout
    low, high = (2, 0), (14, 0)
    screen.risk.latest = RiskMap(screen.position_key(), {low: (0.0, 0.31), high: (1.0, 0.52)})
    screen.show_risk = True
    screen.update(DT)
    assert not screen.risk.busy  # the map on hand is the position's: no new run
    screen.draw(surface)
    img = pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)
    colours = {}
    for where in (low, high):
        point, _ = end_point(screen, layout[where[0]][where[1]])
        assert screen.view.pick(point) == layout[where[0]][where[1]]
        colours[where] = img[int(point[1]), int(point[0])]
    assert colours[low][0] > colours[low][1] > colours[low][2]  # 0 %: the block keeps its wood
    assert colours[high][0] > 2 * colours[high][1] and colours[high][0] > 2 * colours[high][2]  # 100 %: dark red
    point, _ = end_point(screen, layout[high[0]][high[1]])
    send(screen, pygame.MOUSEMOTION, tuple(point))
    assert "100 % collapse risk (the chance that a brisk, fairly steady pull topples the tower)" in screen.tooltip_text()
    screen.draw(surface)
    pygame.image.save(surface, str(SHOTS / "screen_risk.png"))
    screen.close()


def classic_to_move(surface):
    """A traditional Jenga screen (seed 7) at the first person's move: (screen, match, layout, the blocks
    that may be taken)."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    return screen, match, match.state.layout, [tuple(b) for b in match.state.legal_blocks()]


def test_a_filling_map_changes_the_tint_at_most_every_quarter_second_and_its_last_figure_at_once(surface):
    """Each change of the tint repaints the tower; a map's figures arrive up to a hundred times in a few
    seconds, and the repaints took CPU the map's own pushes wanted (bench_risk_fill.py). While the map
    fills, the tint steps every TINT_STEP_S; the figure that completes it shows at once."""
    from render.screens.jenga.risk import TINT_STEP_S

    screen, match, layout, legal = classic_to_move(surface)
    a, b = (14, 0), (2, 0)
    screen.show_risk = True
    key = screen.position_key()

    def shown(figures, complete=False):
        screen.risk.latest = RiskMap(key, figures, total=len(figures) if complete else len(legal))
        screen.risk._running = None if complete else key  # a map of this position, still filling or done
        screen._risk_key = key
        screen.step_tint()  # as each frame's update does
        tint = screen._risk_array(match.state, len(match.state.tower["poses"]))
        return {w: tint[layout[w[0]][w[1]]] for w in (a, b)}

    first = shown({a: (1.0, 0.5)})
    assert first[a] == 1.0 and np.isnan(first[b])  # the first figure shows at once
    screen.clock += TINT_STEP_S / 2
    held = shown({a: (1.0, 0.5), b: (0.5, 0.4)})
    assert np.isnan(held[b])  # a figure that came a moment later waits for the next step
    screen.clock += TINT_STEP_S / 2 + 1e-3
    assert shown({a: (1.0, 0.5), b: (0.5, 0.4)})[b] == 0.5  # and shows at it
    figures = {w: (0.0, 0.3) for w in legal}
    figures[a] = (0.25, 0.5)
    done = shown(figures, complete=True)  # at once, though the last step was a moment ago
    assert done[a] == 0.25 and done[b] == 0.0
    screen.close()


def test_an_interim_figure_says_so_in_the_tooltip_and_the_legend_counts_the_blocks_being_refined(surface):
    """The screen runs every block's first pushes before any block's last ones (RISK_FIRST_PASS); a block
    whose first pushes disagree shows their figure until the rest are back, and the words say so."""
    screen, match, layout, legal = classic_to_move(surface)
    shaky, calm = (14, 0), (2, 0)
    figures = {b: (0.0, 0.3) for b in legal}
    figures[shaky] = (0.5, 0.6)
    screen.risk.latest = RiskMap(screen.position_key(), figures, total=len(legal), interim=frozenset({shaky}))
    screen.show_risk = True
    screen.update(DT)
    assert screen.risk.latest.covered and not screen.risk.latest.complete
    assert screen.risk_status(True) == f"{len(legal)} mapped; 1 gets more pulls…"
    point, _ = end_point(screen, layout[shaky[0]][shaky[1]])
    send(screen, pygame.MOUSEMOTION, tuple(point))
    assert "50 % collapse risk" in screen.tooltip_text()
    assert "from its first 4 pulls, too few to settle it; 4 more are running" in screen.tooltip_text()
    point, _ = end_point(screen, layout[calm[0]][calm[1]])
    send(screen, pygame.MOUSEMOTION, tuple(point))
    assert "0 % collapse risk" in screen.tooltip_text() and "first 4 pulls" not in screen.tooltip_text()
    screen.close()


def test_super_mario_pegs_items_and_bowser(surface):
    """'Insert your peg anywhere in the second layer at the base of the tower' by clicking a block's
    end; the item symbols stay face down (none drawn before a block comes out) and Bowser stands on top."""
    screen = new_screen("jenga_mario", seed=4)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    for seat in range(2):  # characters come from the list of choices
        assert screen.play(next(a for a in screen.legal if a.startswith("character ")))
    assert run(screen, surface, lambda: match.state.phase == "peg")
    for seat in range(2):
        state = match.state
        done = False
        for slot in range(3):
            block = state.layout[1][slot]
            point, _ = end_point(screen, block)
            if screen.view.pick(point) != block:
                continue
            send(screen, pygame.MOUSEMOTION, tuple(point))
            if screen.board_hover and screen.board_hover[0].startswith("peg 1:"):
                send(screen, pygame.MOUSEBUTTONDOWN, tuple(point))
                send(screen, pygame.MOUSEBUTTONUP, tuple(point))
                done = True
                break
        assert done
        assert run(screen, surface, lambda: screen.job is None)
    assert all(h is not None and h[0] == 1 for h in match.state.pegs)
    assert run(screen, surface, lambda: screen.spinner.spinning, frames=200)
    run(screen, surface, lambda: not screen.spinner.spinning, frames=400)
    spins = [s.action for s in match.history if s.action.startswith("spin ")]
    assert screen.spinner.result == int(spins[-1].split()[1])
    screen.draw(surface)
    pygame.image.save(surface, str(SHOTS / "screen_mario.png"))
    scene = screen._scene
    # "Turn the blocks over so that the Jenga logos are faceup": no item shows before a block comes out
    assert not scene.symbols and not match.state.revealed
    assert scene.holes and {f.kind for f in scene.figures} >= {"bowser", "peg"}
    assert all(line.endswith("coins") for line in screen.piece_lines())
    img = pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)
    top = max(scene.poses[:, 2])
    (p,), _ = screen.camera.project(np.array([[0.0, 0.0, top + 0.03]]))
    patch = img[int(p[1]) - 15:int(p[1]) + 15, int(p[0]) - 30:int(p[0]) + 30]
    assert np.any((patch[..., 1] > 110) & (patch[..., 0] < 80) & (patch[..., 2] < 90))  # Bowser's green shell


@pytest.mark.physics
@pytest.mark.parametrize("game", ["jenga_dk", "jenga_mario"])
def test_the_seats_pieces_read_under_the_risk_legend_never_over_its_words(surface, game):
    """Each seat's piece in words stands at the right of the view under the risk legend: the legend's last
    line (its status, "no push now" and the like) and the first seat's line once shared a row."""
    screen = new_screen(game, seed=3)
    try:
        assert run(screen, surface, lambda: screen.match.state.tower is not None and screen.job is None)
        screen.show_risk = True
        for status in ("no block to take now", "from up to 8 pulls a block", "51 of 51 blocks mapped…"):
            screen.risk_status = lambda fresh, status=status: status
            screen.draw(surface)
            assert len(screen.piece_rects) == 2
            assert all(r.top >= screen.legend_bottom for r in screen.piece_rects)
    finally:
        screen.close()


def test_view_keys_turn_and_zoom_but_not_while_typing(surface):
    screen = new_screen("jenga_classic", seed=7)
    assert run(screen, surface, lambda: screen.match.waiting_for_human() and screen.job is None)
    yaw, zoom = screen.camera.yaw, screen.camera.zoom

    def key(k, unicode=""):
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))

    key(pygame.K_RIGHT)  # with a block to take and nothing in the list, the arrows pick a block
    assert screen.picked is not None and screen.camera.yaw == yaw
    key(pygame.K_RIGHTBRACKET)
    for _ in range(30):
        screen.update(DT)
    assert abs((screen.camera.yaw - yaw) % (2 * np.pi) - np.pi / 2) < 1e-9  # a quarter turn
    key(pygame.K_PLUS, "+")
    assert screen.camera.zoom > zoom
    shown = screen.show_risk
    key(pygame.K_r, "r")
    assert screen.show_risk is not shown
    key(pygame.K_SLASH, "/")  # the choice finder takes letters now
    assert screen.filtering
    key(pygame.K_r, "r")
    assert screen.show_risk is not shown  # unchanged: the letter went to the finder
    screen.close()


@pytest.mark.physics
def test_risk_tint_fills_in_block_by_block_and_is_refreshed_after_every_move(surface):
    """The tint is computed in the background and shows each block's figure as soon as it is known;
    a move starts the map of the new position (the real worker process, one push a block)."""
    screen = new_screen("jenga_classic", seed=7)
    screen.risk.close()
    screen.risk = RiskWorker(samples=1, seed=7)
    screen.show_risk = True
    match = screen.match
    try:
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        screen.update(DT)
        first_key = screen.position_key()
        assert screen.risk.busy and screen.risk._running == first_key  # asked, the window goes on
        legal = sorted(match.state.legal_blocks(), key=lambda b: (-b[0], b[1]))
        partial = screen.risk.wait(timeout=120, answers=1)
        assert partial.key == first_key and set(partial.by_block) == {tuple(legal[0])} and not partial.complete
        screen.update(DT)
        screen.draw(surface)
        done = len(screen.risk.latest.by_block)  # more blocks may have come in meanwhile
        assert 1 <= done < len(legal) and screen.risk_status(True) == f"{done} of {len(legal)} blocks mapped…"
        img = pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)
        layout = match.state.layout
        mapped = next(b for b in legal if screen.view.pick(end_point(screen, layout[b[0]][b[1]])[0])
                      == layout[b[0]][b[1]])
        assert tuple(mapped) == tuple(legal[0])  # the top removable block is visible from the usual view
        point, _ = end_point(screen, layout[mapped[0]][mapped[1]])
        p, _ = partial.get(*mapped)
        tinted = img[int(point[1]), int(point[0])]
        assert tinted[0] > tinted[1] > tinted[2] if p == 0 else tinted[0] > 1.5 * tinted[2]  # wood, or the red scale
        send(screen, pygame.MOUSEMOTION, tuple(point))
        assert "collapse risk (the chance" in screen.tooltip_text()
        low = layout[legal[-1][0]][legal[-1][1]]
        point, _ = end_point(screen, low)
        send(screen, pygame.MOUSEMOTION, tuple(point))
        assert "still being computed" in screen.tooltip_text()
        # A move: the push, then the stack. No map is computed while only a stack may be made.
        drag_out(screen, surface)
        assert run(screen, surface, lambda: screen.job is None and match.state.phase == "stack"
                   and screen.playback is None)
        assert not screen.risk.busy
        click_ghost(screen)
        assert run(screen, surface, lambda: screen.job is None and not screen.animating()
                   and match.waiting_for_human())
        screen.update(DT)
        assert screen.position_key() != first_key and screen.risk._running == screen.position_key()
    finally:
        screen.close()


@pytest.mark.physics
def test_a_simulator_error_shows_one_message_and_loses_nothing(surface, tmp_path):
    """A step the simulator cannot play leaves the game as it was, says so once, can be saved, and
    play goes on: a person's touch test, then a chance step (the push's tremor) tried again with Enter."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    where = match.state.tower["where"]
    where[0] = "nowhere"  # a broken tower record: sim refuses it (SimError), as it would any bad state
    before, steps = match.state.to_json(), len(match.history)
    level, slot = sorted(match.state.legal_blocks())[-1]
    assert screen.play(f"probe {level}:{slot} +{'x' if level % 2 == 0 else 'y'}")
    assert run(screen, surface, lambda: screen.job is None)
    assert screen.sim_error.startswith(f"The simulator failed on 'probe {level}:{slot}")
    assert "save it (Ctrl+S)" in screen.sim_error
    assert [line for line, _ in screen._info_lines(match.state, None)].count(screen.sim_error) == 1
    assert match.state.to_json() == before and len(match.history) == steps  # nothing half-applied
    screen.draw(surface)
    pygame.image.save(surface, str(SHOTS / "screen_sim_error.png"))

    # A live push on the broken record: pressing the block says so once and changes nothing.
    level, slot = sorted(match.state.legal_blocks(), key=lambda b: (abs(b[0] - 8), b[1] == 1, b))[0]
    start, _ = end_point(screen, match.state.layout[level][slot])
    send(screen, pygame.MOUSEMOTION, tuple(start))
    send(screen, pygame.MOUSEBUTTONDOWN, tuple(start))
    assert screen.live is None and screen.sim_error.startswith(f"The simulator failed on the push of block {level}:")
    send(screen, pygame.MOUSEBUTTONUP, tuple(start))
    assert match.state.to_json() == before and len(match.history) == steps
    # A chance step failing is not retried frame after frame; Enter tries it again.
    assert screen.play(f"extract {level}:{slot} {'+x' if level % 2 == 0 else '+y'} speed=0.020 steady=0.90")
    assert run(screen, surface, lambda: screen.job is None and screen.sim_error and "Enter" in screen.sim_error)
    steps = len(match.history)
    for _ in range(5):
        screen.update(DT)
        assert screen.job is None  # no retry loop
    where = match.state.tower["where"]
    where[0] = "tower"  # the record mended (as a reload of a good save would)
    match.save(tmp_path / "kept.json")  # the game so far, the pushed block included, is kept
    assert Match.load(tmp_path / "kept.json").state.to_json() == match.state.to_json()
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert run(screen, surface, lambda: len(match.history) > steps and screen.job is None)
    assert match.history[steps].action.startswith("tremor ") and screen.sim_error is None
    screen.close()


def test_hover_outlines_only_blocks_that_may_be_taken_and_the_mouse_turns_and_zooms(surface):
    """'Hovering highlights a legal block'; dragging the background turns around the tower and the
    wheel zooms."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    layout = match.state.layout
    legal = sorted(match.state.legal_blocks())
    top = len(layout) - 1  # the top level's blocks may not be taken
    outlines = {}
    for where in (legal[len(legal) // 2], (top, 1)):
        block = layout[where[0]][where[1]]
        point, _ = end_point(screen, block)
        assert screen.view.pick(point) == block
        send(screen, pygame.MOUSEMOTION, tuple(point))
        screen.draw(surface)
        img = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
        r = screen.view.screen_rects[block].inflate(4, 4)
        outlines[where] = np.all(img[r.top:r.bottom, r.left:r.right] == palette.HIGHLIGHT, axis=2).sum()
        words = screen.tooltip_text()
        assert words.startswith(f"block {where[0]}:{where[1]} may be taken") == (where != (top, 1))
    assert outlines[legal[len(legal) // 2]] > 100 and outlines[(top, 1)] == 0
    # A drag on the background (left of the tower) turns the view; the wheel zooms in.
    yaw, zoom = screen.camera.yaw, screen.camera.zoom
    board = screen.rects["board"]
    start = (board.left + 40, board.centery)
    assert screen.view.pick(start) is None
    send(screen, pygame.MOUSEMOTION, start)
    send(screen, pygame.MOUSEBUTTONDOWN, start)
    for k in range(1, 11):
        send(screen, pygame.MOUSEMOTION, (start[0] + 10 * k, start[1]))
    send(screen, pygame.MOUSEBUTTONUP, (start[0] + 100, start[1]))
    assert abs(screen.camera.yaw - yaw) > 0.5 and len(match.history) == 1  # turned; nothing played
    send(screen, pygame.MOUSEMOTION, board.center)
    screen.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert screen.camera.zoom > zoom
    screen.close()


def test_the_tooltip_never_covers_the_risk_legend(surface):
    """The tooltip of a block high on the tower would run over the legend at the right of the board:
    it stands left of the pointer instead, and the legend reads the same with the pointer there."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    level, slot = max(match.state.legal_blocks())
    screen.risk.latest = RiskMap(screen.position_key(), {(level, slot): (0.25, 0.4)})  # a figure as data
    screen.show_risk = True
    screen._risk_key = screen.position_key()  # (no update runs, so no map is asked for)
    board = screen.rects["board"]
    legend = screen._legend_rect(board)
    point, _ = end_point(screen, match.state.layout[level][slot])
    point = (int(point[0]), int(point[1]))
    assert legend.top < point[1] < legend.bottom and point[0] + 16 + 300 > legend.left  # it would reach it
    send(screen, pygame.MOUSEMOTION, (board.left + 5, board.bottom - 5))
    screen.draw(surface)
    away = pygame.surfarray.array3d(surface).copy()
    send(screen, pygame.MOUSEMOTION, point)
    screen.draw(surface)
    near = pygame.surfarray.array3d(surface)
    assert "25 % collapse risk" in screen.tooltip_text()
    assert np.array_equal(near[legend.left:legend.right, legend.top:legend.bottom],
                          away[legend.left:legend.right, legend.top:legend.bottom])
    pygame.image.save(surface, str(SHOTS / "tooltip_beside_legend.png"))
    left = near[max(board.left, point[0] - 120):point[0] - 10, point[1] + 14:point[1] + 30]
    assert np.any(np.all(left == palette.PANEL, axis=2))  # the tooltip, left of the pointer
    screen.close()


def test_the_view_widens_to_hold_a_fall_spread_over_the_floor(surface):
    """A fall that scatters the blocks far across the floor stays in view (a trajectory laid out by
    hand: the tower as built, then every block lying on the floor on a ring 30 cm round it)."""
    screen, match, _, _ = classic_to_move(surface)
    state = match.state
    standing = np.asarray(state.tower["poses"], dtype=float)
    lying = standing.copy()
    angle = np.linspace(0, 2 * np.pi, len(lying), endpoint=False)
    lying[:, 0], lying[:, 1], lying[:, 2] = 0.3 * np.cos(angle), 0.3 * np.sin(angle), 0.0075
    board = screen.rects["board"]

    def share_inside(poses):
        pts, _ = screen.camera.project(poses[:, :3])
        return np.mean([board.collidepoint(int(x), int(y)) for x, y in pts])

    assert share_inside(lying) < 0.9  # the usual framing would lose them
    screen._frame_fall(state, np.stack([standing, lying]))
    for _ in range(60):
        screen.update(DT)
    screen.draw(surface)
    assert share_inside(lying) >= 0.9 and share_inside(standing) == 1.0
    screen.close()


@pytest.mark.physics
def test_super_mario_settle_countdown_is_five_seconds(surface):
    """'Wait for about 5 seconds' after stacking in Super Mario Jenga (10 in the other two): the ring
    starts at 5 and stops as soon as the simulator has decided."""
    screen = new_screen("jenga_mario", seed=4)
    match = screen.match
    for _ in range(40):  # characters, pegs, spins and climbs from the list until a block may be pushed
        assert run(screen, surface, lambda: screen.job is None and not screen.animating()
                   and (match.waiting_for_human() or match.is_over()))
        if match.state.legal_blocks():
            break
        assert screen.play(screen.legal[0])
    drag_out(screen, surface)
    assert run(screen, surface, lambda: screen.job is None and screen.playback is None
               and match.state.phase == "stack" and match.waiting_for_human())
    click_ghost(screen)
    assert screen.countdown.active and screen.countdown.total == 5.0 and screen.countdown.verdict is None
    screen.job.thread.join()
    screen.update(DT)
    assert screen.countdown.verdict is not None and screen.countdown.left > 4.0
    screen.close()


def test_the_tower_is_quiet_only_when_nothing_moves(surface):
    """The app's idle rate (render/app.py) applies only when the person is to move and the view is
    still: a camera turn under way, or the physics of a move, keeps the full frame rate."""
    screen = new_screen("jenga_classic", seed=7)
    assert not screen.quiet()                    # the builder's first steps are still to come
    assert run(screen, surface, lambda: screen.match.waiting_for_human() and screen.job is None
               and screen.playback is None and not screen.countdown.active)
    assert screen.quiet()
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHTBRACKET, mod=0, unicode="]", scancode=0))
    assert not screen.quiet()                    # turning
    for _ in range(30):
        screen.update(DT)
    assert screen.quiet()
    screen.close()


def test_the_side_panel_says_how_to_take_a_block_instead_of_an_empty_list(surface):
    """While a block must be taken the list holds no rows (pushes are played on the tower, never from the
    list): the panel says how to push, touch and let go instead of standing empty as "Choices (0)"."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    assert screen.legal == [] and screen._legal_blocks()
    steps = screen.take_block_steps()
    assert steps and any("drag" in s for s in steps) and any("W to push" in s for s in steps)
    screen.draw(surface)
    pygame.image.save(surface, str(SHOTS / "screen_take_a_block.png"))
    rect = screen.rects["choices"].inflate(-24, -60)
    img = pygame.surfarray.array3d(surface.subsurface(rect)).astype(int)
    ink = np.any(np.abs(img - np.array(palette.PANEL)) > 40, axis=2).mean()
    assert ink > 0.01  # words fill the panel
    # once a block is in hand, the list offers the stacking slots again and the panel is the list
    screen.legal = ["stack 0"]
    assert screen.take_block_steps() == []
    screen.close()


@pytest.mark.physics
def test_each_jenga_games_help_lists_its_own_keys():
    """Traditional Jenga has no pieces in holes and no dice or cards: its help lists neither the peg's
    click nor an undo that stops at a dice roll; Donkey Kong Jenga's lists the peg and its spins."""
    classic = new_screen("jenga_classic", seed=7)
    dk = new_screen("jenga_dk", seed=7)
    try:
        text = classic.help_text()
        undo = next(line for line in text.splitlines() if "Ctrl+Z / Ctrl+Y" in line)
        assert "peg" not in text and "dice" not in undo and "card draw" not in undo
        assert "Ctrl+Z / Ctrl+Y: undo / redo your last move" in undo
        text = dk.help_text()
        assert "Click a block's end: put or move your Mario or peg" in text and "last spin are final" in text
    finally:
        classic.close()
        dk.close()


@pytest.mark.physics
@pytest.mark.parametrize("game, words", [
    ("jenga_classic", "toppled the tower"),
    ("jenga_dk", "Mario climbed highest"),
    ("jenga_mario", "coins win"),  # and what the toppler paid, read from the position before the fall
])
def test_after_a_fall_the_result_says_why_and_the_fall_cannot_be_undone(game, words):
    """The result says who toppled the tower and what that counted for under the game's rules, and the
    push that toppled it is not taken back by Ctrl+Z (on a table it cannot be; a push tried and undone
    when it fell would take the risk out of Jenga)."""
    spec = registry.get(game)
    bots = Match(spec.make_config(seats=[Seat("Ann", "random"), Seat("Bo", "random")]), seed=2)
    bots.advance()
    assert bots.is_over() and bots.state.ended == "fall"
    match = Match(spec.make_config(seats=[Seat("Ann"), Seat("Bo", "random")]), seed=2)
    match.replay([{"by": s.by, "action": s.action} for s in bots.history])
    screen = screen_for(game)(match)
    try:
        toppler = screen.seat_name(match.state.toppler)
        reason = screen.result_reason()
        assert reason.startswith(f"{toppler} toppled the tower") and words in reason, reason
        assert any(s.by == 0 for s in match.history)          # a person's move a plain undo would take back
        steps = len(match.history)
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                               unicode="", scancode=0))
        assert len(match.history) == steps and match.is_over()
        assert "a fall is final" in screen.message
    finally:
        screen.close()


@pytest.mark.physics
def test_the_move_log_says_what_a_step_did_beyond_its_action(surface):
    """Super Mario Jenga's spins, coins and pegs happen inside steps whose action says nothing of them:
    each step's line in the move log carries the game's own notes of what it did (before, only the text
    board showed them)."""
    spec = registry.get("jenga_mario")
    match = Match(spec.make_config(seats=[Seat("Ann", "random"), Seat("Bo", "random")]), seed=2)
    screen = screen_for("jenga_mario")(match)
    try:
        screen.show_risk = False
        screen.skip()
        assert run(screen, surface, lambda: match.is_over() and screen.job is None)
        labels = screen.log_labels
        assert len(labels) == len(match.history)
        assert any("stacked a" in line for line in labels) and any("touches" in line for line in labels)
        assert any("collects" in line or "steals" in line or "returns" in line for line in labels)
        # what the step's own words say already is left out: the operation's note, a spin's and a climb's
        assert not any(", moved " in line or " spins: " in line or " climbs to " in line for line in labels)
    finally:
        screen.close()


@pytest.mark.physics
def test_a_resumed_game_shows_its_last_spin():
    """After Esc and Resume the spinner rests on the last spin and says it, as live play left it (it
    came back at rest with no caption while the banner still asked for the spin's girders)."""
    spec = registry.get("jenga_dk")
    match = Match(spec.make_config(seats=[Seat("Ann", "random"), Seat("Bo", "random")]), seed=2)
    while not any(s.action.startswith("spin ") for s in match.history):
        match.step()
    spin = int(next(s.action for s in match.history if s.action.startswith("spin ")).split()[1])
    screen = screen_for("jenga_dk")(match)
    try:
        assert screen.spinner.result == spin and not screen.spinner.spinning
        assert screen.spinner_said().startswith("Spun: ")
    finally:
        screen.close()


def test_the_wheel_zooms_toward_the_pointer_and_the_keys_tilt_the_view(surface):
    """The wheel zoomed about the tower's middle only: at the largest zoom the top levels, where a block is
    stacked, were out of the picture and nothing could bring them back, and no key tilted the view. The
    wheel now zooms toward the pointer (+ and - toward the picked block), so the top block stays under the
    pointer and in the board; zoomed back out, the tower is centred again; "," and "." tilt the view."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    board = screen.rects["board"]
    layout = match.state.layout
    top_block = layout[-1][1]

    def top_y() -> float:
        centre = screen._scene.poses[top_block][:3]
        return float(screen.camera.project(np.array([centre]))[0][0, 1])

    screen.draw(surface)
    middle = screen.camera.target.copy()
    start = top_y()
    send(screen, pygame.MOUSEMOTION, (board.centerx, int(start)))
    for _ in range(15):  # to the largest zoom
        screen.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        screen.draw(surface)
    assert screen.camera.zoom == pytest.approx(4.0)
    assert board.top < top_y() < board.bottom and abs(top_y() - start) < board.h * 0.1
    assert screen.camera.target[2] > middle[2]  # the view slid up the tower
    for _ in range(20):  # all the way out: centred again
        screen.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert screen.camera.target == pytest.approx(middle)
    # The keys: pick the lowest block that may be taken, zoom in toward it, and tilt.

    def key(k, unicode=""):
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))

    key(pygame.K_DOWN)
    for _ in range(40):
        key(pygame.K_DOWN)
    assert screen.picked is not None and screen.picked[0] <= 1
    for _ in range(12):
        key(pygame.K_PLUS, "+")
        screen.draw(surface)
    assert screen.camera.target[2] < middle[2]  # slid down toward the picked foot of the tower
    row = screen._picked_row()
    assert board.top < row < board.bottom
    pitch = screen.camera.pitch
    key(pygame.K_PERIOD, ".")
    assert screen.camera.pitch > pitch
    key(pygame.K_COMMA, ",")
    key(pygame.K_COMMA, ",")
    assert screen.camera.pitch < pitch
    screen.close()


def test_looking_from_lower_never_takes_the_eye_under_the_table(surface):
    """Seen by an audit: a drag upward and "," four times put the eye under the table top, the table a broken
    band and the tower's underside in view. However low one looks, by keys, a drag or zoomed toward the
    foot, the eye stays above the table top (z = 0), and "." still looks from higher."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    board = screen.rects["board"]

    def key(k, unicode=""):
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))

    start = (board.left + 30, board.centery)
    send(screen, pygame.MOUSEMOTION, start)
    send(screen, pygame.MOUSEBUTTONDOWN, start)
    for k in range(1, 21):  # upward: looking from lower
        send(screen, pygame.MOUSEMOTION, (start[0], start[1] - 15 * k))
    send(screen, pygame.MOUSEBUTTONUP, (start[0], start[1] - 300))
    for _ in range(10):
        key(pygame.K_COMMA, ",")
    assert screen.camera.eye[2] >= 0.009
    send(screen, pygame.MOUSEMOTION, (board.centerx, board.bottom - 5))
    for _ in range(15):  # zoomed in toward the foot: the target goes down, the eye stays above
        screen.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        key(pygame.K_COMMA, ",")
    assert screen.camera.eye[2] >= 0.009
    pitch = screen.camera.pitch
    key(pygame.K_PERIOD, ".")
    assert screen.camera.pitch > pitch
    screen.close()


def test_a_zoom_while_the_fall_view_widens_does_not_jump_twice(surface):
    """Found by a review: a zoom during the fall view's easing snapped the view to the fall's framing, and
    the easing then pulled the target back while the zoom's slide stayed, so the next zoom jumped again. A
    zoom now finishes the easing first: after it, the easing moves nothing."""
    screen, match, _, _ = classic_to_move(surface)
    state = match.state
    poses = np.asarray(state.tower["poses"], dtype=float)
    fallen = poses.copy()
    fallen[:, 0] += np.linspace(0.0, 0.25, len(poses))  # blocks strewn over the table
    fallen[:, 2] = 0.0075
    screen._frame_fall(state, np.stack([poses, fallen]))
    assert screen._camera_goal is not None
    screen.update(DT)  # part of the way
    board = screen.rects["board"]
    send(screen, pygame.MOUSEMOTION, board.center)
    screen.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert screen._camera_goal is None
    after = screen.camera.target.copy()
    for _ in range(30):
        screen.update(DT)
    assert np.allclose(screen.camera.target, after)
    screen.close()


def test_a_tower_that_cannot_be_built_shows_why_on_the_board(surface, monkeypatch, lines_drawn):
    """A robustness audit (a damaged assets/towers/classic.json): the status line said "The simulator failed:
    see the message on the board", and the board went on saying "The tower is being built…", with no
    message anywhere. With no tower to draw, the board now shows the failure's message itself."""
    from games.jenga import physics
    from sim.spec import SpecError

    def broken(name, seed):
        raise SpecError("classic.json: field 'block_mm' must be three numbers from 1 to 500")

    monkeypatch.setattr(physics, "build", broken)
    screen = new_screen("jenga_classic", seed=4)
    try:
        assert run(screen, surface, lambda: screen.sim_error is not None, frames=600)
        assert screen.match.state.tower is None
        lines_drawn.clear()
        screen.draw(surface)
        shown = " ".join(words for words, _ in lines_drawn)
        assert "block_mm" in shown and "The tower is being built" not in shown
        board = screen.rects["board"]
        assert any("block_mm" in words and board.contains(rect) for words, rect in lines_drawn)
    finally:
        screen.close()


@pytest.mark.physics
@pytest.mark.parametrize("seed", [2, 3])
def test_the_fall_replay_keeps_the_figure_on_top_in_the_picture(surface, seed):
    """A keyboard audit watched Bowser cut off at the board's top edge through a fall's slow replay; Donkey Kong
    Jenga's seed 2 (random bots, the last push played on screen) had Donkey Kong and Pauline 35 px past it: the
    fall's framing held the tower's height, not the figure standing on it."""
    spec = registry.get("jenga_dk")
    seats = [Seat("Ann", "random"), Seat("Bo", "random")]
    bots = Match(spec.make_config(seats=seats), seed=seed)
    bots.advance()
    assert bots.state.ended == "fall"
    match = Match(spec.make_config(seats=seats), seed=seed)
    match.replay([{"by": s.by, "action": s.action} for s in bots.history[:-1]])
    screen = screen_for("jenga_dk")(match)
    screen.show_risk = False
    try:
        seen = 0
        for _ in range(2000):
            if screen.job is not None:
                screen.job.thread.join()
            screen.update(DT)
            screen.draw(surface)
            if screen.playback is not None and screen.fall_story is not None:
                board = screen.layout(surface.get_size())["board"]
                for kind, rect in screen.view.figure_rects:
                    if kind == "dk_pauline":
                        seen += 1
                        assert rect.top >= board.top - 2, (rect, board)
                if seen == 1:
                    # he rides a block of the top level from the replay's first frame (a regression audit: on a
                    # block from the middle of the tower he stood hidden inside it until it came out)
                    (rider,) = [f.block for f in screen._scene.figures if f.kind == "dk_pauline"]
                    z = screen._scene.poses[:, 2]
                    assert z[rider] >= z.max() - 0.005, (rider, z[rider], z.max())
            if match.is_over() and screen.playback is None and seen:
                break
        assert seen > 30 and match.is_over()
    finally:
        screen.close()


@pytest.mark.physics
def test_the_words_beside_a_figure_keep_off_the_risk_legend(surface):
    """A keyboard audit, Super Mario Jenga in a 1024x640 window: "Bowser: layer 14" ran under the risk legend, its
    number drawn under the legend's "50 %". The figure's words go to its other side when the legend is where
    they would stand."""
    from games.jenga.layout import ends
    from games.jenga.push import straight_push

    small = pygame.Surface((1024, 640))
    screen = new_screen("jenga_mario", seed=935500250)
    screen.show_risk = True
    match = screen.match
    try:
        def labels():
            for _ in range(3):
                screen.update(DT)
                screen.draw(small)
            return [label for _, _, _, label in screen.view.beside if label is not None]

        for _ in range(40):                 # the people play on until Bowser stands beside the tower, his layer said
            assert run(screen, small, lambda: match.waiting_for_human() and screen.job is None)
            if labels():
                break
            state = match.state
            if state.may_extract() and state.legal_blocks():
                b = sorted(state.legal_blocks(), key=lambda b: (b[1] != 1, -b[0]))[0]
                screen.play(straight_push(state.TOWER, b[0], b[1], ends(b[0])[0], 0.05, 1.0, 1))
            else:
                screen.play(state.legal_actions()[0])
        (label,) = labels()
        legend = pygame.Rect(label.x - 10, label.y - 40, 180, 220)   # a legend where the words stood
        screen._legend_rect = lambda rect: legend
        (moved,) = labels()
        shown = pygame.Rect(legend.x, legend.y, legend.w, screen.legend_bottom - legend.y)
        assert shown.colliderect(label) and not shown.colliderect(moved), (label, moved, shown)
    finally:
        screen.close()


def _tooltips(screen, surface):
    """The pointer at a fifth, half and four fifths along every block drawn: the tooltip's box at each, when one
    is drawn."""
    for r in list(screen.view.screen_rects.values()):
        for share in (0.2, 0.5, 0.8):
            send(screen, pygame.MOUSEMOTION, (int(r.x + share * r.w), int(r.y + r.h / 2)))
            screen.update(DT)
            screen.draw(surface)
            if screen.tooltip_rect is not None:
                yield screen.tooltip_rect


def _to_the_first_take(screen, surface) -> None:
    """Play each first choice (characters, pegs, spins) until a person may take a block."""
    match = screen.match
    for _ in range(60):
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        if match.state.may_extract() and match.state.legal_blocks():
            return
        screen.play(match.state.legal_actions()[0])
    raise AssertionError("no block to take after 60 choices")


@pytest.mark.physics
@pytest.mark.parametrize("seed, size", [(7, (1280, 800)), (11, (1600, 1000))])
def test_a_keyboard_push_of_a_high_block_keeps_its_gauge_off_the_tower(surface, seed, size):
    """A keyboard audit, Super Mario Jenga seed 7 at 1280x800: 13:0 picked with Shift+Down and its push begun with
    Enter put the gauge on the tower's right face, over the blocks a player watches move: beside the tower it touched
    the legend, and at the other side the wheel's words. It stands in the gap between the tower and the legend. At
    1600x1000 (seed 11), where that gap is too narrow for it, it stood on the tower again: it goes elsewhere."""
    surface = pygame.Surface(size)
    screen = new_screen("jenga_mario", seed=seed)
    screen.show_risk = True
    try:
        _to_the_first_take(screen, surface)

        def key(k, mod=0):
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                screen.handle_event(pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0))
                screen.update(DT)
                screen.draw(surface)

        key(pygame.K_DOWN, pygame.KMOD_SHIFT)
        assert screen.picked == (13, 0)
        key(pygame.K_RETURN)
        for _ in range(10):
            screen.update(DT)
            screen.draw(surface)
        gauge = screen.gauge_rect
        assert screen.live is not None and gauge is not None
        legend = screen._legend_rect(screen.layout(surface.get_size())["board"])
        assert not any(gauge.colliderect(r) for r in screen.view.screen_rects.values()), gauge
        assert not gauge.colliderect(legend), (gauge, legend)
    finally:
        screen.close()


@pytest.mark.physics
def test_a_blocks_tooltip_keeps_off_the_seats_pegs(surface):
    """A keyboard audit (Super Mario Jenga): the tooltip "block 6:0 may be taken; 62 % collapse risk..." hid Luigi's
    peg beside it, and 12:0's Mario's. Pointed at every block of a fresh tower with both pegs placed (seed 7), the
    tooltip covers no more than a corner of a peg's picture (its box's transparent edge)."""
    screen = new_screen("jenga_mario", seed=7)
    try:
        _to_the_first_take(screen, surface)
        screen.update(DT)
        screen.draw(surface)
        shown = 0
        for tip in _tooltips(screen, surface):
            shown += 1
            # those drawn faintly through the tower too (a regression audit: a dashed Mario under the tooltip)
            pegs = [peg for kind, peg in screen.view.figure_rects if kind in ("peg", "mario")]
            pegs += [peg for kind, _, peg, _ in screen.view.behind if kind in ("peg", "mario")]
            for peg in pegs:
                cut = tip.clip(peg)
                assert cut.w * cut.h <= 0.1 * peg.w * peg.h, (tip, peg)
        assert shown > 100
    finally:
        screen.close()


@pytest.mark.physics
def test_a_blocks_tooltip_keeps_off_a_mario_drawn_through_the_tower(surface):
    """A regression audit (Donkey Kong Jenga seed 5, two people, each first row played): Player 1's Mario in a back
    hole, drawn dashed through the tower, lay under the tooltip of blocks beside it. The tooltip keeps off it, unless
    the pointer itself is on it."""
    screen = new_screen("jenga_dk", seed=5)
    match = screen.match
    try:
        def settled():
            return match.waiting_for_human() and screen.job is None and not screen.spin_untold()

        for _ in range(5):
            assert run(screen, surface, settled)
            if not screen.legal:
                break
            screen.play(screen.legal[0])
        assert run(screen, surface, settled)
        screen.update(DT)
        screen.draw(surface)
        behind = [r for kind, _, r, _ in screen.view.behind if kind == "mario"]
        assert behind, "the test wants a Mario drawn through the tower"
        shown = 0
        for tip in _tooltips(screen, surface):
            shown += 1
            for piece in behind:
                cut = tip.clip(piece)
                assert cut.w * cut.h <= 0.1 * piece.w * piece.h or piece.collidepoint(screen.mouse), (tip, piece)
        assert shown > 50
    finally:
        screen.close()


@pytest.mark.physics
def test_the_pointer_on_a_seats_words_shows_that_players_character_card(surface):
    """Super Mario: "As you play, refer to this card when you remove blocks with the following special-item
    symbols". A rules audit found the cards only among the choices that chose them and in the help; the pointer
    on a seat's words at the right ("P2 (Luigi): layer 1, 5 coins") now shows what each item does for them."""
    screen = new_screen("jenga_mario", seed=3)
    try:
        _to_the_first_take(screen, surface)
        screen.draw(surface)
        state = screen.match.state
        for seat in (0, 1):
            box = screen.piece_rects[seat]
            send(screen, pygame.MOUSEMOTION, box.center)
            screen.update(DT)
            screen.draw(surface)
            name = {"mario": "Mario", "luigi": "Luigi", "peach": "Peach", "toad": "Toad"}[state.characters[seat]]
            assert screen.tooltip_text().startswith(f"P{seat + 1} plays {name}'s card: mushroom: "), screen.tooltip_text()
            assert screen.tooltip_rect is not None
        send(screen, pygame.MOUSEMOTION, (5, 5))
        screen.update(DT)
        assert "card" not in screen.tooltip_text()
    finally:
        screen.close()
