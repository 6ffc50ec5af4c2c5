"""What a keyboard-only player stumbled on, found by an audit that set up and played every game by keyboard
(5 Dec): Enter on a game the focus was on started another game; choosing a game with Up/Down moved the focus
onto another control; Ctrl+O's "then Load selected" left Enter starting a new game; Alt+Enter played the
chosen move; the window told the window manager no smallest size. Real screens, SDL's dummy driver."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render.app import SMALLEST_WINDOW, App

from .test_stumbles import home, key, launcher_with_saves  # noqa: F401 (home: the autouse scratch folder)
from .test_tower_screen import DT, run


def focused(launcher):
    return launcher.focusables[launcher.focus] if 0 <= launcher.focus < len(launcher.focusables) else None


def test_enter_on_a_game_the_focus_is_on_chooses_it_and_does_not_start_another():
    app = App()
    launcher = app.screen
    try:
        assert launcher.game == launcher.names[0]
        launcher.focus_on(launcher.game_buttons[2])
        app.handle(key(pygame.K_RETURN))
        assert app.screen is launcher and launcher.game == launcher.names[2]  # chosen, nothing started
        app.handle(key(pygame.K_RETURN))  # on the game already chosen Enter starts it
        assert app.screen is not launcher and app.screen.match.config.game == launcher.names[2]
    finally:
        app.close()


def test_choosing_a_game_with_up_and_down_keeps_the_focus_on_its_control():
    app = App()
    launcher = app.screen
    try:
        launcher.focus_on(launcher.start_button)
        for _ in range(3):  # through games with other numbers of variants and seats
            app.handle(key(pygame.K_DOWN))
            assert focused(launcher) is launcher.start_button
        assert launcher.game == launcher.names[3]
        launcher.focus_on(launcher.game_buttons[3])
        app.handle(key(pygame.K_DOWN))  # on a game button the focus goes along with the choice
        assert launcher.game == launcher.names[4] and focused(launcher) is launcher.game_buttons[4]
    finally:
        app.close()


def test_ctrl_o_from_a_game_puts_the_focus_on_load_selected_so_enter_loads(home):  # noqa: F811
    saved = launcher_with_saves(home)
    app = App(match=Match(registry.get("monkey_dash").make_config([Seat("Ann"), Seat("Bot", "greedy")]), 5))
    try:
        app.handle(key(pygame.K_o, pygame.KMOD_CTRL))
        launcher = app.screen
        assert focused(launcher) is launcher.load_button and launcher.load_button.enabled
        chosen = launcher.selected_save()
        assert chosen is not None and not chosen.problem  # the newest file: the good one
        app.handle(key(pygame.K_RETURN))
        assert app.screen is not launcher and app.screen.match.config.game == saved.config.game
        assert app.screen.match.seed == saved.seed  # the saved match, not a new game
    finally:
        app.close()


def test_a_save_chosen_with_page_down_is_what_enter_loads_and_a_broken_one_says_so(home):  # noqa: F811
    """An audit (5 Dec, sixth session): from the launcher, PageDown onto a saved match, then Enter, started a
    brand-new game. Choosing a save in the list takes the focus to "Load selected": Enter loads it, or says
    why it will not load, and starts nothing."""
    saved = launcher_with_saves(home)
    app = App()
    launcher = app.screen
    try:
        launcher.focus_on(launcher.start_button)
        app.handle(key(pygame.K_PAGEDOWN))          # the newest save, the good one, is first; now the broken one
        assert launcher.selected_save().problem and focused(launcher) is launcher.load_button
        app.handle(key(pygame.K_RETURN))
        assert app.screen is launcher and launcher.message.startswith("Cannot load: tampered.json will not load")
        app.handle(key(pygame.K_PAGEUP))
        assert not launcher.selected_save().problem and focused(launcher) is launcher.load_button
        app.handle(key(pygame.K_RETURN))
        assert app.screen is not launcher and app.screen.match.config.game == saved.config.game
        assert app.screen.match.seed == saved.seed  # the saved match, not a new game
    finally:
        app.close()


def test_alt_enter_plays_nothing():
    match = Match(registry.get("monkey_dash").make_config([Seat("Ann"), Seat("Bot", "greedy")]), 5)
    match.advance()
    app = App(match=match)
    try:
        app.draw()
        assert match.waiting_for_human()
        steps = len(match.history)
        app.handle(key(pygame.K_RETURN, pygame.KMOD_ALT))
        assert len(match.history) == steps and "Alt+Enter plays nothing" in app.screen.message
        app.handle(key(pygame.K_RETURN))
        assert len(match.history) > steps  # Enter alone plays the chosen move
    finally:
        app.close()


def test_the_window_tells_its_smallest_size():
    app = App()
    try:
        assert tuple(pygame.Window.from_display_module().minimum_size) == SMALLEST_WINDOW
    finally:
        app.close()


def placing_marios():
    """A Donkey Kong Jenga screen (seed 2, real physics) where the first person places their Mario: the
    Choices list holds a row per hole of the bottom girders. (surface, screen)"""
    from .test_tower_screen import SIZE, new_screen, run

    pygame.init()
    surface = pygame.Surface(SIZE)
    screen = new_screen("jenga_dk", seed=2)
    assert run(screen, surface, lambda: screen.match.waiting_for_human() and screen.job is None
               and any(a.startswith("mario ") for a in screen.legal))
    return surface, screen


@pytest.mark.physics
def test_the_hole_of_the_chosen_row_is_lit_on_the_tower():
    """Moving through Donkey Kong Jenga's "stand Mario in the +x hole of block 0:1" rows with Up/Down changed
    nothing on the tower, so a keyboard player chose a hole blindly: the chosen row's hole is now drawn lit,
    as the one under the pointer is."""
    surface, screen = placing_marios()
    try:
        lit = []
        for _ in range(3):
            screen.update(DT)
            screen.draw(surface)
            state = screen.match.state
            action = screen.focus_action  # "mario 0:1+x": Mario into the +x hole of block 0:1
            where, sign = action.split()[1][:-2], action[-2]
            level, slot = (int(x) for x in where.split(":"))
            block, end = screen._marked_holes(state)[1]
            assert block == state.layout[level][slot] and end == (1 if sign == "+" else -1), action
            lit.append((block, end))
            screen.handle_event(key(pygame.K_DOWN))
        assert len(set(lit)) == 3  # each row lights its own hole
    finally:
        screen.close()


def _dk_turn_with_rows_and_blocks():
    """A Donkey Kong Jenga screen (seed 2) at a person's turn with rows in the list (climbs) and blocks that
    may be taken: the Marios placed and the spins' first rows played until then. (surface, screen)"""
    from .test_tower_screen import SIZE, new_screen

    pygame.init()
    surface = pygame.Surface(SIZE)
    screen = new_screen("jenga_dk", seed=2)
    match = screen.match
    while not (match.waiting_for_human() and screen.legal and screen._legal_blocks()):
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None
                   and not screen.animating())
        if screen.legal and screen._legal_blocks():
            break
        screen.play(screen.legal[0])
    return surface, screen


