"""A seat's piece the tower hides (a Mario or a peg in a hole on the far side) is drawn through the
blocks as an outline and a faint sprite, so every player sees every piece without turning the view;
a piece in sight is drawn once, as it is. Real Jenga screens drawn with SDL's dummy driver."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from games.core import Seat
from games.match import Match
from games import registry
from render.screens.registry import screen_for

SIZE = (1280, 800)


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


def screen_after(game: str, seed: int, players: int, actions: list[str]):
    spec = registry.get(game)
    match = Match(spec.make_config(seats=[Seat(f"P{i + 1}") for i in range(players)]), seed=seed)
    for action in actions:
        while match.current_player < 0:
            match.step()
        match.play(action)
    while match.current_player < 0:
        match.step()
    screen = screen_for(game)(match)
    screen.show_risk = False
    return screen


def drawn(screen, surface):
    screen.update(1 / 30)
    screen.draw(surface)
    return screen.view


def test_a_mario_on_the_far_side_is_drawn_through_the_tower_and_the_others_are_not(surface):
    # Donkey Kong Jenga, three players: P1's Mario climbs to the +y hole of girder 1:0, on the side of the
    # tower away from the eye; P2's and P3's stand on the near side.
    screen = screen_after("jenga_dk", 5, 3, ["mario 0:0-x", "mario 0:0+x", "mario 0:2+x", "climb 1:0+y"])
    view = drawn(screen, surface)
    assert [(kind, label) for kind, label, _, _ in view.behind] == [("mario", "1")]
    (_, _, rect, _), = view.behind
    # the x-ray's outline is drawn over the blocks: light pixels where the sprite's edge lies
    pixels = pygame.surfarray.array3d(surface)[rect.left:rect.right, rect.top:rect.bottom]
    light = (pixels.min(axis=2) >= 240).sum()
    assert light > 20
    # turned half way round, P1's Mario is in sight and P2's (in the +x hole of 0:0, then on the near
    # side) is behind the tower; P3's, at the end of 0:2 by the tower's corner, shows beside it either way
    screen.camera.orbit(math.pi)
    view = drawn(screen, surface)
    assert [(kind, label) for kind, label, _, _ in view.behind] == [("mario", "2")]


def test_a_peg_behind_the_tower_is_drawn_through_it_in_super_mario_jenga(surface):
    """Both pegs stand in layer 1, P1's at the far end of block 1:0 and P2's at its near end. Drawn where it
    really is, seen from above, P1's showed at the height of layer 4 or 5 of the near face (a play-tester
    read it as a peg there); it is drawn at its own layer's height, level with P2's."""
    screen = screen_after("jenga_mario", 3, 2, ["character mario", "character luigi", "peg 1:0+y", "peg 1:0-y"])
    view = drawn(screen, surface)
    assert [(kind, label) for kind, label, _, _ in view.behind] == [("peg", "1")]
    (_, _, ghost, _), = view.behind
    pegs = [rect for kind, rect in view.figure_rects if kind == "peg"]
    p2 = max(pegs, key=lambda r: r.centery)  # P2's, in sight (P1's hidden one is drawn higher up the picture)
    assert abs(ghost.centery - p2.centery) < 0.4 * p2.height, (ghost, p2)


def test_nothing_is_drawn_through_the_tower_when_every_piece_is_in_sight(surface):
    screen = screen_after("jenga_dk", 5, 3, ["mario 0:0-x", "mario 0:0+x", "mario 0:2+x", "climb 1:0-y"])
    view = drawn(screen, surface)
    assert view.behind == []
    assert sum(kind == "mario" for kind, _ in view.figure_rects) == 3
    assert np.all([rect.width > 0 for _, rect in view.figure_rects])


def _climbed_behind(surface):
    """Donkey Kong Jenga, seed 5, three Marios placed; P1 climbs into the hole of 1:0 at the back."""
    screen = screen_after("jenga_dk", 5, 3, ["mario 0:0-x", "mario 0:0+x", "mario 0:2+x"])
    match = screen.match
    drawn(screen, surface)
    before = match.state.clone()
    match.play("climb 1:0+y")
    screen.on_step(match.history[-1], before)
    return screen


def test_the_words_for_a_piece_out_of_sight_use_the_games_own_word_for_its_level(surface):
    """Donkey Kong Jenga said "(layer 1, slot 0)" beside its own "Mario on girder level 1"; both now say
    girder level, and the words say the piece is drawn through the tower, and where: over its block's other end
    (a rules audit read "on the left side of the tower" beside a faint figure at the right, by another Mario)."""
    screen = _climbed_behind(surface)
    assert ("P1's Mario went into a hole on the back of the tower (girder level 1, block 1:0), shown at that block's "
            "front end (drawn faintly through the tower). [ or ] turns the view.") in screen.message
    assert "P1: Mario on girder level 1" in screen.piece_lines()


def test_the_note_of_a_piece_out_of_sight_follows_the_view_it_asks_for(surface):
    """The note says "[ or ] turns the view"; turned a quarter, it said "on the back of the tower" still while
    the hole faced the side, and a half turn later while the Mario stood in plain sight in front. It names
    the side the hole is on now, and is put away once the piece can be seen."""
    screen = _climbed_behind(surface)
    assert "went into a hole on the back of the tower" in screen.message
    screen.camera.orbit(math.pi / 4)  # the hole to one side, still turned away from the eye
    screen.update(0.05)
    drawn(screen, surface)
    side = screen.message
    assert screen.message_time > 0
    assert "P1's Mario went into a hole on the" in side and "side of the tower (girder level 1, block 1:0)" in side, side
    assert "back" not in side.split("(")[0]
    screen.camera.orbit(math.pi / 4)  # a quarter turn from the start: that side face is in the picture
    screen.update(0.05)
    drawn(screen, surface)
    assert "went into a hole" not in screen.message or screen.message_time <= 0, screen.message
    assert "P1: Mario on girder level 1" in screen.piece_lines()


def test_a_piece_on_a_side_face_in_the_picture_is_not_said_to_be_drawn_faintly(surface):
    """An audit turned the view a quarter (]) and climbed: "Player 1's Mario went into a hole on the right side
    of the tower ... (drawn faintly through the tower)", while both side faces were in the picture and the
    Mario drawn solid. At yaw 30 degrees that face turned cos 60 = 0.4999... to the eye, under the 0.5 the
    words asked. Now a piece is said only when its hole is turned away and the frame drew it faintly."""
    screen = screen_after("jenga_dk", 5, 3, ["mario 0:0-x", "mario 0:0+x", "mario 0:2+x"])
    match = screen.match
    screen.camera.yaw, screen.camera.goal_yaw = math.radians(30), None  # the default -60, turned by ]
    screen.update(0.05)
    drawn(screen, surface)
    before = match.state.clone()
    match.play("climb 1:0+y")  # the +y end: 60 degrees off the eye, on a face in the picture
    screen.on_step(match.history[-1], before)
    view = drawn(screen, surface)
    assert view.behind == []
    assert not ("went into a hole" in screen.message and screen.message_time > 0), screen.message


def test_the_faint_piece_is_at_its_own_level_under_what_is_in_front_and_its_tooltip_names_its_hole(surface):
    """A second play-tester saw faint far-side figures drawn over solid ones and over the yellow rings, and
    one standing over another block's hole (it read as standing there). The faint figure goes where its
    hole lies across the picture, at its own level; the rings and the pieces in sight are drawn over it;
    the pointer on it says whose it is and the hole it stands in."""
    import pygame

    screen = screen_after("jenga_dk", 5, 3, ["mario 0:0-x", "mario 0:0+x", "mario 0:2+x", "climb 1:0+y"])
    view = drawn(screen, surface)
    (_, label, ghost, (block, end)), = view.behind
    assert label == "1" and block == screen.match.state.layout[1][0] and end == 1
    # it is not drawn solid anywhere: the pieces drawn as they are are the two others
    assert sorted(kind for kind, _ in view.figure_rects) == ["dk_pauline", "mario", "mario"]
    # drawn on the block that holds it, at the end of it in sight, half aside toward the tower's edge: it had
    # been drawn where its hole lies across the picture, which put a peg in the back hole of 1:0 over the front
    # hole of 1:2, a block the player might take (a hot-seat audit)
    state = screen.match.state
    own = view.screen_rects[block]
    others = [view.screen_rects[b] for b in state.layout[1] if b is not None and b != block]
    assert ghost.colliderect(own) and not any(r.collidepoint(ghost.center) for r in others), (ghost, own, others)
    # the pointer on it
    screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=ghost.center, rel=(0, 0), buttons=(0, 0, 0)))
    drawn(screen, surface)
    words = screen.tooltip_text()
    # its hole named as the window names holes ("the -x hole" under the pointer: a rules audit)
    assert words.startswith("P1's Mario stands behind the tower, in the back hole of block 1:0 (girder level 1; "
                            "[ or ] turns the view)"), words


def test_a_mario_whose_girder_is_taken_is_said_to_fall_on_the_board(surface):
    """"Remove a girder Mario is standing on and he falls" (the Donkey Kong Jenga rulebook): the game moved
    him and noted it, but only the move log's row, cut to its width, had it; the board said "Last move: push
    3:2" and nothing else. The status line now says it."""
    from render.screens.jenga.events import event_words
    from render.screens.jenga.screen import new_notes

    screen = screen_after("jenga_dk", 5, 3, ["mario 0:0-x", "mario 0:0+x", "mario 0:2+x", "climb 1:0+y"])
    state = screen.match.state
    before = state.clone()
    after = state.clone()
    after.layout = [list(row) for row in after.layout]
    after.layout[1][0] = None  # the girder P1's Mario stands in is gone
    after.drop_stranded()
    notes = new_notes(before.log, after.log)
    # the game's own note, as the move log shows it (from 1:0+y the nearest bottom hole as seen from above: 0:2-x;
    # it was 0:0-x, the far corner, until a rules audit)
    assert notes == ["P1's Mario falls to 0:2-x"]
    words = event_words(before, after, notes, screen.seat_name)
    assert words == "P1's Mario fell with the girder taken, to the -x hole of block 0:2 (girder level 0)."


