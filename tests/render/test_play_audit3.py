"""Stumbles a play-tester met on the Jenga screens (third audit), each driven by synthetic events on the real
game and, where a move needs it, the real physics (no display):

- a click on a ringed hole over a block that may also be pushed plays the hole (it opened a live push that
  played nothing), while a held press there still touches the block and a drag never plays the hole;
- the spinner's outcome is not told before the needle stops, the needle's rest and the caption come
  together, and the caption speaks of the current turn's spin only (a battle with Bowser in its own words);
- the words of a touch that moved the tower are re-worded from the map of its position once it arrives;
- the push's gauge shows the largest force of the push beside the force of the moment.
"""

from __future__ import annotations

import sys

import numpy as np
import pygame
import pytest

from games.jenga.layout import parse_hole
from games.jenga.risk_worker import RiskMap
from render.tower.live_drag import peak_colour
from render.tower.spinner import Spinner

from .test_live_push import _frames, _press
from .test_tower_screen import DT, SIZE, end_point, new_screen, press_end, run, send

SILENT_WORKER = [sys.executable, "-c", "import sys; sys.stdin.read()"]
"""A risk worker that never answers: the maps are given as data (the worker itself is tested elsewhere), and
no map's physics runs beside the test."""


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


def _mario_after_setup(surface, seed: int):
    """Super Mario Jenga with two people: characters and pegs chosen, the first spin not yet drawn."""
    screen = new_screen("jenga_mario", seed)
    match = screen.match
    assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
    for _ in range(2):
        assert screen.play(next(a for a in screen.legal if a.startswith("character ")))
    assert run(screen, surface, lambda: match.state.phase == "peg")
    for _ in range(2):
        assert screen.play(screen.legal[0])
    return screen


def _ring_on_a_pushable_block(screen):
    """(action, point, block) of a ringed climb hole in view whose block may also be pushed, under the
    pointer as the tooltip names it."""
    state = screen.match.state
    for action in screen.legal:
        hole = parse_hole(action.partition(" ")[2]) if action.startswith("climb ") else None
        if hole is None or (hole[0], hole[1]) not in {tuple(b) for b in state.legal_blocks()}:
            continue
        block = state.layout[hole[0]][hole[1]]
        point, _ = end_point(screen, block)
        if screen.view.pick(point) != block:
            continue
        send(screen, pygame.MOUSEMOTION, tuple(point))
        if screen.board_hover and screen.board_hover[0] == action:
            return action, tuple(point), block
    raise AssertionError("no ringed hole over a block that may be pushed is in view")


@pytest.mark.physics
def test_a_click_on_a_ring_over_a_pushable_block_plays_the_hole_and_a_hold_still_touches(surface):
    """Seen (Super Mario, "must stack 1 more block and climb 1 layer"): four clicks on a yellow ring whose
    tooltip said "click: climb to ..." did nothing but "Hold the press on a block to touch it": the press on
    a block that may be pushed opened a live push, and its release played nothing."""
    screen = _mario_after_setup(surface, seed=1)
    match = screen.match
    try:
        assert run(screen, surface, lambda: match.waiting_for_human() and not screen.spinner.spinning)
        state = match.state
        assert state.stacks_left > 0 and state.climb_due > 0  # both a push and a climb are legal
        action, point, block = _ring_on_a_pushable_block(screen)
        assert "click: " in screen.tooltip_text()
        steps, peg = len(match.history), list(state.pegs[0])

        # A press on the ring that turns into a drag is a push of the block, never the climb: here it went
        # past the click slop and came back with nothing pushed, so nothing is played, and the line says
        # how the ring is played.
        send(screen, pygame.MOUSEBUTTONDOWN, point)
        assert screen.live is not None and screen.live.block == block
        send(screen, pygame.MOUSEMOTION, (point[0] + 20, point[1]))
        send(screen, pygame.MOUSEMOTION, point)
        send(screen, pygame.MOUSEBUTTONUP, point)
        assert screen.live is None and screen.job is None and len(match.history) == steps
        assert "A click on the ring, with no drag, plays" in screen.message

        # A press held still on the ring is the touch, as on any block: the finger presses, the block goes back.
        send(screen, pygame.MOUSEMOTION, point)
        send(screen, pygame.MOUSEBUTTONDOWN, point)
        _frames(screen, surface, 20)
        assert screen.live.pushed and screen.tooltip_text().startswith("touching: ")
        send(screen, pygame.MOUSEBUTTONUP, point)
        assert screen.job is not None and screen.job.action.startswith("push ")
        assert run(screen, surface, lambda: screen.job is None)
        assert not match.state.last_verdict["taken"] and match.state.pegs[0] == peg

        # A click (press and release, no drag, nothing pushed) plays the ring's climb.
        action, point, block = _ring_on_a_pushable_block(screen)
        send(screen, pygame.MOUSEBUTTONDOWN, point)
        _frames(screen, surface, 2)  # a click takes a moment: less than the touch's delay
        send(screen, pygame.MOUSEBUTTONUP, point)
        assert screen.live is None
        assert match.history[-1].action == action
        hole = parse_hole(action.partition(" ")[2])
        assert match.state.pegs[0] == [hole[0], hole[1], hole[2]]
    finally:
        screen.close()