@pytest.mark.physics
def test_with_a_block_picked_the_status_line_says_enter_pushes_it_and_esc_lets_go():
    """On a Donkey Kong Jenga turn with a climb in the list, Shift and the arrows picked a block and Enter then
    pushed it, while the status line still said "climb to the +x hole of block 2:0 (Enter plays it)": it
    now says what Enter does, and Esc lets go of the block (before, Esc left the game)."""
    surface, screen = _dk_turn_with_rows_and_blocks()
    try:
        screen.handle_event(key(pygame.K_DOWN))  # a row chosen first (a hand-off leaves none chosen)
        screen.handle_event(key(pygame.K_UP, pygame.KMOD_SHIFT))
        assert screen.picked is not None
        level, slot = screen.picked
        screen.message_time = 0  # the picker's own words say the same; the line under them is read here
        screen.update(DT)
        screen.draw(surface)
        assert screen.status_lines and " ".join(screen.status_lines).startswith(f"block {level}:{slot} picked: Enter")
        screen.handle_event(key(pygame.K_ESCAPE))
        assert screen.picked is None and screen.host is not None
        screen.message_time = 0
        screen.update(DT)
        screen.draw(surface)
        assert "(Enter plays it" in " ".join(screen.status_lines)  # back to the chosen row
    finally:
        screen.close()