@pytest.mark.physics
def test_after_the_fall_the_top_figure_is_down_with_the_top_not_on_the_stub(surface):
    """A play-tester saw Donkey Kong and Pauline standing upright on the stub after the tower fell, and Bowser
    in the air over a tilted top. The top figure goes down with a block of the fallen top and stands by it
    on the table."""
    from games.core import Seat
    from render.tower.jenga_scene import scene_of

    spec = registry.get("jenga_dk")
    match = Match(spec.make_config(seats=[Seat("P1", "random"), Seat("P2", "random")]), seed=3)
    while not match.state.is_terminal():
        match.step()
    state = match.state
    assert state.ended == "fall"
    scene = scene_of(state)
    (top,) = [f for f in scene.figures if f.kind == "dk_pauline"]
    assert top.fell and state.tower["where"][top.block] == "floor"
    poses = np.asarray(state.tower["poses"], dtype=float)
    assert -0.01 < poses[top.block, 2] < 0.05  # a block lying on the table top
    standing = [b for row in state.layout for b in row if b is not None]
    stub_top = float(poses[standing, 2].max()) if standing else 0.0
    screen = screen_for("jenga_dk")(match)
    screen.show_risk = False
    view = drawn(screen, surface)
    (rect,) = [r for kind, r in view.figure_rects if kind == "dk_pauline"]
    (foot,), _ = screen.camera.project(np.array([[poses[top.block, 0], poses[top.block, 1], 0.0]]))
    (stub,), _ = screen.camera.project(np.array([[0.0, 0.0, stub_top]]))
    assert abs(rect.bottom - foot[1]) < rect.height  # he stands down by the block, not up on the stub
    assert stub_top < 0.05 or rect.bottom > stub[1]
    screen.close()


