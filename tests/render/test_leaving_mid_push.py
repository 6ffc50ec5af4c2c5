"""A Jenga push is never thrown away by leaving the game or by undo, on the real physics with the app
around the screen (SDL's dummy driver, real autosave files): a regression audit pressed the bar's Menu
with a block 50 % out and resumed to an untouched tower, "0 touches so far"; Esc pressed just after
letting go left the same way while the simulator was still working the push out. Either was a free,
unrecorded try of the block."""

from __future__ import annotations

import json

import numpy as np
import pygame
import pytest

from games import registry
from games.core import Seat
from render.app import App
from render.launcher import LauncherScreen

from .test_audit import home, new_match  # noqa: F401 (home: the autouse scratch folder)
from .test_tower_screen import DT

CTRL_Z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)


def key(k, up=False):
    return pygame.event.Event(pygame.KEYUP if up else pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def frames(app, n=1):
    for _ in range(n):
        app.tick(DT)
        app.draw()


def new_app(seed=7) -> App:
    app = App(size=(1280, 800), match=new_match("jenga_classic", [Seat("Ann"), Seat("Bob", "careful")], seed))
    app.screen.show_risk = False  # the map has its own tests; here it would only slow the physics down
    return app


def settle(app):
    """Frames (the simulator's jobs joined) until the person may act and nothing moves."""
    screen = app.screen
    for _ in range(3000):
        frames(app)  # drawn at least once: the keys pick blocks on the tower as drawn
        if screen.match.waiting_for_human() and screen.job is None and not screen.animating():
            return
        if screen.job is not None:
            screen.job.wait()
    raise AssertionError("the person's turn never came")


def push(app, past_half: bool, block=(8, 2)):
    """Pick `block` with the keys, start its push (P) and tap W until it is past half out (or a little out)."""
    screen = app.screen
    screen.picked = block
    app.handle(key(pygame.K_p))
    live = screen.live
    assert live is not None and live.keyboard
    for _ in range(400):
        app.handle(key(pygame.K_w))
        frames(app, 3)
        app.handle(key(pygame.K_w, up=True))
        if live.will_take() if past_half else live.pushed and live.share_out > 0.05:
            return live
    raise AssertionError("the push never got out that far")


@pytest.fixture
def table(home):  # noqa: F811
    """The app on a classic Jenga match (a person against a careful bot, seed 7) at the person's first turn;
    closed after the test."""
    app = new_app()
    try:
        settle(app)
        yield app
    finally:
        app.close()


def autosaved_steps(folder) -> int:
    return len(json.loads((folder / "autosave.json").read_text())["actions"])


@pytest.mark.physics
def test_the_menu_past_half_out_waits_and_under_half_lets_go_as_the_move(home, table):  # noqa: F811
    app = table
    screen = app.screen
    match = screen.match
    steps = len(match.history)
    live = push(app, past_half=True)
    app.leave()  # the bar's Menu (and Esc past half): letting go here would take the block
    assert app.screen is screen and screen.live is live and len(match.history) == steps
    assert screen.message.startswith("The menu waits: the block is out past half its length")
    app.open_load()  # the bar's Load and Ctrl+O alike
    assert app.screen is screen and screen.live is live and screen.message.startswith("Load waits")
    app.handle(key(pygame.K_s))  # S held until the block is back under half
    for _ in range(600):
        frames(app)
        if not live.will_take():
            break
    app.handle(key(pygame.K_s, up=True))
    assert not live.will_take()
    # the refusal's "out past half its length" goes with it (a keyboard audit saw it beside "42 % out")
    assert screen.message_time <= 0 or not screen.message.startswith("Load waits"), screen.message
    app.leave()  # now the hand lets go: the push so far is the move, played out before the menu opens
    assert isinstance(app.screen, LauncherScreen)
    assert len(match.history) == steps + 1 and match.history[-1].action.startswith("push 8:2")
    assert match.state.last_verdict["taken"] is False and match.state.touches == 1
    assert autosaved_steps(home) == steps + 1


@pytest.mark.physics
def test_closing_the_window_or_opening_a_file_just_after_letting_go_plays_the_push_out_first(home, tmp_path):  # noqa: F811
    """While the simulator works a push out, the game's keys wait; closing the window and a file dropped on
    it did not, and the push let go was not in the autosave."""
    other = tmp_path / "other.json"
    new_match("jenga_classic", [Seat("Cy"), Seat("Di")], 3).save(other)
    for leave in ("drop", "quit"):  # (the second app keeps the first one's autosave among the saves)
        app = new_app()
        screen = app.screen
        match = screen.match
        try:
            settle(app)
            steps = len(match.history)
            push(app, past_half=True)
            app.handle(key(pygame.K_RETURN))  # let go: the block is taken, and the simulator works it out
            assert screen.job is not None and len(match.history) == steps
            if leave == "quit":
                app.handle(pygame.event.Event(pygame.QUIT))
                assert not app.running
            else:
                app.handle(pygame.event.Event(pygame.DROPFILE, file=str(other)))
                assert app.screen is not screen and app.screen.match.seed == 3
                kept = sorted(p for p in (home / "saves").glob("*.json"))
                assert len(kept) == 1 and len(json.loads(kept[0].read_text())["actions"]) == steps + 1
            assert len(match.history) == steps + 1 and match.state.last_verdict["taken"] is True
        finally:
            app.close()
        if leave == "quit":
            assert autosaved_steps(home) == steps + 1


@pytest.mark.physics
def test_closing_the_window_mid_push_keeps_the_push_as_the_move(home):  # noqa: F811
    app = new_app()
    match = app.screen.match
    try:
        settle(app)
        steps = len(match.history)
        push(app, past_half=False)
        app.handle(pygame.event.Event(pygame.QUIT))
        assert not app.running
        assert len(match.history) == steps + 1 and match.state.last_verdict["taken"] is False
    finally:
        app.close()
    assert autosaved_steps(home) == steps + 1


@pytest.mark.physics
def test_undo_waits_for_the_block_in_the_hand_and_for_the_simulator(home, table):  # noqa: F811
    app = table
    screen = app.screen
    match = screen.match
    push(app, past_half=False)
    app.handle(key(pygame.K_RETURN))  # put back: a touch, the person's first move
    settle(app)
    steps = len(match.history)
    assert steps >= 2 and match.state.touches == 1
    live = push(app, past_half=False, block=(6, 0))
    app.handle(CTRL_Z)
    assert screen.live is live and len(match.history) == steps
    assert screen.message.startswith("Finish the push first: Enter or P lets go of the block, then undo")
    app.handle(key(pygame.K_RETURN))
    settle(app)
    assert len(match.history) == steps + 1 and match.state.touches == 2
    app.handle(CTRL_Z)  # with nothing in the hand, undo takes the touch back
    assert len(match.history) == steps and match.state.touches == 1


@pytest.mark.physics
def test_letting_go_of_a_dragged_block_over_a_bar_button_lets_go_of_it(home, table):  # noqa: F811
    """A regression audit: a block dragged out (the view zoomed in, so its end came over the bar) and let go
    over the bar's Load button: the button took the release and said Load waits for the block, which stayed
    in a hand no button held; the next click on the board dropped it with nothing played. The button's
    release is the finger's: the push so far is the move, and the game stays on screen."""
    from .test_tower_screen import end_point

    app = table
    screen = app.screen
    match = screen.match
    steps = len(match.history)
    block = match.state.layout[8][0]
    start, px_per_m = end_point(screen, block)
    assert screen.view.pick(start) == block
    motion = dict(rel=(0, 0), buttons=(1, 0, 0))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(start), **motion))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(start), button=1))
    live = screen.live
    assert live is not None and not live.keyboard
    for k in range(1, 31):  # 45 mm along the block, about 60 % out
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(start - px_per_m * 0.045 * k / 30), **motion))
        frames(app)
    assert live.will_take()
    load = next(b for b in screen.buttons if b.label == "Load")
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=load.rect.center, button=1))
    assert app.screen is screen and screen.live is None and "waits" not in screen.message
    settle(app)
    assert len(match.history) == steps + 1 and match.history[-1].action.startswith("push 8:0 ")


