"""The oracle suite: whole-game scenarios whose outcome follows from statics, and a runner for them.

Each scenario is a list of operations on a fresh tower of one tolerance seed: ("remove", level, pos) or
("stack", slot), the block in hand going on top. Every operation is labelled by sim.statics on the
tower as built on paper (every block where the rules put it: in its slot, at its drawn size), and only
operations that statics decides with a margin of at least MARGIN_MM are kept: a removal or stack whose
margin is >= 3 mm must stand, one whose margin is <= -3 mm must fall (and ends the scenario).

The families (docs/sim.md, "The oracle suite"):

- cross: a run of middle-only levels (both edges taken) of any length at any height, the bottom too;
- mixed: levels left with their two edges (middle taken) or with an edge and the middle, mixed;
- single edge: a level left with one edge block only (falls);
- random: a random legal game of up to 60 removals and stacks, any block, any slot;
- tall: the pro pattern (take edges, keep the middles, stack on top) to 36 levels and beyond.

MORE_FAMILIES are cases beyond the suite, to check it on what it was not tuned on: middle-only runs from
every start level, mixes from another random stream, the pro pattern to 40 levels.

Two modes. In remove mode a removal deletes the block (Tower.remove). In extract mode it is played out by
the careful push of CAREFUL (Tower.extract), and statics decides a standing removal only when the pushed
block carries nothing (`carries`: by the drawn heights, the level above does not rest on it): a push of a
block that carries load drags the levels it carries by friction, and whether that drag stops or moves
the tower off its supports is a question of friction and dynamics, not of statics. Such a push is left
out as undecided, exactly like a margin under 3 mm (the scenario ends before it; the families that draw
their moves, random and tall, draw only pushes statics decides). A removal statics says topples must
topple however the block is taken out, load or not, and is kept.

benchmarks/sim_oracle.py runs the suite (accuracy and the CPU time of every decision);
tests/sim/test_game.py plays a sample of it.
"""

from __future__ import annotations

import dataclasses
import time

import numpy as np

from .layout import block_dims, block_masses, slot_xy, support_line
from .statics import margins
from .tower import Tower

MARGIN_MM = 3.0
"""Statics decides an operation when its margin is at least this far from zero."""
CAREFUL = {"speed": 0.02, "steadiness": 1.0}
"""The push of extract mode: a careful, steady hand (the slowest push the games' bots use, no tremor)."""
LOAD_GAP_MM = 0.05
"""A block whose top lies within this of the surface the level above rests on carries part of its load
(the real towers' labels call a block loose under about 0.05 mm against its neighbours, PHYSICS.md;
PyBullet's rigid contacts close gaps of some hundredths of a millimetre)."""
MODES = ("remove", "extract")