def test_the_banner_names_the_player_standing_a_mario_in_the_setup(surface):
    """While Player 2 stood a Mario in a bottom girder, the banner read "P1's turn: P2 must decide now"."""
    screen = screen_after("jenga_dk", 5, 3, ["mario 0:0-x"])
    drawn(screen, surface)
    assert screen.match.state.current_player() == 1
    assert screen.banner_seat() == 1 and screen.banner_title() == "P2's turn"


@pytest.mark.physics
def test_the_result_says_what_the_toppler_paid_when_the_fall_was_played_here(surface):
    """Super Mario Jenga: "The player who caused the tower to fall must return 10 coins to the pile" (the
    rulebook; one with fewer returns all they have). The result said "paid 10 coins (or all they had)" while
    the status line had just said "loses 8 coins (8 → 0)"; when the fall was played on this screen it now
    says what was paid."""
    from games.core import Seat
    from render.screens.jenga.help import result_reason

    spec = registry.get("jenga_mario")
    match = Match(spec.make_config(seats=[Seat("A", "random"), Seat("B", "random")]), seed=5)
    screen = screen_for("jenga_mario")(match)
    screen.show_risk = False
    try:
        for _ in range(20000):
            if match.is_over() and screen.job is None:
                break
            if screen.job is not None:
                screen.job.thread.join()
            screen.update(1 / 30)
        assert match.is_over() and match.state.ended == "fall"
        (at, paid), toppler = screen.fall_paid, match.state.toppler
        assert at == len(match.history) and 0 <= paid <= 10
        words = result_reason(screen)
        name = screen.seat_name(toppler)
        expected = f"{name} toppled the tower and paid {paid} coin{'s' if paid != 1 else ''}"
        assert words.startswith(expected), words
        assert ("all they had" in words) == (paid < 10)
        # the move log's line of the push says the tower fell (an audit saw only the bonus in brackets)
        assert "(the tower falls" in screen.log_labels[-1], screen.log_labels[-1]
    finally:
        screen.close()