@pytest.mark.physics
def test_undo_is_not_lit_nor_said_while_a_push_held_passes_over_it(table):
    """A feel audit dragged a block, kept the button down and moved the pointer onto Undo: Undo lit up and the
    status line said 'Undo takes back Player 1's move: ...', though letting go there plays the push, not an
    undo. While the press is held nothing it passes over is lit or said; once let go, Undo is lit again."""
    from render import pointer

    from .test_tower_screen import end_point

    app = table
    screen = app.screen
    match = screen.match
    screen.play(match.state.string_to_action("push 16:1"))  # a move to take back, so Undo has words
    settle(app)
    screen.play(next(a for a in screen.legal if a.startswith("stack")))
    settle(app)
    undo = screen.buttons[0]
    assert undo.label == "Undo" and "takes back" in screen.undo_button_words()
    frames(app)
    blocks = [match.state.layout[level][slot] for level, slot in sorted(match.state.legal_blocks())]
    block, start = next((b, p) for b in blocks for p in [end_point(screen, b)[0]] if screen.view.pick(p) == b)
    motion = dict(rel=(0, 0), buttons=(1, 0, 0))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(start), **motion))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(start), button=1))
    assert screen.live is not None and not screen.live.keyboard
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, **motion))
    screen.message_time = 0
    frames(app)
    assert pointer.dragging() and not undo.pointed_at()
    assert "Undo takes back" not in " ".join(screen.status_lines)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=undo.rect.center, button=1))
    settle(app)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    screen.message_time = 0
    frames(app)
    assert not pointer.dragging() and "Undo takes back" in " ".join(screen.status_lines)