def test_the_needle_never_stands_still_without_the_outcome():
    """Seen: the needle rested on "1/3" with no caption and the section not lit (m27): the ease-out's last
    tenth turned it by less than a pixel a frame, many frames when frames are slow, before the result
    was set. Every frame of a spin moves the tip visibly until the result shows."""
    radius = 82  # the wheel's radius on the board of a 1280x800 window (overlays: 0.12 of the board's side)
    labels = [f"{k}" for k in range(12)]
    for section in range(12):
        sp = Spinner(labels)
        sp.angle = section * 0.7  # from wherever the last spin left it
        sp.spin_to(section)
        still = 0
        while sp.spinning:
            before = sp.angle
            sp.update(DT)
            tip_px = abs(sp.angle - before) * radius * 0.92
            if sp.spinning and tip_px < 0.5:
                still += 1
        assert still == 0, (section, still)
        assert sp.result == section and sp.section_at_arrow() == section


def test_the_header_tells_the_spin_only_once_the_needle_stops(surface):
    """Seen: the header read "must stack 2 more blocks and climb 2 layers" while the needle still passed
    "2/1" (m7, m8). While it turns the header says so; the caption and the rules' prompt come when it stops."""
    screen = _mario_after_setup(surface, seed=1)
    match = screen.match
    try:
        assert run(screen, surface, lambda: screen.spinner.spinning, frames=200)
        told = match.state.decision_text()
        assert "climb" in told  # the rules have the outcome already
        header = screen.decision_text()
        assert header == "P1 spins: the needle is still turning…"
        assert screen.spinner_said() == ""
        assert run(screen, surface, lambda: not screen.spinner.spinning, frames=400)
        assert screen.decision_text() == told
        assert screen.spinner_said().startswith("Spun: stack 1, climb 1")
    finally:
        screen.close()


def test_the_choices_the_rings_and_the_log_keep_the_spin_until_the_needle_stops(surface):
    """Seen after the header was fixed: while the needle turned, the move log already had the row "Chance:
    the spinner stops on section 5: stack 2, climb 2", and the choices and the yellow rings showed what the
    spin allowed. Now none of them shows before the needle stops, and all of them right after."""
    screen = _mario_after_setup(surface, seed=1)
    match = screen.match
    try:
        assert run(screen, surface, lambda: screen.spinner.spinning, frames=200)
        assert screen.spin_untold() and match.waiting_for_human()
        assert match.state.legal_actions()  # the rules have the choices already
        assert screen.legal == [] and screen.actions.items == [] and screen._legal_holes() == []
        spin_row = f"{len(screen.log_labels)}. Chance: the spinner stops"
        assert not any(row.startswith(spin_row) for row in screen.log.items)
        for _ in range(3):  # the lists are made again meanwhile: the log loses no other row
            screen._refresh_actions(force=True)
        assert len(screen.log.items) == len(screen.log_labels) - 1
        assert run(screen, surface, lambda: not screen.spinner.spinning, frames=400)
        assert not screen.spin_untold()
        assert screen.legal and screen.actions.items
        assert screen.log.items[-1].startswith(spin_row) and len(screen.log.items) == len(screen.log_labels)
    finally:
        screen.close()


