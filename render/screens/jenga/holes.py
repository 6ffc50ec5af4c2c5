"""Holes and block ends in the words a player at the window reads: where a peg (Super Mario Jenga) or a
Mario (Donkey Kong Jenga) went when the hole is on a side of the tower the view does not show, and the
game's names of holes and ends put as the view shows them.

A hole is named by its block and the end it opens at, along a world axis ('3:1+x': layer 3, slot 1, the
+x end). Seen from the camera, that end faces the viewer, the back, or the viewer's left or right; a
piece that moves into a hole not facing the viewer is said, so nothing happens out of sight unsaid.

The game's own texts keep the axes (its notes and actions are in saved matches, and typed commands use
them); the screen says them as seen (as_seen): "the +y hole of block 1:0" reads "the back hole of block
1:0" from one side and "the front hole of block 1:0" from the other. The words follow the view: they are
worked out again whenever it turns so that a side changes name (JengaScreen.reword_for_view).
"""

from __future__ import annotations

import math
import re

import numpy as np

HIDDEN_NOTE_END = " (drawn faintly through the tower). [ or ] turns the view."
OUT_OF_SIGHT_END = ": [ or ] turns the view."
"""The end of the words for holes a piece may go into that all face away (JengaScreen.say_holes_out_of_sight)."""
_QUARTER = float(np.sqrt(0.5))  # the cosine of 45 degrees
IN_VIEW = 0.1
"""A hole whose opening turns more than this to the eye (84 degrees off it or less) is seen: the view draws
a piece there solid, on a face in the picture. It was 0.5, and a quarter turn of the view (yaw 30 degrees)
put one side face at cos 60 = 0.49999...: a Mario drawn solid on a face in plain view was said to be "drawn
faintly through the tower" (an audit). The view's own test is whether the eye is in front of the end face's
plane, a few centimetres out from the centre: seen from a metre away, about this. The frame drawn has the
last word (hidden_hole_words's `drawn_behind`)."""
AXES = {"+x": (1.0, 0.0), "-x": (-1.0, 0.0), "+y": (0.0, 1.0), "-y": (0.0, -1.0)}
OPPOSITE = {"+x": "-x", "-x": "+x", "+y": "-y", "-y": "+y"}
"""The end of a block opposite each end."""


def hole_side(end: str, eye, centre) -> str:
    """'front', 'back', 'left' or 'right': where a hole opening towards `end` faces, for a viewer at eye
    looking at the tower's centre."""
    return direction_side(AXES.get(end, (0.0, 0.0)), eye, centre)


def direction_side(direction, eye, centre) -> str:
    """hole_side for a hole opening along a direction in the world (only its x and y count). In plain floats:
    the window asks it for every line it words, every frame (numpy's small arrays cost 0.2 ms a frame)."""
    dx, dy = float(direction[0]), float(direction[1])
    ex, ey = float(eye[0]) - float(centre[0]), float(eye[1]) - float(centre[1])
    norm = math.hypot(ex, ey)
    size = math.hypot(dx, dy)
    if norm < 1e-9 or size == 0.0:
        return "front"
    ex, ey = ex / norm, ey / norm
    facing = (dx * ex + dy * ey) / size
    # a quarter of the turn round the tower each: the four ends of the two kinds of block take the four
    # names, so "the front hole of block 3:1" means one end of every block seen from a view
    if facing > _QUARTER:
        return "front"
    if facing < -_QUARTER:
        return "back"
    # the viewer's right, looking along -e (the camera's own right), is (-ey, ex)
    return "right" if dx * -ey + dy * ex > 0 else "left"


def facing_eye(end: str, eye, centre) -> float:
    """How much a hole opening towards `end` turns to the viewer: 1 facing them, -1 facing away."""
    e = np.asarray(eye, dtype=float)[:2] - np.asarray(centre, dtype=float)[:2]
    norm = float(np.linalg.norm(e))
    return 1.0 if norm < 1e-9 else float(np.asarray(AXES.get(end, (0.0, 0.0))) @ e / norm)


def moved_pieces(before, state) -> list[tuple[int, list]]:
    """(seat, hole) of every peg or Mario whose hole changed with the last step."""
    for field in ("pegs", "marios"):
        old, new = getattr(before, field, None), getattr(state, field, None)
        if old is not None and new is not None:
            return [(seat, list(h)) for seat, (a, h) in enumerate(zip(old, new))
                    if h is not None and (a is None or list(a) != list(h))]
    return []


def side_words(side: str) -> str:
    return "the back of the tower" if side == "back" else f"the {side} side of the tower"