@pytest.mark.physics
def test_the_fall_is_framed_to_hold_the_top_figure_where_he_lands(surface):
    """A play-tester saw Pauline cut in half at the board's edge after a Donkey Kong Jenga fall: the view
    widened to hold most of the fallen blocks, not the one Donkey Kong and Pauline ride down and stand by.
    Here the middle girder 15:1 is pulled live until the tower falls; once the fall has played, both
    figures are drawn whole inside the board."""
    from .test_tower_screen import DT, press_end, run, send

    screen = screen_after("jenga_dk", 5, 2, ["mario 0:0-x", "mario 0:2+x"])
    match = screen.match
    try:
        assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        while not any(a.startswith("push") for a in match.state.legal_actions()):
            match.play(match.state.legal_actions()[0])  # the spins' climbs: the first hole offered
            assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None)
        start, px_per_m = press_end(screen, match.state.layout[15][1])
        for k in range(1, 90):
            send(screen, pygame.MOUSEMOTION, tuple(start - px_per_m * 0.1 * k * DT))
            screen.update(DT)
            screen.draw(surface)
            if screen.live is None:
                break
        assert run(screen, surface, lambda: screen.job is None)
        assert match.is_over() and match.state.ended == "fall"
        assert run(screen, surface, lambda: screen.playback is None and screen._camera_goal is None, frames=600)
        screen.show_result = False
        screen.draw(surface)
        board = screen.rects["board"]
        rects = [r for kind, r in screen.view.figure_rects if kind == "dk_pauline"]
        assert rects and all(board.contains(r) for r in rects), (board, rects)
    finally:
        screen.close()


@pytest.mark.parametrize("pegs, which", [([(9, 0, "+y"), (5, 1, "+y")], "the highest peg after the toppler's"),
                                         ([(3, 0, "+y"), (5, 1, "+y")], "the highest peg")])