@pytest.mark.physics
def test_a_match_opened_just_after_a_touch_shows_the_touch_as_live_play_did(home, tmp_path):  # noqa: F811
    """A save audit: a game saved just after a touch (or a push that went back) and loaded, or resumed, lost
    the touch's reading under the tower ("Felt 12:0 from the right: 0.31 N ...") and its outline, though the
    state keeps it (last_probe). The screen opened on it says what the live screen said."""
    from games.match import Match

    app = new_app()
    screen = app.screen
    match = screen.match
    try:
        settle(app)
        push(app, past_half=False)
        app.handle(key(pygame.K_RETURN))  # let go under half: it goes back, a touch
        settle(app)
        live_words = screen.probe_note
        assert live_words.startswith(("Touched 8:2", "Pushed 8:2")), live_words
        match.save(tmp_path / "touched.json")
    finally:
        app.close()
    app = App(size=(1280, 800), match=Match.load(tmp_path / "touched.json"))
    try:
        screen = app.screen
        screen.show_risk = False
        assert screen.probe_note == live_words
        assert screen._touched_block(screen.match.state) == screen.match.state.layout[8][2]
        settle(app)
        push(app, past_half=False, block=(6, 0))  # a second touch, then undo back to the first one
        app.handle(key(pygame.K_RETURN))
        settle(app)
        assert screen.probe_note.startswith(("Touched 6:0", "Pushed 6:0")) and screen.match.state.touches == 2
        app.handle(CTRL_Z)
        assert screen.match.state.touches == 1 and screen.probe_note == live_words
    finally:
        app.close()


@pytest.mark.physics
def test_a_game_opened_after_the_fall_is_framed_as_the_fall_left_it(home, tmp_path):  # noqa: F811
    """A save audit: a finished game loaded or resumed after the tower fell was framed as a standing tower the
    height of the rubble (0.21 m framed): a close-up of a few blocks, Donkey Kong and Pauline out of the
    picture. It opens framed wide, as _frame_fall leaves the live view (the tower's height and more), from
    the side the fall is best seen from."""
    from games.match import Match
    from render.screens.registry import screen_for

    from .test_tower_screen import SIZE

    spec = registry.get("jenga_dk")
    pygame.init()
    for seats in ([Seat("Ann"), Seat("Bob", "random")], [Seat("Cy", "random"), Seat("Bob", "random")]):
        match = Match(spec.make_config(seats), 5)
        rng = np.random.default_rng(3)
        while not match.is_over():  # the person plays random legal moves too (a match of bots keeps no undo)
            if match.waiting_for_human():
                legal = match.state.legal_actions()
                match.play(legal[int(rng.integers(len(legal)))])
            else:
                match.step()
        assert match.state.ended == "fall"
        match.save(tmp_path / "fallen.json")
        opened = screen_for("jenga_dk")(Match.load(tmp_path / "fallen.json"))
        opened.show_risk = False
        try:
            opened.draw(pygame.Surface(SIZE))
            levels = len(opened.match.state.layout)
            assert opened.camera.framed[0] >= 0.9 * levels * 0.0148, (opened.camera.framed, levels)
            story = opened.opened_fall_story()
            if seats[0].is_human:  # from the side the fall is best seen from (a match of bots keeps no "before")
                assert story is not None and opened.camera.yaw == pytest.approx(story.best_yaw % (2 * np.pi))
        finally:
            opened.close()


