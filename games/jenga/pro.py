"""The Jenga pro: touches before it pulls, takes only blocks that give, pushes slowly.

How a strong player builds a tall tower, step by step:

1. Rank the takeable blocks for touching: levels nearest the middle of the tower first (blocks just
   under the top carry little weight above, so a pushed block drags the level over it along; low
   blocks carry the most), and within a full level its middle block first, the one most often loose
   in real towers. Blocks whose removal would leave a lone edge or an empty level are never taken
   while anything else is left. Among equals the idealised game decides (games.jenga.ideal): a move
   that leaves the opponent a lost position in idealised Jenga goes first.
2. Touch the ranked blocks one by one (touches are free, but each really touches the tower) until one
   gives: that is a loose block, carrying none of the load. At most TOUCHES touches a turn.
3. Push it out slowly and steadily (SPEED, STEADINESS). When no touched block gave, take the first of
   the ranking.

Every choice is a function of the state: the touches of this turn are counted by the state itself,
and the last one's result is in it, so a loaded game goes on exactly as it would have.
"""

from __future__ import annotations

import numpy as np

from ..bots import Bot
from . import ideal
from .layout import SLOTS, ends, highest_complete
from .push import Push, straight_push

TOUCHES = 15
SPEED = 0.02
STEADINESS = 1.0


def shape_class(row: list, slot: int) -> int | None:
    """0: an edge of a full level; 1: the last edge beside a middle; 2: a middle of a full level;
    3: other safe removals; None: the level would fall in idealised Jenga."""
    left = tuple(s for s in range(SLOTS) if row[s] is not None and s != slot)
    if ideal.falls(left):
        return None
    full = all(b is not None for b in row)
    if full:
        return 2 if slot == 1 else 0
    if left == (1,):
        return 1
    return 3


def ranking(state) -> list[tuple[int, int]]:
    """The takeable blocks in the order the pro would touch them: the levels nearest the middle of the
    tower first (far from the light top and the heavily loaded bottom), and within a full level the
    middle block first (it is the one most often loose in real towers, PHYSICS.md), then its edges."""
    layout = state.layout
    blocks = state.extractable()
    top = highest_complete(layout)
    scored = []
    for level, slot in blocks:
        cls = shape_class(layout[level], slot)
        if cls is None:
            continue
        near_top = 1 if top - level <= 2 else 0
        full = all(b is not None for b in layout[level])
        within = 0 if (full and slot == 1) or not full else 1
        scored.append(((near_top, abs(level - top / 2), level, within, -_parity(layout, level, slot),
                        -state.block_value((level, slot)), slot), (level, slot)))
    if not scored:  # every removal fails in the ideal game: the least bad real one
        return sorted(blocks, key=lambda b: (-b[0], b[1]))
    return [b for _, b in sorted(scored)]


def _parity(layout: list, level: int, slot: int) -> int:
    """1 when taking this block (and stacking it) leaves the opponent lost in idealised Jenga."""
    after = ideal.play([row[:] for row in layout], ((level, slot), 0))
    shapes, above = ideal.key(after)
    full = sum(1 for s in shapes if s == (0, 1, 2))
    pair = sum(1 for s in shapes if s == (0, 1))
    return 0 if ideal.counts_win(full, pair, above) else 1


class ProBot(Bot):
    """Touch to find a loose block, take it in the pro pattern, push it slowly (module docstring)."""

    name = "pro"

    def __init__(self, touches: int = TOUCHES, speed: float = SPEED, steadiness: float = STEADINESS):
        self.touches = touches
        self.speed = speed
        self.steadiness = steadiness

    def choose(self, state, rng: np.random.Generator) -> str:
        legal = state.legal_actions()
        preferred = state.preferred_decision(legal)
        if preferred is not None:
            return preferred
        if not (state.may_extract() and state.extractable()):
            return legal[int(rng.integers(len(legal)))]
        order = ranking(state)[: self.touches]
        done = state.touches
        last = state.last_probe if done else None
        if last is not None and tuple(last["where"]) in order and last.get("moves"):
            level, slot = last["where"]
            return self._push(state, level, slot, last["end"], rng)
        if done < len(order):
            level, slot = order[done]
            return Push(level, slot, ends(level)[0]).probe_text()
        level, slot = order[0]
        return self._push(state, level, slot, ends(level)[0], rng)

    def _push(self, state, level: int, slot: int, end: str, rng: np.random.Generator) -> str:
        """A slow, steady straight push as a finger path (the path form every bot pushes with)."""
        return straight_push(state.TOWER, level, slot, end, self.speed, self.steadiness, int(rng.integers(2**31)))
