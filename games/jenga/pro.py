"""The Jenga pro: thinks a move ahead, touches before it pulls, takes only blocks that give, pushes slowly.

How a strong player plays, step by step:

1. Rank the takeable blocks for touching: levels nearest the middle of the tower first (blocks just
   under the top carry little weight above, so a pushed block drags the level over it along; low
   blocks carry the most), and within a full level its middle block first, the one most often loose
   in real towers. In Super Mario Jenga (TowerState.EDGES_FIRST: 45 blocks, and a spin may ask for two
   removals a turn) every other block comes before the middle of a full level: a level whose middle goes
   first is spent, one whose edge goes first still gives its other edge. Blocks whose removal would leave a lone edge or an empty level are never taken
   while anything else is left. Among equals the idealised game decides (games.jenga.ideal): a move
   that leaves the opponent a lost position in idealised Jenga goes first.
2. Think one move ahead: keep only the blocks whose removal the tower's statics finds safe by
   SAFE_MM, and that can then go on top somewhere safe by SAFE_MM too (a tower that a push dragged
   sideways can be one stack from tipping); the moves that keep ROOMY_MM or more come first, in the
   ranking's order, then the thinner ones, the widest margin first.
3. Touch the kept blocks one by one (in Donkey Kong Jenga those worth most in the race first: step 6;
   the ranking orders the rest), never one
   just under the top (with little weight above, it
   slides at a light touch and still drags the top along), until one is loose: it slides as a block
   carrying nothing but itself does (LOOSE_FACTOR) and the rest of the tower stays still (under
   STILL_MM, the census's loose). A block that slides easily but takes the tower along carries
   something on it and is not pulled. At most TOUCHES touches a removal (a turn may have two: Super
   Mario's "Stack 2 Blocks", Donkey Kong's pink 2), and TURN_TOUCHES a turn.
4. Push it out slowly and steadily (SPEED, STEADINESS). When no touched block was loose, weigh the
   best few kept blocks in the simulator (the risk map at its own speed, as the careful bots do)
   and pull the one least likely to topple the tower: first those whose touch this removal gave
   (slid under the game's gentle touch with the tower still, lightest first: it remembers its
   touches, `recalled`), then the untouched ones, then the other touched ones (`weighing_order`);
   with fewer than CANDIDATES kept, the thinner ones join (`spare`). A push that goes back (a block held tighter than
   the hand can push, which the risk map cannot see) moves it on to the next few blocks, never the same
   push again at once.
5. Stack where the tower's statics keeps the most margin.
6. In Donkey Kong Jenga (TowerState.RACE) play the turn as the race it is: a climb that reaches Pauline
   at once comes first; otherwise the girders come out before Mario climbs, since a girder gone from
   his route is a level this turn's climbs skip, touched in the order of what each is worth in the
   race (race_value: how much higher its Mario may expect to get over this turn's climbs and the next
   two spins', less the opponents' gain, so a girder on an opponent's route, which would give him the
   skip, comes last and one an opponent stands on, which drops him, early), and only a loose one is
   pulled; then each climb goes to the hole from which the Mario may expect to get highest
   (climb_value: the end of the girder whose route above has girders missing).

Every choice is a function of the state: the touches of this turn are counted by the state itself,
the blocks taken this turn too (taken_this_turn), and the last touch's result is in it, so a loaded game
goes on exactly as it would have. A later removal of the turn cannot tell its own touches from the
count, so its touches go on down the order from the last one (see next_touch).
"""

from __future__ import annotations

import numpy as np

from ..bots import Bot
from . import ideal, physics
from .layout import SLOTS, ends, highest_complete, parse_hole, present
from .push import Push, straight_push