@pytest.mark.physics
def test_choosing_a_row_with_the_plain_arrows_lets_go_of_the_picked_block():
    """A keyboard audit (Super Mario Jenga): with a block picked by Shift and the arrows, Up framed a climb in the
    list and Enter then started a push of the block still picked, the status line saying so under the framed
    row. A row chosen with the plain arrows lets go of the block, so Enter plays that row, no push."""
    surface, screen = _dk_turn_with_rows_and_blocks()
    try:
        match = screen.match
        screen.handle_event(key(pygame.K_UP, pygame.KMOD_SHIFT))
        assert screen.picked is not None
        screen.handle_event(key(pygame.K_DOWN))  # a row of the list, not a block
        assert screen.picked is None
        row = screen.legal[screen.actions.selected]
        played = len(match.history)
        screen.handle_event(key(pygame.K_RETURN))
        assert screen.live is None  # no push started
        assert len(match.history) == played + 1 and match.history[-1].action == row
    finally:
        screen.close()


def test_shift_page_up_and_down_scroll_the_move_log():
    """The move log scrolled with the wheel only: a keyboard player could not read back. Shift+PageUp and
    Shift+PageDown scroll it a page at a time; the choice selected stays selected."""
    match = Match(registry.get("donkey_kong").make_config([Seat("Bot 1", "greedy"), Seat("Bot 2", "greedy")]), 3)
    match.advance(60)
    assert not match.is_over()
    app = App(match=match)
    try:
        app.draw()
        log = app.screen.log
        assert len(log.items) > 2 * log.visible_rows()  # more than two pages
        end = log.top
        app.handle(key(pygame.K_PAGEUP, pygame.KMOD_SHIFT))
        assert log.top < end
        app.handle(key(pygame.K_PAGEUP, pygame.KMOD_SHIFT))
        app.handle(key(pygame.K_PAGEDOWN, pygame.KMOD_SHIFT))
        app.handle(key(pygame.K_PAGEDOWN, pygame.KMOD_SHIFT))
        assert log.top == end
        assert "Shift+PageUp/PageDown" in app.screen.help_text()
    finally:
        app.close()


@pytest.mark.physics
def test_a_chosen_hole_that_faces_away_says_how_to_turn_the_view():
    """A row's hole on the far side of the tower is lit where nobody can see it: the status line says so
    and names the keys that turn the view; a hole facing the eye gets the usual words."""
    surface, screen = placing_marios()
    try:
        said = {}
        for _ in range(len(screen.legal)):
            screen.message_time = 0
            screen.update(DT)
            screen.draw(surface)
            action = screen.focus_action
            block = screen.match.state.layout[int(action.split()[1][0])][int(action.split()[1][2])]
            away = screen._end_facing_eye(block) != (1 if action.endswith("+x") else -1)
            said[action] = (away, " ".join(screen.status_lines))
            screen.handle_event(key(pygame.K_DOWN))
        assert any(away for away, _ in said.values()) and not all(away for away, _ in said.values())
        for action, (away, words) in said.items():
            assert ("faces away: [ or ] turns the view" in words) == away, (action, words)
    finally:
        screen.close()