def test_the_caption_is_gone_once_its_turn_is_over(surface):
    """The caption said the last spin long after it applied: once the turn of the spin is over and play
    went on, the wheel still rests on it, but "Spun: ..." is gone."""
    screen = _mario_after_setup(surface, seed=4)
    match = screen.match
    try:
        assert run(screen, surface, lambda: match.waiting_for_human() and not screen.spinner.spinning)
        assert screen.spinner_said() == "Spun: stack 0, climb 2, collect 2 coins"
        seat = match.state.mover
        assert screen.play(next(a for a in screen.legal if a.startswith("climb ")))  # the turn's only task
        assert match.state.mover != seat and match.state.phase == "spin"  # the next turn, not spun yet
        assert screen.spinner.result is not None and screen.spinner_said() == ""
    finally:
        screen.close()


def test_a_battle_spin_is_said_as_a_battle(surface):
    """Seen: after beating Bowser the caption read "Spun: stack 1, climb 3" (m29): the words of an ordinary
    turn, whose stack does not count in a battle. A battle spin says whether Bowser is beaten."""
    screen = _mario_after_setup(surface, seed=2)
    match = screen.match
    try:
        state = match.state
        seat = state.mover
        state.battling[seat] = True  # as if the peg had stopped below Bowser last turn
        assert run(screen, surface, lambda: screen.spinner.spinning, frames=200)
        assert "Bowser" not in screen.decision_text() and screen.spinner_said() == ""
        assert run(screen, surface, lambda: not screen.spinner.spinning, frames=400)
        assert match.state.defeated[seat]  # the spin climbed 4: he is beaten (no hole above him yet: turn over)
        # the turn it ended by itself: said as that player's under the next player's spin (a variants audit)
        assert match.state.phase == "spin" and match.state.mover != seat
        assert screen.spinner_said() == f"{screen.seat_name(seat)} spun: battle with Bowser: climb 4; Bowser is beaten"
        assert run(screen, surface, lambda: screen.spinner.spinning, frames=200)  # the next player's spin
        assert screen.spinner_said() == ""
        assert run(screen, surface, lambda: not screen.spinner.spinning, frames=400)
        assert screen.spinner_said().startswith("Spun: stack ")  # an ordinary turn's spin again
    finally:
        screen.close()


@pytest.mark.physics
def test_a_touchs_words_agree_with_the_map_of_its_position_once_it_arrives(surface):
    """Seen: after a touch that moved the tower, the line kept "brisk pulls (1.69 N) topple it 25 % of the
    time" while the tooltip of the same block, once the redone map came, read "0 % collapse risk" (touch1c,
    hov4). The touch's words are worded from the map the screen has for the block now."""
    screen = new_screen("jenga_classic", seed=5)
    screen.risk.command = SILENT_WORKER
    match = screen.match
    try:
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        screen.show_risk = True
        for level, slot in sorted(match.state.legal_blocks()):
            block = match.state.layout[level][slot]
            start, _ = end_point(screen, block)
            if screen.view.pick(start) != block:
                continue
            screen.risk.latest = RiskMap(screen.position_key(), {(level, slot): (0.25, 1.69)})
            screen.update(DT)
            moves = len(screen.tower_moves)
            send(screen, pygame.MOUSEMOTION, tuple(start))
            send(screen, pygame.MOUSEBUTTONDOWN, tuple(start))
            _frames(screen, surface, 20)  # held still: the touch
            send(screen, pygame.MOUSEBUTTONUP, tuple(start))
            assert run(screen, surface, lambda: screen.job is None)
            if len(screen.tower_moves) > moves:
                break  # a touch that left the tower moved: its map is redone
        else:
            raise AssertionError("no touch moved the tower")
        # Until the redone map has the block, the old figure stands, marked as the tooltip marks it.
        note = screen.probe_note
        assert "toppled the tower 25 % of the time" in note and "being redone" in note, note
        # The map of the touch's position arrives: the block is found safe.
        screen.risk.latest = RiskMap(screen.position_key(), {(level, slot): (0.0, 1.64)})
        screen.update(DT)
        screen.draw(surface)
        start, _ = end_point(screen, block)
        send(screen, pygame.MOUSEMOTION, tuple(start))
        assert screen.hover_block == block and "0 % collapse risk" in screen.tooltip_text()
        shown = [line for line, _ in screen._info_lines(match.state, None)
                 if line.startswith(f"Touched {level}:{slot}")]
        assert len(shown) == 1, shown
        assert "brisk pulls took 1.64 N and got it out without a fall" in shown[0] or "found no fall" in shown[0], shown
        assert "25 %" not in shown[0] and "being redone" not in shown[0]
        assert "it went back in" in shown[0]  # the touch's own reading stays
    finally:
        screen.close()