def test_the_result_names_the_second_highest_peg_as_such(pegs, which):
    """"The player with the highest character receives 5 coins. But if that player made the tower fall, the
    second-highest character collects 5 coins instead." An audit: with the toppler's peg highest, the result
    said "the highest peg collected 5 (Careful bot 2)". It now says whose peg it was after the toppler's."""
    from games.core import Seat
    from render.screens.jenga.help import result_reason

    spec = registry.get("jenga_mario")
    match = Match(spec.make_config(seats=[Seat("A"), Seat("B")]), seed=5)
    state = match.state
    state.pegs = [list(h) for h in pegs]
    state.phase, state.ended, state.toppler = "over", "fall", 0
    screen = screen_for("jenga_mario")(match)
    try:
        words = result_reason(screen)
        assert f"; B, with {which}, collected 5 coins;" in words, words
    finally:
        screen.close()


def test_the_out_of_sight_note_says_each_piece_once_however_many_are_placed(surface):
    """A family's audit, four people placing Super Mario pegs: the status line read every peg placed so far,
    some two or three times, in one line cut short: the note kept the live position, which went on changing,
    and was worded again each frame. Each placement that goes out of sight is said once."""
    import re

    spec = registry.get("jenga_mario")
    match = Match(spec.make_config(seats=[Seat(f"P{i + 1}") for i in range(4)]), seed=5)
    while match.current_player < 0:
        match.step()
    screen = screen_for("jenga_mario")(match)
    screen.show_risk = False
    drawn(screen, surface)
    seen = []
    for _ in range(8):  # four characters, then four pegs
        while match.current_player < 0:
            match.step()
        before = match.state.clone()
        legal = match.state.legal_actions()
        match.play(next((a for a in legal if a.endswith("+y")), legal[0]))  # a hole at the back, where one is
        screen.on_step(match.history[-1], before)
        drawn(screen, surface)
        said = screen.message if screen.message_time > 0 else ""
        names = re.findall(r"(P\d)'s peg went into a hole", said)
        assert len(names) == len(set(names)), said
        seen.append(len(names))
    assert match.state.phase != "peg" and max(seen) >= 2  # several notes at once, each said once


@pytest.mark.physics
def test_before_the_first_spin_the_pointer_on_a_faint_mario_names_its_hole_and_the_help_says_where_it_is_drawn(
        surface):
    """A rules audit (Donkey Kong Jenga, standard, seed 11, two people and a bot): P2's Mario went into the left hole
    of block 0:2; the status line said "the left side of the tower" and the faint figure stood at the right, by
    another Mario; the pointer on it, while P1's spin was awaited, gave no words, and the help said nothing of
    where such figures are drawn."""
    from render.screens.jenga.help import BEHIND_HELP

    from .test_tower_screen import run

    match = Match(registry.get("jenga_dk").make_config(seats=[Seat("P1"), Seat("P2"), Seat("Bot", "careful")],
                                                       variant="standard"), seed=11)
    screen = screen_for("jenga_dk")(match)
    screen.show_risk = False
    try:
        for action in ("mario 0:0+x", "mario 0:2-x"):
            assert run(screen, surface, lambda: match.waiting_for_human() and screen.job is None
                       and not screen.animating(), spin=False)
            screen.play(action)
        assert run(screen, surface, lambda: screen.chance_waits(), spin=False)
        for _ in range(3):
            screen.update(0.03)
            screen.draw(surface)
        said = screen.message
        assert "P2's Mario went into a hole on the left side of the tower (girder level 0, block 0:2), shown at " \
               "that block's right end" in said, said
        ghost = next(rect for _, label, rect, _ in screen.view.behind if label == "2")
        screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=ghost.center, rel=(1, 1), buttons=(0, 0, 0)))
        screen.update(0.03)
        screen.draw(surface)
        assert screen.tooltip_text().startswith("P2's Mario stands behind the tower, in the left hole of block 0:2")
        assert BEHIND_HELP in screen.help_text()
    finally:
        screen.close()