class Paper:
    """The tower as the rules place it: a grid of slots, each block at its slot's nominal centre."""

    def __init__(self, spec, seed: int):
        self.spec = spec
        self.dims = block_dims(spec, seed)
        self.masses = block_masses(spec, seed)
        per = spec.per_level
        self.slots = np.arange(spec.num_blocks).reshape(spec.levels, per)
        self.hand = None

    @property
    def num_levels(self) -> int:
        filled = np.flatnonzero((self.slots >= 0).any(axis=1))
        return int(filled[-1]) + 1 if len(filled) else 0

    def top_complete(self) -> bool:
        top = self.num_levels - 1
        return bool((self.slots[top] >= 0).all())

    def removable(self) -> list[tuple[int, int]]:
        top = self.num_levels - 1
        below = top if self.top_complete() else top - 1
        levels, pos = np.nonzero(self.slots[:max(0, below)] >= 0)
        return [(int(l), int(p)) for l, p in zip(levels, pos)]

    def open_slots(self) -> list[int]:
        top = self.num_levels - 1
        if self.top_complete():
            return list(range(self.spec.per_level))
        return [int(p) for p in np.flatnonzero(self.slots[top] < 0)]

    def arrays(self):
        ids = self.slots[:self.num_levels]
        present = ids >= 0
        safe = np.where(present, ids, 0)
        xy = np.array([[slot_xy(self.spec, l, p) for p in range(self.spec.per_level)] for l in range(len(ids))])
        widths = np.where(present, self.dims[safe, 1], 0.0)
        masses = np.where(present, self.masses[safe], 0.0)
        return present, xy, widths, masses

    def margin(self) -> float:
        return float(margins(*self.arrays())[0][0])

    def apply(self, op) -> None:
        if op[0] == "remove":
            _, level, pos = op
            self.hand = int(self.slots[level, pos])
            self.slots[level, pos] = -1
        else:
            slot = op[1]
            top = self.num_levels - 1
            level = top + 1 if self.top_complete() else top
            if level >= len(self.slots):
                self.slots = np.vstack([self.slots, np.full((1, self.spec.per_level), -1)])
            self.slots[level, slot] = self.hand
            self.hand = None

    def carries(self, level: int, pos: int) -> bool:
        """Whether block level:pos carries part of the load above it, by the drawn heights: the level above
        rests like a slab on the top faces of this level's blocks, on the upper hull of their corners under
        the load's centre of mass (sim.layout.support_line, the seating a built tower gets); a block whose
        top face comes within LOAD_GAP_MM of that slab carries. Nothing above: carries nothing."""
        if level + 1 >= self.num_levels or not (self.slots[level + 1:] >= 0).any():
            return False
        ids = self.slots[level]
        present = np.flatnonzero(ids >= 0)
        axis = 1 if level % 2 == 0 else 0
        across = np.array([slot_xy(self.spec, level, int(p))[axis] for p in present])
        widths = self.dims[ids[present], 1]
        tops = self.dims[ids[present], 2]
        above = self.slots[level + 1:]
        above_pos = np.argwhere(above >= 0)
        m = self.masses[above[above >= 0]]
        xy = np.array([slot_xy(self.spec, level + 1 + int(l), int(p)) for l, p in above_pos])
        centre = float((m * xy[:, axis]).sum() / m.sum())
        height, slope = support_line(across, widths, tops, centre)
        k = int(np.flatnonzero(present == pos)[0])
        corners = across[k] + np.array([-0.5, 0.5]) * widths[k]
        under = height + slope * (corners - centre) - tops[k]
        return bool(under.min() <= LOAD_GAP_MM / 1000.0)

    def decided(self, op, mode: str = "remove") -> float | None:
        """The statics label of `op` (the margin in mm) when statics decides it in this mode, else None."""
        m = self.label(op)
        if abs(m) < MARGIN_MM:
            return None
        if mode == "extract" and op[0] == "remove" and m > 0 and self.carries(op[1], op[2]):
            return None
        return m

    def label(self, op) -> float:
        """The margin (mm) of the tower after `op`, without applying it."""
        saved = self.slots.copy(), self.hand
        self.apply(op)
        m = self.margin()
        self.slots, self.hand = saved
        return m


def _build(spec, seed: int, family: str, name: str, ops: list, cut_ambiguous: bool = True,
           mode: str = "remove") -> dict | None:
    """Label a list of operations; None when an operation is not decided by statics (|margin| < 3 mm, or
    in extract mode the push of a block that carries load) before the first fall, or when an operation
    is illegal. With cut_ambiguous the scenario ends before its first undecided operation instead."""
    paper = Paper(spec, seed)
    kept, falls_at = [], None
    ops = [tuple(op) for op in ops]
    for i in range(len(ops)):
        op = ops[i]
        if (mode == "extract" and i + 1 < len(ops) and op[0] == "remove" and ops[i + 1][0] == "remove"
                and ops[i + 1][1] == op[1] and paper.decided(op, mode) is None):
            # Two blocks of one level in a row: a careful player takes the one that carries nothing first.
            ops[i], ops[i + 1] = ops[i + 1], op
            op = ops[i]
        if op[0] == "remove" and (op[1], op[2]) not in paper.removable():
            return None
        if op[0] == "stack" and (paper.hand is None or op[1] not in paper.open_slots()):
            return None
        m = paper.decided(op, mode)
        if m is None:
            if cut_ambiguous and kept:
                break
            return None
        kept.append(list(op))
        paper.apply(op)
        if m < 0:
            falls_at = i
            break
    if not kept:
        return None
    return {"seed": seed, "family": family, "name": name, "ops": kept, "falls_at": falls_at,
            "levels": paper.num_levels, "mode": mode}


def _middle_only_runs(spec, seed: int, mode: str, family: str, starts, lengths) -> list[dict]:
    """A scenario for each run of middle-only levels (both edges taken, level by level from the bottom
    of the run) from each start level, of each length, that stays below the top two levels."""
    out = []
    for start in starts:
        for length in lengths:
            levels = list(range(start, start + length))
            if levels[-1] >= spec.levels - 2:
                continue
            ops = [("remove", l, p) for l in levels for p in (0, 2)]
            s = _build(spec, seed, family, f"middle-only levels {levels[0]}-{levels[-1]}", ops, mode=mode)
            if s:
                out.append(s)
    return out


def cross_runs(spec, seed: int, mode: str = "remove") -> list[dict]:
    """Runs of middle-only levels: start at the bottom, low, middle and high; lengths 1 to 8."""
    return _middle_only_runs(spec, seed, mode, "cross", (0, 1, 4, 7, 10, 13), (1, 2, 3, 5, 8))