@pytest.mark.physics
def test_the_gauge_shows_the_largest_force_of_the_push_beside_the_force_now(surface):
    """Seen: a touch read "1.63 N, held tight", then the gauge of the push read "0.29 N, 65 % out" (tight_20,
    d5a): the force of the moment only. The gauge marks and says the largest force it has shown in this push
    beside the force now, and stays as tall as its bar."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    try:
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        level, slot, block, start, px_per_m = _press(screen)
        shown = []  # the force the gauge showed, frame by frame
        for _ in range(15):  # the touch first
            _frames(screen, surface, 1)
            shown.append(screen.live.frame.force_n)
        for k in range(1, 21):  # then out by 20 mm: not taken
            _frames(screen, surface, 1, start - px_per_m * 0.02 * k / 20)
            shown.append(screen.live.frame.force_n)
        live = screen.live
        peak = live.peak_n
        # the largest force shown, or what the block has taken as the words will read it, if that is more
        assert peak >= max(shown) and peak >= live.session.give_force_n() and peak > 0
        now, most, out = live.gauge_lines()
        assert now == f"{live.frame.force_n:.2f} N now" and most == f"{peak:.2f} N at most" and out.endswith("% out")
        # On the screen: the gauge keeps to its bar's height (the "gentle" mark's label, as before, reaches half
        # a line below it; the three lines stand beside the bar) and to the room the board leaves it.
        size = screen.font_size(14)
        area = screen.gauge_rect
        assert area is not None and area.h <= size * 7 + size and area.w <= int(110 * screen.scale) + 3, area
        # The pale yellow mark stands on the bar at the peak.
        blank = pygame.Surface((200, 200))
        box = live.draw_gauge(blank, (50, 50), size)
        h = int(size * 7)
        row = 50 + h - int(round(h * min(1.0, peak / live.max_force_n)))
        img = pygame.surfarray.array3d(blank)
        assert np.all(img[52, row] == peak_colour()) and box.collidepoint(52, row)
        send(screen, pygame.MOUSEBUTTONUP, tuple(start - px_per_m * 0.02))
    finally:
        screen.close()


@pytest.mark.physics
def test_the_gauge_at_most_is_never_less_than_what_the_words_then_say_the_block_took(surface):
    """An audit (5 Dec, sixth session) under a real window's pointer, which moves in jumps: the gauge said
    "2.40 N at most" and, once let go, the words "it took 2.65 N under way". The gauge read the force at the
    end of each frame only, and a pointer that stops between jumps lets the finger's force drop there. Seed
    7's 3:2 dragged 24 mm by a pointer that moves every fourth frame, held, and let go."""
    screen = new_screen("jenga_classic", seed=7)
    match = screen.match
    try:
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        start, px_per_m = press_end(screen, match.state.layout[3][2])
        for k in range(1, 31):
            _frames(screen, surface, 1, start - px_per_m * 0.024 * (k - k % 4) / 30)
        _frames(screen, surface, 10, start - px_per_m * 0.024)
        most = screen.live.gauge_lines()[1]
        send(screen, pygame.MOUSEBUTTONUP, tuple(start - px_per_m * 0.024))
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        said = match.state.last_probe["force_n"]
        assert not match.state.last_verdict["taken"] and said > 1.0  # a tight block, let go part of the way
        assert float(most.split(" N")[0]) >= round(said, 2), (most, said)
    finally:
        screen.close()


