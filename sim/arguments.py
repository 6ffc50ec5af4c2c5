"""The argument checks at the door of every public Tower operation, run before any physics.

Each check raises BlockError (a SimError) naming the argument, its allowed range and the value given
(whole and real raise the SimError subclass their caller names instead: sim.live's paths raise PathError).
The ranges keep the physics where it is sound and quick: a push slower than MIN_SPEED_M_S would take
over a minute of simulated time to play a block out, a NaN or infinite number would reach PyBullet and
come back as NaN poses, and a bool is refused where a number or a side is meant.

file_problem and picture_problem are the other door: an output file of the command lines (--json of
python -m sim bench, --out of its sweep; --plot of bench and of python -m games tournament), checked
before any work is done.
"""

from __future__ import annotations

import math
import numbers
import os

from .spec import BlockError, SimError

MIN_SPEED_M_S = 0.005
MAX_SPEED_M_S = 0.25
MAX_ANGLE_DEG = 45.0
MAX_FOLLOW_S = 10.0
MIN_SETTLE_S = 0.01
MAX_SETTLE_S = 60.0
MAX_FULL_SETTLE_S = 10.0
MAX_SEED = 2**63 - 1
MAX_ADDRESS = 10**6


def shown(value) -> str:
    """A value as a message quotes it: cut short, and a number too long to print named by its size."""
    if isinstance(value, numbers.Integral) and abs(int(value)).bit_length() > 128:
        return f"a whole number of about {int(abs(int(value)).bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except ValueError:  # a container holding a number too long to print
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= 40 else text[:30] + "..."


def whole(name: str, value, lo: int, hi: int, error: type[SimError] = BlockError) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not lo <= value <= hi:
        raise error(f"{name} must be a whole number from {lo} to {hi}, got {shown(value)}")
    return int(value)


def real(name: str, value, lo: float, hi: float, unit: str = "", error: type[SimError] = BlockError) -> float:
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if not ok or not lo <= value <= hi or not math.isfinite(value):  # bounds first: a huge int overflows isfinite
        raise error(f"{name} must be a number from {lo:g} to {hi:g}{unit}, got {shown(value)}")
    return float(value)


def flag(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise BlockError(f"{name} must be True or False, got {shown(value)}")
    return value


def side(value) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or value not in (1, -1):
        raise BlockError(f"side must be +1 or -1, got {shown(value)}")
    return int(value)


def address(level, pos) -> None:
    """LEVEL:POS are two whole numbers (whether the block is there is the tower's own check)."""
    for v in (level, pos):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise BlockError(f"a block is addressed by two integers LEVEL:POS, got {shown(level)}:{shown(pos)}")
        if not -MAX_ADDRESS <= v <= MAX_ADDRESS:
            raise BlockError(f"block {shown(level)}:{shown(pos)} does not exist: no tower is that tall or wide")


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
        raise BlockError(f"slot {shown(slot)} does not exist: slots are 0 to {per_level - 1}")
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
        raise BlockError(f"remove must be a list of (level, pos) pairs, got {shown(remove)}") from None
    for pair in pairs:
        try:
            level, pos = pair
        except (TypeError, ValueError):
            raise BlockError(f"remove must be a list of (level, pos) pairs, got the entry {shown(pair)}") from None
        address(level, pos)
        if not (0 <= level < levels and 0 <= pos < per_level):
            raise BlockError(f"block {shown(level)}:{shown(pos)} does not exist: levels 0 to {levels - 1}, "
                             f"positions 0 to {per_level - 1}")


def check_seed(seed) -> int:
    return whole("the tolerance seed", seed, 0, MAX_SEED)


def check_block_id(block_id, n: int) -> int:
    return whole("block id", block_id, 0, n - 1)


PICTURES = (".png", ".svg", ".pdf")
"""The picture formats --plot writes (matplotlib takes the format from the file name's ending)."""


def file_problem(path: str) -> str | None:
    """Why a file cannot be written at `path`, in one line (None when it can), checked before any work.
    The folder must already exist (nothing is made for an output) and the file must open for writing,
    which is tried for real (a new file is made and removed at once): permission bits say nothing of
    /proc, a read-only disk or a root user, and only the system knows which names are too long."""
    if not path.strip():
        return "expected a file path, not an empty string"
    if os.path.isdir(path):
        return f"{shown(path)} is a folder, not a file"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"{shown(path)} cannot be written (there is no folder {shown(folder)})"
    try:
        if os.path.exists(path):
            with open(path, "a"):
                pass
        else:
            with open(path, "x"):
                pass
            os.remove(path)
    except (OSError, ValueError) as exc:   # ValueError: a NUL in the name
        return f"{shown(path)} cannot be written ({getattr(exc, 'strerror', None) or exc})"
    return None


def picture_problem(path: str) -> str | None:
    """Why a picture cannot be written at `path`, in one line (None when it can): the --plot check of
    python -m sim bench and python -m games tournament, run before any work. Its name must end in a
    format matplotlib writes; the rest is file_problem."""
    if not path.strip():
        return "expected a file path, not an empty string"
    if os.path.splitext(path)[1].lower() not in PICTURES:
        return f"{shown(path)} does not end in .png, .svg or .pdf (the picture's format is taken from its file name)"
    return file_problem(path)