@pytest.mark.physics
def test_a_ring_a_placed_mario_covers_is_drawn_again_over_him():
    """Seen by an audit in Donkey Kong Jenga: the first person's Mario, just placed, hid the yellow ring of a
    hole beside him that the second person could choose. A ring a piece's sprite covers is drawn again over
    the sprite (looked for from every quarter of the turn)."""
    from render import palette

    surface, screen = placing_marios()
    try:
        first = next(a for a in screen.legal if a.startswith("mario "))
        screen.play(first)
        assert run(screen, surface, lambda: screen.match.waiting_for_human() and screen.job is None
                   and any(a.startswith("mario ") for a in screen.legal))
        found = 0
        for _ in range(8):
            screen.camera.orbit(np.pi / 4)
            screen.draw(surface)
            img = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
            marios = [r for kind, r in screen.view.figure_rects if kind == "mario"]
            for ring in screen.view.rings:
                xs, ys = [x for x, _ in ring], [y for _, y in ring]
                box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)
                if any(m.colliderect(box) for m in marios):
                    found += 1
                    for x, y in ring:
                        patch = img[int(y) - 1:int(y) + 2, int(x) - 1:int(x) + 2]
                        assert np.any(np.all(patch == palette.HIGHLIGHT, axis=2)), (x, y)
        assert found, "no view put a ring under the Mario"
    finally:
        screen.close()


@pytest.mark.physics
def test_a_push_key_with_no_block_picked_says_how_to_pick_one():
    """An audit: on a Donkey Kong Jenga turn with climbs in the list, P and W did nothing and said nothing
    (the plain arrows move in the list there; Shift+arrows pick a block). They now say how to pick one."""
    surface, screen = _dk_turn_with_rows_and_blocks()
    try:
        match = screen.match
        steps = len(match.history)
        for k in (pygame.K_p, pygame.K_w):
            screen.message_time = 0
            screen.handle_event(key(k))
            assert screen.message_time > 0 and screen.message.startswith("No block is picked to push: pick one "
                                                                          "with Shift+arrows")
        assert screen.picked is None and screen.live is None and len(match.history) == steps
        screen.update(DT)
    finally:
        screen.close()


@pytest.mark.physics
def test_during_a_push_the_status_line_says_what_the_hand_does_and_enter_plays_no_row():
    """On a Donkey Kong Jenga turn with climbs in the list, a keyboard push (P) left the status line saying
    "climb to the right hole of block 2:0 (Enter plays it)" while Enter let go of the block (an audit). It
    now says what the keys do during the push; and while the pointer holds a block, Enter must not play the
    chosen row under the held block."""
    from .test_tower_screen import grabbable, press_end, send

    surface, screen = _dk_turn_with_rows_and_blocks()
    match = screen.match
    try:
        steps = len(match.history)
        screen.handle_event(key(pygame.K_UP, pygame.KMOD_SHIFT))
        screen.handle_event(key(pygame.K_p))
        assert screen.live is not None and screen.live.keyboard
        # the picker's own words ("P or Enter pushes it") are put away as the push starts (an audit)
        screen.update(DT)
        screen.draw(surface)
        said = " ".join(screen.status_lines)
        assert said.startswith("pushing by keyboard") and "Enter plays it" not in said, said
        screen.handle_event(key(pygame.K_RETURN))  # lets go: a block not pushed goes back
        for _ in range(200):
            if screen.live is None and screen.job is None and not screen.animating():
                break
            screen.update(DT)
            screen.draw(surface)
        assert screen.live is None
        # the pointer now: press on a block's near end, hold it, press Enter
        start, _ = press_end(screen, grabbable(screen, sorted(screen._legal_blocks()))[2])
        assert screen.live is not None and not screen.live.keyboard
        screen.message_time = 0
        screen.update(DT)
        screen.draw(surface)
        # a press held still is a touch, and the line says so (its tooltip's word), until the block is dragged
        assert " ".join(screen.status_lines).startswith("touching with the pointer")
        before = [s.action for s in match.history]
        screen.handle_event(key(pygame.K_RETURN))
        assert [s.action for s in match.history] == before and screen.job is None  # no climb under the hand
        assert screen.message.startswith("Finish the push first: releasing the button")
        assert screen.live is not None
        send(screen, pygame.MOUSEBUTTONUP, tuple(start))
        assert len(match.history) >= steps
    finally:
        screen.close()


