"""The argument checks at the door of every public Tower operation, run before any physics.

Each check raises BlockError (a SimError) naming the argument, its allowed range and the value given.
The ranges keep the physics where it is sound and quick: a push slower than MIN_SPEED_M_S would take
over a minute of simulated time to play a block out, a NaN or infinite number would reach PyBullet and
come back as NaN poses, and a bool is refused where a number or a side is meant.
"""

from __future__ import annotations

import math
import numbers

from .spec import BlockError

MIN_SPEED_M_S = 0.005
MAX_SPEED_M_S = 0.25
MAX_ANGLE_DEG = 45.0
MAX_FOLLOW_S = 10.0
MIN_SETTLE_S = 0.01
MAX_SETTLE_S = 60.0
MAX_FULL_SETTLE_S = 10.0
MAX_SEED = 2**63 - 1
MAX_ADDRESS = 10**6


def _shown(value) -> str:
    if isinstance(value, numbers.Integral) and abs(int(value)).bit_length() > 128:
        return f"a whole number of about {int(abs(int(value)).bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except ValueError:  # a container holding a number too long to print
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= 40 else text[:30] + "..."


def whole(name: str, value, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not lo <= value <= hi:
        raise BlockError(f"{name} must be a whole number from {lo} to {hi}, got {_shown(value)}")
    return int(value)


def real(name: str, value, lo: float, hi: float, unit: str = "") -> float:
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if not ok or not lo <= value <= hi or not math.isfinite(value):  # bounds first: a huge int overflows isfinite
        raise BlockError(f"{name} must be a number from {lo:g} to {hi:g}{unit}, got {_shown(value)}")
    return float(value)


def flag(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise BlockError(f"{name} must be True or False, got {_shown(value)}")
    return value


def side(value) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or value not in (1, -1):
        raise BlockError(f"side must be +1 or -1, got {_shown(value)}")
    return int(value)


def address(level, pos) -> None:
    """LEVEL:POS are two whole numbers (whether the block is there is the tower's own check)."""
    for v in (level, pos):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise BlockError(f"a block is addressed by two integers LEVEL:POS, got {_shown(level)}:{_shown(pos)}")
        if not -MAX_ADDRESS <= v <= MAX_ADDRESS:
            raise BlockError(f"block {_shown(level)}:{_shown(pos)} does not exist: no tower is that tall or wide")


def follow(record, follow_s) -> None:
    flag("record", record)
    real("follow_s", follow_s, 0.0, MAX_FOLLOW_S, " s")


def check_extract(level, pos, side_, speed, steadiness, tremor, angle_deg, record, follow_s) -> None:
    address(level, pos)
    side(side_)
    real("push speed", speed, MIN_SPEED_M_S, MAX_SPEED_M_S, " m/s")
    real("steadiness", steadiness, 0.0, 1.0)
    whole("tremor", tremor, 0, MAX_SEED)
    real("angle_deg", angle_deg, -MAX_ANGLE_DEG, MAX_ANGLE_DEG, " degrees")
    follow(record, follow_s)


def check_probe(level, pos, side_, speed) -> None:
    address(level, pos)
    side(side_)
    real("touch speed", speed, MIN_SPEED_M_S, MAX_SPEED_M_S, " m/s")


def check_remove(level, pos, record, follow_s) -> None:
    address(level, pos)
    follow(record, follow_s)


def check_stack(slot, per_level: int, record, follow_s) -> None:
    if isinstance(slot, bool) or not isinstance(slot, numbers.Integral) or not 0 <= slot < per_level:
        raise BlockError(f"slot {_shown(slot)} does not exist: slots are 0 to {per_level - 1}")
    follow(record, follow_s)


def check_settle(seconds, full, record, follow_s, default_s: float) -> None:
    """A settle of the cut world may run up to a minute of simulated time (about a second of work); one
    with every block separate (full=True) up to MAX_FULL_SETTLE_S, which already takes seconds."""
    if seconds is not None:
        real("settle seconds", seconds, MIN_SETTLE_S, MAX_SETTLE_S, " s")
    if flag("full", full) and (default_s if seconds is None else seconds) > MAX_FULL_SETTLE_S:
        raise BlockError(f"a full settle (every block separate) runs at most {MAX_FULL_SETTLE_S:g} s, "
                         f"got {default_s if seconds is None else seconds:g} s")
    follow(record, follow_s)


def check_removals(remove, levels: int, per_level: int) -> None:
    """static_margins' candidates: None, or a list of (level, pos) inside the grid."""
    if remove is None:
        return
    try:
        pairs = list(remove)
    except TypeError:
        raise BlockError(f"remove must be a list of (level, pos) pairs, got {_shown(remove)}") from None
    for pair in pairs:
        try:
            level, pos = pair
        except (TypeError, ValueError):
            raise BlockError(f"remove must be a list of (level, pos) pairs, got the entry {_shown(pair)}") from None
        address(level, pos)
        if not (0 <= level < levels and 0 <= pos < per_level):
            raise BlockError(f"block {_shown(level)}:{_shown(pos)} does not exist: levels 0 to {levels - 1}, "
                             f"positions 0 to {per_level - 1}")


def check_seed(seed) -> int:
    return whole("the tolerance seed", seed, 0, MAX_SEED)


def check_block_id(block_id, n: int) -> int:
    return whole("block id", block_id, 0, n - 1)
