"""Idealised Jenga: the rules layer with perfect blocks and a perfect hand, solved exactly.

With exact blocks (Zwick, "Jenga", SODA 2002) physics reduces to one rule: a level below the top
falls exactly when it keeps a single edge block; a level with only its middle, two edges, or an edge
and the middle stands. A removal that leaves a single edge loses at once, so a perfect player makes
one only when nothing else is left: the player who has no safe removal loses.

The search here walks the real rules layer (`layout.removable`, `layout.stack_slots`,
`layout.stack_level`) on real layouts, so it checks what we let players take and where they may
stack, and memoises on a canonical key: the multiset of removable level shapes (mirror images are
the same shape) and how far the top has been built. The known result for n full levels: the first
player wins exactly when n = 2, or n is 1 or 2 mod 3 with n >= 4.

    from games.jenga.ideal import first_player_wins, best_move
    first_player_wins(18)   # False: an 18-level start is a second-player win
"""

from __future__ import annotations

import sys
from functools import lru_cache

from .layout import SLOTS, highest_complete, removable, stack_level, stack_slots, top_level

Shape = tuple  # the slots of a level that still hold a block, e.g. (0, 1)


def fresh_layout(levels: int) -> list:
    """n full levels with block ids 0, 1, 2, ... bottom up."""
    return [[lv * SLOTS + s for s in range(SLOTS)] for lv in range(levels)]


def falls(shape: Shape) -> bool:
    """A level that no longer carries the tower: one edge block left (the only idealised failure of
    a shape), or nothing left at all (the middle block of a middle-only level taken)."""
    return not shape or (len(shape) == 1 and shape[0] != 1)


def shape_of(row: list) -> Shape:
    return tuple(s for s in range(SLOTS) if row[s] is not None)


def canonical(shape: Shape) -> Shape:
    """A level shape up to the mirror that swaps the two edges."""
    mirrored = tuple(sorted(SLOTS - 1 - s for s in shape))
    return min(shape, mirrored)


def key(layout: list) -> tuple:
    """What decides the game from here: removable level shapes (as a multiset) and the top's progress."""
    limit = highest_complete(layout)
    shapes = tuple(sorted(canonical(shape_of(layout[lv])) for lv in range(max(limit, 0))))
    above = sum(b is not None for lv in range(limit + 1, top_level(layout) + 1) for b in layout[lv])
    return shapes, above


def safe_moves(layout: list) -> list[tuple[tuple[int, int], int]]:
    """Every (block taken, slot stacked) that leaves no falling level, by the rules layer's lists."""
    moves = []
    for level, slot in removable(layout):
        rest = tuple(s for s in shape_of(layout[level]) if s != slot)
        if falls(rest):
            continue
        after = [row[:] for row in layout]
        after[level][slot] = None
        for dest in stack_slots(after):
            moves.append(((level, slot), dest))
    return moves


def play(layout: list, move: tuple[tuple[int, int], int]) -> list:
    """The layout after taking `move`'s block and stacking it in `move`'s slot of the open level."""
    (level, slot), dest = move
    after = [row[:] for row in layout]
    block = after[level][slot]
    after[level][slot] = None
    target = stack_level(after)
    while len(after) <= target:
        after.append([None] * SLOTS)
    after[target][dest] = block
    return after


_MEMO: dict[tuple, bool] = {}


def wins(layout: list) -> bool:
    """Whether the player to move wins with perfect play from this layout."""
    k = key(layout)
    if k not in _MEMO:
        _MEMO[k] = any(not wins(play(layout, move)) for move in _distinct(layout))
    return _MEMO[k]


def _distinct(layout: list) -> list:
    """One safe move per distinct resulting key (the others are the same game)."""
    out, seen = [], set()
    for move in safe_moves(layout):
        k = key(play(layout, move))
        if k not in seen:
            seen.add(k)
            out.append(move)
    return out


def first_player_wins(levels: int) -> bool:
    """Perfect play from `levels` full levels, searched on real layouts: does the first player win?"""
    depth = sys.getrecursionlimit()
    sys.setrecursionlimit(max(depth, 4000 + 200 * levels))  # one frame chain per move of the game
    try:
        return wins(fresh_layout(levels))
    finally:
        sys.setrecursionlimit(depth)


@lru_cache(maxsize=None)
def counts_win(full: int, pair: int, top: int) -> bool:
    """The same game on counts alone: `full` removable full levels, `pair` removable edge-and-middle
    levels (their last safe move is the edge), `top` blocks on an unfinished top level (0 to 2).
    Two edges and a lone middle have no safe move left and drop out. Each move stacks one block; the
    third completes the top, and the level under it (always full) becomes removable."""
    after_top = (top + 1) % SLOTS
    opened = 1 if after_top == 0 else 0
    options = []
    if full:
        options.append((full - 1 + opened, pair + 1))  # an edge: edge-and-middle is left
        options.append((full - 1 + opened, pair))      # the middle: two edges, dead
    if pair:
        options.append((full + opened, pair - 1))      # the edge: a lone middle, dead
    return any(not counts_win(f, p, after_top) for f, p in options)


def counts_first_player_wins(levels: int) -> bool:
    """Perfect play from `levels` full levels on the counts model (fast for any height)."""
    return counts_win(max(levels - 1, 0), 0, 0)


def zwick_first_player_wins(levels: int) -> bool:
    """The closed form from Zwick's paper, for comparison."""
    return levels == 2 or (levels >= 4 and levels % 3 in (1, 2))


def best_move(layout: list) -> tuple[tuple[int, int], int] | None:
    """A winning move if there is one, else any safe move, else None (every removal topples)."""
    moves = safe_moves(layout)
    for move in moves:
        if not wins(play(layout, move)):
            return move
    return moves[0] if moves else None