TOUCHES = 15
SPEED = 0.02
STEADINESS = 1.0
SAFE_MM = 3.0
"""The statics margin a move must keep, taking the block and then stacking it (sim.oracle's MARGIN_MM)."""
ROOMY_MM = 8.0
"""Moves that keep at least this margin come first; thinner ones after them, the widest first (a push
moves the tower a little, and a tower a drag has left leaning is a stack or two from tipping)."""
STILL_MM = 0.5
"""A loose block's touch leaves the rest of the tower within this (sim.census.STILL_MM)."""
LOOSE_FACTOR = 1.5
"""A loose block slides at no more than this many times the friction of its own weight (see `loose`)."""
TOP_LEVELS = 4
"""A block with fewer levels than this above it is "just under the top" (counting an unfinished top
level) and is never touched to be pulled. Three was too few: in Super Mario Jenga pushes of blocks with
three levels above them dragged the light plastic top 26 to 56 mm (risk-map pushes of 13:2 and 14:0 of
a 17-level tower, seed 12)."""
TURN_TOUCHES = 2 * TOUCHES
"""The touches of a whole turn (up to two removals, each touching up to TOUCHES)."""
CANDIDATES = 3
SAMPLES = 2
"""When nothing touched was loose: the risk map weighs this many blocks, pushing each this often."""


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
        if state.EDGES_FIRST:  # a full level's middle after every other block (see TowerState)
            within = 1 if full and slot == 1 else 0
            key = (near_top, within, abs(level - top / 2), level)
        else:
            within = 0 if (full and slot == 1) or not full else 1
            key = (near_top, abs(level - top / 2), level, within)
        scored.append((key + (-_parity(layout, level, slot), -state.block_value((level, slot)), slot),
                       (level, slot)))
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
    """Think a move ahead, touch to find a loose block, push it slowly, stack safely (module docstring)."""

    name = "pro"

    def __init__(self, touches: int = TOUCHES, speed: float = SPEED, steadiness: float = STEADINESS,
                 candidates: int = CANDIDATES, samples: int = SAMPLES):
        self.touches = touches
        self.speed = speed
        self.steadiness = steadiness
        self.candidates = candidates
        self.samples = samples

    def choose(self, state, rng: np.random.Generator) -> str:
        legal = state.legal_actions()
        if state.phase == "stack" and legal and all(a.startswith("stack ") for a in legal):
            return self._stack(state, legal)
        if state.RACE and state.phase == "act":
            return self._race(state, legal, rng)
        preferred = state.preferred_decision(legal)
        if preferred is not None:
            return preferred
        if not (state.may_extract() and state.extractable()):
            return legal[int(rng.integers(len(legal)))]
        kept, order = self._touchable(state)
        if state.VALUE_FIRST:  # the blocks worth most in the race first (stable: the ranking orders the rest)
            order.sort(key=lambda b: -state.block_value(b))
        order = order[: self.touches]
        last = state.last_probe if state.touches else None
        if last is not None and tuple(last["where"]) in order and loose(last, state.TOWER):
            level, slot = last["where"]
            return self._push(state, level, slot, last["end"], rng)
        # The turn's touches are all the first removal's; a later one's (Super Mario's "Stack 2 Blocks")
        # go on from the last touch, as does the first's after a push that went back (no touch of the order).
        first = state.taken_this_turn() == 0 and went_back(state) is None
        done = state.touches if first else next_touch(state, order)
        if done < len(order) and state.touches < TURN_TOUCHES:
            level, slot = order[done]
            return Push(level, slot, ends(level)[0]).probe_text()
        # What this removal's touches felt like: on a first removal they are order[:done] on the tower as it
        # stands; a later removal's started somewhere down the order on the tower before, so none is recalled.
        return self._weighed(state, kept, order, rng, felt=recalled(state, order[:done]) if first else {})

    def _race(self, state, legal: list[str], rng: np.random.Generator) -> str:
        """Donkey Kong Jenga's turn, planned as the race it is (module docstring, step 6): a climb that
        reaches Pauline at once comes first; otherwise the girders come out before Mario climbs (a girder
        gone from his route is a level he skips on this turn's climbs), touched in the order of what they
        are worth in the race (race_value), the tower's ranking ordering the rest, and only a loose one
        is pulled; then each climb goes to the hole from which he may expect to get highest."""
        climbs = [a for a in legal if a.startswith("climb ")]
        if climbs:
            best = self._climb(state, climbs)
            if state.reaches_pauline() or not (state.may_extract() and state.extractable()):
                return best
        if not (state.may_extract() and state.extractable()):
            return legal[int(rng.integers(len(legal)))]
        kept, order = self._touchable(state)
        value = {b: round(state.race_value(b), 3) for b in order}
        order = sorted(order, key=lambda b: -value[b])[: self.touches]    # stable: the ranking orders ties
        last = state.last_probe if state.touches else None
        where = None if last is None else tuple(last["where"])
        if where in order and loose(last, state.TOWER):
            return self._push(state, where[0], where[1], last["end"], rng)
        nxt = next_touch(state, order)
        if nxt < len(order) and state.touches < TURN_TOUCHES:
            level, slot = order[nxt]
            return Push(level, slot, ends(level)[0]).probe_text()
        return self._weighed(state, kept, order, rng)

    def _climb(self, state, climbs: list[str]) -> str:
        """The climb to the hole from which the Mario may expect to get highest (climb_value); the game's
        own preference among equals."""
        pref = sorted(climbs, key=lambda a: a != state.preferred_decision(climbs))
        return max(pref, key=lambda a: round(state.climb_value(parse_hole(a.split()[1])), 3))

    def _touchable(self, state) -> tuple[list, list]:
        """(the kept blocks, those of them it may touch: never one just under the top)."""
        kept = self.kept(state)
        above = len(state.layout) - 1
        return kept, [b for b in kept if above - b[0] >= TOP_LEVELS]

    def kept(self, state) -> list[tuple[int, int]]:
        """The ranking (see `ranking`) cut to the blocks a move ahead finds safe (step 2); when none is,
        the whole ranking, the safest by statics first."""
        order = ranking(state)
        ahead = {b: min(m) for b, m in zip(order, physics.lookahead_margins(state.TOWER, state.tower, order))}
        safe = [b for b in order if ahead[b] >= SAFE_MM]
        if not safe:
            return sorted(order, key=lambda b: -ahead[b])
        # Blocks that keep a comfortable margin in the ranking's order; then the thin ones, widest first.
        roomy = [b for b in safe if ahead[b] >= ROOMY_MM]
        return roomy + sorted((b for b in safe if ahead[b] < ROOMY_MM), key=lambda b: -ahead[b])

    def _weighed(self, state, kept: list, touched: list, rng: np.random.Generator, felt: dict | None = None) -> str:
        """Nothing touched was loose: the risk map decides among the best few untouched kept blocks.
        After a push that went back, among the few after that block (the untouched kept blocks, then
        the touched ones, then round again): the risk map pulls a block out whatever force it takes, so
        it cannot see one held tighter than the hand can push (sim.live's max_force_n), and would choose
        it again and again; this way each push that goes back moves on to other blocks."""
        touched = set(touched)
        walk = weighing_order(state, kept, touched, felt or {})
        if len(walk) < self.candidates:  # too few kept to compare: the thinner ones join the weighing
            walk += spare(state, kept)
        short = walk[: self.candidates]
        back = went_back(state)
        if back in walk:
            i = walk.index(back)
            short = (walk[i + 1:] + walk[:i])[: self.candidates] or [back]
        best = short[0]
        if len(short) > 1 and self.samples > 0:
            rows = physics.risk(state.TOWER, state.tower, short, samples=self.samples,
                                seed=int(rng.integers(2**31)), speed=self.speed)
            risk = {(r["level"], r["pos"]): (round(r["p_collapse"], 2), round(r.get("displacement_mm", 0.0) / 5.0))
                    for r in rows}
            best = min(short, key=lambda b: (risk.get(b, (1.0, 0)), short.index(b)))
        return self._push(state, best[0], best[1], ends(best[0])[0], rng)

    def _stack(self, state, legal: list[str]) -> str:
        """The open slot where the tower's statics keeps the most margin (the game's own preference
        breaking ties)."""
        margins = physics.stack_margins(state.TOWER, state.tower)
        preferred = state.preferred_decision(legal)
        return max(legal, key=lambda a: (round(margins.get(int(a.split()[1]), -np.inf), 1), a == preferred))

    def _push(self, state, level: int, slot: int, end: str, rng: np.random.Generator) -> str:
        """A slow, steady straight push as a finger path (the path form every bot pushes with)."""
        return straight_push(state.TOWER, level, slot, end, self.speed, self.steadiness, int(rng.integers(2**31)))