@pytest.mark.physics
def test_the_your_move_panel_waits_for_the_needle_too(surface):
    """Seen by a later audit: while the needle still turned, "Your move" already said "Take a block from
    the tower:". It now says the spinner is turning, and the steps to take a block come when it stops."""
    screen = _mario_after_setup(surface, seed=1)
    try:
        assert run(screen, surface, lambda: screen.spinner.spinning, frames=200)
        assert screen.take_block_steps()[0] == "The spinner is turning:"
        assert run(screen, surface, lambda: not screen.spinner.spinning, frames=400)
        steps = screen.take_block_steps()
        assert not steps or steps[0] == "Take a block from the tower:"
    finally:
        screen.close()


@pytest.mark.physics
def test_the_your_move_panel_speaks_of_the_spin_in_donkey_kong_jenga_too(surface):
    """Seen by an audit in Donkey Kong Jenga (two people, seed 4): once both Marios were placed, the panel
    stood empty ("Choices (0)") while the needle turned. It says the spinner is turning."""
    from .test_tower_screen import new_screen

    screen = new_screen("jenga_dk", seed=4)
    match = screen.match
    try:
        for _ in range(2):  # each person puts their Mario in a hole
            assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None
                       and any(a.startswith("mario ") for a in screen.legal), frames=600)
            screen.play(next(a for a in screen.legal if a.startswith("mario ")))
        assert run(screen, surface, lambda: screen.spinner.spinning, frames=400)
        assert screen.take_block_steps()[0] == "The spinner is turning:"
        assert "girders to take and stack" in screen.take_block_steps()[1]
        # the rules' word, as the banner's "must remove 2 girders" (a variants audit: "Take a block")
        for _ in range(12):  # on to a girder to take, the climbs played first
            assert run(screen, surface, lambda: not screen.spinner.spinning and match.waiting_for_human()
                       and screen.job is None, frames=600)
            if not any(a.startswith("climb ") for a in screen.legal):
                break
            screen.play(next(a for a in screen.legal if a.startswith("climb ")))
        steps = screen.take_block_steps()
        assert "remove" in match.state.phase_text(), match.state.phase_text()
        assert steps[0] == "Take a girder from the tower:" and not any("block" in step for step in steps)
    finally:
        screen.close()


@pytest.mark.physics
@pytest.mark.parametrize("name, said", [
    ("mario_beaten_stacks_seed5_after_a_won_battle.json",
     "Spun: battle with Bowser: stack 1, climb 3; Bowser is beaten"),
    ("mario_beaten_stacks_seed5_after_a_lost_battle.json",
     "Bob spun: battle with Bowser: climb 1; Bowser is not beaten"),
])
def test_a_loaded_battle_spin_is_said_as_a_battle_and_not_as_the_next_players(name, said):
    """A variants audit (beaten_stacks, seed 5): played live, the line under the wheel read "Spun: battle with
    Bowser: stack 1, climb 3; Bowser is beaten"; saved and loaded, "Spun: stack 1, climb 3", which says
    neither the battle nor why the player still stacks ("you can't ... stack any more blocks until you've
    done this"). And a match loaded at Ann's spin, after Bob's battle lost, read "Spun: stack 2, climb 1"
    under "Ann, spin the spinner", as if it were hers. A loaded battle spin is said as a battle (the load's
    words of the spin in its own position), and a spin that ended the last turn is not said as the next
    player's."""
    from pathlib import Path

    from games.match import Match
    from render.screens.registry import screen_for

    match = Match.load(Path(__file__).parent.parent / "saved" / name)
    screen = screen_for("jenga_mario")(match)
    try:
        assert screen.spinner_said() == said
    finally:
        screen.close()
