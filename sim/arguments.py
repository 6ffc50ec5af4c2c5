"""The argument checks at the door of every public Tower operation, run before any physics.

Each check raises BlockError (a SimError) naming the argument, its allowed range and the value given
(whole and real raise the SimError subclass their caller names instead: sim.live's paths raise PathError).
The ranges keep the physics where it is sound and quick: a push slower than MIN_SPEED_M_S would take
over a minute of simulated time to play a block out, a NaN or infinite number would reach PyBullet and
come back as NaN poses, and a bool is refused where a number or a side is meant.

file_problem and picture_problem are the other door: an output file of the command lines (--json of
python -m sim bench, --out of its sweep; --plot of bench and of python -m games tournament), checked
before any work is done. Parser and the *_arg types below take them, and the counts, seeds and ranges of
the scripts in benchmarks/, to argparse: a bad one is refused in one line, exit code 2, before any work.
"""

from __future__ import annotations

import argparse
import math
import numbers
import os
import re
import sys
from typing import NoReturn

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


def path_shown(path) -> str:
    """A file path as a message quotes it: whole (an audit's messages cut it at 30 characters, hiding the missing
    folder or the ending a message complained of), or for one longer than PATH_SHOWN its start and its end."""
    text = repr(os.fspath(path)) if isinstance(path, (str, os.PathLike)) else shown(path)
    if len(text) <= PATH_SHOWN:
        return text
    return f"{text[:PATH_SHOWN // 3]}...{text[-(PATH_SHOWN * 2 // 3):]} ({len(text) - 2} characters)"


PATH_SHOWN = 300
"""The longest path a message quotes whole."""


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
        return f"{path_shown(path)} is a folder, not a file"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"{path_shown(path)} cannot be written (there is no folder {path_shown(folder)})"
    try:
        if os.path.exists(path):
            with open(path, "a"):
                pass
        else:
            with open(path, "x"):
                pass
            os.remove(path)
    except (OSError, ValueError) as exc:   # ValueError: a NUL in the name
        return f"{path_shown(path)} cannot be written ({getattr(exc, 'strerror', None) or exc})"
    return None


def picture_problem(path: str) -> str | None:
    """Why a picture cannot be written at `path`, in one line (None when it can): the --plot check of
    python -m sim bench and python -m games tournament, run before any work. Its name must end in a
    format matplotlib writes; the rest is file_problem."""
    if not path.strip():
        return "expected a file path, not an empty string"
    if os.path.splitext(path)[1].lower() not in PICTURES:
        return f"{path_shown(path)} does not end in .png, .svg or .pdf (the picture's format is taken from its file name)"
    if os.path.islink(path):
        return f"{path_shown(path)} is a link; give the picture a file name of its own"
    if os.path.isfile(path) and not _drawn_here(path):
        # a picture replaces only an earlier one of ours (a terminal audit's thesis.pdf was overwritten by a plot
        # without a word, where every other output refuses a file it did not write; then a figure of the user's
        # own made with matplotlib: a regression audit)
        return (f"{path_shown(path)} exists and carries no Kong Tabletop plot mark (plots drawn by versions "
                f"older than the mark carry none): give another name, or remove it if it is an old plot")
    return file_problem(path)


PICTURE_MARK = "Kong Tabletop plot"
"""The mark every --plot picture carries in its metadata (picture_metadata), so that a later plot may replace
it and nothing else."""


def picture_metadata(path: str) -> dict:
    """matplotlib's savefig metadata for a --plot picture at `path`: the mark in a PNG's Software text, an
    SVG's or a PDF's Creator."""
    key = "Software" if os.path.splitext(path)[1].lower() == ".png" else "Creator"
    return {key: PICTURE_MARK}