@pytest.mark.physics
def test_enter_with_no_block_picked_says_how_to_take_one():
    """A keyboard audit: on a classic Jenga turn (no rows in the list: the pushes are made on the tower), Enter
    with no block picked did nothing and said nothing. It says how to pick a block and push it; nothing is
    played."""
    from .test_jenga_stumbles import _ready
    from .test_text_sizes import new_screen

    pygame.init()
    surface = pygame.Surface((1280, 800))
    screen = new_screen("jenga_classic", seed=3)
    match = screen.match
    try:
        _ready(screen, surface)
        assert not screen.legal and screen.picked is None
        steps = len(match.history)
        screen.message = ""
        screen.handle_event(key(pygame.K_RETURN))
        assert len(match.history) == steps and screen.job is None
        assert screen.message.startswith("Enter has nothing to play: pick a block with the arrow keys")
    finally:
        screen.close()


def test_a_new_kind_of_question_in_jenga_drops_an_enter_for_a_moment_but_not_a_click():
    """A keyboard audit in Super Mario Jenga stacked with Enter and pressed Enter again 0.4 s later: the climb
    question had come meanwhile, and the second Enter climbed to its first hole, chosen by nobody. When the
    question put to the person changes kind (the choices' first words: stack, then climb), Enter and the
    numbers play nothing for JengaScreen.question_guard_s of the screen's clock, with a word; a click, aimed at
    its row, still plays. The screen reads the choices as data here (the physics is not what is tested)."""
    from .test_text_sizes import new_screen

    pygame.init()
    screen = new_screen("jenga_classic", seed=3)
    try:
        screen.draw(pygame.Surface((1280, 800)))
        screen.legal = ["stack 0", "stack 1"]
        screen.watch_question()  # the question as last seen
        screen.legal = ["climb 5:0+x", "climb 5:2-x"]
        screen.watch_question()
        assert screen.hand_guard == screen.question_guard_s > 0
        enter = key(pygame.K_RETURN)
        assert screen.guarded(enter)
        assert screen.message == "A new question: read its choices first, then choose."
        board = screen.rects["board"]
        click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=board.center, button=1)
        assert not screen.guarded(click)
        screen.update(screen.question_guard_s + 0.05)
        assert not screen.guarded(enter)
        screen.watch_question()  # the same question again: no new guard
        assert screen.hand_guard == 0
    finally:
        screen.close()


@pytest.mark.physics
def test_the_idle_status_line_names_the_towers_keys_when_the_list_has_no_rows(lines_drawn):
    """A play-test: on a turn whose only choices are the blocks on the tower the list is empty, yet the status
    line read "arrows and Enter, a click or 1-9: play a row". It names the keys that pick and push a block;
    with rows in the list (a Donkey Kong Jenga climb beside the blocks) it names the list's keys."""
    from .test_tower_screen import SIZE, new_screen

    pygame.init()
    surface = pygame.Surface(SIZE)
    screen = new_screen("jenga_classic", seed=3)
    try:
        assert run(screen, surface, lambda: screen.match.waiting_for_human() and screen.job is None
                   and not screen.animating())
        screen.message, screen.message_time = "", 0.0
        assert screen.legal == [] and screen._legal_blocks()
        lines_drawn.clear()
        screen.draw(surface)
        said = " ".join(words for words, _ in lines_drawn)
        assert "arrows pick a block, P pushes it" in said and "play a row" not in said
    finally:
        screen.close()
    surface, screen = _dk_turn_with_rows_and_blocks()
    try:
        assert screen.idle_keys().startswith("F1: help and rules · arrows and Enter, a click or 1-9: play a row")
    finally:
        screen.close()


@pytest.mark.physics
def test_with_a_block_picked_the_mouse_line_gives_way_to_the_picked_blocks_line():
    """A play-test (Donkey Kong Jenga): with a block picked by keyboard the box under the tower held the last
    move, the touch, the picked block's keys, the mouse's "Press a block and drag it..." and the hole's line,
    six lines over the tower's foot. With a block picked its own line says the keys; the mouse's line is
    left out until nothing is picked."""
    surface, screen = _dk_turn_with_rows_and_blocks()
    try:
        def lines():
            return [words for words, _ in screen._info_lines(screen.match.state, None)]

        assert any(w.startswith("Press a girder and drag it along its length") for w in lines())
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=pygame.KMOD_SHIFT, unicode=""))
        assert screen.picked is not None
        shown = lines()
        assert any(w == screen.picked_text() for w in shown)
        # in the game's own word, as its banner says "remove 1 girder" (it said "Picked block": a keyboard audit)
        assert screen.picked_text().startswith("Picked girder ")
        assert not any(w.startswith("Press a girder and drag it along its length") for w in shown)
    finally:
        screen.close()


