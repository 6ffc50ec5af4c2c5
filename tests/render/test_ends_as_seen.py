"""What a player reads in the window names holes and block ends as the view shows them (the front, back,
left or right hole), never by the table's axes ("the +x hole of block 0:1", "falls to 1:2+y"); the game's
own notes and actions keep the axes. And after a fall in Donkey Kong Jenga the Marios ride their girders
down, in the replay and after it, as the pieces' lines still name them. Real Jenga screens drawn with SDL's
dummy driver."""

from __future__ import annotations

import math
import re

import numpy as np
import pygame
import pytest

from games import registry
from games.core import Seat
from games.match import Match
from render.screens.jenga.holes import sides_of_view
from render.screens.registry import screen_for
from tests.render.test_pieces_behind import SIZE, screen_after

AXIS = re.compile(r"(?<![\w'])[+-][xy]\b|\d:\d+[+-][xy]\b")
TYPED = re.compile(r"(?<!\w)'[a-z]+ [^'\n]*'")  # a command quoted as typed keeps its syntax


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface(SIZE)


def axis_lines(lines) -> list[str]:
    return [words for words, _ in lines if AXIS.search(TYPED.sub("", words))]


def test_choices_log_status_and_tooltip_say_holes_as_seen_and_follow_the_view(surface, lines_drawn):
    # Donkey Kong Jenga, three players: the Marios stand in the bottom girders; P1 is to climb.
    screen = screen_after("jenga_dk", 5, 3, ["mario 0:0-x", "mario 0:0+x", "mario 0:2+x"])
    try:
        screen.match.state.log.append("P2's Mario falls to 0:1+x")  # a note as the game words it
        screen.say("P2's Mario fell with the girder taken, to the +x hole of block 0:1 (girder level 0).")
        screen._refresh_actions(force=True)
        lines_drawn.clear()
        screen.update(1 / 30)
        screen.draw(surface)
        assert axis_lines(lines_drawn) == []
        # the log's heading says its sides are the view's, so lines said anew after a turn are not a surprise
        n = len(screen.log_labels)
        assert f"Move log ({n}): sides as seen now" in [words for words, _ in lines_drawn]
        assert screen.log_title(60, screen.font_size(15)) == f"Move log ({n})"  # no room: the plain heading
        rows = list(screen.actions.items)
        assert rows and all(re.search(r"the (front|back|left|right) hole of block \d+:\d", r) for r in rows), rows
        assert any("stand Mario in the" in r for r in screen.log.items)
        assert "to the right hole of block 0:1" in " ".join(screen.status_lines)
        # the game's own words keep the axes: they are in saved matches and typed commands
        assert AXIS.search(screen.match.state.action_to_string(screen.legal[0]))
        # turned half way round, the same rows name the other ends: front and back trade places
        screen.camera.orbit(math.pi)
        screen.update(1 / 30)
        lines_drawn.clear()
        screen.draw(surface)
        assert axis_lines(lines_drawn) == []
        swap = {"front": "back", "back": "front", "left": "right", "right": "left"}
        turned = [re.sub(r"the (front|back|left|right) hole", lambda m: f"the {swap[m[1]]} hole", r) for r in rows]
        assert list(screen.actions.items) == turned
        assert "to the left hole of block 0:1" in " ".join(screen.status_lines)
    finally:
        screen.close()


def test_the_help_says_how_holes_are_named_and_what_the_typed_axes_are(surface):
    screen = screen_after("jenga_mario", 3, 2, ["character mario", "character luigi"])
    try:
        words = screen.help_text()
        assert "Holes, block ends and the places on top are named as you see the tower now" in words
        assert "+x, -x, +y and -y" in words
    finally:
        screen.close()


