"""Where a peg (Super Mario Jenga) or a Mario (Donkey Kong Jenga) went, in words, when the hole is on a
side of the tower the view does not show.

A hole is named by its block and the end it opens at, along a world axis ('3:1+x': layer 3, slot 1, the
+x end). Seen from the camera, that end faces the viewer, the back, or the viewer's left or right; a
piece that moves into a hole not facing the viewer is said, so nothing happens out of sight unsaid.
"""

from __future__ import annotations

import numpy as np

HIDDEN_NOTE_END = " (drawn faintly through the tower). [ or ] turns the view."
OUT_OF_SIGHT_END = ": [ or ] turns the view."
"""The end of the words for holes a piece may go into that all face away (JengaScreen.say_holes_out_of_sight)."""
_AXES = {"+x": (1.0, 0.0), "-x": (-1.0, 0.0), "+y": (0.0, 1.0), "-y": (0.0, -1.0)}


def hole_side(end: str, eye, centre) -> str:
    """'front', 'back', 'left' or 'right': where a hole opening towards `end` faces, for a viewer at eye
    looking at the tower's centre."""
    return direction_side(_AXES.get(end, (0.0, 0.0)), eye, centre)


def direction_side(direction, eye, centre) -> str:
    """hole_side for a hole opening along a direction in the world (only its x and y count)."""
    d = np.asarray(direction, dtype=float)[:2]
    e = np.asarray(eye, dtype=float)[:2] - np.asarray(centre, dtype=float)[:2]
    norm = float(np.linalg.norm(e))
    if norm < 1e-9 or not d.any():
        return "front"
    e = e / norm
    facing = float(d @ e)
    if facing > 0.5:
        return "front"
    if facing < -0.5:
        return "back"
    right = np.array([-e[1], e[0]])  # the viewer's right, looking along -e (the camera's own right)
    return "right" if float(d @ right) > 0 else "left"


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


def hidden_hole_words(before, state, eye, centre, seat_name) -> str:
    """A sentence for every piece that went into a hole out of sight ('' if all can be seen)."""
    said = []
    pegs = getattr(state, "pegs", None) is not None
    piece = "peg" if pegs else "Mario"
    # each game's own word for a level: Super Mario's rules speak of layers, Donkey Kong's of girders
    # (its pieces' line reads "Mario on girder level 3")
    storey = "layer" if pegs else "girder level"
    for seat, (level, slot, end) in moved_pieces(before, state):
        side = hole_side(end, eye, centre)
        if side == "front":
            continue
        where = side_words(side)
        said.append(f"{seat_name(seat)}'s {piece} went into a hole on {where} ({storey} {level}, slot {slot})")
    if not said:
        return ""
    return "; ".join(said) + HIDDEN_NOTE_END