@pytest.mark.physics
def test_space_skipping_a_bots_turn_stops_at_the_persons_own_spin():
    """A keyboard audit (Super Mario Jenga against the careful bot): a person ended their turn and pressed Space
    at once to skip the bot's pauses; the bot's whole turn was played, and then the person's own spin ("each
    player spins the spinner on their turn") as if chance's, unseen, while the bot's stack was still being
    drawn. Skipping stops at a person's spin also while a move is still drawn."""
    from .test_text_sizes import SIZE, new_screen

    pygame.init()
    surface = pygame.Surface(SIZE)
    screen = new_screen("jenga_mario", seed=3)
    match = screen.match
    person = 0
    try:
        while match.state.turn_owner() == person or match.state.phase in ("setup", "build"):
            assert run(screen, surface, lambda: (match.waiting_for_human() and screen.job is None
                                                 and not screen.animating()) or match.state.turn_owner() != person)
            if match.state.turn_owner() != person and match.state.phase not in ("setup", "build"):
                break
            pushes = [a for a in match.state.legal_actions() if a.startswith("push ")]
            if pushes:  # a middle block of the middle of the tower, as the rules' list gives its push
                level, slot = sorted(match.state.legal_blocks(), key=lambda b: (b[1] != 1, abs(b[0] - 8)))[0]
                screen.play(next(a for a in pushes if a.startswith(f"push {level}:{slot} ")))
            else:
                screen.play(match.state.legal_actions()[0])
            assert run(screen, surface, lambda: screen.job is None, spin=False)
        assert not match.is_over() and match.state.turn_owner() != person
        assert run(screen, surface, lambda: screen.hand_guard <= 0, spin=False)  # past the guard after a spin
        assert match.state.turn_owner() != person
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
        assert screen.skipping
        done = run(screen, surface, lambda: match.state.turn_owner() == person and screen.job is None
                   and not screen.animating() and not screen.skipping, spin=False)
        assert done
        # the person's spin waits for their hand: the bot's turn was skipped, their own spin was not played
        assert not match.is_over() and match.current_player < 0 and screen.chance_waits()
        assert match.state.phase == "spin"
    finally:
        screen.close()


@pytest.mark.physics
def test_esc_past_half_out_does_not_take_the_block_and_says_how_to_back_out():
    """A keyboard audit: Esc pressed to back out of a push with the block 59 % out let go, and letting go past
    half its length takes the block ("a block out by at least half its length is taken"). Past half, Esc
    now keeps the push going and says how to back out (S pulls it back, then Enter puts it back) or take it."""
    from .test_tower_screen import SIZE, new_screen

    pygame.init()
    surface = pygame.Surface(SIZE)
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    try:
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        screen.picked = (8, 2)
        screen.handle_event(key(pygame.K_p))
        live = screen.live
        assert live is not None and live.keyboard
        for _ in range(400):  # W tapped until the block is past half out
            screen.handle_event(key(pygame.K_w))
            for _ in range(3):
                screen.update(DT)
            screen.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_w, mod=0, unicode=""))
            if live.will_take():
                break
        assert live.will_take() and screen.live is live
        steps = len(match.history)
        screen.handle_event(key(pygame.K_ESCAPE))
        assert screen.live is live and screen.job is None and len(match.history) == steps
        assert "Esc does not let go here" in screen.message and "hold S to pull it back" in screen.message
        screen.handle_event(key(pygame.K_s))  # S held until under half out, then Enter puts it back
        for _ in range(600):
            screen.update(DT)
            if not live.will_take():
                break
        screen.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_s, mod=0, unicode=""))
        assert not live.will_take()
        screen.handle_event(key(pygame.K_RETURN))
        assert run(screen, surface, lambda: screen.job is None)
        assert len(match.history) == steps + 1 and match.state.last_verdict["taken"] is False
        assert match.state.phase == "take" and not match.is_over()
    finally:
        screen.close()