@pytest.mark.physics
def test_p_and_w_on_a_turn_that_takes_no_block_say_so(home):  # noqa: F811
    """A keyboard audit: on a Donkey Kong Jenga turn whose spin takes no girder, P and W did nothing and said
    nothing, and T said "pick one with the arrow keys", which nothing could be."""
    from .test_stumbles import person_faces

    match = person_faces("jenga_dk", 3, lambda state: state.phase == "act" and not state.legal_blocks()
                         and state.legal_actions())
    app = App(size=(1280, 800), match=match)
    try:
        app.screen.show_risk = False
        settle(app)
        for k in (pygame.K_p, pygame.K_w, pygame.K_t):
            app.screen.message = ""
            app.handle(key(k))
            assert app.screen.message.startswith("No block may be taken now"), (k, app.screen.message)
    finally:
        app.close()


@pytest.mark.physics
def test_the_line_under_the_tower_asks_for_a_hole_when_the_stack_phase_asks_for_one(home):  # noqa: F811
    """A keyboard audit: a push that knocked out a Super Mario peg asks, in the stack phase, for a hole for it
    first; the line under the tower said "Click a glowing place on top to stack your block" while the list
    held only holes. It says what the list holds."""
    from render.screens.jenga.pointer import HOLE_WORDS

    from .test_stumbles import person_faces

    def holes_only(state):
        legal = state.legal_actions()
        return (state.phase == "stack" and any(a.partition(" ")[0] in HOLE_WORDS for a in legal)
                and not any(a.startswith("stack") for a in legal))

    match = person_faces("jenga_mario", 5, holes_only)
    app = App(size=(1280, 800), match=match)
    try:
        screen = app.screen
        screen.show_risk = False
        settle(app)
        said = [words for words, _ in screen._info_lines(match.state, None)]
        assert any(w.startswith("Click a hole ringed in yellow") for w in said), said
        assert not any(w.startswith("Click a glowing place on top") for w in said), said
    finally:
        app.close()


@pytest.mark.physics
def test_the_gauge_and_the_line_say_when_the_tower_comes_with_the_block(home):  # noqa: F811
    """A feel audit pushed a tight edge block (a mouse gives no feel of it): the block went 77 mm at under
    1.5 N, the rest of the tower came along and its top turned 52 degrees, and nothing said so while it
    happened. On seed 11's fresh tower the edge 12:2 is held tight (the level above rests on the two edges)
    and its middle 12:1 is loose: pushed the same way, the first brings the tower along and the gauge and the
    line under the pointer say so, the second never does."""
    from render.tower.live_drag import TOWER_COMES_MM

    app = new_app(seed=11)
    try:
        settle(app)
        screen = app.screen
        said = {}
        for block in [(12, 1), (12, 2)]:
            screen.picked = block
            app.handle(key(pygame.K_p))
            live = screen.live
            assert live is not None and live.keyboard
            app.handle(key(pygame.K_w))
            words = []
            for _ in range(300):
                frames(app, 3)
                words.append((live.tower_moved_mm, live.words()))
                if live.share_out > 0.3 or live.fallen:
                    break
            app.handle(key(pygame.K_w, up=True))
            app.handle(key(pygame.K_s))  # drawn back in, and let go: a touch, the turn goes on
            for _ in range(300):
                frames(app, 3)
                if live.share_out < 0.05:
                    break
            app.handle(key(pygame.K_s, up=True))
            app.handle(key(pygame.K_RETURN))
            settle(app)
            said[block] = words
        loose, tight = said[(12, 1)], said[(12, 2)]
        assert all(mm < TOWER_COMES_MM and "coming with the block" not in w for mm, w in loose)
        late = [(mm, w) for mm, w in tight if mm >= TOWER_COMES_MM]
        assert late and all("the tower is coming with the block" in w for _, w in late)
        assert all("coming with" not in w for mm, w in tight if mm < TOWER_COMES_MM)
    finally:
        app.close()