def weighing_order(state, kept: list, touched: set, felt: dict) -> list:
    """The kept blocks in the order the risk map weighs them when no touch found a loose one: first those
    whose touch gave (slid under the game's gentle touch with the rest of the tower still, `gave`),
    lightest first; then the untouched ones, then the other touched ones, each in the kept order."""
    light = sorted((b for b in kept if b in felt and gave(felt[b])), key=lambda b: felt[b]["force_n"])
    rest = [b for b in kept if b not in light]
    return light + [b for b in rest if b not in touched] + [b for b in rest if b in touched]


def spare(state, kept: list) -> list:
    """The ranking's blocks that a move ahead finds thinner than SAFE_MM (not kept), the widest margin
    first. When fewer than CANDIDATES blocks are kept they join the weighing, so that the risk map still
    compares blocks: the pro used to push a lone kept block unweighed, however tight its touch had found
    it."""
    rest = [b for b in ranking(state) if b not in kept]
    ahead = {b: min(m) for b, m in zip(rest, physics.lookahead_margins(state.TOWER, state.tower, rest))}
    return sorted(rest, key=lambda b: -ahead[b])


def recalled(state, touched: list) -> dict:
    """What each touch of this removal felt like, by block. A touch leaves the tower as it was, so the
    tower has not moved since and each reading is the one the touch gave (the state keeps only the last
    touch: the pro remembers the others)."""
    return {b: physics.probe(state.TOWER, state.tower, b[0], b[1], ends(b[0])[0]) for b in touched}