@pytest.mark.physics
def test_the_marios_ride_their_girders_down_in_the_replay_of_a_fall(surface):
    """Donkey Kong Jenga, three random bots, seed 3: the tower falls with the Marios on girder levels 6 and
    7, above the four levels the rules keep standing. The replay drew no Mario at all (their holes' blocks
    were gone from the layout) while the lines beside the tower said "Ann: Mario on girder level 7"."""
    spec = registry.get("jenga_dk")
    seats = [Seat("Ann", "random"), Seat("Bo", "random"), Seat("Cy", "random")]
    bots = Match(spec.make_config(seats=seats), seed=3)
    bots.advance()
    assert bots.state.ended == "fall"
    match = Match(spec.make_config(seats=seats), seed=3)
    match.replay([{"by": s.by, "action": s.action} for s in bots.history][:-1])
    screen = screen_for("jenga_dk")(match)
    try:
        screen.show_risk = False
        screen.update(1 / 30)
        screen.draw(surface)
        rows = list(screen.log.items)
        sides = sides_of_view(screen.camera.eye, screen.camera.target)
        screen.auto_step()
        for _ in range(100):  # the push's physics runs on the job's thread: wait for it, then take it
            if screen.job is None:
                break
            screen.job.thread.join()
            screen.update(1 / 30)
        assert match.is_over() and screen.playback is not None
        for _ in range(90):  # the replay turns the view to the side that shows the fall best
            screen.update(1 / 30)
        assert sides_of_view(screen.camera.eye, screen.camera.target) != sides
        # the moves are still said as the player watched them, not renamed under the replay's turn
        assert screen.log.items[:len(rows)] == rows
        screen.camera.quarter_turn(+1)  # a turn the player makes: the words follow the view again
        screen.player_turned_view()
        for _ in range(30):
            screen.update(1 / 30)
        assert screen.log.items[:len(rows)] != rows and axis_lines((r, None) for r in screen.log.items) == []
        assert min(h[0] for h in match.state.marios) >= len(match.state.layout)  # all above what stands
        for share in (0.0, 0.5, 1.0):
            screen.playback.t = screen.playback.duration * share
            screen.draw(surface)
            marios = [f for f in screen._scene.figures if f.kind == "mario"]
            assert sorted(f.label for f in marios) == ["1", "2", "3"]
            drawn = [k for k, _ in screen.view.figure_rects if k == "mario"] + \
                [k for k, _, _, _ in screen.view.behind if k == "mario"]
            assert len(drawn) == 3, (share, screen.view.figure_rects, screen.view.behind)
        screen.playback = None  # after the replay, on the board as it lies
        screen.draw(surface)
        assert sorted(f.label for f in screen._scene.figures if f.kind == "mario") == ["1", "2", "3"]
    finally:
        screen.close()
    # The same game opened from its file, already fallen (three people: a match of people keeps the position
    # before the last move): its Marios lie with their girders too, not nowhere.
    people = [Seat("Ann"), Seat("Bo"), Seat("Cy")]
    opened = Match(spec.make_config(seats=people), seed=3)
    opened.replay([s.to_json() for s in bots.history])  # what opening its file does once the file is checked
    assert opened.is_over() and opened.state.ended == "fall"
    screen = screen_for("jenga_dk")(opened)
    try:
        screen.show_risk = False
        screen.update(1 / 30)
        screen.draw(surface)
        assert sorted(f.label for f in screen._scene.figures if f.kind == "mario") == ["1", "2", "3"]
        # ... and each stands on his girder where it lies, near his end, not beside its end in the air (an
        # audit saw a loaded game's Mario hang over the rubble)
        from render.tower.geometry import Boxes

        scene = screen._scene
        standing = {b for row in opened.state.layout for b in row if b is not None}
        boxes = Boxes(scene.poses, scene.sizes)
        shown = ~np.asarray(scene.hidden, dtype=bool)
        placed = {fig.label: centre for fig, centre, _, h in screen.view._place_figures(scene, boxes, shown)
                  if fig.kind == "mario"}
        assert any(f.kind == "mario" and f.block not in standing for f in scene.figures)
        # ... and its line says why it fell, told from the tower before the push and the rubble (it read only
        # "Last move: push 16:...: the tower FELL"), with nothing said of which blocks moved first
        lines = [words for words, _ in screen._info_lines(opened.state, None)]
        # (two people at this table: the one who pushed is named)
        assert lines[0] == ("The tower fell. Girder levels 4 to 19 came down as the block Bo pushed from girder "
                            "level 16 moved."), lines
        for fig in scene.figures:
            if fig.kind != "mario":
                continue
            assert fig.fell == (fig.block not in standing)
            if fig.fell:
                centre, b = placed[fig.label], fig.block
                assert np.linalg.norm(centre[:2] - boxes.centres[b, :2]) < boxes.half[b, 0]  # over the block
                assert centre[2] > boxes.upper[b, 2]  # on it
    finally:
        screen.close()


def test_placing_a_peg_the_row_chosen_is_a_hole_in_view(surface):
    """The first row of the list, chosen when the pegs are placed, was a back hole nobody could see (an
    audit); the row chosen is now the first whose hole faces the viewer, and the list keeps its order."""
    from render.screens.jenga.holes import facing_eye

    screen = screen_after("jenga_mario", 3, 2, ["character mario", "character luigi"])
    try:
        screen.update(1 / 30)
        screen.draw(surface)

        def facing(action):
            end = action.split(" ")[1].split(":")[1][1:]  # 'peg 1:0+y' -> '+y'
            return facing_eye(end, screen.camera.eye, screen.camera.target)

        assert all(a.startswith("peg ") for a in screen.legal)
        assert facing(screen.legal[0]) < 0  # the list's first hole faces away from this view
        chosen = screen.legal[screen.actions.selected]
        assert facing(chosen) > 0
        assert all(facing(a) < 0 for a in screen.legal[:screen.actions.selected])
    finally:
        screen.close()


def test_a_refusal_naming_a_blocks_ends_reads_as_seen():
    """The engine refuses a push from an end a block does not have by naming its ends by the axes ("has its
    ends on +y and -y, not +x"); put as seen it says the block's ends are at two sides and not at the third,
    turning with the view, with no axis left (it read "its ends on the back and the front, not the left")."""
    from games.jenga.push import WrongEndError
    from render.screens.jenga.holes import as_seen
    from tests.jenga.test_input import classic_take

    state = classic_take()
    with pytest.raises(WrongEndError) as refused:
        state.check_action(state.string_to_action("push 5:1 +x"))
    words = str(refused.value)
    assert "its ends on +y and -y, not +x" in words
    centre = (0.0, 0.0, 0.0)
    from_front = as_seen(words, (0.0, -1.0, 0.3), centre)   # looking along +y: +x is on the right
    assert "its ends at the back and the front, not at the right" in from_front and not AXIS.search(from_front)
    from_side = as_seen(words, (1.0, 0.0, 0.3), centre)     # looking along -x from +x: +x faces the eye
    assert "its ends at the right and the left, not at the front" in from_side and not AXIS.search(from_side)
    assert as_seen("a block of level 99 has its ends on +y and -y", (0.0, -1.0, 0.3), centre).endswith(
        "its ends at the back and the front")