def _drawn_here(path: str) -> bool:
    """Whether the file at `path` carries the mark of a --plot picture in its first or last 4 KB."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
            f.seek(max(0, os.path.getsize(path) - 4096))
            tail = f.read(4096)
    except OSError:
        return False
    mark = PICTURE_MARK.encode()
    return mark in head or mark in tail


# ---- argparse's side of the door: the parser and the argument types of benchmarks/ scripts ----------------
#
# python -m sim and python -m games refuse a bad argument in one line on stderr with exit code 2, before any
# work. The scripts in benchmarks/ take their arguments through these, so they refuse them the same way:
# a count that is negative or zero, a range that ends before it starts, an output file in a folder that does
# not exist is named at once, not after the run (or never, the run going on with nonsense).

MAX_COUNT = 1_000_000
"""The largest count (games, frames, rounds) a script takes: a mistyped huge number would run for ever."""
MAX_WORKERS = 256


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose refusal is one line on stderr, 'PROG: error: WHAT', and exit code 2 (no usage
    dump, no traceback). A type's message that names its option already ('bad --seeds ...') is said once.
    The SystemExit raised holds the line too (str(exc)), for a caller in the same process. Options only as
    written in full, as `python -m sim` and `python -m games` take them (no argparse abbreviations)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:  # type: ignore[override]
        message = " ".join(str(message).split())
        match = re.match(r"argument ([^:]+): (.*)$", message)
        if match:
            names = match.group(1).split("/")
            detail = match.group(2)
            if any(re.match(rf"(bad )?{re.escape(n)}\b", detail) for n in names):
                message = detail
        line = f"{self.prog}: error: {message}"
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
        refusal = SystemExit(line)
        refusal.code = 2
        raise refusal


def _typed(name: str, parse):
    parse.__name__ = name   # argparse names a type by it in its own messages
    return parse


def _quoted(text: str) -> str:
    text = text.replace("\n", " ")
    return repr(text) if len(text) <= 24 else f"{text[:20]!r}... ({len(text)} characters)"


def whole_arg(lo: int, hi: int):
    """An argparse type: a whole number from lo to hi (ASCII digits, an optional sign), refused in one line
    otherwise ('--games -1', '--games 0' where a count starts at 1, '--games ten')."""
    def parse(text: str) -> int:
        body = text.strip()
        digits = body[1:] if body[:1] in ("-", "+") else body
        if not digits or not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, not {_quoted(text)}")
        if len(digits) > len(str(max(abs(lo), abs(hi)))) or not lo <= int(body) <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, not {_quoted(text)}")
        return int(body)
    return _typed("whole number", parse)


def count_arg(lo: int = 1, hi: int = MAX_COUNT):
    """An argparse type: how many (games, frames, rounds): a whole number, at least 1 unless lo says 0."""
    return whole_arg(lo, hi)


seed_arg = whole_arg(0, MAX_SEED)
"""An argparse type: one seed, 0 to MAX_SEED."""

workers_arg = whole_arg(1, MAX_WORKERS)
"""An argparse type: worker processes, 1 to MAX_WORKERS (as python -m sim takes them)."""


def real_arg(lo: float, hi: float, unit: str = ""):
    """An argparse type: a finite number from lo to hi (nan, inf and words refused in one line)."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number from {lo:g} to {hi:g}{unit}, not {_quoted(text)}") from None
        if not lo <= value <= hi:   # also refuses nan and inf
            raise argparse.ArgumentTypeError(f"expected a number from {lo:g} to {hi:g}{unit}, not {_quoted(text)}")
        return value
    return _typed("number", parse)


def seeds_arg(most: int | None = None):
    """An argparse type: --seeds as python -m sim sweep and census take them (sim.sweep.parse_seeds): A-B,
    one seed, or a comma list, e.g. 0-9,20; each seed once, a range that ends before it starts refused
    ('bad --seeds '5-2': the range ends before it starts'). Returns the list of seeds, in the order given."""
    def parse(text: str) -> list[int]:
        from .sweep import MAX_SEEDS, SweepError, parse_seeds

        try:
            return parse_seeds(text, MAX_SEEDS if most is None else most)
        except SweepError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return _typed("seeds", parse)


def output_file(text: str) -> str:
    """An argparse type: a file the script writes (--json PATH, --out, --log), checked before any work by
    file_problem, as python -m sim bench --json and sweep --out are: its folder must exist, and it must open
    for writing. The file itself is left as it was."""
    problem = file_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def picture_file(text: str) -> str:
    """An argparse type: a picture the script draws (--plot), checked by picture_problem before any work."""
    problem = picture_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def input_file(text: str) -> str:
    """An argparse type: a file the script reads (a cache, a board, saved rows): it must be there, a file,
    and readable, said before any work."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a file path, not an empty string")
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{path_shown(text)} is a folder, not a file")
    try:
        with open(text, "rb"):
            pass
    except (OSError, ValueError) as exc:
        raise argparse.ArgumentTypeError(f"{path_shown(text)} cannot be read "
                                         f"({getattr(exc, 'strerror', None) or exc})") from None
    return text