def gave(probe: dict) -> bool:
    """A touch that gave without being loose: the block slid under the game's gentle touch (`moves`)
    with the rest of the tower still (STILL_MM), though carrying some load (see `loose`)."""
    return bool(probe.get("moves")) and probe.get("tower_motion_mm", np.inf) < STILL_MM


def next_touch(state, order: list) -> int:
    """Where in `order` this removal's touches go on, from the state alone (the turn's count cannot say
    where a later removal's touches start): after the block last touched, since the touches go down the
    order; at the end when the last touch was a push of a block outside the order that went back (the
    touches were done, and going over them again would end in the same push: the bots move on); from the
    top otherwise (no touch yet, or the block last touched is gone: the removal before took it). The pro
    and the careful bots (bots.py) both count so."""
    last = state.last_probe if state.touches else None
    where = None if last is None else tuple(last["where"])
    if where in order:
        return order.index(where) + 1
    return len(order) if went_back(state) is not None else 0


def went_back(state) -> tuple[int, int] | None:
    """The block of this turn's last touch when that touch was a push that went back (common.py: a live
    push out by less than half the block's length is taken back home, and counts as a touch), else None."""
    last = state.last_probe if state.touches else None
    if last is None or not last.get("live") or not present(state.layout, *last["where"]):
        return None
    return tuple(last["where"])


def loose(probe: dict, tower: str) -> bool:
    """A touch that says loose: the block slid as if it carried nothing but itself (within LOOSE_FACTOR
    of its own sliding friction, physics.free_force_n) and the rest of the tower stayed still
    (STILL_MM). The game's gentle touch (0.1 N) is the same for every set, but a light plastic block
    carrying a third of the few layers above it slides under 0.1 N too, and pushed out it drags them:
    on fresh towers the loose blocks read 0.034 to 0.054 N in wood (0.038 N its own friction, the next
    reading 0.096 N) and 0.019 to 0.024 N in Super Mario's plastic (0.018 N)."""
    return (bool(probe.get("moves")) and probe.get("force_n", np.inf) <= LOOSE_FACTOR * physics.free_force_n(tower)
            and probe.get("tower_motion_mm", np.inf) < STILL_MM)