def hidden_hole_words(before, state, eye, centre, seat_name, drawn_behind=None) -> str:
    """A sentence for every piece that went into a hole out of sight ('' if all can be seen): its hole's
    opening turned away from the eye and, once a frame has been drawn since (`drawn_behind`, the seats whose
    piece it drew through the tower), drawn so; a piece in a far hole at a corner that stands in sight beside
    the tower is drawn solid and not said."""
    said = []
    pegs = getattr(state, "pegs", None) is not None
    piece = "peg" if pegs else "Mario"
    # each game's own word for a level: Super Mario's rules speak of layers, Donkey Kong's of girders
    # (its pieces' line reads "Mario on girder level 3")
    storey = "layer" if pegs else "girder level"
    for seat, (level, slot, end) in moved_pieces(before, state):
        if facing_eye(end, eye, centre) > IN_VIEW or (drawn_behind is not None and seat not in drawn_behind):
            continue  # seen, if on a side face (named "left" or "right" when turned 45 degrees or more)
        side = hole_side(end, eye, centre)
        where = side_words(side)
        # the block named as Choices and the log name it ("block 1:0"; "slot 0" was a third way: an audit)
        words = f"{seat_name(seat)}'s {piece} went into a hole on {where} ({storey} {level}, block {level}:{slot})"
        other = OPPOSITE.get(end)
        if other is not None and facing_eye(other, eye, centre) > IN_VIEW:
            # the view draws it over its block's other end, in sight (TowerView._draw_behind): said, as the words
            # named the left side and the faint figure stood on the right, beside another Mario (a rules audit)
            words += f", shown at that block's {hole_side(other, eye, centre)} end"
        said.append(words)
    if not said:
        return ""
    return "; ".join(said) + HIDDEN_NOTE_END


# The game's names of holes and ends, most specific first: "the +y hole of block 1:0" (the rows of the list),
# "from the +x end" (a push), "1:2+y" (a note: "Ann's Mario falls to 1:2+y"), "5:1 -y" (an action's text:
# "push 5:1 -y"), and an axis left alone ("its ends on +y and -y").
_HOLE_OF_BLOCK = re.compile(r"\bthe ([+-][xy]) hole of block (\d+:\d+)")
_END = re.compile(r"\bthe ([+-][xy]) end\b")
_HOLE = re.compile(r"\b(\d+:\d+)([+-][xy])\b")
_BLOCK_END = re.compile(r"\b(\d+:\d+) ([+-][xy])\b")
_AXIS = re.compile(r"(?<![\w'])([+-][xy])\b")
_ENDS_ON = re.compile(r"\bits ends on ([+-][xy]) and ([+-][xy])(, not ([+-][xy])\b)?")
# A command quoted as it is typed ('peg 1:0+y', 'touch 3:1 +x'): the typed syntax, left as it is. The quote
# opens after no letter, so "Ann's Mario falls to 1:2+y" is no quotation.
_TYPED = re.compile(r"(?<!\w)'[a-z]+ [^'\n]*'")


def sides_of_view(eye, centre) -> tuple[str, ...]:
    """The side each axis's end faces (+x, -x, +y, -y) from this view: the words of as_seen change exactly
    when this does."""
    return tuple(hole_side(end, eye, centre) for end in AXES)


_SEEN: dict = {}  # (words, the four sides) -> the words as seen: most lines are worded again every frame


def as_seen(words: str, eye, centre) -> str:
    """`words` with every hole and block end the game names by an axis put as the view shows it: the front
    (facing the viewer), back, left or right hole or end. A typed command quoted in them keeps its syntax."""
    if not words or not any(axis in words for axis in AXES):
        return words
    sides = dict(zip(AXES, sides_of_view(eye, centre)))
    key = (words, tuple(sides.values()))
    done = _SEEN.get(key)
    if done is not None:
        return done

    def side(axis: str) -> str:
        return sides[axis]

    def plain(part: str) -> str:
        # A refusal's "has its ends on +y and -y, not +x": at the sides, not "on the back and the front".
        part = _ENDS_ON.sub(lambda m: f"its ends at the {side(m[1])} and the {side(m[2])}"
                            + (f", not at the {side(m[4])}" if m[3] else ""), part)
        part = _HOLE_OF_BLOCK.sub(lambda m: f"the {side(m[1])} hole of block {m[2]}", part)
        part = _END.sub(lambda m: f"the {side(m[1])} end", part)
        part = _HOLE.sub(lambda m: f"the {side(m[2])} hole of block {m[1]}", part)
        part = _BLOCK_END.sub(lambda m: f"{m[1]} from the {side(m[2])} end", part)
        return _AXIS.sub(lambda m: f"the {side(m[1])}", part)

    out, at = [], 0
    for typed in _TYPED.finditer(words):
        out += [plain(words[at:typed.start()]), typed[0]]
        at = typed.end()
    seen = "".join(out + [plain(words[at:])])
    if len(_SEEN) > 4096:  # a game's lines are a few hundred; the numbers in some make more
        _SEEN.clear()
    _SEEN[key] = seen
    return seen
