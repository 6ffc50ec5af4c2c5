"""A careful, perfect player's hand: it touches before it pushes, and pushes only what gives.

A pro builds tall (PHYSICS.md: 36 levels or more from 18) by feeling the tower, not by knowing it: every
candidate block is touched (Tower.probe, the games' touch: a 2 mm push at 1 cm/s) and only a block whose
touch says it gives is played out, with the careful push of sim.oracle.CAREFUL (0.02 m/s, steadiness 1.0).
What a touch says, in two grades:

- **loose**: it slides under the gentle touch force (spec.hand.touch_force_n) and the rest of the tower
  moves under STILL_MM, the census's "loose" (sim.census);
- **gives**: it needs more force (it carries part of the load) but it slid its 2 mm and the rest of the
  tower stayed within GIVES_STILL_MM (0.05 mm, a tenth of STILL_MM): the load above holds still while
  the block slips under it, the feel of a block that carries a small share of the level above
  (docs/sim.md, "Tall towers").

A block whose touch moved the rest of the tower that much or more (it drags what it carries) or that did
not move under the hand is never pushed. Candidates are the blocks whose removal statics finds safe by
MARGIN_MM on the tower as it stands: the edges of a level that keeps its middle (the pro pattern), and, as
the pattern allows a pro who takes what is loose, the middle of a full level. The order: a loose edge,
lowest level first; a loose middle; an edge that gives; a middle that gives (lowest level first, then
the least tower motion). It never pushes an edge of a level whose middle is loose (`middle_check`): the
level above then rests on the two edges, and an edge that slides all the same is one of two near-equal
supports, which leaves the level above on one edge when it comes out. When nothing gives by what the
hand remembers, it touches every candidate again before it stops. Each block is touched from both ends and pushed from the end whose touch moved
the rest of the tower least.

It builds for its next pulls (`thick_middle`, on by default). A stacked level whose middle is its
thickest block carries the level above on the middle alone, so both its edges come out loose later, the
two removals a level that 36 levels need. The hand has held every block it took, so it knows their
thickness. It puts each block in the slot with the better odds of a thickest middle, judging the blocks
to come by the last RECENT it took (`_thick_by_odds`, `slot_odds`): a level's first block in the middle
only when it is thicker than 69% of those, a second block in the middle when it is thicker than the edge
in place and than half of those, at an edge otherwise; and of the
blocks of one grade (a loose edge, say) it takes first one that keeps the open top able to get a
thickest middle (thinner than the middle in place, or thicker than both edges when only the middle is
open), lowest level first. It stacks only where statics finds the stack safe by MARGIN_MM. That
preference reads the thickness of every candidate, blocks of the original levels it has never held
included, which no touch tells; `held_only` limits it to blocks the hand has held (off by default;
docs/sim.md, "Why seed 0 stopped one short", measures both), and `guess` (with `held_only`) takes a
block it never held to be as thick as the never-held blocks it took whose touch said the same (an edge
or a middle, loose or giving: a loose middle of an original level is thinner than both its edges, and
the medians of those taken ran 0.2 to 0.4 mm under the loose edges' on seeds 0 to 7). Measured, it is
no better over eight seeds than counting such blocks as suiting the top (docs/sim.md, "Only what a
player knows").

It never pushes a block it knows carries the level above (`carry_check`, CARRIES_MM): one of a level
whose blocks it has all held (a stacked level) that is thicker than the others left in it by 0.05 mm or
more, whatever its touch says (seed 0 with `held_only` fell pushing such an edge, 0.22 mm thicker than
the middle, that gave at 0.33 N with the tower moving 0.033 mm).

What the hand felt is remembered per block and end and forgotten when an operation changes the load on
it: a removal in its level or the levels next to it, a stack for the top four levels, and every
`retouch_after` operations in any case (the load of a level grows as the tower does).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import statics
from .census import STILL_MM
from .layout import slot_xy
from .oracle import MARGIN_MM

FIRST_MIDDLE_RANK = (1 + 6 ** 0.5) / 5
"""A level's first block goes in the middle when it is thicker than this share of the blocks taken last
(0.69: where the odds of a thickest middle are the same for the middle and an edge; ProHand._thick_by_odds)."""
RECENT = 12
"""The blocks to come are judged by the last this many blocks taken (four levels' worth): the blocks a hand
takes get thinner as a build goes on (the loose ones first), so all of them since the start overrate the
blocks to come."""
CARRIES_MM = 0.05
"""A block the hand knows (it held every block left in its level) to be thicker than the others left there
by this much carries the level above (PHYSICS.md: loose is under about 0.05 mm against the neighbours)."""
GAVE_MM = 1.0
"""A touch gave when the block went at least this far of its 2 mm."""
GIVES_STILL_MM = 0.05
"""A block that needs more than the gentle touch (it carries some load) is pushed only if its touch moved
the rest of the tower less than this, a tenth of the census's STILL_MM: not at all, to the solver's
noise (a pro pushes a block that carries only if nothing else goes along; docs/sim.md, "Tall towers":
pushes of such blocks whose touch moved the tower 0.09 to 0.4 mm dragged a level 22 mm or toppled it)."""


@dataclass(frozen=True)
class Feel:
    """What one touch told: the force it took, how far the rest of the tower and the block went."""

    force_n: float
    tower_motion_mm: float
    block_motion_mm: float
    at_operation: int


class ProHand:
    """The hand of a careful perfect player on one Tower (sim.tower.Tower)."""

    def __init__(self, tower, middles: bool = True, gives: bool = True, retouch_after: int = 6,
                 thick_middle: bool = True, slot_odds: bool = True, middle_check: bool = True,
                 recent: int | None = RECENT, held_only: bool = False, carry_check: bool = True,
                 guess: bool = False):
        self.tower = tower
        self.carry_check = carry_check
        """Never push a block the hand knows carries the level above (`_known_carrier`)."""
        self.guess = guess
        """With `held_only`: judge a never-held block by the never-held blocks taken that felt the same."""
        self.learned: list[tuple[tuple[bool, int], float]] = []
        """(what its touch said: (middle, grade), thickness in m) of each block taken that it had never held."""
        self._pending: tuple[bool, int] | None = None
        self.held_only = held_only
        """`_fits` judges only blocks the hand has held (the others suit the top as far as it knows)."""
        self.held: set[int] = set()
        """The blocks the hand has taken out (and so knows the thickness of)."""
        self.middle_check = middle_check
        """Never push an edge of a level whose middle is loose (`_middle_loose`)."""
        self.thick_middle = thick_middle
        self.slot_odds = slot_odds
        """Choose a stacked block's slot by the odds of a thickest middle (`_thick_by_odds`); False: the
        hand of 392b7b8 (the middle for a block as thick as those taken on average, or thicker than the
        edge in place)."""
        self.recent = recent
        """How many of the blocks taken last `_thick_by_odds` judges the blocks to come by (None: all)."""
        self.taken: list[float] = []
        """The thickness (m) of every block the hand has taken out, in order."""
        self.middles = middles
        self.gives = gives
        self.retouch_after = retouch_after
        self.memory: dict[tuple[int, int], Feel] = {}
        self.operations = 0
        self.touches = 0
        self.last: Feel | None = None
        """What the touch said of the block `choose` returned last."""

    # ---- what a touch says ---------------------------------------------------------------------------
    def feel(self, level: int, pos: int, side: int) -> Feel:
        """Touch the block at (level, pos) from `side`, or recall the touch if the load has not changed."""
        key = (int(self.tower.slots[level, pos]), side)
        got = self.memory.get(key)
        if got is None or self.operations - got.at_operation >= self.retouch_after:
            pr = self.tower.probe(level, pos, side=side)
            got = Feel(pr.force_n, pr.tower_motion_mm, pr.block_motion_mm, self.operations)
            self.memory[key] = got
            self.touches += 1
        return got

    def grade(self, feel: Feel) -> int:
        """0: loose; 1: gives (carries some load, the tower stays still); 2: tight (never pushed)."""
        if feel.tower_motion_mm >= STILL_MM or feel.block_motion_mm < GAVE_MM:
            return 2
        if feel.force_n <= self.tower.spec.hand.touch_force_n:
            return 0
        return 1 if self.gives and feel.tower_motion_mm < GIVES_STILL_MM else 2

    # ---- choosing ------------------------------------------------------------------------------------
    def candidates(self, among=None) -> list[tuple[int, int]]:
        """Blocks the pattern allows whose removal statics finds safe by MARGIN_MM, lowest level first
        (only those of `among`, a list of (level, pos), when given)."""
        t = self.tower
        cands = []
        allowed = t.removable() if among is None else [a for a in t.removable() if a in set(map(tuple, among))]
        for level, pos in allowed:
            if pos != 1 and t.present(level, 1):
                cands.append((level, pos))
            elif pos == 1 and self.middles and t.present(level, 0) and t.present(level, 2):
                cands.append((level, pos))
        if not cands:
            return []
        margins, _ = t.static_margins(cands)
        # A pro thinks one move ahead: the block taken must then go on top somewhere safe by MARGIN_MM.
        return sorted(c for c, m in zip(cands, margins)
                      if m >= MARGIN_MM and max(self.stack_margins(t.block_id(*c), c).values(), default=-np.inf) >= MARGIN_MM)

    def stack_margins(self, block: int, removed: tuple[int, int] | None = None) -> dict[int, float]:
        """The statics margin (mm) of the tower with `block` put in each open slot of the top (of a new
        level when the top is complete), after taking out `removed` (level, pos) first when given."""
        t = self.tower
        present, xy, widths, masses = t._statics_arrays()
        if removed is not None:
            present[removed] = False
        top = t.num_levels - 1
        complete = bool(present[top].all())
        level = top + 1 if complete else top
        slots = range(t.spec.per_level) if complete else np.flatnonzero(~present[top])
        if level >= len(present):
            present = np.vstack([present, np.zeros((1, present.shape[1]), bool)])
            xy = np.concatenate([xy, np.zeros((1,) + xy.shape[1:])])
            widths = np.vstack([widths, np.zeros((1, widths.shape[1]))])
            masses = np.vstack([masses, np.zeros((1, masses.shape[1]))])
        out = {}
        for slot in slots:
            p, x, w, m = present.copy(), xy.copy(), widths.copy(), masses.copy()
            p[level, slot] = True
            x[level, slot] = slot_xy(t.spec, level, int(slot))
            w[level, slot] = t.dims[block, 1]
            m[level, slot] = t.masses[block]
            out[int(slot)] = float(statics.margins(p, x, w, m)[0][0])
        return out

    def stack_slot(self) -> int | None:
        """Where the hand puts the block it holds: of the open top slots where statics keeps at least
        MARGIN_MM, the one with the most margin among those `_wanted_slots` picks (among all of them
        without `thick_middle`); None when no slot is that safe."""
        got = {s: m for s, m in self.stack_margins(self.tower.hand).items() if m >= MARGIN_MM}
        if not got:
            return None
        if self.thick_middle:
            wanted = self._wanted_slots(self.tower.hand, got)
            if wanted:
                got = {s: got[s] for s in wanted}
        return max(got, key=got.get)

    def _known_carrier(self, level: int, pos: int) -> bool:
        """Whether the hand knows (it held every block left in the level) that the block at (level, pos)
        is thicker than every other block left in its level by CARRIES_MM or more: the level above rests on it."""
        t = self.tower
        ids = [int(b) for b in t.slots[level] if b >= 0]
        if any(b not in self.held for b in ids):
            return False
        b = int(t.slots[level, pos])
        others = [float(t.dims[o, 2]) for o in ids if o != b]
        return bool(others) and float(t.dims[b, 2]) - max(others) >= CARRIES_MM / 1000.0

    def _thickness(self, block: int, category: tuple[bool, int] | None) -> np.ndarray | None:
        """The thicknesses (m) `block` may have as far as the hand knows: its own for a block it held (or
        without `held_only`); else (`guess`) those of the never-held blocks it took whose touch said the
        same, `category` (middle, grade), or of all never-held blocks it took when fewer than 3 of those;
        None when it knows nothing. `_fits` counts a block as suiting the top when half of them would."""
        t = self.tower
        if not self.held_only or block in self.held:
            return np.array([float(t.dims[block, 2])])
        if not self.guess or category is None:
            return None
        same = [h for c, h in self.learned if c == category]
        if len(same) < 3:
            same = [h for c, h in self.learned]
        return np.array(same) if same else None

    def _fits(self, block: int, category: tuple[bool, int] | None = None) -> bool:
        """Whether `block`, taken now, keeps the open top able to get a thickest middle: thinner than the
        middle when that is in place, thicker than both edges when only the middle is open (any block
        suits a level with the middle and an edge still open: it goes where it keeps the chance)."""
        t = self.tower
        h = self._thickness(block, category)
        if h is None:
            return True                      # never held: its thickness is not known to the hand
        per = t.spec.per_level
        middle = per // 2
        top = t.num_levels - 1
        level = top + 1 if t.top_level_complete else top
        row = t.slots[level] if level < t.slots.shape[0] else np.full(per, -1)
        if row[middle] >= 0:
            return float(np.mean(h < float(t.dims[row[middle], 2]))) >= 0.5
        edges = [float(t.dims[b, 2]) for i, b in enumerate(row) if b >= 0 and i != middle]
        return len(edges) < per - 1 or float(np.mean(h > max(edges))) >= 0.5

    def _thick(self, h: float, edges: list[float]) -> bool:
        """Whether a block h thick (m) goes in the open middle of a level whose edges so far are `edges`."""
        if self.slot_odds:
            return self._thick_by_odds(h, edges)
        if edges:
            return h > max(edges)
        seen = np.array(self.taken or [h])
        return h >= seen.mean()

    def _thick_by_odds(self, h: float, edges: list[float]) -> bool:
        """The slot with the better odds of a thickest middle, judging the blocks still to come by the
        last `recent` blocks taken (u below is h's rank among them, 0 to 1, as if each block to come were
        drawn from them).

        Starting a level: in the middle it needs the next two blocks both thinner, odds u * u; at an edge,
        the next block x either goes to the other edge when thinner (then the last must be thicker than h:
        u (1 - u)) or, thicker, to the middle (then the last must be thinner than x: the mean of F(x) over
        x above h, (1 - u * u) / 2). The middle wins when u * u > u (1 - u) + (1 - u * u) / 2, that is
        for u above (1 + 6 ** 0.5) / 5 = 0.69: only a block thicker than about 7 in 10 of those taken
        starts a level in the middle (the mean, u about 0.5, gave the middle odds of 0.25 against 0.63).
        With one edge in place: a block thinner than it goes to the other edge; a thicker one x goes in
        the middle (the last must then be thinner than x: odds u) when u is at least one half, else to
        the edge (the middle must then be thicker than x: odds 1 - u)."""
        seen = np.sort(np.array((self.taken[-self.recent:] if self.recent else self.taken) or [h]))
        u = float(np.searchsorted(seen, h, side="right")) / len(seen)
        if not edges:
            return u >= FIRST_MIDDLE_RANK
        return h > max(edges) and u >= 0.5

    def _wanted_slots(self, block: int, open_safe: dict) -> list[int]:
        """The open safe slots (of `open_safe`) where a hand that builds for its next pulls puts `block`:
        the middle when the block is thicker than the edges already in the level (or, when none is,
        at least as thick as the blocks it has taken so far on average), else an edge. A level whose
        middle is its thickest block rests the level above on the middle alone, so both its edges come
        out loose later: the pattern's two removals a level (docs/sim.md, "Tall towers")."""
        t = self.tower
        per = t.spec.per_level
        middle = per // 2
        edge_slots = [s for s in open_safe if s != middle]
        if middle not in open_safe:
            return edge_slots
        if not edge_slots:
            return [middle]
        top = t.num_levels - 1
        level = top + 1 if t.top_level_complete else top
        row = t.slots[level] if level < t.slots.shape[0] else np.full(per, -1)
        edges = [float(t.dims[b, 2]) for i, b in enumerate(row) if b >= 0 and i != middle]
        return [middle] if self._thick(float(t.dims[block, 2]), edges) else edge_slots

    def _middle_loose(self, level: int) -> bool:
        """Whether the middle of `level` slides under the gentle touch from either end. A loose middle
        means the level above rests on the two edges, so an edge that slides all the same is one of two
        near-equal supports: pushed out, it leaves the level above on one edge over a lower middle (seed 0,
        26:2 at 0.08 N and the tower moving 0.02 mm beside a 0.04 N middle: the push toppled the top)."""
        t = self.tower
        if not t.present(level, 1):
            return False
        return any(self.grade(self.feel(level, 1, side)) == 0 for side in (-1, 1))

    def choose(self, among=None, fresh: bool = False) -> tuple[int, int, int] | None:
        """The next block to push, (level, pos, side), or None when no touch says anything gives (only
        blocks of `among` are considered when it is given).

        Both ends of a block are felt and the end whose touch moved the rest of the tower least is chosen
        (the end that gives: a block that drags a loose block lying on it drags it more from one end).
        """
        best = None
        for level, pos in self.candidates(among):
            middle = pos == 1
            block = self.tower.block_id(level, pos)
            if self.carry_check and self._known_carrier(level, pos):
                continue                     # it carries the level above, as the hand knows from holding them
            for side in (-1, 1):
                f = self.feel(level, pos, side)
                g = self.grade(f)
                if g == 2:
                    continue
                misfit = self.thick_middle and not self._fits(block, (middle, g))
                if not middle and self.middle_check and self._middle_loose(level):
                    break                    # the level above rests on the edges: this one carries too
                # loose edge < loose middle < edge that gives < middle that gives; a block that suits
                # the top before one that does not (building for the next pulls); then lower, stiller
                rank = (g, middle, misfit, level, f.tower_motion_mm, f.force_n)
                if best is None or rank < best[0]:
                    best = (rank, (level, pos, side), f, (middle, g))
            if best is not None and best[0][:3] == (0, False, False):
                break                        # a loose edge that suits the top, lowest level first: take it
        if best is None and not fresh:
            # Nothing gives by what the hand remembers: the loads have changed since some of those
            # touches, so it feels every candidate again once before it gives up.
            self.memory.clear()
            return self.choose(among, fresh=True)
        if best is None:
            self.last = None
            return None
        self.last = best[2]
        self._pending = best[3]
        return best[1]

    # ---- after an operation --------------------------------------------------------------------------
    def played(self, op: tuple) -> None:
        """Tell the hand an operation was made: ("extract"|"remove", level, pos, ...) or ("stack", slot)."""
        self.operations += 1
        t = self.tower
        if op[0] in ("extract", "remove") and t.hand is not None:
            self.taken.append(float(t.dims[t.hand, 2]))
            if int(t.hand) not in self.held and self._pending is not None:
                self.learned.append((self._pending, float(t.dims[t.hand, 2])))
            self._pending = None
            self.held.add(int(t.hand))
        if op[0] in ("extract", "remove"):
            levels = (op[1] - 1, op[1], op[1] + 1)
        else:                                    # a block put on top loads the levels under it most
            levels = range(t.num_levels - 4, t.num_levels)
        for level in levels:
            if 0 <= level < t.slots.shape[0]:
                ids = {int(b) for b in t.slots[level][t.slots[level] >= 0]}
                for key in [k for k in self.memory if k[0] in ids]:
                    del self.memory[key]
