"""The form of a saved Jenga position's fields, checked when TowerState.from_json loads one.

Each game's state lists its fields with what each must be: a description in words (for the error) and
a check of a value (type, length and range only; `type(v) is int` refuses True, 2.0 and "2"). A field
may be checked against the fields before it in the state's FIELDS (a waiting push against the layout),
which are set by then. What holds across fields is each game's saved_fault(). A field that fails is
refused at once with MatchFileError naming it, instead of loading and failing at a later legal_actions()
or str().
"""

from __future__ import annotations

import math
from typing import Any, Callable

from .layout import SLOTS, ends

Form = tuple[str, Callable[[Any], bool]]
"""A field's form: what it must be, in words, and a check of a value."""

SIDES = ("+x", "-x", "+y", "-y")


def whole(v, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def number(v) -> bool:
    """A finite int or float (not a bool)."""
    return type(v) in (int, float) and math.isfinite(v)


def seq(v, most: int | None = None) -> bool:
    """A list (or tuple) of at most `most` items."""
    return type(v) in (list, tuple) and (most is None or len(v) <= most)


def wholes(v, low: int, high: int, most: int | None = None, distinct: bool = False) -> bool:
    return (seq(v, most) and all(whole(x, low, high) for x in v)
            and (not distinct or len(set(v)) == len(v)))


def optional(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: v is None or check(v)


def hole(v, levels: int) -> bool:
    """A hole [level, slot, end]: the level below `levels`, the end on one of the level's two sides."""
    return (seq(v) and len(v) == 3 and whole(v[0], 0, levels - 1) and whole(v[1], 0, SLOTS - 1)
            and type(v[2]) is str and v[2] in ends(v[0]))


def per_seat(v, n: int, check: Callable[[Any], bool]) -> bool:
    return seq(v) and len(v) == n and all(check(x) for x in v)


def texts(v, most: int | None = None) -> bool:
    return seq(v, most) and all(type(x) is str for x in v)


def layout(v, blocks: int) -> bool:
    """Rows of SLOTS block ids (or None for a gap), each id below `blocks` and none twice."""
    if not seq(v, blocks):
        return False
    ids = []
    for row in v:
        if not (seq(row) and len(row) == SLOTS):
            return False
        for b in row:
            if b is not None:
                if not whole(b, 0, blocks - 1):
                    return False
                ids.append(b)
    return len(ids) == len(set(ids))


def push(v, levels: int, speed: dict) -> bool:
    """A push waiting for its tremor: {level, slot, end, speed, steadiness} as Push.to_json writes it."""
    return (type(v) is dict and set(v) == {"level", "slot", "end", "speed", "steadiness"}
            and whole(v["level"], 0, levels - 1) and whole(v["slot"], 0, SLOTS - 1)
            and type(v["end"]) is str and v["end"] in ends(v["level"])
            and number(v["speed"]) and speed["min"] <= v["speed"] <= speed["max"]
            and number(v["steadiness"]) and 0.0 <= v["steadiness"] <= 1.0)


def verdict(v) -> bool:
    """The last operation's summary: what the text board and the window read of it."""
    return (type(v) is dict and type(v.get("op")) is str and type(v.get("collapsed")) is bool
            and number(v.get("max_displacement_mm")) and number(v.get("max_tilt_deg"))
            and (v.get("where") is None or (seq(v["where"]) and len(v["where"]) == 2
                                            and all(type(x) is int for x in v["where"]))))


def probe(v) -> bool:
    """The last touch's reading: where, the end, the force, and (when given) the tower's motion and
    whether the block moved."""
    return (type(v) is dict and seq(v.get("where")) and len(v["where"]) == 2
            and all(type(x) is int and x >= 0 for x in v["where"])
            and v.get("end") in SIDES and number(v.get("force_n"))
            and ("tower_motion_mm" not in v or number(v["tower_motion_mm"]))
            and ("moves" not in v or type(v["moves"]) is bool)
            and ("stuck_mm" not in v or number(v["stuck_mm"])))