def _mixes(spec, seed: int, mode: str, family: str, label: str, salt: int, count: int, most: int,
           level_ops) -> list[dict]:
    """`count` scenarios named "<label> k", each of 2 to `most` levels drawn from the stream (seed, salt)
    with level_ops(rng, level) giving each level's removals, all of them then played in a random order."""
    rng = np.random.default_rng([seed, salt])
    out = []
    for k in range(count):
        n = int(rng.integers(2, most + 1))
        levels = sorted(rng.choice(np.arange(spec.levels - 2), size=n, replace=False).tolist())
        ops = [op for l in levels for op in level_ops(rng, l)]
        ops = [ops[i] for i in rng.permutation(len(ops))]
        s = _build(spec, seed, family, f"{label} {k}", ops, mode=mode)
        if s:
            out.append(s)
    return out


def mixed(spec, seed: int, mode: str = "remove", count: int = 12) -> list[dict]:
    """Levels left with two edges (middle taken) or with an edge and the middle (one edge taken)."""
    def level_ops(rng, l):
        if rng.integers(0, 3) == 0:
            return [("remove", l, 1)]
        return [("remove", l, int(rng.choice([0, 2])))]
    return _mixes(spec, seed, mode, "mixed", "mix", 0x6D6978, count, 8, level_ops)


def single_edges(spec, seed: int, mode: str = "remove") -> list[dict]:
    """A level left with one edge: falls. At several heights, either edge, middle taken first or last."""
    out = []
    for level in (0, 2, 5, 8, 11, 14):
        for keep in (0, 2):
            other = 2 - keep
            for order, ops in (("middle first", [("remove", level, 1), ("remove", level, other)]),
                               ("edge first", [("remove", level, other), ("remove", level, 1)])):
                s = _build(spec, seed, "single edge", f"level {level} keeps {keep}, {order}", ops, mode=mode)
                if s and s["falls_at"] is not None:
                    out.append(s)
    return out


def random_games(spec, seed: int, mode: str = "remove", count: int = 10, length: int = 60) -> list[dict]:
    """Random legal sequences of removals and stacks, each removal followed by its stack; only moves
    statics decides are drawn (the game avoids near-critical moves, falls included; in extract mode it
    also avoids pushing blocks that carry load, as a careful player who touched them would)."""
    rng = np.random.default_rng([seed, 0x72616E64])
    out = []
    for k in range(count):
        paper = Paper(spec, seed)
        ops = []
        falls = False
        while len(ops) < length and not falls:
            if paper.hand is None:
                cands = paper.removable()
                rng.shuffle(cands)
                op = None
                for level, pos in cands:
                    m = paper.decided(("remove", level, pos), mode)
                    if m is None:
                        continue
                    # Mostly standing moves; now and then a sure fall ends the game.
                    if m >= MARGIN_MM or (m <= -MARGIN_MM and rng.random() < 0.03):
                        op = ("remove", level, pos)
                        break
                if op is None:
                    break
            else:
                slots = paper.open_slots()
                good = [s for s in slots if paper.label(("stack", s)) >= MARGIN_MM]
                if not good:
                    break
                op = ("stack", int(rng.choice(good)))
            m = paper.label(op)
            ops.append(op)
            paper.apply(op)
            falls = m < 0
        s = _build(spec, seed, "random", f"random game {k}", ops, mode=mode)
        if s:
            out.append(s)
    return out


def pro_ops(spec, seed: int, target: int = 36, mode: str = "remove") -> list:
    """The pro pattern: take an edge from the lowest level that still has two or three blocks (the other
    edge when the first is gone), keep the middles, stack each block on top; until `target` levels.
    Every removal is one statics decides in `mode` (in extract mode: an edge that carries nothing), so
    in extract mode the pattern ends early when no such edge is left."""
    paper = Paper(spec, seed)
    ops = []
    while paper.num_levels < target or not paper.top_complete():
        if paper.hand is None:
            choice = None
            for level, pos in sorted(paper.removable()):
                if pos == 1:
                    continue
                row = paper.slots[level]
                if row[1] < 0:
                    continue
                m = paper.decided(("remove", level, pos), mode)
                if m is not None and m >= MARGIN_MM:
                    choice = ("remove", level, pos)
                    break
            if choice is None:
                break
            op = choice
        else:
            op = ("stack", paper.open_slots()[0])
        ops.append(op)
        paper.apply(op)
    return ops


