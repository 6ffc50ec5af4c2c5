"""What an operation reports: the collapse verdict, and the result of a touch test (probe).

The collapse rule, stated once (thresholds come from the tower's spec, verdict section):
a tower has fallen when any block other than the one in hand, at any moment of the settle time, drops
more than `fallen_drop_mm` (10 mm, two thirds of a level: it has come off the block it stood on) or
tips more than `fallen_tilt_deg` (15 degrees, the turn of its up axis). That is what players call a
fall: blocks coming down. A block that ends up resting tilted on the level below counts as fallen
exactly when it tips past that angle; a small lean that the level below catches, a block nudged or
spun flat in its level, or a tower dragged a few millimetres by a tight block, is a standing tower.
Displacement (the full 3-D distance a block moved) is reported with the verdict but does not decide it;
the largest displacement and tilt reported are those of the blocks not counted fallen when the verdict
was called (the fallen ones are listed, and those that reached the floor below the table are named in
`on_floor`). A fall is called as soon as a block is past the rule, and unless the run follows the fall
(`follow_s`) it stops there: in a fall, `fallen` names the blocks past the rule at that moment, and the
others, counted in the figures, may still be on their way down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass
class Verdict:
    collapsed: bool
    fallen: list[tuple[int, int]]
    displacement_mm: np.ndarray
    tilt_deg: np.ndarray
    max_displacement_mm: float
    max_tilt_deg: float
    sim_s: float
    wall_ms: float
    outcome: str
    """How the run ended: "fallen" (a block passed a threshold), "at rest", "rocking" (standing,
    in a small rocking that does not die out: Tower._rocking), or "time" (settle time over)."""
    push_force_n: float = 0.0
    """The median of the hand's force over every step of the push, the carry out of the tower included
    (where the hand holds the block's weight and the force falls to almost nothing). 0.0 where
    give_force_n is."""
    give_force_n: float = 0.0
    """What the block took to move while the tower still held it, read as a touch is read (sim.tower's
    give_force over the steps before the hand began to carry it): about its own sliding friction for a
    loose block, more for one that carries load. 0.0 for an operation that is not a straight push:
    a removal, a stack, and a live push, whose finger's forces are in sim.live's LiveResult
    (give_force_n there)."""
    static_margin_mm: float = float("inf")
    trajectory: np.ndarray | None = field(default=None, repr=False)
    on_floor: list[tuple[int, int]] = field(default_factory=list)
    """The fallen blocks that ended on the floor, off the table (only a followed fall gets that far)."""

    def block_displacement_mm(self, block_id: int) -> float:
        return float(self.displacement_mm[block_id])

    def to_json(self) -> dict:
        return {
            "collapsed": self.collapsed,
            "fallen": [list(a) for a in self.fallen],
            "on_floor": [list(a) for a in self.on_floor],
            "max_displacement_mm": round(self.max_displacement_mm, 4),
            "max_tilt_deg": round(self.max_tilt_deg, 4),
            "sim_s": round(self.sim_s, 6),
            "wall_ms": round(self.wall_ms, 3),
            "outcome": self.outcome,
            "push_force_n": round(self.push_force_n, 4),
            "give_force_n": round(self.give_force_n, 4),
            "static_margin_mm": None if not np.isfinite(self.static_margin_mm) else round(self.static_margin_mm, 3),
        }


@dataclass
class Probe:
    """A touch test: the peak force the finger needed, whether the block gave, and how much the tower moved."""

    force_n: float
    tower_motion_mm: float
    moves: bool
    block_motion_mm: float
    wall_ms: float