def test_the_finders_no_match_line_stays_inside_the_choices_panel(lines_drawn):
    """A keyboard audit: at the largest text in a 1024x640 window, Donkey Kong's "No choice matches; Esc
    clears." ran past the Choices panel's edge. It wraps inside the list."""
    from render import storage, text

    from .test_audit import new_match, run_until

    storage.save_settings({"text_size": "largest"})
    app = App(size=(1024, 640), match=new_match("donkey_kong", [Seat("Ann"), Seat("Bob", "greedy")], 3))
    try:
        screen = app.screen
        run_until(app, lambda: screen.match.waiting_for_human() and screen.legal)
        screen.filtering, screen.filter = True, "zzzz"
        screen._refresh_actions(force=True)
        assert screen.legal == []
        lines_drawn.clear()
        app.draw()
        said = [(w, r) for w, r in lines_drawn if w.startswith("No choice") or "Esc clears" in w]
        assert said and all(screen.actions.rect.contains(r) for _, r in said), said
        # and the status line names the finder's keys, not "1-9: play a row" (digits are typed here)
        assert screen.idle_keys().startswith("Type part of a row's words") and "1-9" not in screen.idle_keys()
    finally:
        app.close()
        storage.save_settings({})
        text.use_size("normal")


@pytest.mark.parametrize("game", ["jenga_classic", "donkey_kong"])
def test_the_help_pictures_caption_stands_clear_of_the_foot_line(lines_drawn, game):
    """A keyboard audit: at the largest text the help's "A tower like this one" was drawn over its foot line
    ("Esc, F1 or a click closes this..."). The picture leaves room under it for both."""
    from render import storage, text

    from .test_audit import new_match

    storage.save_settings({"text_size": "largest"})
    app = App(size=(1024, 640), match=new_match(game, [Seat("Ann"), Seat("Bob", "random")], 3))
    try:
        screen = app.screen
        screen.toggle_help()
        lines_drawn.clear()
        app.draw()
        caption = [r for w, r in lines_drawn if w in ("A tower like this one", "The board now")]
        foot = [r for w, r in lines_drawn if w.startswith("Esc, F1 or a click")]
        assert caption and foot
        assert not caption[0].colliderect(foot[0]), (caption, foot)
    finally:
        app.close()
        storage.save_settings({})
        text.use_size("normal")


def test_a_long_log_row_is_read_whole_where_the_log_has_the_room():
    """A keyboard audit (Donkey Kong against the strong bot, seed 7, the largest text): a log row that says what
    the obstacles did ran past six lines and was cut ("... drops a barrel on gird…"), readable whole only under
    the pointer. A row takes as many lines as the log's height holds."""
    from render import storage, text
    from render.widgets import LogRows

    from .test_audit import new_match, run_until

    storage.save_settings({"text_size": "largest"})
    match = new_match("donkey_kong", [Seat("Player 1"), Seat("Strong bot 2", "strong")], 7)
    app = App(size=(1280, 800), match=match)
    try:
        screen = app.screen
        for _ in range(40):  # the person plays the first choice each time; the bot and the dice play theirs
            run_until(app, lambda: match.waiting_for_human() or match.is_over())
            if match.is_over():
                break
            app.draw()
            screen.play(match.state.legal_actions()[0])
        app.draw()
        log = screen.log
        heights = [len(log.lines_of(i)) for i in range(len(log.items))]
        assert max(heights) > LogRows.MOST_LINES  # a row longer than the old cap
        assert not any("…" in line for i in range(len(log.items)) for line in log.lines_of(i))
    finally:
        app.close()
        storage.save_settings({})
        text.use_size("normal")


