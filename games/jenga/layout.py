"""Where blocks stand in the tower and where pieces can stand on them: levels, slots, ends and holes.

A layout is plain data: layout[level][slot] is a block id or None, level 0 at the bottom, three slots
per level. Levels alternate direction: even levels lie along the x axis, odd ones along y, so a
block's two ends (and the holes in them) face the tower sides "+x" and "-x", or "+y" and "-y".

A hole is (level, slot, end), written "L:S+x". Mario pieces and character pegs stand only in holes of
blocks that are in the tower, one piece per hole.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

Layout = list  # list[list[int | None]]
Hole = tuple  # (level, slot, end)

SLOTS = 3
_HOLE = re.compile(r"^(\d{1,6}):([0-2])([+-][xy])$", re.ASCII)  # a few digits: huge numbers are no hole


def axis(level: int) -> str:
    return "x" if level % 2 == 0 else "y"


def ends(level: int) -> tuple[str, str]:
    """The two tower sides a block of this level has its ends on."""
    a = axis(level)
    return (f"+{a}", f"-{a}")


def end_sign(end: str) -> int:
    return 1 if end[0] == "+" else -1


def present(layout: Layout, level: int, slot: int) -> bool:
    return 0 <= level < len(layout) and 0 <= slot < SLOTS and layout[level][slot] is not None


def count(layout: Layout) -> int:
    return sum(b is not None for row in layout for b in row)


def top_level(layout: Layout) -> int:
    """The highest level holding a block (-1 for an empty tower)."""
    for level in range(len(layout) - 1, -1, -1):
        if any(b is not None for b in layout[level]):
            return level
    return -1


def complete(layout: Layout, level: int) -> bool:
    return 0 <= level < len(layout) and all(b is not None for b in layout[level])


def highest_complete(layout: Layout) -> int:
    for level in range(top_level(layout), -1, -1):
        if complete(layout, level):
            return level
    return -1


def removable(layout: Layout) -> list[tuple[int, int]]:
    """Blocks below the highest completed level: the traditional rule of what may be taken."""
    limit = highest_complete(layout)
    return [(lv, s) for lv in range(limit) for s in range(SLOTS) if layout[lv][s] is not None]


def stack_level(layout: Layout) -> int:
    """The level the next block goes on: the open top level, or a new one when the top is complete."""
    top = top_level(layout)
    return top + 1 if top < 0 or complete(layout, top) else top


def stack_slots(layout: Layout) -> list[int]:
    level = stack_level(layout)
    if level >= len(layout):
        return list(range(SLOTS))
    return [s for s in range(SLOTS) if layout[level][s] is None]


def locate(layout: Layout, block: int) -> tuple[int, int] | None:
    for lv, row in enumerate(layout):
        for s, b in enumerate(row):
            if b == block:
                return (lv, s)
    return None


def holes(layout: Layout, level: int) -> list[Hole]:
    """Every real hole of a level (both ends of each block present), in a fixed order."""
    if not 0 <= level < len(layout):
        return []
    return [(level, s, e) for s in range(SLOTS) if layout[level][s] is not None for e in ends(level)]


def free_holes(layout: Layout, level: int, taken: Iterable[Sequence]) -> list[Hole]:
    busy = {tuple(h) for h in taken if h is not None}
    return [h for h in holes(layout, level) if h not in busy]


def is_real(layout: Layout, hole: Sequence) -> bool:
    level, slot, end = hole
    return present(layout, level, slot) and end in ends(level)


def hole_text(hole: Sequence) -> str:
    level, slot, end = hole
    return f"{level}:{slot}{end}"


def parse_hole(text: str) -> Hole | None:
    m = _HOLE.match(text)
    return (int(m.group(1)), int(m.group(2)), m.group(3)) if m else None


def block_text(level: int, slot: int) -> str:
    return f"{level}:{slot}"


def hole_place(hole: Sequence) -> tuple[float, float]:
    """Where a hole's opening is seen from above, in block widths from the tower's axis: a block is three
    widths long; on an even level slot s lies at y = s - 1 along x, its ends at x = +-1.5; on an odd level at
    x = s - 1 along y, its ends at y = +-1.5."""
    level, slot, end = hole
    out = 1.5 * end_sign(end)
    return (out, slot - 1.0) if axis(level) == "x" else (slot - 1.0, out)


def nearest_free(layout: Layout, levels: Iterable[int], near: Sequence, taken: Iterable[Sequence],
                 same_side: bool = False, in_plan: bool = False) -> Hole | None:
    """The first level in `levels` with a free hole, and there the hole closest to `near`.

    Closest means: the same slot first, then the nearer slot, then the same end; `same_side` keeps
    only holes on the tower side of near's end. `in_plan`: closest as seen from above (hole_place), for
    levels that may run the other way than near's, where a slot number names another place (a rules audit:
    a Mario falling from level 1's +y side landed at the far corner of level 0).
    """
    taken = list(taken)
    _, slot, end = near
    here = hole_place(near)
    for level in levels:
        options = [h for h in free_holes(layout, level, taken) if not same_side or h[2] == end]
        if options and in_plan:
            return min(options, key=lambda h: ((hole_place(h)[0] - here[0]) ** 2 + (hole_place(h)[1] - here[1]) ** 2,
                                               h[1], h[2]))
        if options:
            return min(options, key=lambda h: (abs(h[1] - slot), h[1], h[2] != end, h[2]))
    return None


def grid_text(layout: Layout, marks: dict | None = None, items: dict | None = None) -> list[str]:
    """Rows for a text board, top level first: '#' a block, '.' a gap, with labels per level."""
    marks = marks or {}
    rows = []
    for lv in range(len(layout) - 1, -1, -1):
        cells = []
        for s in range(SLOTS):
            b = layout[lv][s]
            cell = "." if b is None else (items.get(b, "#")[:1].upper() if items else "#")
            if items and b is not None and items.get(b) == "none":
                cell = "#"
            cells.append(cell)
        label = marks.get(lv, "")
        rows.append(f"{lv:2d} {axis(lv)} [{' '.join(cells)}] {label}".rstrip())
    return rows