@pytest.mark.physics
def test_a_drag_begun_on_the_board_and_let_go_over_undo_or_menu_presses_neither(table):
    """A regression audit turned the view by dragging the background and let go over Undo: "Undone.", the
    person's stack and the bot's whole turn taken back; let go over Menu, the launcher opened. A block pushed
    all the way out (taken with the button still down), the button then let go over Undo, undid that very
    push. A press that began on the board is let go there, wherever the pointer is."""
    from render.launcher import LauncherScreen

    app = table
    screen = app.screen
    match = screen.match
    screen.play(match.state.string_to_action("push 16:1"))
    settle(app)
    screen.play(next(a for a in screen.legal if a.startswith("stack")))
    settle(app)
    undo = screen.buttons[0]
    menu = next(b for b in screen.buttons if b.label == "Menu")
    board = screen.rects["board"]
    steps = len(match.history)
    for button in (undo, menu):
        start = (board.x + 30, board.y + 30)  # the background: a drag there turns the view
        motion = dict(rel=(0, 0), buttons=(1, 0, 0))
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=start, **motion))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        assert screen.orbiting is not None
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, **motion))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
        frames(app)
        assert app.screen is screen and not isinstance(app.screen, LauncherScreen)
        assert len(match.history) == steps and screen.message != "Undone."
    # the button then works as ever: a press and a release on it
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=undo.rect.center, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=undo.rect.center, button=1))
    assert len(match.history) < steps


@pytest.mark.physics
@pytest.mark.parametrize("cut", ["focus lost", "resized", "resized, then the window lost"])
def test_a_drag_cut_off_by_the_window_losing_the_pointer_is_let_go_and_the_next_click_works(table, cut):
    """A regression audit hid the window in the middle of a push and let the button go meanwhile: the release
    never came, the block went on following the pointer with no button held (it was taken by itself), and the
    first click on the bar (SDL sends only its release then) was taken for the drag's release and did nothing.
    The window losing the pointer lets the drag go there; the next click on a button works. A window-size
    audit resized the window in the middle of a push: the tower was drawn elsewhere, the block some 200 px
    from the finger, and the push read backwards as the finger went on; a resize lets the drag go too."""
    from .test_tower_screen import end_point

    app = table
    screen = app.screen
    match = screen.match
    steps = len(match.history)
    frames(app)
    blocks = [match.state.layout[level][slot] for level, slot in sorted(match.state.legal_blocks())]
    block, start = next((b, p) for b in blocks for p in [end_point(screen, b)[0]] if screen.view.pick(p) == b)
    _, px_per_m = end_point(screen, block)
    motion = dict(rel=(0, 0), buttons=(1, 0, 0))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(start), **motion))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(start), button=1))
    for k in range(1, 11):  # 15 mm in
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(start - px_per_m * 0.0015 * k), **motion))
        frames(app)
    assert screen.live is not None and screen.live.pushed
    if cut.startswith("resized"):
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=700, size=(1024, 700)))
    else:
        app.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert screen.live is None and screen.press is None
    settle(app)
    assert len(match.history) == steps + 1  # the push so far, let go: under half out, it went back (a touch)
    save = next(b for b in screen.buttons if b.label == "Save")
    if cut == "resized":
        # the button is still down through a resize: its release, over whatever the new layout put under the
        # pointer (Menu here), is the press's own and does nothing (it left the game: a regression audit)
        menu = next(b for b in screen.buttons if b.label == "Menu")
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=menu.rect.center, rel=(0, 0), buttons=(1, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.rect.center, button=1))
        assert app.screen is screen and len(match.history) == steps + 1
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=save.rect.center, button=1))
    elif cut == "resized, then the window lost":
        # the release the resize left owed never comes (let go outside the window): the next click, of which
        # SDL sends only the release, works (a regression audit: it was swallowed)
        app.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=save.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=save.rect.center, button=1))  # the press was dropped
    assert screen.message.startswith("Saved to"), screen.message