def _pro_build(spec, seed: int, mode: str, family: str, target: int) -> list[dict]:
    """The pro pattern to `target` levels as one scenario (none when statics leaves its first move open)."""
    s = _build(spec, seed, family, f"pro pattern to {target} levels", pro_ops(spec, seed, target, mode), mode=mode)
    return [s] if s else []


def tall(spec, seed: int, mode: str = "remove") -> list[dict]:
    return _pro_build(spec, seed, mode, "tall", 36)


FAMILIES = {"cross": cross_runs, "mixed": mixed, "single edge": single_edges, "random": random_games,
            "tall": tall}


def every_cross_run(spec, seed: int, mode: str = "remove") -> list[dict]:
    """Middle-only runs from every start level, of lengths 1 to 15 (the suite's cross family samples six
    starts and lengths up to 8)."""
    return _middle_only_runs(spec, seed, mode, "every cross", range(spec.levels - 2), (1, 2, 4, 6, 9, 12, 15))


def wide_mixes(spec, seed: int, mode: str = "remove", count: int = 20) -> list[dict]:
    """Mixes drawn from another stream than the suite's, of 2 to 11 levels, each left with two edges, an
    edge and the middle, the middle alone or (now and then) one edge alone, which falls; the operations
    in a random order."""
    def level_ops(rng, l):
        kind = int(rng.integers(0, 9))
        if kind < 2:
            return [("remove", l, 1)]
        if kind < 4:
            return [("remove", l, 0), ("remove", l, 2)]
        if kind < 8:
            return [("remove", l, int(rng.choice([0, 2])))]
        return [("remove", l, 1), ("remove", l, int(rng.choice([0, 2])))]
    return _mixes(spec, seed, mode, "wide mix", "wide mix", 0x77696465, count, 11, level_ops)


def taller(spec, seed: int, mode: str = "remove") -> list[dict]:
    return _pro_build(spec, seed, mode, "taller", 40)


MORE_FAMILIES = {"every cross": every_cross_run, "wide mix": wide_mixes, "taller": taller}
"""Families beyond the suite, for checking it on cases it was not tuned on (benchmarks/sim_oracle.py
--more): every start of a middle-only run, mixes from another random stream (some ending in a fall),
the pro pattern to 40."""


def scenarios(spec, seeds, families=None, mode: str = "remove") -> list[dict]:
    """The suite's scenarios on these tolerance seeds, labelled for `mode` (remove or extract); `families`
    picks some of FAMILIES and MORE_FAMILIES (None: the suite, FAMILIES)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    known = {**FAMILIES, **MORE_FAMILIES}
    unknown = sorted(set(families or ()) - set(known))
    if unknown:
        raise ValueError(f"no oracle family {unknown[0]!r}; the families are {', '.join(known)}")
    picked = FAMILIES if families is None else {f: fn for f, fn in known.items() if f in families}
    out, seen = [], set()
    for seed in seeds:
        for fn in picked.values():
            for s in fn(spec, seed, mode):
                # A scenario cut before its first undecided operation can equal a shorter one.
                key = (seed, tuple(tuple(op) for op in s["ops"]))
                if key not in seen:
                    seen.add(key)
                    out.append(s)
    return out


def run_scenario(spec, s: dict, mode: str = "remove") -> dict:
    """Play a scenario on the simulated tower; right when it stands exactly where statics says it
    stands and falls at the operation statics says it falls."""
    tower = Tower(spec, s["seed"])
    cpu_ms, collapsed_at = [], None
    for i, op in enumerate(s["ops"]):
        t0 = time.process_time()
        if op[0] == "remove":
            if mode == "extract":
                v = tower.extract(op[1], op[2], side=1 if i % 2 else -1, **CAREFUL)
            else:
                v = tower.remove(op[1], op[2])
        else:
            v = tower.stack(op[1])
        cpu_ms.append(1000.0 * (time.process_time() - t0))
        if v.collapsed:
            collapsed_at = i
            break
    right = collapsed_at == s["falls_at"]
    return {"right": right, "collapsed_at": collapsed_at, "cpu_ms": cpu_ms, "levels": tower.num_levels}


def override(spec, pairs: list[str]):
    """The spec with some fields changed: FIELD=VALUE, a field of the physics section or of the spec."""
    for k, v in (x.split("=", 1) for x in pairs):
        if hasattr(spec.physics, k):
            old = getattr(spec.physics, k)
            spec = spec.with_physics(**{k: float(v) if old is None else type(old)(v)})
        elif hasattr(spec, k):
            spec = dataclasses.replace(spec, **{k: type(getattr(spec, k))(v)})
        else:
            raise SystemExit(f"no spec field {k!r}")
    return spec