def test_a_skip_with_nothing_to_skip_before_a_persons_roll_says_so():
    """A regression audit: Space pressed while the last move was still drawn, with a person's own roll or spin
    next, skipped nothing and said nothing. It says whose roll comes next, by hand."""
    from .test_audit import new_match, run_until

    app = App(size=(1280, 800), match=new_match("donkey_kong", [Seat("Ann"), Seat("Bob", "greedy")], 3))
    try:
        screen = app.screen
        run_until(app, lambda: screen.chance_waits())
        assert screen.hand_due()
        screen.skipping, screen.skipped_from = True, len(screen.match.history)  # a skip that played nothing
        screen.end_skip()
        assert not screen.skipping
        assert screen.message == "Nothing to skip: Ann makes the next roll by hand, once the last move has been shown."
    finally:
        app.close()


@pytest.mark.physics
def test_a_ring_drawn_over_another_block_is_clicked_as_its_hole(monkeypatch):
    """A Donkey Kong Jenga family audit: on a tower a push had twisted 16 degrees, a climb's ring was drawn (rings are
    drawn over everything) where another block stood in front of its own, and two clicks on it did nothing: the
    block in front took them. The ring under the pointer is the hole's, whatever block is picked there."""
    surface, screen = placing_marios()
    try:
        screen.draw(surface)
        (block, end), outline = screen.view.ring_holes[0]
        xs, ys = [x for x, _ in outline], [y for _, y in outline]
        centre = (int(sum(xs) / len(xs)), int(sum(ys) / len(ys)))
        other = next(b for b in screen.view.screen_rects if b != block)
        monkeypatch.setattr(screen.view, "pick", lambda pos: other)  # as if a block stood in front of the ring
        action = next(a for a, e in screen._hole_actions(block) if e == end)
        n = len(screen.match.history)
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
            screen.handle_event(pygame.event.Event(kind, pos=centre, **extra))
            if kind == pygame.MOUSEMOTION:
                # the block under the pointer stays the one a press and drag would push (a regression audit: the
                # ring's own block, hidden behind, was pushed)
                assert screen.hover_block == other and action in screen.board_hover
        assert screen.match.history[n].action == action
    finally:
        screen.close()


@pytest.mark.physics
def test_in_the_finder_up_and_down_choose_a_place_on_top():
    """A regression audit: with a block in hand, '/stack' found the three places with none chosen (as asked); Down
    framed none of them and Enter was refused again and again ("Choose a row of Choices first"), a digit being typed
    into the search: only a click could stack. Up and Down choose a place in the finder too, and Enter stacks it."""
    from .test_tower_screen import SIZE, new_screen, run

    CHOOSE_ROW = "Choose a row of Choices first: Up/Down, then Enter, or the row's number (or a click)."
    pygame.init()
    surface = pygame.Surface(SIZE)
    screen = new_screen("jenga_classic", seed=3)
    try:
        assert run(screen, surface, lambda: screen.match.waiting_for_human() and screen.job is None
                   and screen._legal_blocks())
        screen.play(screen.match.state.string_to_action("push 16:1"))
        assert run(screen, surface, lambda: screen.job is None and screen._stacking_now())
        assert run(screen, surface, lambda: screen.hand_guard <= 0)  # past the new question's moment
        screen.draw(surface)
        assert screen.place_unchosen and screen.actions.selected == -1 and len(screen.legal) > 1
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="/"))
        screen.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="/"))
        screen.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="stack"))
        screen.draw(surface)
        assert screen.filter == "stack" and len(screen.legal) > 1 and screen.actions.selected == -1
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
        for _ in range(3):  # frames go on: the list made again each one
            screen.update(DT)
            screen.draw(surface)
        assert 0 <= screen.actions.selected < len(screen.legal)
        chosen = screen.legal[screen.actions.selected]
        n = len(screen.match.history)
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        assert screen.message != CHOOSE_ROW, screen.message
        assert run(screen, surface, lambda: len(screen.match.history) > n)  # the stack settles in the physics
        assert screen.match.history[n].action == chosen
    finally:
        screen.close()
